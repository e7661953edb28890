// A new paper from nothing to something students generate, through the admin tools in Chromium:
// subject → board → level → paper in /exam-papers, a past paper uploaded to its documents, its
// structure read by Analyze Structure, edited and saved, a study topic added; then a student, on a
// server with a model configured (the local stand-in), generates that paper and finds its sections
// in the PDF.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { launch, newPage, seriousViolations } from "./helpers.ts";
import { startServer, type TestServer } from "./server.ts";
import { connect, type Database } from "../../api/db/client.ts";
import { papers, sessions, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../../api/ai/stand-in.ts";
import { modelAnswerFor, normalise, pdftotext } from "../../api/papers/testing.ts";
import { AQA_PAPER, fixturePdf } from "../../api/structure/fixtures.ts";

let browser: Browser;
let model: OpenAIStandIn;
let server: TestServer | undefined;
let db: Database;

beforeAll(async () => {
  browser = await launch();
  let n = 0;
  // It writes questions; any other request (Analyze Structure's refinement) it refuses, so the offline
  // reading of the PDF stands, as it does whenever the model fails.
  model = await startOpenAIStandIn((req) => {
    try {
      return { content: JSON.stringify(modelAnswerFor(req.messages[1].content, ++n)) };
    } catch {
      return { status: 503, error: { message: "The stand-in only writes questions." } };
    }
  }, { requireJsonSchema: true });
  server = await startServer("content", { OPENAI_API_KEY: "sk-content-test", OPENAI_BASE_URL: model.baseUrl, OPENAI_MODEL: "stand-in-model" });
  db = await connect(server.databaseUrl);
});
afterAll(async () => {
  server?.stop();
  await model?.close();
  await browser?.close();
});

/** A page signed in as a new user of the content server. */
async function signedIn(role: "admin" | "user", name: string): Promise<{ page: Page; userId: number }> {
  const page = await newPage(browser, { viewport: { width: 1280, height: 900 } });
  const user = await db.insert(users).values({ username: name, email: `${name}@example.com`, fullName: name, role }).returning().get();
  const token = randomBytes(20).toString("base64url");
  await db.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: server!.baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { page, userId: user.id };
}

describe("admin content, from nothing to a generated paper", () => {
  it("creates a paper, uploads its past paper, reads and saves its structure, adds a topic; a student generates it and finds its sections", async () => {
    const base = server!.baseURL;
    const { page } = await signedIn("admin", "content_admin");
    await page.goto(base + "/exam-papers");

    // Subject → board → level → paper, through the columns' dialogs.
    await page.getByRole("button", { name: "Add subject" }).click();
    const subjectDialog = page.getByRole("dialog", { name: "Add Subject" });
    await subjectDialog.getByLabel("Subject name").fill("Geology");
    await subjectDialog.getByRole("button", { name: "Add" }).click();
    await page.getByText("No exam boards offer Geology yet.").waitFor();
    await page.getByRole("button", { name: "Add exam board" }).click();
    const boardDialog = page.getByRole("dialog", { name: "Add Exam Board" });
    await boardDialog.getByLabel("Exam board name").fill("Granite Board");
    await boardDialog.getByLabel("Offered at level").selectOption("GCSE");
    await boardDialog.getByRole("button", { name: "Add" }).click();
    await page.getByText("Granite Board now offers Geology at GCSE.").waitFor();
    await page.getByRole("list", { name: "Levels" }).getByRole("button", { name: "GCSE", exact: true }).click();
    await page.getByRole("button", { name: "Add New Paper" }).click();
    const paperDialog = page.getByRole("dialog", { name: "Add Paper" });
    await paperDialog.getByLabel("Paper name").fill("Paper 1 - Rocks and Minerals");
    await paperDialog.getByRole("button", { name: "Create Paper" }).click();
    const card = page.getByTestId("paper-detail");
    await card.getByRole("heading", { name: "Paper 1 - Rocks and Minerals" }).waitFor();
    const paper = (await db.select().from(papers).where(and(eq(papers.subject, "Geology"), eq(papers.name, "Paper 1 - Rocks and Minerals"))).get())!;

    // Its past paper (AQA-style numbering, two sections, 9 parts, 40 marks), uploaded to its documents.
    await card.getByRole("tab", { name: "Documents" }).click();
    await uploadPastPaper(page, await fixturePdf(AQA_PAPER.pages, AQA_PAPER.furniture));

    // Analyze Structure proposes it; the editor opens with it; saved, the summary says so.
    await card.getByRole("tab", { name: "Paper Structure" }).click();
    const structure = page.getByTestId("structure-card");
    await structure.getByRole("button", { name: "Analyze Structure with AI" }).click();
    const analyze = page.getByRole("dialog", { name: "Analyze Paper Structure" });
    await analyze.getByRole("button", { name: "Analyze Paper" }).click();
    await analyze.waitFor({ state: "detached" });
    expect(await structure.getByLabel("Section name").first().inputValue()).toBe("Section A");
    expect(await seriousViolations(page)).toEqual([]);
    await structure.getByRole("button", { name: "Save Structure" }).click();
    await structure.getByText("Paper structure saved").waitFor();
    expect(await structure.getByTestId("structure-summary").innerText()).toBe("2 sections with a total of 9 questions (40 marks)");

    // A study topic: the generator spreads the questions over the paper's topics.
    await card.getByRole("tab", { name: "Study Topics" }).click();
    const topics = page.getByTestId("topics-tab");
    await topics.getByRole("button", { name: "Add Topic" }).click();
    const topicDialog = page.getByRole("dialog", { name: "Add topic" });
    await topicDialog.getByLabel("Name").fill("Rocks and the rock cycle");
    await topicDialog.getByLabel("Description").fill("Igneous, sedimentary and metamorphic rocks, and how each forms from the others.");
    await topicDialog.getByRole("button", { name: "Add Topic" }).click();
    await topics.getByRole("button", { name: "Edit Rocks and the rock cycle" }).waitFor();

    // The Details tab shows the paper's changes from the audit log: who, what, when, before and after.
    await card.getByRole("tab", { name: "Details" }).click();
    const history = page.getByTestId("paper-history");
    await history.getByText("Structure saved").waitFor();
    const changes = await history.innerText();
    expect(changes).toContain("Created");
    expect(changes).toContain("content_admin");
    await history.getByText("Before and after").first().click();
    expect(await history.locator("pre").nth(1).innerText()).toContain("Section B");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();

    // A student generates it on this server (the model writes every question) and finds its sections.
    const student = await signedIn("user", "content_student");
    await db.transaction((tx) => changeCredits(tx, { userId: student.userId, delta: 1, type: "admin_grant", description: "content test" }));
    const res = await student.page.request.post(base + "/api/generate-enhanced-paper", {
      headers: { Origin: base },
      data: { subject: "Geology", examBoard: "Granite Board", level: "GCSE", paperName: paper.name },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { id } = await res.json();
    const pdf = await student.page.request.get(`${base}/api/generated-papers/${id}/pdf`);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const text = normalise(pdftotext(new Uint8Array(await pdf.body())));
    expect(text).toContain("Section A");
    expect(text).toContain("Section B");
    expect(text).toMatch(/40 marks|maximum mark for this paper is 40/);
    await student.page.close();
  });
});

describe("the Document Management card", () => {
  it("shows the four sections, refuses what it must with the server's reason, stores, opens and deletes a PDF", async () => {
    const base = server!.baseURL;
    const { page } = await signedIn("admin", "documents_admin");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(base + "/settings");
      await page.getByRole("tab", { name: "Documents" }).click();
      await page.getByTestId("documents-settings").getByLabel("Paper").selectOption({ label: "AQA Biology GCSE: Paper 1" });
      const card = page.getByTestId("documents-tab");
      for (const empty of ["No specification added yet", "No past papers added yet", "No mark schemes added yet", "No examiner reports added yet"]) {
        await card.getByText(empty).waitFor();
      }
      expect(await card.getByRole("link", { name: /Browse Save My Exams/ }).getAttribute("target")).toBe("_blank");
      expect(await seriousViolations(page), `${width} px`).toEqual([]);
    }
    const card = page.getByTestId("documents-tab");

    // Add Document: the spec's messages, then the fetch guard's refusal of a loopback address.
    await card.getByRole("button", { name: "Add Document" }).click();
    const add = page.getByRole("dialog", { name: "Add Document" });
    await add.getByRole("button", { name: "Add Document" }).click();
    await add.getByText("Please enter a name for the document.").waitFor();
    await add.getByText("Please select the year for this document.").waitFor();
    await add.getByText("Please enter a URL for the document.").waitFor();
    await add.getByLabel("Year").selectOption(String(new Date().getFullYear()));
    await add.getByLabel("Name").fill("Loopback paper");
    await add.getByLabel("URL").fill("http://127.0.0.1:9/paper.pdf");
    await add.getByRole("button", { name: "Add Document" }).click();
    await add.getByRole("alert").getByText("Failed to add document").waitFor();
    expect(await add.getByRole("alert").innerText()).toMatch(/address|refused|not allowed/i);
    expect(await seriousViolations(page)).toEqual([]);
    await add.getByRole("button", { name: "Cancel" }).click();

    // Import: the page's address is refused too, and the dialog says why (no demo papers).
    await card.getByRole("button", { name: "Import Papers" }).click();
    const importer = page.getByRole("dialog", { name: "Import Papers from External Website" });
    await importer.getByLabel("Website URL").fill("http://10.0.0.1/past-papers");
    await importer.getByRole("button", { name: "Extract Papers" }).click();
    await importer.getByRole("alert").getByText("Extraction failed").waitFor();
    expect(await importer.getByRole("button", { name: "OK (0 selected)" }).isDisabled()).toBe(true);
    await importer.getByRole("button", { name: "Cancel" }).click();

    // Upload: a file that is not a PDF, whatever its name, is refused and nothing is listed.
    await card.getByRole("button", { name: "Upload PDF" }).click();
    const uploadDialog = page.getByRole("dialog", { name: "Upload PDF" });
    await uploadDialog.getByLabel("Document type").selectOption({ label: "Mark Scheme" });
    await uploadDialog.getByLabel("Year").selectOption(String(new Date().getFullYear() - 2));
    await uploadDialog.getByLabel("Name").fill("Not really a PDF");
    await uploadDialog.getByLabel("PDF file").setInputFiles({ name: "scheme.pdf", mimeType: "application/pdf", buffer: Buffer.from("GIF89a this is an image") });
    await uploadDialog.getByRole("button", { name: "Upload" }).click();
    await uploadDialog.getByRole("alert").getByText("Upload failed").waitFor();
    await uploadDialog.getByRole("button", { name: "Cancel" }).click();
    await card.getByText("No mark schemes added yet").waitFor();

    // A real PDF: stored, listed under Mark Schemes, opened as the PDF it is, then deleted after the spec's question.
    // A section's own add button opens Add Document on its type.
    await card.getByRole("button", { name: "Add Mark Scheme" }).click();
    const addScheme = page.getByRole("dialog", { name: "Add Document" });
    expect(await addScheme.getByLabel("Document type").inputValue()).toBe("markScheme");
    await addScheme.getByRole("button", { name: "Cancel" }).click();
    await uploadPastPaperAs(page, await fixturePdf(AQA_PAPER.pages, AQA_PAPER.furniture), "Mark Scheme", "June mark scheme");
    const link = card.getByTestId("documents-markScheme").getByRole("link", { name: "June mark scheme" });
    const opened = await page.request.get(new URL((await link.getAttribute("href"))!, base).href);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    expect((await opened.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    await card.getByRole("button", { name: "Delete June mark scheme" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm Deletion" });
    expect(await confirm.innerText()).toContain("Are you sure you want to delete this document? This action cannot be undone.");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await card.getByText("No mark schemes added yet").waitFor();
    await page.close();
  });
});

/** Uploads a PDF through the paper's Documents tab as a past paper of last year. */
async function uploadPastPaper(page: Page, bytes: Uint8Array) {
  await page.getByTestId("documents-tab").getByText("No past papers added yet").waitFor();
  await uploadPastPaperAs(page, bytes, "Past Paper", "June past paper");
  await page.getByTestId("documents-tab").getByTestId("documents-pastPaper").getByRole("link", { name: "June past paper" }).waitFor();
}

/** Uploads a PDF through the Documents tab as a document of last year of the given type. */
async function uploadPastPaperAs(page: Page, bytes: Uint8Array, type: string, name: string) {
  const documents = page.getByTestId("documents-tab");
  await documents.getByRole("button", { name: "Upload PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload PDF" });
  await dialog.getByLabel("Document type").selectOption({ label: type });
  await dialog.getByLabel("Year").selectOption(String(new Date().getFullYear() - 1));
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("PDF file").setInputFiles({ name: "past-paper.pdf", mimeType: "application/pdf", buffer: Buffer.from(bytes) });
  await dialog.getByRole("button", { name: "Upload" }).click();
  await dialog.waitFor({ state: "detached" });
  await documents.getByText("Document uploaded").waitFor();
  expect(await seriousViolations(page)).toEqual([]);
}
