// /exam-papers and the catalogue's settings tabs in Chromium, against the real API: subject → board →
// level → paper made through the dialogs, the structure edited and saved, the summary line, the
// delete confirmation, the settings tabs' order and the admin's stored defaults, axe on each screen.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { and, eq } from "drizzle-orm";
import { baseURL, launch, newPage, serverDb, signIn, seriousViolations } from "./helpers.ts";
import { papers } from "../../api/db/schema.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let admins = 0;
async function adminPage(width = 1280): Promise<Page> {
  const page = await newPage(browser, { viewport: { width, height: 900 } });
  const n = ++admins;
  await signIn(page.context(), { username: `catalogue_admin_${n}`, email: `catalogue.admin${n}@example.com`, fullName: "Cat Admin", role: "admin" });
  return page;
}

const pressed = (page: Page, list: string, name: string) => page.getByRole("list", { name: list }).getByRole("button", { name, exact: true }).getAttribute("aria-pressed");

describe("/exam-papers", () => {
  it("creates subject → board → level → paper, edits and saves the structure, shows the summary, and deletes the paper after the spec's confirmation", async () => {
    const page = await adminPage();
    await page.goto(baseURL() + "/exam-papers");
    await page.getByTestId("select-options").getByRole("button", { name: "Create New Paper" }).waitFor();
    expect(await page.getByText("Select Options").count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // Subject: a name already in the list keeps the button disabled (§5).
    await page.getByRole("button", { name: "Add subject" }).click();
    const subjectDialog = page.getByRole("dialog", { name: "Add Subject" });
    await subjectDialog.getByLabel("Subject name").fill("biology");
    expect(await subjectDialog.getByRole("button", { name: "Add" }).isDisabled()).toBe(true);
    await subjectDialog.getByLabel("Subject name").fill("Astronomy");
    await subjectDialog.getByRole("button", { name: "Add" }).click();
    await page.getByText("Subject added successfully.").waitFor();
    expect(await pressed(page, "Subjects", "Astronomy")).toBe("true");
    await page.getByText("No exam boards offer Astronomy yet.").waitFor();
    // The subject's icon: the default one (Astronomy is none of §2's named subjects); Mathematics has its own.
    expect(await page.getByRole("list", { name: "Subjects" }).getByRole("button", { name: "Astronomy" }).locator("svg").getAttribute("data-icon")).toBe("default");
    expect(await page.getByRole("list", { name: "Subjects" }).getByRole("button", { name: "Mathematics" }).locator("svg").getAttribute("data-icon")).toBe("maths");

    // Board, offered at GCSE: a new board record and the offering.
    await page.getByRole("button", { name: "Add exam board" }).click();
    const boardDialog = page.getByRole("dialog", { name: "Add Exam Board" });
    await boardDialog.getByLabel("Exam board name").fill("Stellar Board");
    await boardDialog.getByLabel("Offered at level").selectOption("GCSE");
    await boardDialog.getByRole("button", { name: "Add" }).click();
    await page.getByText("Stellar Board now offers Astronomy at GCSE.").waitFor();
    expect(await pressed(page, "Exam boards", "Stellar Board")).toBe("true");

    // Level: a new level for this board.
    await page.getByRole("button", { name: "Add level" }).click();
    const levelDialog = page.getByRole("dialog", { name: "Add Qualification Level" });
    await levelDialog.getByLabel("Level name").fill("AS-Level");
    await levelDialog.getByRole("button", { name: "Add" }).click();
    await page.getByText("Stellar Board now offers Astronomy at AS-Level.").waitFor();
    expect(await pressed(page, "Levels", "AS-Level")).toBe("true");
    await page.getByText("No papers found").waitFor();

    // Paper: §5's message first, then created and selected.
    await page.getByRole("button", { name: "Add New Paper" }).click();
    const paperDialog = page.getByRole("dialog", { name: "Add Paper" });
    // Subject, board and level come from the selection and are not asked for.
    expect(await paperDialog.getByLabel("Subject", { exact: true }).count()).toBe(0);
    await paperDialog.getByLabel("Paper name").fill("P1");
    await paperDialog.getByRole("button", { name: "Create Paper" }).click();
    await paperDialog.getByRole("alert").getByText("Validation Error").waitFor();
    expect(await paperDialog.getByRole("alert").innerText()).toContain("Paper name must be at least 3 characters");
    expect(await seriousViolations(page)).toEqual([]);
    await paperDialog.getByLabel("Paper name").fill("Paper 1 - Stars and Planets");
    await paperDialog.getByLabel("Exam date (optional)").fill("2027-05-18");
    await paperDialog.getByRole("button", { name: "Create Paper" }).click();
    const card = page.getByTestId("paper-detail");
    await card.getByRole("heading", { name: "Paper 1 - Stars and Planets" }).waitFor();
    expect(await card.getByRole("tab").allInnerTexts()).toEqual(["Details", "Documents", "Paper Structure", "Study Topics"]);

    // Structure: from the default Section A, a Section B of 4 questions, one worth 25 marks.
    await card.getByRole("tab", { name: "Paper Structure" }).click();
    const structure = page.getByTestId("structure-card");
    await structure.getByText("No structure saved yet.").waitFor();
    await structure.getByRole("button", { name: "Edit Structure" }).click();
    expect(await structure.getByLabel("Section name").inputValue()).toBe("Section A");
    expect(await structure.getByRole("button", { name: "Delete section" }).isDisabled()).toBe(true);
    await structure.getByRole("button", { name: "Add Section" }).click();
    const sectionB = structure.getByRole("group", { name: "Section 2" });
    expect(await sectionB.getByLabel("Section name").inputValue()).toBe("Section B");
    await sectionB.getByLabel("Questions").fill("0"); // ignored (§5)
    await sectionB.getByLabel("Questions").fill("4");
    expect(await sectionB.getByRole("row").count()).toBe(5);
    await sectionB.getByLabel("Marks of question 4").selectOption("25");
    expect(await seriousViolations(page)).toEqual([]);
    await structure.getByRole("button", { name: "Save Structure" }).click();
    await structure.getByText("Paper structure saved").waitFor();
    expect(await structure.getByTestId("structure-summary").innerText()).toBe("2 sections with a total of 9 questions (40 marks)");
    const db = await serverDb();
    const row = (await db.select().from(papers).where(and(eq(papers.subject, "Astronomy"), eq(papers.name, "Paper 1 - Stars and Planets"))).get())!;
    expect(row.sectionCount).toBe(2);
    expect(JSON.parse(row.questionStructure).sections.map((s: { name: string; questionCount: number }) => [s.name, s.questionCount])).toEqual([["Section A", 5], ["Section B", 4]]);
    await card.getByRole("tab", { name: "Details" }).click();
    await card.getByText("2 sections with a total of 9 questions (40 marks)").waitFor();

    // Exam dates: the form's date is the Summer 2027 series' date; the admin adds a second series.
    const dates = card.getByTestId("exam-dates");
    expect((await dates.locator("li").first().innerText()).split(/\n+/)).toEqual(["Summer 2027: 18 May 2027", "Source: Entered by an administrator"]);
    await dates.getByRole("button", { name: "Edit exam dates" }).click();
    await dates.getByRole("button", { name: "Add exam date" }).click();
    const second = dates.getByRole("group", { name: "Exam date 2" });
    await second.getByLabel("Date", { exact: true }).fill("2028-05-17");
    await dates.getByRole("button", { name: "Save exam dates" }).click();
    await dates.getByRole("alert").getByText("Please say where the date comes from (the board's timetable, for example)").waitFor();
    expect(await second.getByLabel("Series", { exact: true }).inputValue()).toBe("Summer 2028");
    await second.getByLabel("Source", { exact: true }).fill("AQA provisional timetable, June 2028");
    expect(await seriousViolations(page)).toEqual([]);
    await dates.getByRole("button", { name: "Save exam dates" }).click();
    await dates.getByText("Exam dates saved.").waitFor();
    expect(await dates.locator("li").allInnerTexts()).toEqual([
      "Summer 2027: 18 May 2027\nSource: Entered by an administrator",
      "Summer 2028: 17 May 2028\nSource: AQA provisional timetable, June 2028",
    ]);

    // Edit: every field shown, the same messages, saved through PATCH.
    await card.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: "Edit Paper" });
    expect(await edit.getByLabel("Subject", { exact: true }).inputValue()).toBe("Astronomy");
    await edit.getByLabel("Paper name").fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    expect(await edit.getByRole("alert").innerText()).toContain("Paper name is required");
    await edit.getByLabel("Paper name").fill("Paper 1 - Stars");
    await edit.getByLabel("Subject code (optional)").fill("AST/1");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await card.getByRole("heading", { name: "Paper 1 - Stars" }).waitFor();
    await card.getByText("AST/1", { exact: true }).waitFor();
    // The structure is kept through an edit of the details.
    await card.getByText("2 sections with a total of 9 questions (40 marks)").waitFor();

    // Delete: the spec's confirmation, then gone.
    await card.getByRole("button", { name: "Delete" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Paper 1 - Stars?" });
    await confirm.getByText("This will permanently delete the paper and all associated data.").waitFor();
    await confirm.getByRole("button", { name: "Delete Paper" }).click();
    await page.getByText("No papers found").waitFor();
    expect(await db.select().from(papers).where(eq(papers.id, row.id)).get()).toBeUndefined();
    await page.close();
  });

  it("clears the board, level and paper when another subject is chosen", async () => {
    const page = await adminPage();
    await page.goto(baseURL() + "/exam-papers");
    await page.getByRole("list", { name: "Subjects" }).getByRole("button", { name: "Biology" }).click();
    await page.getByRole("list", { name: "Exam boards" }).getByRole("button", { name: "AQA" }).click();
    await page.getByRole("list", { name: "Levels" }).getByRole("button", { name: "GCSE" }).click();
    await page.getByRole("list", { name: "Papers" }).getByRole("button").first().click();
    await page.getByTestId("paper-detail").waitFor();
    await page.getByRole("list", { name: "Subjects" }).getByRole("button", { name: "Chemistry" }).click();
    expect(await page.getByTestId("paper-detail").count()).toBe(0);
    expect(await page.getByRole("list", { name: "Levels" }).count()).toBe(0);
    expect(await pressed(page, "Exam boards", "AQA")).toBe("false");
    await page.close();
  });
});

describe("/exam-papers at 375 px", () => {
  it("opens a paper whose stored structure cannot be read on the default Section A of 5 questions with the spec's notice, without axe violations", async () => {
    const db = await serverDb();
    const broken = await db.insert(papers).values({ name: "Paper 9 - Broken", subject: "Biology", examBoard: "AQA", level: "GCSE", questionStructure: "{not json" }).returning().get();
    const page = await adminPage(375);
    await page.request.put(baseURL() + "/api/admin/defaults", {
      headers: { origin: baseURL() },
      data: { defaultSubject: "Biology", defaultExamBoard: "AQA", defaultLevel: "GCSE", defaultPaper: "Paper 9 - Broken" },
    });
    await page.goto(baseURL() + "/exam-papers");
    const card = page.getByTestId("paper-detail");
    await card.getByRole("heading", { name: "Paper 9 - Broken" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await card.getByRole("tab", { name: "Paper Structure" }).click();
    const structure = page.getByTestId("structure-card");
    await structure.getByText("Error loading paper structure").waitFor();
    await structure.getByText("Using default structure instead.").waitFor();
    expect(await structure.getByTestId("structure-summary").innerText()).toBe("1 section with a total of 5 questions (11 marks)");
    await structure.getByRole("button", { name: "Edit Structure" }).click();
    expect(await structure.getByRole("row").count()).toBe(6);
    expect(await seriousViolations(page)).toEqual([]);
    // Nothing in the editor is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await db.delete(papers).where(eq(papers.id, broken.id));
    await page.close();
  });
});

describe("settings admin tabs", () => {
  it("lists Exam Papers (the default), Documents, AI Diagnostics, Discount Codes and System, each without axe violations; the stored defaults preselect /exam-papers", async () => {
    const page = await adminPage();
    await page.goto(baseURL() + "/settings");
    const tabs = page.getByRole("tablist", { name: "Administration" }).getByRole("tab");
    await tabs.first().waitFor();
    expect(await tabs.allInnerTexts()).toEqual(["Exam Papers", "Documents", "AI Diagnostics", "Discount Codes", "System"]);
    expect(await page.getByRole("tab", { name: "Exam Papers" }).getAttribute("aria-selected")).toBe("true");
    const defaults = page.getByTestId("default-settings");
    await defaults.getByLabel("Default subject").waitFor();
    await page.getByTestId("exam-papers").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // §3: the default settings form, stored on the server for this admin.
    await defaults.getByLabel("Default subject").selectOption("Religious Studies");
    await defaults.getByLabel("Default exam board").selectOption("AQA");
    await defaults.getByLabel("Default level").selectOption("GCSE");
    await defaults.getByLabel("Default paper").selectOption("Paper 1 - Islam");
    await defaults.getByLabel("Enable auto-save").uncheck();
    await defaults.getByRole("button", { name: "Save Defaults" }).click();
    await defaults.getByText("Defaults saved").waitFor();
    const stored = await (await page.request.get(baseURL() + "/api/admin/defaults")).json();
    expect(stored).toEqual({ defaultSubject: "Religious Studies", defaultLevel: "GCSE", defaultExamBoard: "AQA", defaultPaper: "Paper 1 - Islam", enableNotifications: true, enableAutoSave: false });

    await page.getByRole("tab", { name: "Documents" }).click();
    const documents = page.getByTestId("documents-settings");
    await documents.getByLabel("Paper").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "AI Diagnostics" }).click();
    const diagnostics = page.getByTestId("ai-diagnostics");
    // The test server has no key (and no DOCUMENT_AI_SECRET): the status says so plainly (diagnostics.test.ts runs the tab).
    await diagnostics.getByRole("tab", { name: "Service Status" }).click();
    await diagnostics.getByTestId("status-errors").getByText("No Document AI credentials are stored.", { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The defaults open /exam-papers on that paper.
    await page.goto(baseURL() + "/exam-papers");
    await page.getByTestId("paper-detail").getByRole("heading", { name: "Paper 1 - Islam" }).waitFor();
    expect(await pressed(page, "Subjects", "Religious Studies")).toBe("true");
    expect(await seriousViolations(page)).toEqual([]);

    // And the generator opens on it too.
    await page.goto(baseURL() + "/exam-generator");
    const form = page.getByTestId("generator-form");
    expect(await form.getByLabel("Subject").inputValue()).toBe("Religious Studies");
    expect(await form.getByLabel("Paper", { exact: true }).inputValue()).toBe("Paper 1 - Islam");
    await page.close();
  });
});
