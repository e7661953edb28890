// The review list publishes a question (issue 13), in the real admin UI: Settings → Documents, a past
// paper of the corpus (AQA Biology, printed by Chromium, with its mark scheme) on a paper whose topics
// are the admin's study topics; Extract turns its status from Not Extracted to Extracted, Review shows
// each question beside its page, and an edited question is published into the bank as a past question.
// Screenshots of the review list at 1280 px and 375 px go to screenshots/.
import { mkdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { baseURL, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { paperTopics, papers, questions } from "../../api/db/schema.ts";
import { addDocument } from "../../api/documents/service.ts";
import { loadBanks } from "../../api/papers/bank.ts";
import { buildCorpus } from "../../api/extraction/corpus/print.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
  mkdirSync("screenshots", { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("the review list of an extracted past paper", () => {
  it("extracts the paper from its row, shows each question beside its page, and publishes an edited question", async () => {
    const db = await serverDb();
    const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const adminId = await signIn(page.context(), { username: "extraction_admin", email: "extraction.admin@example.com", fullName: "Eve Extractor", role: "admin" });
    // A paper of its own (other tests use the seeded ones), whose topics are the admin's study topics.
    const paper = await db.insert(papers).values({ name: "Paper 7 - Extraction review", subject: "Biology", examBoard: "AQA", level: "GCSE" }).returning().get();
    const topics = loadBanks().find((b) => b.blueprint.code === "8461/1")!.blueprint.topics;
    await db.insert(paperTopics).values(topics.map((t, i) => ({ paperId: paper.id, name: t.name, description: t.description, sortOrder: i })));
    const corpus = (await buildCorpus()).papers.find((p) => p.id === "aqa-biology-8461-1h-2024")!;
    const title = "Question paper (Higher): Paper 1 - June 2024";
    const doc = await addDocument(db, adminId, { paperId: paper.id, type: "pastPaper", title, year: 2024, tier: "Higher", bytes: readFileSync(corpus.pdf) });
    await addDocument(db, adminId, { paperId: paper.id, type: "markScheme", title: "Mark scheme (Higher): Paper 1 - June 2024", year: 2024, tier: "Higher", bytes: readFileSync(corpus.markScheme) });

    await page.goto(baseURL() + "/settings");
    await page.getByRole("tab", { name: "Documents" }).click();
    await page.getByTestId("documents-settings").getByLabel("Paper").selectOption({ label: "AQA Biology GCSE: Paper 7 - Extraction review" });
    const card = page.getByTestId("documents-tab");
    const cell = card.getByTestId(`extraction-${doc.id}`);
    await cell.getByText("Not Extracted").waitFor();
    await cell.getByRole("button", { name: `Extract ${title}` }).click();
    await card.getByText("Extraction completed").waitFor({ timeout: 60_000 });
    await cell.getByText("Extracted", { exact: true }).waitFor();
    expect(await cell.getByRole("link", { name: /View JSON/ }).getAttribute("href")).toBe(`/extracted-content/${doc.id}.json`);
    await cell.getByRole("button", { name: `Review questions of ${title}` }).click();

    const review = page.getByTestId("extraction-review");
    const digestion = review.getByTestId("review-item-02");
    await digestion.getByRole("heading", { name: "Question 02" }).waitFor();
    // The question's page, rendered by the server, beside it.
    const image = digestion.getByRole("img", { name: /^Page \d+ of .*question 02/ }).first();
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0, await image.elementHandle());
    expect(await digestion.getByLabel("Topic").inputValue()).toBe("principles-of-organisation-the-digestive-system-and-enzymes");
    expect(await digestion.getByRole("group", { name: "Part 02.1" }).getByLabel("Answer (mark scheme)").inputValue()).toMatch(/amylase/);
    expect(await seriousViolations(page)).toEqual([]);

    await review.getByRole("heading", { name: /^Review:/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "screenshots/extraction-review-1280.png" });
    await page.setViewportSize({ width: 375, height: 900 });
    await review.getByRole("heading", { name: /^Review:/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "screenshots/extraction-review-375.png" });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Edit a part's text, then publish: the question is a past question in the bank.
    const part = digestion.getByRole("group", { name: "Part 02.3" });
    await part.getByLabel("Text").fill("Explain why the starch takes longer to digest when the pH is above 7.");
    await digestion.getByRole("button", { name: "Publish" }).click();
    await digestion.getByText("Published to the bank.").waitFor();
    await digestion.getByText("Published", { exact: true }).waitFor();
    // The sticky site header would be drawn across a tall element's screenshot: it scrolls away for this one.
    await page.evaluate(() => document.querySelector("header")?.style.setProperty("position", "static"));
    await digestion.screenshot({ path: "screenshots/extraction-review-question-1280.png" });
    const row = await db.select().from(questions).where(eq(questions.id, `past-${doc.id}-02`)).get();
    expect(row).toMatchObject({ origin: "past", paperId: paper.id, year: 2024, series: "June", paperCode: "8461/1H", questionNumber: "02", marks: 10 });
    expect(JSON.parse(row!.parts)[2].content).toBe("<p>Explain why the starch takes longer to digest when the pH is above 7.</p>");
    await page.close();
  }, 120_000);
});
