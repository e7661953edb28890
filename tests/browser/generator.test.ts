// The student's main journey: generate past and predicted papers with live progress, find them in
// the generator's list and in history, read one in the viewer, delete one, clear history; no credits;
// a real failed generation (the bank emptied on the server) refunds the credit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { baseURL, grantCredits, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { papers, questions, users } from "../../api/db/schema.ts";
import { GENERATION_STEPS } from "../../shared/constants.ts";
import { TOPIC_BALANCED } from "../../shared/generation.ts";

const RS_PAPER = "Paper 1 - Christianity";
const RS_NAME = `Religious Studies ${RS_PAPER}`;
const ALL_STEPS = GENERATION_STEPS.map((s) => s.key).join(",");

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function balance(userId: number): Promise<number> {
  const db = await serverDb();
  return (await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).get())!.credits;
}

const toastText = (page: Page) => page.getByTestId("toast-viewport").innerText();

/** Records each step the progress card shows, from the moment it appears until it closes. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { shownSteps: string[] };
    w.shownSteps = [];
    const record = () => {
      const step = document.querySelector("[data-testid=generation-progress]")?.getAttribute("data-step");
      if (step && w.shownSteps[w.shownSteps.length - 1] !== step) w.shownSteps.push(step);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-step"] });
  });
}
const shownSteps = (page: Page) => page.evaluate(() => (window as unknown as { shownSteps: string[] }).shownSteps);

/** Clicks Generate, follows the progress card to 100 %, and returns the PDF tab's URL. */
async function generate(page: Page, button: string): Promise<string> {
  await watchProgress(page);
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: button }).click();
  const card = page.getByTestId("generation-progress");
  await card.waitFor();
  // Every control is disabled while the paper is generated (the card stays at least 1 s).
  expect(await page.getByLabel("Subject", { exact: true }).isDisabled()).toBe(true);
  expect(await page.getByRole("radio", { name: /Past paper/ }).isDisabled()).toBe(true);
  expect(await page.getByRole("button", { name: "Generating..." }).isDisabled()).toBe(true);
  const text = await card.innerText();
  for (const step of GENERATION_STEPS) expect(text).toContain(step.label);
  // The server's real steps all arrive, in order; the card ends at 100 % with every step done.
  await expect.poll(() => card.getAttribute("data-received-steps")).toBe(ALL_STEPS);
  await expect.poll(() => card.getAttribute("data-progress")).toBe("100");
  expect(await card.locator("[data-step-state=complete]").count()).toBe(GENERATION_STEPS.length);
  // The card closes 1 s after success; the PDF opens in a new tab.
  const tab = await popup;
  await card.waitFor({ state: "detached" });
  const steps = await shownSteps(page);
  expect(steps[0]).toBe("preparing");
  expect(steps[steps.length - 1]).toBe("done");
  const order = ["preparing", "generating", "formatting", "creating_pdf", "finalizing", "done"];
  expect(steps.map((s) => order.indexOf(s))).toEqual([...steps.map((s) => order.indexOf(s))].sort((a, b) => a - b));
  await expect.poll(() => tab.url()).toMatch(/\/api\/generated-papers\/\d+\/pdf$/);
  const url = tab.url();
  await tab.close();
  return url;
}

async function expectPdf(page: Page, url: string) {
  const res = await page.request.get(new URL(url, baseURL()).href);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  expect((await res.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // the sidebar slides away below 768 px
    // From the top: a full-page shot of a scrolled page draws the sticky header where it was scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: width === 375 || name !== "viewer" });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe("the student's main journey", () => {
  let page: Page;
  let userId: number;

  beforeAll(async () => {
    page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    userId = await signIn(page.context(), { username: "journey", email: "journey@example.com", fullName: "Jo Journey" });
    await grantCredits(userId, 3);
  });
  afterAll(async () => {
    await page?.close();
  });

  it("generates a past and a predicted paper: progress, PDF, one credit each, both in the list", async () => {
    await page.goto(baseURL() + "/exam-generator?mode=past");
    await hydrated(page, "ExamGenerator");
    expect(await page.getByTestId("generator-credits").innerText()).toBe("3");
    expect(await page.getByRole("radio", { name: /Past paper/ }).isChecked()).toBe(true);
    // Offered from the catalogue: boards without papers are coming soon, not choices.
    expect(await page.getByLabel("Exam board").locator("option", { hasText: "Edexcel" }).isDisabled()).toBe(true);
    await page.getByLabel("Subject", { exact: true }).selectOption("Religious Studies");
    await page.getByLabel("Paper", { exact: true }).selectOption(RS_PAPER);
    await page.getByTestId("no-past-years").waitFor();
    expect(await page.getByTestId("no-past-years").innerText()).toContain("No past-paper questions are recorded for this paper yet");
    expect(await page.getByTestId("generator-papers-empty").isVisible()).toBe(true);

    const pastPdf = await generate(page, "Generate Past Paper");
    await expectPdf(page, pastPdf);
    expect(await toastText(page)).toContain("Paper Generated");
    await expect.poll(() => page.getByTestId("generator-credits").innerText()).toBe("2");
    expect(await page.getByTestId("header-credits").innerText()).toBe("2 credits");
    await expect.poll(() => page.getByTestId("generator-paper").count()).toBe(1);
    expect(await page.getByTestId("generator-paper").first().innerText()).toContain("Past Paper");

    // A predicted paper with its own options.
    await page.getByRole("radio", { name: /Predicted paper/ }).check();
    // With no past questions recorded, the form says plainly what a predicted paper is.
    expect(await page.getByTestId("topic-balanced").innerText()).toBe(TOPIC_BALANCED.why);
    await page.getByRole("radio", { name: /Medium/ }).check();
    await page.getByRole("radio", { name: /Speculative/ }).check();
    await page.getByLabel("Topic weighting").check();
    await screenshots(page, "generator");
    const predictedPdf = await generate(page, "Generate Predicted Paper");
    expect(predictedPdf).not.toBe(pastPdf);
    await expectPdf(page, predictedPdf);
    await expect.poll(() => page.getByTestId("generator-credits").innerText()).toBe("1");
    expect(await balance(userId)).toBe(1);
    await expect.poll(() => page.getByTestId("generator-paper").count()).toBe(2);
    expect(await page.getByTestId("generator-paper").first().innerText()).toContain("Predicted");

    // The list's filters.
    await page.getByLabel("Filter by type").selectOption("past");
    expect(await page.getByTestId("generator-paper").count()).toBe(1);
    expect(await page.getByTestId("generator-paper").first().innerText()).toContain("Past Paper");
    await page.getByLabel("Filter by type").selectOption("all");
    await page.getByLabel("Filter by subject").selectOption("Religious Studies");
    expect(await page.getByTestId("generator-paper").count()).toBe(2);
  });

  it("lists both papers in history, filters them, and the viewer shows the questions and toggles answers", async () => {
    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(2);
    const nav = await page.getByRole("navigation", { name: "Breadcrumb" }).innerText();
    expect(nav.replace(/\s+/g, " ")).toBe("Home / History");
    const [first, second] = [await page.getByTestId("history-row").nth(0).innerText(), await page.getByTestId("history-row").nth(1).innerText()];
    expect(first).toContain(RS_NAME);
    expect(first).toContain("Predicted");
    expect(second).toContain("Past Paper");
    expect(await page.getByTestId("history-date").first().innerText()).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/);
    await screenshots(page, "history");

    // The filter really filters: no revision materials yet.
    await page.getByRole("button", { name: "Filter: All" }).click();
    await page.getByRole("menuitemradio", { name: "Revision Materials" }).click();
    await page.getByRole("button", { name: "Filter: Revision" }).waitFor();
    expect(await page.getByTestId("history-empty").innerText()).toContain("No saved papers found");
    await page.getByRole("button", { name: "Filter: Revision" }).click();
    await page.getByRole("menuitemradio", { name: "Generated Questions" }).click();
    await page.getByRole("button", { name: "Filter: Questions" }).waitFor();
    expect(await page.getByTestId("history-row").count()).toBe(2);

    // View PDF opens the PDF in a new tab; View opens the viewer.
    const pdfLink = page.getByTestId("history-row").first().getByRole("link", { name: /^View PDF/ });
    expect(await pdfLink.getAttribute("target")).toBe("_blank");
    await expectPdf(page, (await pdfLink.getAttribute("href"))!);
    await page.getByTestId("history-row").first().getByRole("link", { name: /^View:/ }).click();
    await page.waitForURL(/\/papers\/\d+$/);
    await hydrated(page, "PaperViewer");
    await page.getByTestId("paper-viewer").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(RS_NAME);
    expect(await page.getByTestId("paper-subject").innerText()).toMatch(/GCSE Religious Studies/i);
    const facts = await page.getByTestId("paper-facts").innerText();
    expect(facts).toContain("AQA");
    expect(facts).toContain(TOPIC_BALANCED.label);
    expect(await page.getByRole("heading", { name: "Christianity", exact: true }).count()).toBe(1);
    const count = await page.getByTestId("paper-question").count();
    expect(count).toBe(10); // a religion's component: two questions of five parts
    expect(await page.getByTestId("attribution").first().innerText()).toContain("ExamPrep practice question");
    expect(await page.locator("[data-testid=paper-question]", { hasText: "[1 mark]" }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId("model-answer").count()).toBe(0);
    expect(await page.getByTestId("mark-scheme").isVisible()).toBe(true);
    // A predicted paper explains its topics, as on the PDF's last page.
    expect(await page.getByTestId("evidence").getByRole("heading", { name: "Why these topics" }).count()).toBe(1);
    await screenshots(page, "viewer");

    await page.getByRole("button", { name: "Show Answers" }).click();
    expect(await page.getByTestId("model-answer").count()).toBe(count);
    await page.getByRole("button", { name: "Hide Answers" }).click();
    expect(await page.getByTestId("model-answer").count()).toBe(0);
    expect(await page.getByTestId("mark-scheme").isVisible()).toBe(true);

    // The specification's route shows the same viewer.
    const id = new URL(page.url()).pathname.split("/").pop();
    await page.goto(`${baseURL()}/rs-paper2a/${id}`);
    await page.getByTestId("paper-viewer").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(RS_NAME);
    // Printing hides everything but the paper.
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("header.sticky").isVisible()).toBe(false);
    expect(await page.locator("#sidebar").isVisible()).toBe(false);
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    expect(await page.getByTestId("paper-question").first().isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });

    // Another student's paper, or none: the error card leads back to history.
    await page.goto(baseURL() + "/papers/999999");
    await page.getByTestId("viewer-error").waitFor();
    expect(await page.getByTestId("viewer-error").innerText()).toContain("Failed to load the paper. Please try again.");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/history");
  });

  it("deletes one paper, then clears history, leaving the empty states", async () => {
    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(2);
    await page.getByTestId("history-row").first().getByRole("button", { name: /^Delete Paper/ }).click();
    const dialog = page.getByTestId("delete-dialog");
    await dialog.getByRole("heading", { name: "Are you sure?" }).waitFor();
    expect((await dialog.innerText()).replace(/\s+/g, " ")).toContain(
      `This will permanently delete the generated paper "${RS_NAME}". This action cannot be undone.`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => toastText(page)).toContain("Paper Deleted");
    expect(await toastText(page)).toContain("The generated paper has been deleted successfully.");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(1);
    expect(await dialog.isVisible()).toBe(false);

    await page.getByRole("button", { name: "Clear History" }).click();
    const clear = page.getByTestId("clear-dialog");
    await clear.getByRole("heading", { name: "Are you sure?" }).waitFor();
    expect((await clear.innerText()).replace(/\s+/g, " ")).toContain(
      "This will permanently delete all your history items including generated papers. This action cannot be undone.",
    );
    await clear.getByRole("button", { name: "Delete All" }).click();
    await expect.poll(() => toastText(page)).toContain("History cleared");
    expect(await toastText(page)).toContain("All history items have been deleted successfully.");
    const empty = page.getByTestId("history-empty");
    await empty.waitFor();
    expect(await empty.innerText()).toContain("No saved papers found");
    expect(await empty.innerText()).toContain("Generate questions and save them as PDF to see them here");
    expect(await page.getByRole("button", { name: "Clear History" }).isDisabled()).toBe(true);

    await page.goto(baseURL() + "/exam-generator");
    await hydrated(page, "ExamGenerator");
    await page.getByTestId("generator-papers-empty").waitFor();
    expect(await page.getByTestId("generator-paper").count()).toBe(0);
  });
});

describe("history with many papers", () => {
  it("pages the table ten papers at a time, and a paper saved without questions shows 'No Questions Found'", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const saved = Array.from({ length: 12 }, (_, i) => ({ name: `Saved paper ${String(i + 1).padStart(2, "0")}`, subject: "Biology" }));
    await signIn(page.context(), { username: "hoarder", email: "hoarder@example.com", fullName: "Hal Hoarder" }, saved);
    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(10);
    const pager = page.getByRole("navigation", { name: "Pages of papers" });
    expect(await pager.innerText()).toContain("Page 1 of 2");
    await pager.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(2);
    expect(await pager.innerText()).toContain("Page 2 of 2");
    expect(await pager.getByRole("button", { name: "Next" }).isDisabled()).toBe(true);

    await page.getByTestId("history-row").first().getByRole("link", { name: /^View:/ }).click();
    await page.getByTestId("viewer-empty").waitFor();
    expect(await page.getByTestId("viewer-empty").innerText()).toContain("No Questions Found");
    expect(await page.getByRole("link", { name: "Back to Dashboard" }).getAttribute("href")).toBe("/history");
    await page.close();
  });
});

describe("history when the server refuses", () => {
  it("reads the papers again once, 1 s after a failure; after a second failure offers to try again", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page.context(), { username: "retrier", email: "retrier@example.com", fullName: "Ray Trier" }, [{ name: "Retried paper", subject: "Biology" }]);
    const reads: number[] = [];
    let failures = 1;
    await page.route((url) => url.pathname === "/api/generated-papers", (route) => {
      reads.push(Date.now());
      return failures-- > 0 ? route.fulfill({ status: 503, body: "" }) : route.continue();
    });
    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count(), { timeout: 5000 }).toBe(1);
    expect(reads).toHaveLength(2);
    expect(reads[1] - reads[0]).toBeGreaterThanOrEqual(900);

    failures = 2;
    reads.length = 0;
    await page.reload();
    await hydrated(page, "HistoryPanel");
    await page.getByText("Your papers could not be loaded.").waitFor({ timeout: 5000 });
    expect(reads).toHaveLength(2);
    await page.getByRole("button", { name: "Try again" }).click();
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(1);
    await page.close();
  });

  it("keeps the paper and shows 'Delete Failed' with the server's message, and 'Error' when clearing fails; both dialogs show their pending state", async () => {
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(page.context(), { username: "keeper", email: "keeper@example.com", fullName: "Kit Keeper" }, [
      { name: "Kept paper A", subject: "Biology" },
      { name: "Kept paper B", subject: "Physics" },
    ]);
    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(2);

    // The server's own refusal, held until the pending state has been seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route("**/api/generated-papers/*", async (route) => {
      if (route.request().method() !== "DELETE") return route.continue();
      await held;
      await route.fulfill({ status: 409, json: { message: "This paper is open in another window." } });
    });
    await page.getByTestId("history-row").first().getByRole("button", { name: /^Delete Paper/ }).click();
    const dialog = page.getByTestId("delete-dialog");
    await dialog.getByRole("button", { name: "Delete" }).click();
    const pending = dialog.getByRole("button", { name: "Deleting..." });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    await expect.poll(() => toastText(page)).toContain("Delete Failed");
    expect(await toastText(page)).toContain("This paper is open in another window.");
    expect(await page.getByTestId("history-row").count()).toBe(2);

    // No message from the server: the specification's default.
    await page.unroute("**/api/generated-papers/*");
    await page.route("**/api/generated-papers/*", (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, body: "" }) : route.continue());
    if (!(await dialog.isVisible())) await page.getByTestId("history-row").first().getByRole("button", { name: /^Delete Paper/ }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => toastText(page)).toContain("Failed to delete paper");
    expect(await page.getByTestId("history-row").count()).toBe(2);
    if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Cancel" }).click();

    let releaseClear!: () => void;
    const heldClear = new Promise<void>((r) => (releaseClear = r));
    await page.route("**/api/history/all", async (route) => {
      await heldClear;
      await route.fulfill({ status: 503, body: "" });
    });
    await page.getByRole("button", { name: "Clear History" }).click();
    const clear = page.getByTestId("clear-dialog");
    await clear.getByRole("button", { name: "Delete All" }).click();
    const clearing = clear.getByRole("button", { name: "Deleting..." });
    await clearing.waitFor();
    expect(await clearing.isDisabled()).toBe(true);
    releaseClear();
    await expect.poll(() => toastText(page)).toContain("Failed to clear history. Please try again.");
    expect(await toastText(page)).toContain("Error");
    expect(await page.getByTestId("history-row").count()).toBe(2);
    await page.close();
  });
});

describe("without credits, and when generation fails", () => {
  it("a student with no credits cannot generate and is shown where to buy credits", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "skint", email: "skint@example.com", fullName: "Sid Skint" });
    await page.goto(baseURL() + "/exam-generator?mode=predicted");
    await hydrated(page, "ExamGenerator");
    expect(await page.getByRole("radio", { name: /Predicted paper/ }).isChecked()).toBe(true);
    expect(await page.getByRole("button", { name: "Generate Predicted Paper" }).isDisabled()).toBe(true);
    expect(await page.getByTestId("no-credits").innerText()).toContain("You need 1 credit to generate a paper.");
    expect(await page.getByTestId("no-credits").getByRole("link", { name: "Buy credits" }).getAttribute("href")).toBe("/pricing");
    expect(await page.getByRole("link", { name: "Buy more credits" }).getAttribute("href")).toBe("/pricing");
    expect(await page.getByTestId("generator-credits").innerText()).toBe("0");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("a real failure (the paper's bank emptied on the server) shows 'Error Generating Paper' and keeps the credit", async () => {
    const db = await serverDb();
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "unlucky", email: "unlucky@example.com", fullName: "Una Lucky" });
    await grantCredits(userId, 1);
    const cs = (await db.select().from(papers).where(and(eq(papers.subject, "Computer Science"), eq(papers.examBoard, "AQA"))).get())!;
    const bank = await db.select().from(questions).where(eq(questions.paperId, cs.id)).all();
    expect(bank.length).toBeGreaterThan(0);
    try {
      await page.goto(baseURL() + "/exam-generator");
      await hydrated(page, "ExamGenerator");
      await page.getByLabel("Subject", { exact: true }).selectOption("Computer Science");
      expect(await page.getByLabel("Paper", { exact: true }).inputValue()).toBe(cs.name);
      await db.delete(questions).where(eq(questions.paperId, cs.id));

      await page.getByRole("button", { name: "Generate Past Paper" }).click();
      await expect.poll(() => toastText(page)).toContain("Error Generating Paper");
      expect(await toastText(page)).toContain("There are not enough questions in the bank");
      await page.getByTestId("generation-progress").waitFor({ state: "detached" });
      expect(await page.getByRole("button", { name: "Generate Past Paper" }).isEnabled()).toBe(true);
      await expect.poll(() => page.getByTestId("header-credits").innerText()).toBe("1 credit");
      expect(await page.getByTestId("generator-credits").innerText()).toBe("1");
      expect(await balance(userId)).toBe(1);
      expect(await page.getByTestId("generator-paper").count()).toBe(0);
    } finally {
      // Put the bank back for any later test.
      for (let i = 0; i < bank.length; i += 50) await db.insert(questions).values(bank.slice(i, i + 50)).onConflictDoNothing();
      await page.close();
    }
  });

  it("when the browser blocks the PDF's tab, the success toast carries a link to the PDF", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "blocked", email: "blocked@example.com", fullName: "Bea Blocked" });
    await grantCredits(userId, 1);
    // What a browser's pop-up blocker does: window.open answers null and no tab opens.
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto(baseURL() + "/exam-generator");
    await hydrated(page, "ExamGenerator");
    await page.getByRole("button", { name: "Generate Past Paper" }).click();
    await expect.poll(() => toastText(page), { timeout: 20_000 }).toContain("Paper Generated");
    expect(await toastText(page)).toContain("Your browser did not let us open a new tab for it.");
    const link = page.getByTestId("toast-viewport").getByRole("link", { name: "Open the PDF" });
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/api\/generated-papers\/\d+\/pdf$/);
    await expectPdf(page, href);
    expect(await balance(userId)).toBe(0);
    await page.close();
  });
});
