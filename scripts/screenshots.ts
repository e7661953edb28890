// Takes full-page screenshots of pages at 1280 px and 375 px: `deno run -A scripts/screenshots.ts [base] [paths...]`.
// With SCREENSHOT_USER and SCREENSHOT_PASSWORD set, signs in as that user first (for signed-in and admin pages).
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/browser/chromium.ts";

const [base = "http://localhost:8000", ...paths] = Deno.args;
const username = Deno.env.get("SCREENSHOT_USER");
const password = Deno.env.get("SCREENSHOT_PASSWORD");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
if (username && password) {
  const res = await context.request.post(`${base}/api/login`, { data: { username, password }, headers: { Origin: base } });
  if (!res.ok()) throw new Error(`Sign-in as ${username} failed: ${res.status()} ${await res.text()}`);
}
await Deno.mkdir("screenshots", { recursive: true });
for (const width of [1280, 375]) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = (path.replace(/[^a-z0-9]+/gi, "_") || "home").replace(/^_|_$/g, "") || "home";
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
