import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, launch, newPage, seriousViolations, signIn, toasterReady } from "./helpers.ts";
import { TEST_ENV } from "./global-setup.ts";
import { accessFor } from "../../shared/routes.ts";

let browser: Browser;

/** Stops the page's clock: timers fire only when the test moves time on with clock.runFor. */
async function holdClock(page: Page) {
  const start = new Date("2026-01-05T09:00:00Z");
  await page.clock.install({ time: start });
  // A minute on, not a millisecond: the installed clock runs until paused, and pausing at a time it has
  // already passed fails ("Cannot fast-forward to the past"). No page is open yet, so no timer fires.
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
}
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PUBLIC_PAGES: { path: string; texts: string[] }[] = [
  {
    path: "/",
    texts: [
      "Get Started",
      "AI Practice Questions",
      "AI Exam Predictions",
      "Enhanced Exam Generator",
      "Supported GCSE Subjects",
      "Supported Exam Boards",
      "Papers generated",
      "Flashcards, 0 reviews",
      "Study progress",
      "No recent activity yet",
      "Cambridge International",
    ],
  },
  { path: "/pricing", texts: ["Credits & Purchase History", "Sign in to buy credits", "£4.99 per credit"] },
  { path: "/terms-of-service", texts: ["Terms of Service", "Last updated: May 8, 2024", "England and Wales", TEST_ENV.CONTACT_EMAIL] },
  { path: "/privacy-policy", texts: ["Privacy Policy", "Last updated: May 8, 2024", "You must be at least 13 to use ExamPrep.", TEST_ENV.CONTACT_EMAIL] },
  { path: "/auth", texts: ["Welcome to ExamPrep", "Why students use ExamPrep", "Sign in with Google"] },
];
/** These pages move on to /pricing after 100 ms. */
const REDIRECTING_PAGES: { path: string; texts: string[] }[] = [
  { path: "/credits/cancel", texts: ["Payment Cancelled", "No payment was taken"] },
  { path: "/credits/success", texts: ["Payment Successful", "credits are added as soon as the payment is confirmed"] },
];

describe("public pages", () => {
  it("open with the spec's texts and no serious or critical accessibility violations", async () => {
    const page = await newPage(browser);
    for (const { path, texts } of PUBLIC_PAGES) {
      const res = await page.goto(baseURL() + path);
      expect(res?.status(), path).toBe(200);
      const body = await page.locator("body").innerText();
      for (const text of texts) expect(body, `${path}: ${text}`).toContain(text);
      expect(await seriousViolations(page), path).toEqual([]);
      expect(new URL(page.url()).pathname, "still on the page checked").toBe(path);
    }
    await page.close();
  });

  it("success and cancel pages have no serious or critical accessibility violations", async () => {
    for (const { path } of REDIRECTING_PAGES) {
      const page = await newPage(browser);
      // A 204 answer to the move to /pricing leaves the browser on the page for axe to read it.
      await page.route("**/pricing", (route) => route.fulfill({ status: 204 }));
      // The clock is held until the page has loaded: a move started before its load event (a slow load,
      // on a busy machine) stops the loading, and goto would wait for a load event that never comes.
      await holdClock(page);
      await page.goto(baseURL() + path);
      await page.clock.resume();
      expect(await seriousViolations(page), path).toEqual([]);
      await page.close();
    }
  });

  it("home: shows available subjects with their level and no exam date that has passed, the rest Coming Soon, and reads fully without JavaScript", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(baseURL() + "/");
    const biology = page.locator('[data-subject="Biology"]');
    // No seeded paper has an exam date (none from a timetable is recorded): the tile gives the level only.
    await expect.poll(() => biology.innerText()).toContain("GCSE");
    expect(await biology.innerText()).not.toContain("2025");
    expect(await page.locator("[data-subject]").allInnerTexts()).not.toContainEqual(expect.stringContaining("Exam "));
    expect(await page.locator('[data-subject="French"]').innerText()).toContain("Coming Soon");
    expect(await page.locator("[data-subject]").count()).toBe(16);
    // The six subjects of the spec's sample papers, and Combined Science (its Trilogy papers).
    expect(await page.locator("[data-subject]", { hasText: "Available" }).count()).toBe(7);
    expect(await page.locator('[data-subject="Combined Science"]').innerText()).toContain("Available");
    // The signed-in header is in the markup for the header's script, hidden while nobody is signed in.
    expect(await page.getByText("Hello,").filter({ visible: true }).count()).toBe(0);
    expect(await page.locator("header").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    await context.close();
  });

  it("home: the generator buttons reach the generator with the mode preselected (via sign-in)", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/");
    await page.getByRole("link", { name: "Explore predictions" }).click();
    await page.waitForURL(/\/auth\?next=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("next")!)).toBe("/exam-generator?mode=predicted");
    await page.close();
  });

  it("unknown paths: HTTP 404 with the '404 Page Not Found' page", async () => {
    const page = await newPage(browser);
    const res = await page.goto(baseURL() + "/no/such/page");
    expect(res?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("404 Page Not Found");
    expect(await page.locator("main").innerText()).toContain("Did you forget to add the page to the router?");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("signed-in routes send a signed-out visitor to /auth", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/revision-materials");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(new URL(page.url()).searchParams.get("next")).toBe("/revision-materials");
    await page.close();
  });

  it("checkout confirmation: without a stored checkout it offers the way back to /pricing, never an admin page", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/checkout-confirmation");
    const missing = page.locator("#checkout-missing");
    await missing.waitFor();
    expect(await missing.innerText()).toContain("No purchase in progress");
    expect(await missing.getByRole("link", { name: "Back to Credits" }).getAttribute("href")).toBe("/pricing");
    expect(new URL(page.url()).pathname).toBe("/checkout-confirmation");
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((path) => accessFor(path) === "admin")).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("checkout confirmation: with a stored URL it offers the payment page and a copy field", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/pricing");
    await page.evaluate(() => {
      sessionStorage.setItem("checkoutUrl", "https://checkout.example/pay/cs_test_1");
      sessionStorage.setItem("checkoutId", "00000000-0000-4000-8000-000000000001");
    });
    await page.goto(baseURL() + "/checkout-confirmation");
    await expect.poll(() => page.locator("#checkout-url").inputValue()).toBe("https://checkout.example/pay/cs_test_1");
    expect(await page.getByRole("button", { name: "Open Payment Page" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Cancel Purchase" }).isVisible()).toBe(true);
    await page.close();
  });

  it("success and cancel pages show their message, then go on to /pricing after 100 ms", async () => {
    const page = await newPage(browser);
    await holdClock(page);
    for (const { path, texts } of REDIRECTING_PAGES) {
      await page.goto(baseURL() + path);
      const body = await page.locator("body").innerText();
      for (const text of texts) expect(body, `${path}: ${text}`).toContain(text);
      await page.clock.runFor(99);
      expect(new URL(page.url()).pathname).toBe(path);
      await page.clock.runFor(1);
      await page.waitForURL(/\/pricing$/);
    }
    await page.close();
  });
});

describe("layout", () => {
  it("highlights the current route and hides the admin items from signed-out visitors", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/pricing");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    expect(await nav.locator('[aria-current="page"]').innerText()).toBe("Credits & Purchase History");
    const labels = await nav.locator("[data-nav-item]").allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual([
      "Home",
      "Exam Generator",
      "Smart Study Resources",
      "Study Recommendations",
      "My Progress",
      "Credits & Purchase History",
      "Feedback",
    ]);
    expect(await page.getByRole("link", { name: "Sign In" }).first().getAttribute("href")).toBe("/auth");
    await page.close();
  });

  it("the Help button opens a dialog with real help, and Escape closes it", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/");
    await page.getByRole("button", { name: "Help" }).click();
    const dialog = page.getByRole("dialog", { name: "Help and getting started" });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain("One credit makes one complete practice paper");
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.close();
  });

  it("at 375 px the sidebar is a drawer from the left that closes when an item is chosen", async () => {
    const page = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await page.goto(baseURL() + "/pricing");
    const sidebar = page.locator("#sidebar");
    const menu = page.getByRole("button", { name: "Open menu" });
    expect(await menu.isVisible()).toBe(true);
    expect((await sidebar.boundingBox())!.x + (await sidebar.boundingBox())!.width).toBeLessThanOrEqual(0);

    await menu.click();
    await expect.poll(async () => (await sidebar.boundingBox())!.x).toBe(0);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    // Choosing an item closes the drawer (navigation is held back to watch it close).
    await page.evaluate(() =>
      document.querySelectorAll("[data-nav-item]").forEach((a) => a.addEventListener("click", (e) => e.preventDefault()))
    );
    await page.getByRole("link", { name: "Feedback" }).click();
    await expect.poll(async () => (await sidebar.boundingBox())!.x).toBeLessThan(0);
    expect(await menu.getAttribute("aria-expanded")).toBe("false");

    // A real choice (on a fresh page, without the listeners above) navigates.
    await page.reload();
    await menu.click();
    await page.getByRole("link", { name: "Home", exact: true }).click();
    await page.waitForURL(baseURL() + "/");
    await page.close();
  });

  it("at 1280 px the sidebar is always shown and there is no menu button", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(baseURL() + "/");
    expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(false);
    expect((await page.locator("#sidebar").boundingBox())!.x).toBe(0);
    await page.close();
  });

  it("a toast shows for 5 seconds, and a swipe to the right dismisses it sooner", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/pricing");
    await page.evaluate(() => {
      sessionStorage.setItem("checkoutUrl", "https://checkout.example/pay/cs_test_2");
      sessionStorage.setItem("checkoutId", "00000000-0000-4000-8000-000000000002");
    });
    await page.clock.install();
    await page.goto(baseURL() + "/checkout-confirmation");
    const toasts = page.getByTestId("toast-viewport").getByRole("status");
    const copy = page.getByRole("button", { name: "Copy" });
    // Once the toaster's script has started, stop the page's clock so only runFor moves time on.
    await toasterReady(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);

    // Copying shows a toast either way ('Link copied!' or 'Failed to copy link').
    await copy.click();
    await toasts.first().waitFor();
    await page.clock.runFor(4000);
    expect(await toasts.count()).toBe(1);
    await page.clock.runFor(1500);
    await expect.poll(() => toasts.count()).toBe(0);

    await copy.click();
    await copy.click();
    expect(await toasts.count(), "one toast at a time").toBe(1);
    // The second copy's toast may replace the first one just now: hover waits until the toast shown is
    // visible and still before it is measured.
    await toasts.first().hover();
    const box = (await toasts.first().boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => toasts.count()).toBe(0);
    await page.close();
  });

  it("F8 moves focus to the notifications viewport", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/");
    // The toaster's script listens for F8 once it has started.
    await toasterReady(page);
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("toast-viewport");
    await page.close();
  });
});

describe("signed-in layout", () => {
  it("greets a student by name, counts their generated papers and hides the admin items", async () => {
    const context = await browser.newContext();
    await signIn(context, { username: "amira", email: "amira@example.com", fullName: "Amira Khan" }, [
      { name: "Paper 1", subject: "Biology" },
      { name: "Paper 1", subject: "Physics" },
    ]);
    const page = await context.newPage();
    await page.goto(baseURL() + "/");
    expect(await page.locator("header").innerText()).toContain("Hello, Amira Khan");
    expect(await page.getByRole("button", { name: "Sign Out" }).isVisible()).toBe(true);
    expect(await page.getByTestId("stat-papers-generated").innerText()).toContain("2");
    // Recent Activity lists the papers; no marked paper yet, so My Progress says how to get one.
    expect(await page.getByTestId("activity-item").count()).toBe(2);
    expect(await page.getByText("No recent activity yet").count()).toBe(0);
    expect(await page.getByTestId("stat-progress").innerText()).toContain("Sit a paper on screen to see your progress");
    expect(await page.locator('[data-nav-item][data-admin="true"]').count()).toBe(0);
    // A non-admin on an admin route goes home.
    await page.goto(baseURL() + "/exam-papers");
    expect(new URL(page.url()).pathname).toBe("/");
    // A signed-in user on /auth goes home.
    await page.goto(baseURL() + "/auth");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("shows an admin the admin items and the admin bundle on an admin route", async () => {
    const context = await browser.newContext();
    await signIn(context, { username: "boss", email: TEST_ENV.ADMIN_EMAIL.replace("head", "boss"), fullName: "Ms Boss", role: "admin" });
    const page = await context.newPage();
    await page.goto(baseURL() + "/settings");
    expect(new URL(page.url()).pathname).toBe("/settings");
    const adminLabels = await page.locator('[data-nav-item][data-admin="true"]').allInnerTexts();
    expect(adminLabels.map((l) => l.trim())).toEqual(["Exam Papers", "Credit System Test", "Extraction Testing", "Settings"]);
    await page.locator('[data-admin-page="settings"]').waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Settings");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
