// The extraction testing dashboard (/extraction-testing) against the real API: §5's message for a
// missing URL, a corpus PDF uploaded and run through the five phases to its results, recreation
// scored, and Download Report saving the session's JSON. Screenshots at 1280 px and 375 px.
import { mkdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, launch, newPage, seriousViolations, signIn } from "./helpers.ts";
import { buildCorpus } from "../../api/extraction/corpus/print.ts";

let browser: Browser;
let corpusPdf: string;
beforeAll(async () => {
  const built = await buildCorpus();
  corpusPdf = built.papers.find((p) => p.id === "ocr-chemistry-j248-01-2023")!.pdf;
  browser = await launch();
  mkdirSync("screenshots", { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

let admins = 0;
async function dashboard(width = 1280): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height: 900 }, acceptDownloads: true });
  const n = ++admins;
  await signIn(page.context(), { username: `testing_admin_${n}`, email: `testing.admin${n}@example.com`, fullName: "Ada Admin", role: "admin" });
  await page.goto(baseURL() + "/extraction-testing");
  await page.locator('[data-admin-page="extraction-testing"]').waitFor();
  // The AI engine's status is read on load (no model is configured for the test server).
  await page.getByText("Not configured").waitFor();
  return page;
}

describe("the extraction testing dashboard", () => {
  it("runs a session over an uploaded PDF to its results, recreates it and downloads the report", async () => {
    const page = await dashboard();
    expect(await seriousViolations(page)).toEqual([]);

    // §5: a PDF URL is required.
    await page.getByRole("button", { name: "Run Test" }).click();
    const status = page.getByRole("status").filter({ hasText: "No URL Provided" });
    await status.getByText("Please enter a valid PDF URL to test").waitFor();
    expect(await page.getByLabel("PDF URL").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Or upload a PDF").setInputFiles({ name: "ocr-chemistry.pdf", mimeType: "application/pdf", buffer: readFileSync(corpusPdf) });
    await page.getByText("File Uploaded").waitFor();
    expect(await page.getByLabel("PDF URL").inputValue()).toMatch(/^\/api\/testing\/files\/\d+\/pdf$/);
    expect(await page.getByLabel("File name").inputValue()).toBe("ocr-chemistry.pdf");
    await page.getByLabel("Subject (optional)").fill("Chemistry");

    await page.getByRole("button", { name: "Run Test" }).click();
    await page.getByText("Test Completed").waitFor({ timeout: 60_000 });
    await page.getByText(/17 parts extracted; validation score \d+%/).waitFor();
    // Overview: the session's status and what the cover says.
    const panel = page.getByRole("tabpanel");
    await panel.getByText("completed", { exact: true }).waitFor();
    expect(await panel.getByRole("progressbar", { name: "Test progress" }).getAttribute("aria-valuenow")).toBe("100");
    await page.screenshot({ path: "screenshots/extraction-testing-1280.png", fullPage: true });

    // The monitor shows each phase's real logs.
    await page.getByRole("tab", { name: "Extraction Monitor" }).click();
    for (const step of ["preparation", "subject_detection", "content_extraction", "validation", "finalization"]) {
      await page.locator(`[data-step="${step}"]`).getByText("completed", { exact: true }).waitFor();
    }
    await page.getByText(/Read the uploaded file ocr-chemistry\.pdf/).waitFor();
    await page.getByText(/Found 17 parts \(OCR numbering\)/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The finished session's monitor on a phone: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 900 });
    // The navigation becomes a closed drawer at this width: let its slide finish before the picture.
    await page.waitForFunction(() => document.getAnimations().length === 0, undefined, { timeout: 3000 }).catch(() => {});
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: "screenshots/extraction-testing-monitor-375.png", fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("tab", { name: "AI Dialogue" }).click();
    await page.getByRole("tabpanel").getByText(/No model is configured, so the sessions make no model calls/).waitFor();

    await page.getByRole("tab", { name: "Validation" }).click();
    await page.getByText("PASSED").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Results" }).click();
    await page.getByRole("cell", { name: "7(a)", exact: true }).waitFor();
    expect(await page.getByRole("tabpanel").getByRole("row").count()).toBe(18);

    await page.getByRole("tab", { name: "Recreation Testing" }).click();
    await page.getByRole("button", { name: "Recreate Paper" }).click();
    await page.getByText("Recreation Complete").waitFor({ timeout: 30_000 });
    await page.locator("[data-recreation]").getByText(/17 of 17 questions came back/).waitFor();
    await page.getByRole("button", { name: "Validate Recreation" }).click();
    await page.getByText("Validation Complete").waitFor();
    await page.locator("[data-validation-report]").getByText(/recreation fidelity 100%/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download Report" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^extraction-test-session-\d+\.json$/);
    const report = JSON.parse(readFileSync((await download.path())!, "utf8"));
    expect(report.session.status).toBe("completed");
    expect(report.session.extractionSteps.map((s: { status: string }) => s.status)).toEqual(Array(5).fill("completed"));
    expect(report.session.finalResults.questions).toHaveLength(17);
    expect(report.recreation.accuracy.questionsMatched).toBe(17);
    await page.getByText("Report Downloaded").waitFor();
    await page.close();
  }, 120_000);

  it("lays out at 375 px", async () => {
    const page = await dashboard(375);
    await page.getByRole("tab", { name: "Extraction Monitor" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/extraction-testing-375.png", fullPage: true });
    await page.close();
  });

  it("is refused to a student", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "testing_student", email: "testing.student@example.com", fullName: "Sam Student" });
    await page.goto(baseURL() + "/extraction-testing");
    expect(new URL(page.url()).pathname).toBe("/");
    const res = await page.request.get(baseURL() + "/api/testing/validate-ai-config");
    expect(res.status()).toBe(403);
    await page.close();
  });
});
