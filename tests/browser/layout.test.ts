// The shared layout (§2 Layout) on narrow screens: nothing wider than the screen, and everything the
// header must show still reachable; and the sidebar column at desktop width.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { baseURL, headerReady, hydrated, launch, newPage, serverDb, signIn, toasterReady } from "./helpers.ts";
import { changeCredits } from "../../api/credits/ledger.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PAGES = ["/", "/pricing", "/history", "/settings", "/gift-credits"];
const NARROW = [375, 320];
const STUDENT = { fullName: "Maximilian Bartholomew-Smith", credits: 1234 };

/** Signs a new student in with a long name and a four-figure balance. */
async function student(page: Page, username: string): Promise<void> {
  const userId = await signIn(page.context(), { username, email: `${username}@example.com`, fullName: STUDENT.fullName });
  const db = await serverDb();
  await db.transaction((tx) => changeCredits(tx, { userId, delta: STUDENT.credits, type: "admin_grant", description: "layout test" }));
}

/** Opens the page and waits until it has settled: requests done and the header's script started. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(baseURL() + path, { waitUntil: "networkidle" });
  await headerReady(page);
}

/** The page's width against the window's, with the elements that reach past the right edge. */
function widths(page: Page) {
  return page.evaluate(() => {
    const innerWidth = window.innerWidth;
    const past = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(0, 5)
      .map((e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""} ${String(e.className).slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, past };
  });
}

async function expectNoHorizontalOverflow(page: Page, label: string) {
  const { scrollWidth, innerWidth, past } = await widths(page);
  expect(scrollWidth, `${label}: page ${scrollWidth} px wide in a ${innerWidth} px window (${past.join("; ")})`).toBeLessThanOrEqual(innerWidth);
}

/** The logo's name is shown whole (the header shortens it only when nothing else gives). */
function logoNameWhole(page: Page): Promise<boolean> {
  return page.locator('header a[aria-label="ExamPrep home"] span').evaluate((e) => e.scrollWidth <= e.clientWidth);
}

/** Visible and wholly inside the window. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  if (!(await locator.isVisible())) return false;
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  return box !== null && box.x >= 0 && box.x + box.width <= width + 0.5;
}

describe("the layout at 375 and 320 px", () => {
  it("signed out: no page is wider than the screen, and Help and Sign In are in the header", async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    for (const width of NARROW) {
      await page.setViewportSize({ width, height: 800 });
      // The signed-in pages send a visitor to /auth, which is checked too.
      for (const path of PAGES) {
        await open(page, path);
        await expectNoHorizontalOverflow(page, `signed out, ${path} at ${width} px`);
      }
      await open(page, "/");
      const header = page.locator("header");
      expect(await onScreen(page, header.getByRole("link", { name: "Sign In" })), `Sign In at ${width} px`).toBe(true);
      expect(await onScreen(page, header.getByRole("button", { name: "Help" })), `Help at ${width} px`).toBe(true);
      expect(await onScreen(page, header.getByRole("link", { name: "ExamPrep home" })), `logo at ${width} px`).toBe(true);
      expect(await logoNameWhole(page), `logo's name whole at ${width} px`).toBe(true);
    }
    await page.close();
  });

  it("signed in with credits: no page is wider than the screen; the credits are in the header, the greeting and Sign Out in the drawer", async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await student(page, "layout_student");
    for (const width of NARROW) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PAGES) {
        await open(page, path);
        expect(new URL(page.url()).pathname, "signed in").toBe(path);
        await expectNoHorizontalOverflow(page, `student, ${path} at ${width} px`);
      }

      await open(page, "/history");
      const header = page.locator("header");
      const credits = header.getByRole("link", { name: `${STUDENT.credits} credits` });
      expect(await onScreen(page, credits), `credits badge at ${width} px`).toBe(true);
      expect(await credits.getAttribute("href")).toBe("/pricing");
      expect(await onScreen(page, header.getByRole("button", { name: "Help" })), `Help at ${width} px`).toBe(true);
      expect(await logoNameWhole(page), `logo's name whole at ${width} px`).toBe(true);

      // The greeting and Sign Out are one tap away, at the top of the drawer.
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = page.locator("#sidebar");
      const greeting = drawer.getByRole("link", { name: `Hello, ${STUDENT.fullName}` });
      await expect.poll(() => onScreen(page, greeting)).toBe(true);
      expect(await greeting.getAttribute("href")).toBe("/settings");
      expect(await onScreen(page, drawer.getByRole("button", { name: "Sign Out" })), `Sign Out in the drawer at ${width} px`).toBe(true);
      await expectNoHorizontalOverflow(page, `student, drawer open at ${width} px`);
      await page.keyboard.press("Escape");
      await expect.poll(async () => (await drawer.boundingBox())!.x).toBeLessThan(0);
    }

    // The drawer's Sign Out signs out.
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#sidebar").getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(baseURL() + "/");
    await expect.poll(() => page.locator("header").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    await page.close();
  });

  it("an admin: no page is wider than the screen", async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signIn(page.context(), { username: "layout_admin", email: "layout_admin@example.com", fullName: "Head of Department", role: "admin" });
    for (const width of NARROW) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of PAGES) {
        await open(page, path);
        await expectNoHorizontalOverflow(page, `admin, ${path} at ${width} px`);
      }
    }
    await page.close();
  });

  // The pricing panel once overflowed here: the discount-code input kept its natural width beside Apply.
  it("signed in, /pricing at 320 px is no wider than the screen, with the panel hydrated", async () => {
    const page = await newPage(browser, { viewport: { width: 320, height: 800 } });
    await student(page, "layout_pricing320");
    await open(page, "/pricing");
    await hydrated(page, "PricingPanel");
    await expectNoHorizontalOverflow(page, "student, /pricing at 320 px");
    await page.close();
  });
});

describe("the layout at wider screens", () => {
  it("from 640 px a long greeting is shortened rather than widening the page", async () => {
    const page = await newPage(browser, { viewport: { width: 700, height: 800 } });
    await student(page, "layout_student700");
    await open(page, "/");
    await expectNoHorizontalOverflow(page, "student, / at 700 px");
    const header = page.locator("header");
    expect(await onScreen(page, header.getByRole("link", { name: `Hello, ${STUDENT.fullName}` }))).toBe(true);
    expect(await onScreen(page, header.getByRole("button", { name: "Sign Out" }))).toBe(true);
    expect(await onScreen(page, header.getByRole("link", { name: `${STUDENT.credits} credits` }))).toBe(true);
    await page.close();
  });

  it("at 1280 px the header greets by name with Sign Out, and the sidebar's column runs to the bottom of a long page", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await student(page, "layout_student1280");
    await open(page, "/");
    const header = page.locator("header");
    expect(await header.innerText()).toContain(`Hello, ${STUDENT.fullName}`);
    expect(await header.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    expect(await header.getByTestId("header-credits").innerText()).toBe(`${STUDENT.credits} credits`);
    expect(await page.getByTestId("drawer-account").isVisible(), "no drawer account block beside the sidebar").toBe(false);

    const column = await page.evaluate(() => {
      const el = document.getElementById("sidebar")!.parentElement!;
      const rect = el.getBoundingClientRect();
      return { bottom: rect.bottom + window.scrollY, pageHeight: document.documentElement.scrollHeight, background: getComputedStyle(el).backgroundColor };
    });
    expect(column.pageHeight, "a page longer than the window").toBeGreaterThan(1200);
    expect(column.bottom).toBeGreaterThanOrEqual(column.pageHeight - 1);
    expect(column.background).toBe("rgb(255, 255, 255)");
    await expectNoHorizontalOverflow(page, "student, / at 1280 px");
    await page.close();
  });
});

describe("the header and the toaster are plain HTML with small scripts", () => {
  it("signed in with JavaScript disabled, the header still greets by name and shows the balance", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    await student(page, "layout_nojs");
    await page.goto(baseURL() + "/");
    const header = page.locator("header");
    expect(await header.getByRole("link", { name: `Hello, ${STUDENT.fullName}` }).isVisible()).toBe(true);
    expect(await header.getByTestId("header-credits").innerText()).toBe(`${STUDENT.credits} credits`);
    expect(await header.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Sign In" }).count(), "no Sign In for a signed-in user").toBe(0);
    // The narrow-screen drawer's greeting comes with the HTML too.
    expect(await page.getByTestId("drawer-account").innerText()).toContain(`Hello, ${STUDENT.fullName}`);
    await page.close();
  });

  it("a page built ahead, with no session in its HTML, asks the API and shows the signed-in header", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await student(page, "layout_prerendered");
    // What a prerendered page is: the signed-out markup (no cookie when it was built) and no data-session.
    let builtSignedOut = false;
    await page.route(baseURL() + "/", async (route) => {
      const built = await route.fetch({ headers: { ...route.request().headers(), cookie: "" } });
      const html = (await built.text()).replace(/ data-session="[^"]*"/, "");
      builtSignedOut = !html.includes(STUDENT.fullName) && html.includes("data-signed-out>Sign In</a>");
      await route.fulfill({ response: built, body: html });
    });
    await open(page, "/");
    expect(builtSignedOut, "the page was built signed out").toBe(true);
    const header = page.locator("header");
    await expect.poll(() => header.getByTestId("header-credits").innerText()).toBe(`${STUDENT.credits} credits`);
    expect(await header.getByRole("link", { name: `Hello, ${STUDENT.fullName}` }).isVisible()).toBe(true);
    expect(await header.getByRole("link", { name: "Sign In" }).isVisible()).toBe(false);
    // Sign Out works from there.
    await header.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(baseURL() + "/");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Logged out");
    expect(await header.getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    await page.close();
  });

  it("the header, the drawer and a toast have no accessibility violations, signed in and signed out", async () => {
    for (const signedIn of [false, true]) {
      const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
      if (signedIn) await student(page, "layout_axe");
      await open(page, "/");
      await toasterReady(page);
      await page.evaluate(() => {
        sessionStorage.setItem("examprep:flash-toast", JSON.stringify({ title: "Saved", description: "A toast after a redirect", durationMs: 60_000 }));
      });
      await open(page, "/");
      await toasterReady(page);
      await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("A toast after a redirect");
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect.poll(async () => (await page.locator("#sidebar").boundingBox())!.x).toBe(0);
      const state = signedIn ? "signed in" : "signed out";
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const result = await new AxeBuilder({ page }).include("header").include("#sidebar").include('[aria-label^="Notifications"]').analyze();
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`)), `${state} at ${width} px`).toEqual([]);
      }
      await page.close();
    }
  });
});
