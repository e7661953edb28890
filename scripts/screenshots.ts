// Takes full-page screenshots of pages at 1280 px and 375 px: `deno run -A scripts/screenshots.ts [base] [paths...]`.
// With SCREENSHOT_USER and SCREENSHOT_PASSWORD set, signs in as that user first (for signed-in and admin pages).
//
// `deno run -A scripts/screenshots.ts --figures [base]` (signed in) shows every figure type of
// shared/figures/examples.ts on one paper: its PDF pages through pdftoppm (screenshots/figures-pdf-N.png)
// and the paper viewer at both widths (screenshots/figures-viewer-W.png), the viewer's request for
// the paper answered with that paper's viewer JSON.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/browser/chromium.ts";
import { FIGURE_EXAMPLES } from "../shared/figures/examples.ts";
import { figureSchema } from "../shared/figures/schema.ts";
import { DEFAULT_GENERATION_OPTIONS, type PaperDocument } from "../shared/generation.ts";
import { renderPaperPdf } from "../api/papers/pdf/index.ts";
import { viewerPaper } from "../api/papers/service.ts";

const figures = Deno.args[0] === "--figures";
const [base = "http://localhost:8000", ...paths] = figures ? Deno.args.slice(1) : Deno.args;
const username = Deno.env.get("SCREENSHOT_USER");
const password = Deno.env.get("SCREENSHOT_PASSWORD");
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const context = await browser.newContext();
if (username && password) {
  const res = await context.request.post(`${base}/api/login`, { data: { username, password }, headers: { Origin: base } });
  if (!res.ok()) throw new Error(`Sign-in as ${username} failed: ${res.status()} ${await res.text()}`);
}
await Deno.mkdir("screenshots", { recursive: true });

/** A paper with one question for each example figure, numbered in order as a generated paper is. */
function figureGallery(): PaperDocument {
  const examples = Object.entries(FIGURE_EXAMPLES);
  return {
    version: 1, kind: "past", name: "Figures", examBoard: "AQA", qualification: "GCSE", subject: "Figures", title: "Figures",
    paperName: "Every figure type", paperTitle: "Every figure type", code: "FIGURES", level: "GCSE", timeMinutes: 60,
    totalMarks: examples.length, spagMarks: 0, materials: ["a ruler"], instructions: ["Answer all questions."], information: ["Each question shows one figure type."],
    options: DEFAULT_GENERATION_OPTIONS, notice: "Every figure type, for looking at.", generatedAt: new Date().toISOString(),
    sections: [{
      name: "Figures",
      questions: examples.map(([name, example], i) => ({
        number: i + 1, marks: 1,
        items: [{
          questionId: name, topic: "figures", topicName: "Figures", origin: "practice", attribution: `Example figure: ${name}.`,
          parts: [{
            number: `${String(i + 1).padStart(2, "0")}.1`, marks: 1, content: `<p>Figure ${i + 1} is the example of a ${name} figure.</p>`,
            figure: { number: i + 1, figure: figureSchema.parse(example) }, answerLines: 2, markScheme: "<p>None.</p>", modelAnswer: "<p>None.</p>",
          }],
        }],
      })),
    }],
  };
}

if (figures) {
  const doc = figureGallery();
  writeFileSync("screenshots/figures.pdf", await renderPaperPdf(doc));
  execFileSync("pdftoppm", ["-r", "80", "-png", "screenshots/figures.pdf", "screenshots/figures-pdf"]);
  const viewer = viewerPaper({ id: 1, userId: 1, name: doc.name, subject: doc.subject, examBoard: doc.examBoard, level: doc.level, isPredicted: false, paperId: null, tier: null, options: "{}", document: JSON.stringify(doc), createdAt: new Date().toISOString() });
  await context.route((url) => url.pathname === "/api/generated-papers/999999999", (route) => route.fulfill({ json: viewer }));
  paths.splice(0, paths.length, "/papers/999999999");
}
for (const width of [1280, 375]) {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const name = figures ? "figures-viewer" : (path.replace(/[^a-z0-9]+/gi, "_") || "home").replace(/^_|_$/g, "") || "home";
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    // Each figure on its own too, at the width a student sees it.
    if (figures) {
      const shown = page.locator("figure.paper-figure");
      for (let i = 0; i < await shown.count(); i++) await shown.nth(i).screenshot({ path: `screenshots/figures-viewer-${width}-${i + 1}.png` });
    }
  }
  await page.close();
}
await browser.close();
