// The Study Topics tab and the Analyze Paper Structure dialog against the real API, mounted through a
// test-only harness (tests/browser/harness/structure-harness.tsx, bundled here with esbuild) on an
// admin page, since the catalogue's detail card that hosts them in the app is built apart. Screenshots
// at 1280 px and 375 px go to screenshots/.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Browser, Page } from "playwright-core";
import { baseURL, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { papers, users } from "../../api/db/schema.ts";
import { addDocument } from "../../api/documents/service.ts";
import { AQA_PAPER, fixturePdf, OCR_PAPER, SPECIFICATION } from "../../api/structure/fixtures.ts";
import { readQuestionStructure } from "../../shared/structure.ts";

let browser: Browser;
let harness: string;
beforeAll(async () => {
  browser = await launch();
  harness = execFileSync("node_modules/.bin/esbuild", [
    "tests/browser/harness/structure-harness.tsx",
    "--bundle",
    "--format=iife",
    "--jsx=automatic",
    '--define:process.env.NODE_ENV="production"',
    "--log-level=warning",
  ], { encoding: "utf8", maxBuffer: 10 * 1024 * 1024 });
  mkdirSync("screenshots", { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

let n = 0;
/** An admin page holding the harness for `paperId`; the harness script is served from the app's origin. */
async function mount(show: "topics" | "analyze", paperId: number, width = 1280): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height: 900 } });
  const k = ++n;
  await signIn(page.context(), { username: `structure_admin_${k}`, email: `structure.admin${k}@example.com`, fullName: "Ada Admin", role: "admin" });
  await page.route("**/__test/structure-harness.js", (route) => route.fulfill({ contentType: "text/javascript", body: harness }));
  await page.goto(baseURL() + "/settings");
  // The paper as the catalogue lists it (read from the database: the list is cached for 5 minutes).
  const { blueprint: _, ...row } = (await (await serverDb()).select().from(papers).where(eq(papers.id, paperId)).get())!;
  const paper = { ...row, generation: null };
  // The page's own script-src allows 'self': the harness is a script file of the same origin.
  await page.evaluate(({ paper, show }) => {
    const main = document.querySelector("main")!;
    main.innerHTML = "";
    const root = document.createElement("div");
    root.id = "harness-root";
    root.className = "mx-auto max-w-4xl p-4";
    root.dataset.props = JSON.stringify({ paper, show });
    main.append(root);
    const script = document.createElement("script");
    script.src = "/__test/structure-harness.js";
    document.body.append(script);
  }, { paper, show });
  return page;
}

let owner: number | undefined;
/** The admin recorded as having added the test's documents. */
async function documentOwner(): Promise<number> {
  owner ??= (await (await serverDb()).insert(users).values({ username: "structure_docs", email: "structure.docs@example.com", fullName: "Docs Admin", role: "admin" }).returning().get()).id;
  return owner;
}

async function newPaper(name: string) {
  const db = await serverDb();
  return db.insert(papers).values({ name, subject: "Biology", examBoard: "AQA", level: "GCSE" }).returning().get();
}

describe("Study Topics tab", () => {
  it("shows the empty message, generates from the specification, adds, edits and deletes", async () => {
    const db = await serverDb();
    const paper = await newPaper("Paper 5 - Topics test");
    const page = await mount("topics", paper.id);
    const tab = page.getByTestId("topics-tab");
    await tab.getByText("No study topics yet.", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/topics-empty-1280.png", fullPage: true });

    // No specification yet: the server's reason, under 'Error generating topics'.
    await tab.getByRole("button", { name: "Generate from specification" }).click();
    await page.getByRole("alert").filter({ hasText: "Error generating topics" }).getByText(/no specification document/).waitFor();

    await addDocument(db, await documentOwner(), { paperId: paper.id, type: "specification", title: "Specification", bytes: await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture) });
    await tab.getByRole("button", { name: "Generate from specification" }).click();
    await tab.getByText("4 topics were read from the specification.").waitFor();
    // The message can come before the list has re-rendered.
    await expect.poll(() => tab.getByTestId("topic-row").count()).toBe(SPECIFICATION.topics.length);
    expect(await tab.getByTestId("topic-row").locator("p.font-medium").allInnerTexts()).toEqual(SPECIFICATION.topics);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/topics-list-1280.png", fullPage: true });

    // Add: the button waits for a name (§5: empty trimmed text is ignored).
    await tab.getByRole("button", { name: "Add Topic" }).click();
    const add = page.getByRole("dialog", { name: "Add topic" });
    await add.getByLabel("Name").fill("   ");
    expect(await add.getByRole("button", { name: "Add Topic" }).isDisabled()).toBe(true);
    await add.getByLabel("Name").fill("4.5 Homeostasis and response");
    await add.getByLabel("Description").fill("Hormones, the nervous system and control of blood glucose.");
    expect(await seriousViolations(page)).toEqual([]);
    await add.getByRole("button", { name: "Add Topic" }).click();
    await tab.getByTestId("topic-list").getByText("4.5 Homeostasis and response").waitFor();

    await tab.getByRole("button", { name: "Edit 4.5 Homeostasis and response" }).click();
    const edit = page.getByRole("dialog", { name: "Edit topic" });
    await edit.getByLabel("Name").fill("4.5 Homeostasis");
    await edit.getByRole("button", { name: "Save Topic" }).click();
    await tab.getByTestId("topic-list").getByText("4.5 Homeostasis", { exact: true }).waitFor();

    await tab.getByRole("button", { name: "Delete 4.5 Homeostasis" }).click();
    await page.getByRole("dialog", { name: "Delete topic" }).getByRole("button", { name: "Delete" }).click();
    await tab.getByText("Topic deleted").waitFor();
    expect(await tab.getByTestId("topic-row").count()).toBe(4);

    // Regenerate asks first, then replaces.
    await tab.getByRole("button", { name: "Regenerate from specification" }).click();
    const confirm = page.getByRole("dialog", { name: "Regenerate topics" });
    await confirm.getByText(/replaces the paper's 4 topics/).waitFor();
    await confirm.getByRole("button", { name: "Regenerate" }).click();
    await tab.getByText("4 topics were read from the specification.").waitFor();
    await page.close();

    const narrow = await mount("topics", paper.id, 375);
    await narrow.getByTestId("topic-row").first().waitFor();
    await narrow.screenshot({ path: "screenshots/topics-list-375.png", fullPage: true });
    await narrow.close();
  });
});

describe("Analyze Paper Structure dialog", () => {
  it("lists past papers newest first with the newest chosen, analyzes it and proposes its structure", async () => {
    const db = await serverDb();
    const paper = await newPaper("Paper 6 - Analyze test");
    await addDocument(db, await documentOwner(), { paperId: paper.id, type: "pastPaper", title: "Question paper: June 2022", year: 2022, bytes: await fixturePdf(OCR_PAPER.pages, OCR_PAPER.furniture) });
    await addDocument(db, await documentOwner(), { paperId: paper.id, type: "pastPaper", title: "Question paper: June 2024", year: 2024, bytes: await fixturePdf(AQA_PAPER.pages, AQA_PAPER.furniture) });
    await addDocument(db, await documentOwner(), { paperId: paper.id, type: "specification", title: "Specification", bytes: await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture) });

    for (const width of [1280, 375]) {
      const page = await mount("analyze", paper.id, width);
      await page.getByRole("button", { name: "Analyze Structure with AI" }).click();
      const dialog = page.getByRole("dialog", { name: "Analyze Paper Structure" });
      await dialog.getByRole("radio").first().waitFor();
      const radios = dialog.getByRole("radio");
      expect(await radios.count()).toBe(2);
      expect(await dialog.locator("label").allInnerTexts()).toEqual([expect.stringContaining("June 2024"), expect.stringContaining("June 2022")]);
      expect(await radios.first().isChecked()).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `screenshots/analyze-dialog-${width}.png` });
      if (width === 375) {
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await dialog.waitFor({ state: "detached" });
        await page.close();
        continue;
      }
      await dialog.getByRole("button", { name: "Analyze Paper" }).click();
      const proposed = page.getByTestId("proposed");
      await proposed.waitFor();
      const structure = readQuestionStructure(await proposed.innerText())!;
      expect(structure.sections.map((s) => s.name)).toEqual(["Section A", "Section B"]);
      expect(structure.sections.flatMap((s) => s.questions.map((q) => q.marks))).toEqual(AQA_PAPER.marks);
      expect(await dialog.count()).toBe(0);
      await page.close();
    }
  });

  it("shows the failure with the server's reason, and the empty state without past papers", async () => {
    const db = await serverDb();
    const paper = await newPaper("Paper 7 - Analyze failure");
    // A past paper whose text has no numbered questions with marks.
    await addDocument(db, await documentOwner(), { paperId: paper.id, type: "pastPaper", title: "Not really a question paper", year: 2023, bytes: await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture) });
    const page = await mount("analyze", paper.id);
    await page.getByRole("button", { name: "Analyze Structure with AI" }).click();
    const dialog = page.getByRole("dialog", { name: "Analyze Paper Structure" });
    await dialog.getByRole("radio").first().waitFor();
    await dialog.getByRole("button", { name: "Analyze Paper" }).click();
    const error = dialog.getByTestId("analyze-error");
    await error.waitFor();
    expect(await error.innerText()).toMatch(/^Analysis failed\s+No numbered questions with marks were found/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: "screenshots/analyze-error-1280.png" });
    await page.close();

    const empty = await newPaper("Paper 8 - No documents");
    const page2 = await mount("analyze", empty.id, 375);
    await page2.getByRole("button", { name: "Analyze Structure with AI" }).click();
    const dialog2 = page2.getByRole("dialog", { name: "Analyze Paper Structure" });
    await dialog2.getByText(/No past papers added yet/).waitFor();
    expect(await dialog2.getByRole("button", { name: "Analyze Paper" }).isDisabled()).toBe(true);
    await page2.screenshot({ path: "screenshots/analyze-empty-375.png" });
    await page2.close();
  });
});

describe("a paper set up by an admin, offline", () => {
  it("shows on the generator as not yet available, with the reason", async () => {
    const db = await serverDb();
    const structure = JSON.stringify({ sections: [{ name: "Section A", questionCount: 2, questionTypes: ["Short Answer"], marks: [2, 4], questions: [{ id: "1.1", type: "Short Answer", marks: 2 }, { id: "1.2", type: "Short Answer", marks: 4 }] }] });
    const paper = await db.insert(papers).values({ name: "Paper 9 - Ecology", subject: "Biology", examBoard: "AQA", level: "GCSE", questionStructure: structure }).returning().get();
    // Its topic, added through the API: the server builds the blueprint and refreshes its catalogue.
    const admin = await mount("topics", paper.id);
    const res = await admin.request.post(`${baseURL()}/api/papers/${paper.id}/topics`, { data: { name: "Ecosystems", description: "Communities and interdependence." }, headers: { Origin: baseURL() } });
    expect(res.status()).toBe(201);
    await admin.close();

    for (const width of [1280, 375]) {
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(page.context(), { username: `pending_student_${width}`, email: `pending.student${width}@example.com`, fullName: "Sam Student" });
      await page.goto(baseURL() + "/exam-generator");
      await hydrated(page, "ExamGenerator");
      await page.getByLabel("Subject", { exact: true }).selectOption("Biology");
      const note = page.getByTestId("pending-papers");
      await note.waitFor();
      // Its own line among any other papers not yet available (other tests' papers share this server).
      const text = await note.innerText();
      expect(text).toMatch(/^Not yet available/);
      expect(text).toContain("AQA GCSE Biology Paper 9 - Ecology: The question bank has no question for 2 of its 2 question slots. It can be generated once the bank holds enough questions for it.");
      // It is not offered in the paper list.
      expect(await page.getByLabel("Paper", { exact: true }).locator("option", { hasText: "Paper 9 - Ecology" }).count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await note.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `screenshots/generator-pending-${width}.png` });
      await page.close();
    }
  });
});
