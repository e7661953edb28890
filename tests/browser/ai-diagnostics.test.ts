// Settings → AI Diagnostics in the built admin bundle: a key generated here uploaded (a refused one
// first), the processor configured, the service status checked, a PDF test run end to end and its
// results with '... and n more'. Google is the local stand-in (api/diagnostics/stand-in.ts).
//
// The page comes from the browser tests' server; its /api/diagnostics/* calls are answered by the same
// routes (createApp) run in this process over that server's database, because only code can let the
// guarded fetcher reach the loopback site that serves the test PDF (GuardOptions.testOnlyLoopbackOrigins
// is deliberately no environment variable), and the stand-in's addresses are configuration the shared
// server was started without. Screenshots at 1280 px and 375 px go to screenshots/.
import { createServer, type Server } from "node:http";
import { mkdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { inject } from "vitest";
import { baseURL, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { documentAiCredentials } from "../../api/db/schema.ts";
import { createApp } from "../../api/app.ts";
import { parseEnv } from "../../api/env.ts";
import { buildCorpus, corpusTruth } from "../../api/extraction/corpus/print.ts";
import { type DocumentAiStandIn, startDocumentAiStandIn, testServiceAccount } from "../../api/diagnostics/stand-in.ts";

let browser: Browser;
let standIn: DocumentAiStandIn;
let site: Server;
let pdfUrl: string;
let api: ReturnType<typeof createApp>;
let parts: number;

beforeAll(async () => {
  browser = await launch();
  standIn = await startDocumentAiStandIn();
  const corpus = await buildCorpus();
  const paper = corpus.papers.find((p) => p.id === "aqa-biology-8461-1h-2024")!;
  parts = corpusTruth().papers.find((p) => p.id === paper.id)!.parts.length;
  const pdf = readFileSync(paper.pdf);
  site = createServer((_req, res) => res.writeHead(200, { "content-type": "application/pdf" }).end(pdf));
  await new Promise<void>((done) => site.listen(0, "127.0.0.1", done));
  const origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  pdfUrl = `${origin}/aqa-biology-8461-1h-2024.pdf`;
  const env = parseEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "error",
    DATABASE_URL: inject("databaseUrl"),
    APP_ORIGIN: baseURL(),
    DOCUMENT_AI_SECRET: "browser-test-secret-of-at-least-32-chars",
    GOOGLE_TOKEN_URL: standIn.tokenUrl,
    DOCUMENT_AI_API_URL: standIn.apiUrl,
  });
  api = createApp({ db: await serverDb(), env, fetchGuard: { testOnlyLoopbackOrigins: [origin] } });
  mkdirSync("screenshots", { recursive: true });
}, 120_000);
afterAll(async () => {
  // The key this file stored is in the database every browser test shares: other tests see none.
  await (await serverDb()).delete(documentAiCredentials);
  await browser?.close();
  await standIn?.close();
  await new Promise<void>((done) => (site ? site.close(() => done()) : done()));
});

/** An admin's /settings page whose diagnostics calls go to the in-process routes (see the top). */
async function diagnosticsPage(width: number): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(page.context(), { username: `diag_admin_${width}`, email: `diag.admin.${width}@example.com`, fullName: "Ada Admin", role: "admin" });
  await page.route("**/api/diagnostics/**", async (route) => {
    const request = route.request();
    const res = await api.request(request.url(), { method: request.method(), headers: await request.allHeaders(), body: request.postData() ?? undefined });
    await route.fulfill({ status: res.status, headers: Object.fromEntries(res.headers), body: Buffer.from(await res.arrayBuffer()) });
  });
  await page.goto(baseURL() + "/settings");
  await page.getByRole("tab", { name: "AI Diagnostics" }).click();
  await page.getByTestId("ai-diagnostics").waitFor();
  return page;
}

describe("AI Diagnostics tab", () => {
  it("uploads a key, configures the processor, checks the service, runs a PDF test and shows its results", async () => {
    const page = await diagnosticsPage(1280);
    const panel = page.getByTestId("ai-diagnostics");
    const tabs = panel.getByRole("tablist", { name: "Document AI diagnostics" }).getByRole("tab");
    expect(await tabs.allInnerTexts()).toEqual(["PDF Test", "Service Status", "Credentials", "Results"]);

    // No key yet: the status says so plainly.
    await panel.getByRole("tab", { name: "Service Status" }).click();
    await panel.getByTestId("status-errors").getByText("No Document AI credentials are stored.", { exact: false }).waitFor();
    expect(await panel.locator('[data-check="credentialsStored"]').getAttribute("data-ok")).toBe("false");
    expect(await seriousViolations(page)).toEqual([]);

    // Credentials: the roles hint; §5's 'No Credentials'; a key Google refuses; then a good one.
    await panel.getByRole("tab", { name: "Credentials" }).click();
    const credentials = panel.getByTestId("credentials");
    await credentials.getByText("No service-account key is stored.").waitFor();
    expect(await credentials.getByTestId("roles-hint").innerText()).toMatch(/Document AI API User[\s\S]*Document AI Editor[\s\S]*Service Usage Consumer[\s\S]*Document AI API enabled/);
    await credentials.getByRole("button", { name: "Upload Credentials" }).click();
    await credentials.getByText("No Credentials: choose the service account's JSON key file.").waitFor();

    const good = await testServiceAccount("exam-prep-browser");
    const impostor = await testServiceAccount("exam-prep-browser");
    standIn.addAccount(good.account);
    const fileInput = credentials.getByLabel("Service-account key (JSON key file)");
    await fileInput.setInputFiles({ name: "key.json", mimeType: "application/json", buffer: Buffer.from(impostor.json) });
    await credentials.getByRole("button", { name: "Upload Credentials" }).click();
    const notice = panel.getByRole("status").first();
    await notice.getByText("Upload Failed").waitFor();
    await notice.getByText("Google refused this key: 400: invalid_grant: Invalid JWT Signature.").waitFor();
    await credentials.getByText("No service-account key is stored.").waitFor();

    await fileInput.setInputFiles({ name: "key.json", mimeType: "application/json", buffer: Buffer.from(good.json) });
    await credentials.getByRole("button", { name: "Upload Credentials" }).click();
    await notice.getByText("Credentials Updated").waitFor();
    const stored = credentials.getByTestId("stored-key");
    await stored.getByText(good.account.clientEmail).waitFor();
    await stored.getByText("exam-prep-browser", { exact: true }).waitFor();
    expect(await page.content()).not.toContain(good.key.private_key.split("\n")[1]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/ai-diagnostics-credentials-1280.png", fullPage: true });

    // Service Status: §5's 'Missing Project ID', then the processor configured and every check passing.
    await panel.getByRole("tab", { name: "Service Status" }).click();
    const statusTab = panel.getByTestId("service-status");
    await statusTab.getByLabel("Project ID").fill("");
    await statusTab.getByRole("button", { name: "Configure Processor" }).click();
    await statusTab.getByText("Missing Project ID").waitFor();
    await statusTab.getByLabel("Project ID").fill("exam-prep-browser");
    await statusTab.getByRole("button", { name: "Configure Processor" }).click();
    await notice.getByText("Processor configured").waitFor();
    await statusTab.getByRole("button", { name: "Discover Processors" }).click();
    await statusTab.getByRole("list", { name: "Processors" }).getByText("FORM_PARSER_PROCESSOR", { exact: false }).waitFor();
    await statusTab.getByRole("button", { name: "Check Status" }).click();
    await notice.getByText("Service Available").waitFor();
    await statusTab.getByText("Document AI is available.").waitFor();
    const oks = await statusTab.locator("[data-check]").evaluateAll((els) => els.map((e) => e.getAttribute("data-ok")));
    expect(oks).toEqual(Array(7).fill("true"));
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/ai-diagnostics-status-1280.png", fullPage: true });

    // PDF Test: §5's 'Missing URL', then the four steps of §4's run, each a success.
    await panel.getByRole("tab", { name: "PDF Test" }).click();
    const test = panel.getByTestId("pdf-test");
    await test.getByRole("button", { name: "Run Diagnostics" }).click();
    await test.getByText("Missing URL: enter the address of a PDF to test.").waitFor();
    await test.getByLabel("PDF URL").fill(pdfUrl);
    await test.getByRole("button", { name: "Run Diagnostics" }).click();
    await notice.getByText("Diagnostics complete").waitFor({ timeout: 30_000 });
    const steps = test.getByTestId("run-steps").locator("li");
    expect(await steps.evaluateAll((els) => els.map((e) => [e.querySelector("span")!.textContent, e.getAttribute("data-status")]))).toEqual([
      ["Service check: Success", "success"],
      ["PDF download: Success", "success"],
      ["AI processing: Success", "success"],
      ["Quality check: Success", "success"],
    ]);
    await test.getByText(`${parts} questions found; confidence 94% (High).`).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/ai-diagnostics-pdf-test-1280.png", fullPage: true });

    // Results: the last 5 questions, then '... and n more'.
    await panel.getByRole("tab", { name: "Results" }).click();
    const results = panel.getByTestId("results");
    await results.getByTestId("question-sample").waitFor();
    expect(await results.getByTestId("question-sample").locator("li").count()).toBe(5);
    expect(await results.getByTestId("more-questions").innerText()).toBe(`... and ${parts - 5} more`);
    await results.getByText("94% (High)").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/ai-diagnostics-results-1280.png", fullPage: true });
    await page.setViewportSize({ width: 375, height: 900 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/ai-diagnostics-results-375.png", fullPage: true });
    await panel.getByRole("tab", { name: "Service Status" }).click();
    await statusTab.getByText("Document AI is available.").waitFor();
    await page.screenshot({ path: "screenshots/ai-diagnostics-status-375.png", fullPage: true });
    await page.close();
  });
});
