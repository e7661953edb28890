// /smart-extraction in Chromium: a corpus PDF (printed by Chromium, with known truth) uploaded and
// extracted with the server's real progress (the scan's OCR page by page), its questions in the tabs,
// the Download JSON file's content, keyboard tabs, §5's refusal of a non-PDF and the 'Extraction
// Failed' panel; axe at each state; screenshots at 1280 and 375 px.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, hydrated, launch, newPage, seriousViolations, signIn, toasterReady } from "./helpers.ts";
import { type BuiltCorpus, buildCorpus, corpusTruth } from "../../api/extraction/corpus/print.ts";
import { QUESTION_PREVIEW_CHARS, SMART_EXTRACTION_MESSAGES, type SmartExtractionResult } from "../../shared/smart-extraction.ts";

let browser: Browser;
let built: BuiltCorpus;
beforeAll(async () => {
  browser = await launch();
  built = await buildCorpus();
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

const truth = corpusTruth();
const shot = (page: Page, name: string, width: number) => page.screenshot({ path: `screenshots/smart-extraction-${name}-${width}.png`, fullPage: true });
const toastText = (page: Page) => page.locator("#toast-viewport").innerText();

async function openPage(width: number, name: string) {
  const page = await newPage(browser, { viewport: { width, height: 900 }, acceptDownloads: true });
  await signIn(page.context(), { username: name, email: `${name}@example.com`, fullName: "Sam Extract" });
  await page.goto(baseURL() + "/smart-extraction");
  await hydrated(page, "SmartExtraction");
  await toasterReady(page);
  return page;
}

describe("smart extraction", () => {
  for (const width of [1280, 375]) {
    it(`extracts an uploaded PDF with the server's progress, shows its questions and downloads the JSON (${width} px)`, async () => {
      const page = await openPage(width, `extractor_${width}`);
      // The scan at 1280 (OCR is slow enough to see its steps), a printed paper with its mark scheme at 375.
      const paper = width === 1280 ? built.papers.find((p) => p.scanned)! : built.papers.find((p) => p.id === "edexcel-maths-1ma1-1f-2023")!;
      const known = truth.papers.find((p) => p.id === paper.id)!;
      const extract = page.getByRole("button", { name: "Extract Content" });
      expect(await extract.isDisabled()).toBe(true);
      await expect.poll(() => page.getByText("never saved on our servers").isVisible()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, "idle", width);

      // §5: anything but a PDF is refused in the page.
      await page.locator("#extraction-file").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("revision notes") });
      await expect.poll(() => toastText(page)).toContain(SMART_EXTRACTION_MESSAGES.invalidTypeTitle);
      expect(await toastText(page)).toContain(SMART_EXTRACTION_MESSAGES.invalidType);
      expect(await extract.isDisabled()).toBe(true);

      const bytes = readFileSync(paper.pdf);
      await page.locator("#extraction-file").setInputFiles({ name: `${paper.id}.pdf`, mimeType: "application/pdf", buffer: bytes });
      await expect.poll(() => page.getByTestId("chosen-file").innerText()).toBe(`${paper.id}.pdf`);
      expect(await page.getByTestId("upload-area").innerText()).toContain(`${(bytes.length / 1024 / 1024).toFixed(2)} MB`);
      if (!paper.scanned) {
        // With its mark scheme: the answers are matched to the questions.
        await page.locator("#extraction-mark-scheme").setInputFiles({ name: "mark-scheme.pdf", mimeType: "application/pdf", buffer: readFileSync(paper.markScheme) });
        await expect.poll(() => page.getByTestId("chosen-mark-scheme").innerText()).toMatch(/^mark-scheme\.pdf, \d\.\d\d MB$/);
      }
      await extract.click();

      const progress = page.getByRole("progressbar", { name: "Extraction progress" });
      if (paper.scanned) {
        // The server's own steps: its pages read by OCR, one by one.
        await expect.poll(() => page.getByTestId("extraction-step").innerText().catch(() => ""), { timeout: 30_000 }).toMatch(/by OCR \(scanned page \d+ of \d+\)/);
        expect(Number(await progress.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(10);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(page, "running", width);
      }

      const result = page.getByTestId("extraction-result");
      await result.waitFor({ timeout: 90_000 });
      await expect.poll(() => toastText(page)).toContain("Extraction successful");
      expect(await toastText(page)).toMatch(new RegExp(`Found ${known.parts.length} questions with \\d+% confidence\\.`));
      expect(await progress.count()).toBe(0);
      expect(await result.getByRole("tabpanel").innerText()).toContain(`${known.parts.length} questions and parts`);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, "overview", width);

      // The tabs by keyboard: arrows move and select.
      await page.getByRole("tab", { name: "Overview" }).focus();
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("tab", { name: "Metadata" }).getAttribute("aria-selected")).toBe("true");
      const metadata = await result.getByRole("tabpanel").innerText();
      expect(metadata).toContain(known.cover.subject);
      expect(metadata).toContain(String(known.cover.year));
      await shot(page, "metadata", width);
      await page.keyboard.press("ArrowRight");
      expect(await page.getByRole("tab", { name: "Questions" }).getAttribute("aria-selected")).toBe("true");
      const questions = page.getByTestId("extracted-question");
      expect(await questions.count()).toBe(known.parts.length);
      const headings = await questions.evaluateAll((els) => els.map((el) => el.querySelector("span")!.textContent));
      expect(headings).toEqual(known.parts.map((p) => `Question ${p.number}`));
      for (const text of await questions.getByTestId("question-content").allTextContents()) expect(text.length).toBeLessThanOrEqual(QUESTION_PREVIEW_CHARS + 1);
      expect(await questions.getByTestId("question-answer").count()).toBe(paper.scanned ? 0 : known.parts.length);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, "questions", width);
      await page.keyboard.press("End");
      expect(await page.getByRole("tab", { name: "Statistics" }).getAttribute("aria-selected")).toBe("true");
      expect(await result.getByRole("tabpanel").textContent()).toContain("Pages read from images (OCR)");
      await shot(page, "statistics", width);

      // Download JSON: the whole §3 result, as the page showed it.
      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download JSON" }).click()]);
      expect(download.suggestedFilename()).toBe(`${paper.id}-extraction.json`);
      const json = JSON.parse(readFileSync(await download.path(), "utf8")) as SmartExtractionResult;
      expect(json.success).toBe(true);
      expect(json.questions.map((q) => [q.number, q.marks])).toEqual(known.parts.map((p) => [p.number, p.marks]));
      expect(json.metadata).toMatchObject({ subject: known.cover.subject, examBoard: known.cover.board, year: known.cover.year });
      expect(json.extractionStats.pagesProcessed).toBeGreaterThan(1);
      if (!paper.scanned) {
        expect(json.markScheme).toMatchObject({ fileName: "mark-scheme.pdf", answersMatched: known.parts.length });
        for (const entry of known.markScheme) expect(json.questions.find((q) => q.number === entry.number)!.answer, entry.number).toContain(entry.answer.split("\n")[0].slice(0, 20));
      }
      expect(json.extractionStats.imagesProcessed).toBe(paper.scanned ? json.extractionStats.pagesProcessed : 0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.close();
    }, 150_000);

    it(`shows the 'Extraction Failed' panel with the server's message (${width} px)`, async () => {
      const page = await openPage(width, `failing_${width}`);
      // Called .pdf and typed as one, but not a PDF: the server reads the bytes and refuses it.
      await page.locator("#extraction-file").setInputFiles({ name: "homework.pdf", mimeType: "application/pdf", buffer: Buffer.from("This is a Word document, renamed.") });
      await page.getByRole("button", { name: "Extract Content" }).click();
      const failed = page.getByTestId("extraction-failed");
      await failed.waitFor();
      expect(await failed.getByRole("heading").innerText()).toBe("Extraction Failed");
      expect(await failed.innerText()).toContain(SMART_EXTRACTION_MESSAGES.invalidType);
      await expect.poll(() => toastText(page)).toContain(SMART_EXTRACTION_MESSAGES.failedTitle);
      // The file itself was refused: trying it again would not help, choosing another would.
      expect(await failed.getByRole("button", { name: "Try again" }).count()).toBe(0);
      // The panel takes focus once it has rendered (asked, not assumed: a busy machine renders late).
      await expect.poll(() => failed.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, "failed", width);
      await page.close();
    });
  }
});
