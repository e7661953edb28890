// /revision-materials in Chromium: a new student chooses a paper and gets a deck, reviews ten cards
// with the keyboard, reloads and finds the queue where it was, reviews offline and sees the reviews
// saved once back online; topic summaries and quizzes; the page at 375 px; axe on each state.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { baseURL, hydrated, launch, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { revisionReviews } from "../../api/db/schema.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const savedReviews = async (userId: number) => (await (await serverDb()).select().from(revisionReviews).where(eq(revisionReviews.userId, userId)).all()).length;
const front = (page: Page) => page.getByTestId("card-front").innerText();

async function open(page: Page) {
  await page.goto(baseURL() + "/revision-materials");
  await hydrated(page, "RevisionMaterials");
}

/** Shows the answer with Space and rates it with a number key, waiting for the next card. */
async function reviewWithKeys(page: Page, key: "1" | "2" | "3" | "4") {
  const before = await front(page);
  await page.keyboard.press("Space");
  await page.getByTestId("card-back").waitFor();
  await page.keyboard.press(key);
  await expect.poll(async () => (await page.getByTestId("card-back").count()) === 0 && (await front(page).catch(() => "")) !== before).toBe(true);
}

describe("Smart Study Resources", () => {
  it("makes a new student's deck, reviews ten cards with the keyboard, keeps the queue through a reload and saves offline reviews on reconnecting", async () => {
    const context = await browser.newContext();
    const userId = await signIn(context, { username: "flash", email: "flash@example.com", fullName: "Flo Ash" });
    const page = await context.newPage();
    await open(page);
    expect(await page.locator("main").innerText()).not.toContain("Coming Soon");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel("Paper").selectOption({ label: "AQA GCSE Biology Paper 1" });
    await page.getByLabel("Tier").selectOption("Foundation");
    await page.getByRole("button", { name: "Start studying" }).click();
    await page.getByTestId("review-card").waitFor();
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Your deck is ready");
    expect(await seriousViolations(page)).toEqual([]);

    const seen: string[] = [];
    for (let i = 0; i < 10; i++) {
      seen.push(await front(page));
      await reviewWithKeys(page, i % 4 === 0 ? "2" : "3");
    }
    await expect.poll(() => savedReviews(userId)).toBe(10);
    await expect.poll(() => page.getByTestId("sync-status").innerText()).toBe("All reviews saved");
    const next = await front(page);

    // A reload starts where the queue was: the next card, not one already reviewed.
    await page.reload();
    await hydrated(page, "RevisionMaterials");
    await page.getByTestId("review-card").waitFor();
    expect(await front(page)).toBe(next);
    expect(seen).not.toContain(next);
    await expect.poll(() => page.getByTestId("deck-stats").innerText()).toContain("10");

    // Offline: reviews go on and are kept in the browser, then sent when the connection returns.
    await context.setOffline(true);
    await page.evaluate(() => dispatchEvent(new Event("offline")));
    for (let i = 0; i < 3; i++) await reviewWithKeys(page, "3");
    await expect.poll(() => page.getByTestId("sync-status").innerText()).toContain("Offline: 3 reviews kept on this device");
    expect(await savedReviews(userId)).toBe(10);
    await context.setOffline(false);
    await page.evaluate(() => dispatchEvent(new Event("online")));
    await expect.poll(() => savedReviews(userId)).toBe(13);
    await expect.poll(() => page.getByTestId("sync-status").innerText()).toBe("All reviews saved");

    // The home page's Smart Resources card counts the cards and reviews.
    await page.goto(baseURL() + "/");
    expect(await page.locator("main").innerText()).toContain("Flashcards, 13 reviews");
    await context.close();
  });

  it("shows a topic's summary and marks its quiz, adds an own card, and fits a phone screen", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await signIn(context, { username: "quizzer", email: "quizzer@example.com", fullName: "Quinn Zer" });
    const page = await context.newPage();
    await open(page);
    await page.getByLabel("Paper").selectOption({ label: "AQA GCSE Chemistry Paper 1" });
    await page.getByRole("button", { name: "Start studying" }).click();
    await page.getByTestId("review-card").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await page.getByRole("tab", { name: "Topics" }).click();
    const row = page.getByTestId("topic-row").filter({ has: page.getByRole("button", { name: "Quiz" }) }).first();
    await row.getByRole("button", { name: "Summary" }).click();
    await row.getByTestId("topic-summary").waitFor();
    await row.getByRole("button", { name: "Quiz" }).click();
    const quiz = row.getByTestId("topic-quiz");
    await quiz.waitFor();
    for (const group of await quiz.locator("fieldset").all()) await group.getByRole("radio").first().check();
    await quiz.getByRole("button", { name: "Mark my answers" }).click();
    await expect.poll(() => quiz.getByTestId("quiz-score").innerText()).toMatch(/^You scored \d+ out of \d+$/);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "My cards" }).click();
    await page.getByRole("button", { name: "Add card" }).click();
    expect(await page.getByText("Write the card's question").isVisible()).toBe(true);
    await page.getByLabel("Question").fill("What is the charge of an electron?");
    await page.getByLabel("Answer").fill("−1 (relative charge)");
    await page.getByRole("button", { name: "Add card" }).click();
    await expect.poll(() => page.getByTestId("card-list").innerText()).toContain("What is the charge of an electron?");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
