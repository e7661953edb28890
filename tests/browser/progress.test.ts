// Progress that is real, in Chromium: the home page's My Progress card and Recent Activity from a
// marked sitting and an open one written into the server's database, the honest copy before any
// marks, the history's sittings with their scores and links, and the Progress tab's topic mastery;
// axe on each, and screenshots at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { generatedPaper, markedSitting, sitting, topicRows } from "../../api/progress/fixtures.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // the sidebar slides away below 768 px
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    expect(await seriousViolations(page), `${name} at ${width} px`).toEqual([]);
    expect(await noSidewaysScroll(page), `${name} at ${width} px`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

describe("progress from marked sittings", () => {
  it("home: My Progress shows the mastery and Recent Activity the papers and sittings, newest first", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "progress_home", email: "progress.home@example.com", fullName: "Maya Marks" });
    const db = await serverDb();

    // Before any marked paper: honest copy, not 0%.
    await page.goto(baseURL() + "/");
    const stat = page.getByTestId("stat-progress");
    expect(await stat.innerText()).toContain("No marks yet");
    expect(await stat.innerText()).toContain("Sit a paper on screen to see your progress");
    expect(await stat.innerText()).not.toContain("0%");
    expect(await page.getByText("No recent activity yet").isVisible()).toBe(true);

    // A marked Physics sitting (efficiency 3/10, density 4/4: (3 + 4) / 14 = 50%), then a paper
    // generated and started but not finished.
    const marked = await markedSitting(db, userId, "Physics", ago(5), [["efficiency", 3, 10, "Efficiency"], ["density", 4, 4, "Density"]], "AQA GCSE Physics Paper 1");
    const chem = await generatedPaper(db, userId, { subject: "Chemistry", name: "AQA GCSE Chemistry Paper 1", totalMarks: 100, createdAt: ago(2) });
    const open = await sitting(db, userId, chem, { startedAt: ago(1) });

    await page.goto(baseURL() + "/");
    expect(await stat.innerText()).toContain("50%");
    expect(await stat.innerText()).toContain("Mastery over 2 topics from 1 marked paper");
    const items = page.getByTestId("activity-item");
    expect(await items.count()).toBe(4);
    const links = await items.getByRole("link").evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute("href")]));
    expect(links).toEqual([
      ["AQA GCSE Chemistry Paper 1", `/sittings/${open}`],
      ["AQA GCSE Chemistry Paper 1", `/papers/${chem}`],
      ["AQA GCSE Physics Paper 1", `/sittings/${marked.sittingId}/results`],
      ["AQA GCSE Physics Paper 1", `/papers/${marked.paperId}`],
    ]);
    expect(await items.nth(0).innerText()).toContain("In progress");
    expect(await items.nth(2).innerText()).toContain("7 / 14 marks");
    expect(await items.nth(2).getByRole("link").getAttribute("aria-label")).toBe("AQA GCSE Physics Paper 1: see the results");
    expect(await page.getByText("No recent activity yet").count()).toBe(0);
    // Still a static page: the home page hydrates no island.
    expect(await page.locator("astro-island").count()).toBe(0);
    await screenshots(page, "home-progress");
    await page.close();
  });

  it("home: a paper sat but waiting for the student's own marks asks for them, not for another paper", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "progress_pending", email: "progress.pending@example.com", fullName: "Pat Pending" });
    const db = await serverDb();
    const paper = await generatedPaper(db, userId, { subject: "History", name: "AQA GCSE History Paper 1", totalMarks: 84, createdAt: ago(3) });
    const id = await sitting(db, userId, paper, { startedAt: ago(2), submittedAt: ago(1), parts: { "01.1": [null, 12] } });
    await page.goto(baseURL() + "/");
    const stat = page.getByTestId("stat-progress");
    expect(await stat.innerText()).toContain("No marks yet");
    expect(await stat.innerText()).toContain("Mark your answers on the results page to see your progress");
    const first = page.getByTestId("activity-item").first();
    expect(await first.innerText()).toContain("0 / 84 marks (1 part still to self-mark)");
    expect(await first.getByRole("link").getAttribute("href")).toBe(`/sittings/${id}/results`);
    await page.close();
  });

  it("history lists the sittings with their scores and links beside the generated papers", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "progress_history", email: "progress.history@example.com", fullName: "Hana History" });
    const db = await serverDb();
    const bio = await generatedPaper(db, userId, { subject: "Biology", name: "AQA GCSE Biology Paper 1", totalMarks: 100, createdAt: ago(30) });
    const done = await sitting(db, userId, bio, { startedAt: ago(28), submittedAt: ago(27), parts: { "01.1": [3, 4], "01.2": [null, 6] } });
    await topicRows(db, userId, done, "Biology", ago(27), [["cell-structure", 3, 4, "Cell structure"]]);
    const open = await sitting(db, userId, bio, { startedAt: ago(1) });

    await page.goto(baseURL() + "/history");
    await hydrated(page, "HistoryPanel");
    await expect.poll(() => page.getByTestId("history-row").count()).toBe(1);
    const rows = page.getByTestId("sitting-row");
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getByTestId("sitting-score").innerText()).toBe("In progress");
    expect(await rows.nth(0).getByRole("link").getAttribute("href")).toBe(`/sittings/${open}`);
    expect(await rows.nth(1).getByTestId("sitting-score").innerText()).toBe("3 / 100 marks (1 part still to self-mark)");
    expect(await rows.nth(1).getByRole("link", { name: /^Results: AQA GCSE Biology Paper 1/ }).getAttribute("href")).toBe(`/sittings/${done}/results`);
    await screenshots(page, "history-sittings");

    // Deleting the paper takes its sittings with it, and the dialog says so.
    await page.getByTestId("history-row").first().getByRole("button", { name: /^Delete Paper/ }).click();
    const dialog = page.getByTestId("delete-dialog");
    expect((await dialog.innerText()).replace(/\s+/g, " ")).toContain('"AQA GCSE Biology Paper 1" and your 2 sittings of it.');
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByTestId("sitting-row").count()).toBe(0);
    expect(await page.getByTestId("sittings-empty").isVisible()).toBe(true);
    await page.close();
  });

  it("the study planner's Progress tab shows the mastery per topic, weakest first", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "progress_study", email: "progress.study@example.com", fullName: "Sam Study" });
    const db = await serverDb();
    await markedSitting(db, userId, "Physics", ago(48), [["efficiency", 8, 10, "Efficiency"], ["density", 1, 4, "Density"]]);
    await markedSitting(db, userId, "Physics", ago(2), [["efficiency", 2, 10, "Efficiency"]]);

    await page.goto(baseURL() + "/study-recommendations");
    await hydrated(page, "StudyPlanner");
    await page.getByRole("radio", { name: "Physics" }).check();
    await page.getByRole("tab", { name: "Progress & Analytics" }).click();
    const rows = page.getByTestId("mastery-row");
    await expect.poll(() => rows.count()).toBe(2);
    // Density 1/4 = 25%; efficiency (2 + 0.5·8) / (10 + 0.5·10) = 40%: the latest sitting counts most.
    expect(await rows.nth(0).innerText()).toContain("Density");
    expect(await rows.nth(0).innerText()).toContain("25%");
    expect(await rows.nth(1).innerText()).toContain("40%");
    expect(await rows.nth(1).innerText()).toContain("10 of 20 marks over 2 sittings");
    await screenshots(page, "study-progress-mastery");
    await page.close();
  });
});
