// The catalogue's admin endpoints: access (401/403/2xx), the §5 messages, offerings, the structure
// PATCH, deletion that keeps students' papers, the audit log, the admin's defaults and the cache.
import { beforeAll, describe, expect, it } from "vitest";
import { and, count, eq } from "drizzle-orm";
import { createTestApp, send, signedInAs, studentWithCredits } from "../test-utils.ts";
import { auditLog, documents, generatedPapers, offerings, papers, questions, transactions } from "../db/schema.ts";
import { seed } from "../db/seed.ts";
import { addDocument } from "../documents/service.ts";
import { banks, catalogueRow, type T, requestFor } from "../papers/testing.ts";
import { MARK_OPTIONS } from "../../shared/papers.ts";
import { defaultSection, STRUCTURE_MESSAGES, structureSummary } from "../../shared/catalogue.ts";

let t: T;
let admin: { cookie: string; userId: number };
let student: { cookie: string; userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
  student = await studentWithCredits(t, "pupil", 10);
});

const as = (who: { cookie: string } | undefined, path: string, body?: unknown, method?: string) => send(t.app, path, body, who?.cookie, method);
const json = async (res: Response) => ({ status: res.status, body: await res.json() });

/** A new paper through the API: its row. */
async function newPaper(name: string, extra: Record<string, string> = {}) {
  const res = await as(admin, "/api/papers", { name, subject: "Biology", examBoard: "AQA", level: "GCSE", ...extra });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

const structureBody = (sections: unknown[], sectionCount = sections.length) => ({ questionStructure: JSON.stringify({ sections }), sectionCount });

describe("every catalogue admin endpoint is for admins only", () => {
  it("answers anonymous 401, a student 403 and an admin 2xx", async () => {
    const paper = await newPaper("Access check paper");
    const target = await newPaper("Access delete paper");
    const offering = (await json(await as(admin, "/api/offerings", { subject: "Physics", examBoard: "OCR", level: "A-Level" }))).body as { id: number };
    const calls: [string, string, unknown][] = [
      ["GET", "/api/catalogue", undefined],
      ["POST", "/api/subjects", { name: "Astronomy" }],
      ["POST", "/api/exam-boards", { name: "CCEA" }],
      ["POST", "/api/levels", { name: "IGCSE" }],
      ["POST", "/api/offerings", { subject: "Astronomy", examBoard: "CCEA", level: "IGCSE" }],
      ["POST", "/api/papers", { name: "Paper 1", subject: "Astronomy", examBoard: "CCEA", level: "IGCSE" }],
      ["PATCH", `/api/papers/${paper.id}`, { name: "Access check paper, renamed", subject: "Biology", examBoard: "AQA", level: "GCSE" }],
      ["PATCH", `/api/papers/${paper.id}`, structureBody([defaultSection(0)])],
      ["GET", `/api/papers/${paper.id}/exam-dates`, undefined],
      ["PUT", `/api/papers/${paper.id}/exam-dates`, { examDates: [{ series: "Summer 2027", date: "2027-05-20", source: "AQA timetable" }] }],
      ["DELETE", `/api/offerings/${offering.id}`, undefined],
      ["DELETE", `/api/papers/${target.id}`, undefined],
      ["GET", "/api/audit-log", undefined],
      ["GET", "/api/admin/defaults", undefined],
      ["PUT", "/api/admin/defaults", { defaultSubject: "Biology" }],
    ];
    for (const [method, path, body] of calls) {
      expect((await as(undefined, path, body, method)).status, `${method} ${path} anonymous`).toBe(401);
      expect((await as(student, path, body, method)).status, `${method} ${path} student`).toBe(403);
      const res = await as(admin, path, body, method);
      expect([200, 201], `${method} ${path} admin: ${await res.clone().text()}`).toContain(res.status);
    }
  });
});

describe("subjects, boards, levels and offerings", () => {
  it("adds records (unique names), stores which boards offer a subject at a level, and lists them fresh", async () => {
    expect(await json(await as(admin, "/api/subjects", { name: "Geology" }))).toMatchObject({ status: 201, body: { name: "Geology" } });
    expect(await json(await as(admin, "/api/subjects", { name: " geology " }))).toEqual({ status: 409, body: { message: "The subject 'geology' already exists" } });
    expect((await json(await as(admin, "/api/subjects", { name: "  " }))).body.message).toBe("Please enter a name");
    expect((await as(admin, "/api/exam-boards", { name: "Eduqas" })).status).toBe(201);
    expect((await as(admin, "/api/levels", { name: "AS-Level" })).status).toBe(201);
    expect((await json(await as(admin, "/api/exam-boards", { name: "AQA" }))).status).toBe(409);

    const made = await json(await as(admin, "/api/offerings", { subject: "Geology", examBoard: "Eduqas", level: "AS-Level" }));
    expect(made.status).toBe(201);
    expect(await json(await as(admin, "/api/offerings", { subject: "Geology", examBoard: "Eduqas", level: "AS-Level" }))).toEqual({
      status: 409,
      body: { message: "Eduqas already offers Geology at AS-Level" },
    });
    expect(await json(await as(admin, "/api/offerings", { subject: "Geology", examBoard: "Nobody", level: "AS-Level" }))).toEqual({
      status: 404,
      body: { message: "There is no exam board 'Nobody' in the catalogue: add it first." },
    });
    expect((await json(await as(admin, "/api/offerings", { subject: "Geology", examBoard: "", level: "AS-Level" }))).body.message).toBe("Exam board is required");

    const cat = (await json(await as(admin, "/api/catalogue"))).body as {
      subjects: { id: number; name: string }[];
      examBoards: { id: number; name: string }[];
      levels: { id: number; name: string }[];
      offerings: { id: number; subjectId: number; examBoardId: number; levelId: number }[];
    };
    const idOf = (list: { id: number; name: string }[], name: string) => list.find((x) => x.name === name)!.id;
    expect(cat.offerings).toContainEqual({ id: made.body.id, subjectId: idOf(cat.subjects, "Geology"), examBoardId: idOf(cat.examBoards, "Eduqas"), levelId: idOf(cat.levels, "AS-Level") });
    // The seed stores the seeded papers' offerings: AQA offers Biology at GCSE.
    expect(cat.offerings).toContainEqual(expect.objectContaining({ subjectId: idOf(cat.subjects, "Biology"), examBoardId: idOf(cat.examBoards, "AQA"), levelId: idOf(cat.levels, "GCSE") }));
    // The public (cached) lists show the new records at once.
    expect(((await (await t.app.request("/api/subjects")).json()) as { name: string }[]).map((s) => s.name)).toContain("Geology");
    expect(((await (await t.app.request("/api/levels")).json()) as { name: string }[]).map((s) => s.name)).toContain("AS-Level");

    // An offering with papers cannot be removed; without them it can.
    const aqaBiology = cat.offerings.find((o) => o.subjectId === idOf(cat.subjects, "Biology") && o.examBoardId === idOf(cat.examBoards, "AQA"))!;
    expect(await json(await as(admin, `/api/offerings/${aqaBiology.id}`, undefined, "DELETE"))).toEqual({ status: 409, body: { message: "AQA Biology at GCSE still has papers: delete them first." } });
    expect((await as(admin, `/api/offerings/${made.body.id}`, undefined, "DELETE")).status).toBe(200);
    expect(await t.db.select().from(offerings).where(eq(offerings.id, made.body.id)).get()).toBeUndefined();
    expect((await as(admin, `/api/offerings/${made.body.id}`, undefined, "DELETE")).status).toBe(404);
  });
});

describe("papers", () => {
  it("creates a paper with §5's messages, its offering made when missing, and shows it in GET /api/papers at once", async () => {
    // Warm the cache first: the new paper must still show at once.
    await t.app.request("/api/papers");
    const bad = async (body: Record<string, unknown>) => (await json(await as(admin, "/api/papers", { subject: "Biology", examBoard: "AQA", level: "GCSE", ...body }))).body.message;
    expect(await bad({ name: "" })).toBe("Paper name is required");
    expect(await bad({ name: "P1" })).toBe("Paper name must be at least 3 characters");
    expect(await bad({ name: "Paper 9", subject: "" })).toBe("Subject is required");
    expect(await bad({ name: "Paper 9", examBoard: " " })).toBe("Exam board is required");
    expect(await bad({ name: "Paper 9", level: "" })).toBe("Level is required");
    expect(await bad({ name: "Paper 9", examDate: "next June" })).toBe("Exam date must be a date (YYYY-MM-DD)");

    const created = await json(await as(admin, "/api/papers", { name: "Paper 3 - Ecology", subject: "Biology", examBoard: "Edexcel", level: "A-Level", subjectCode: "9BI0/03", examDate: "2027-06-12", description: "" }));
    expect(created).toMatchObject({ status: 201, body: { name: "Paper 3 - Ecology", level: "A-Level", subjectCode: "9BI0/03", examDate: "2027-06-12", description: null, sectionCount: 1 } });
    const listed = (await (await t.app.request("/api/papers")).json()) as { id: number }[];
    expect(listed.map((p) => p.id)).toContain(created.body.id);
    // Edexcel now offers Biology at A-Level.
    const cat = (await json(await as(admin, "/api/catalogue"))).body as { offerings: { examBoardId: number; subjectId: number; levelId: number }[]; examBoards: { id: number; name: string }[] };
    const edexcel = cat.examBoards.find((b) => b.name === "Edexcel")!.id;
    expect(cat.offerings.some((o) => o.examBoardId === edexcel)).toBe(true);

    expect(await json(await as(admin, "/api/papers", { name: "Paper 3 - Ecology", subject: "Biology", examBoard: "Edexcel", level: "A-Level" }))).toEqual({
      status: 409,
      body: { message: "Edexcel Biology A-Level already has a paper named 'Paper 3 - Ecology'" },
    });
    expect((await json(await as(admin, "/api/papers", { name: "Paper 1", subject: "Alchemy", examBoard: "AQA", level: "GCSE" }))).body.message).toBe(
      "There is no subject 'Alchemy' in the catalogue: add it first.",
    );
  });

  it("edits details through PATCH, with the same messages; an unknown paper is a 404", async () => {
    const paper = await newPaper("Paper 5 - Genetics");
    const patched = await json(await as(admin, `/api/papers/${paper.id}`, { name: "Paper 5 - Inheritance", subject: "Biology", examBoard: "AQA", level: "GCSE", description: "Inheritance, variation and evolution" }, "PATCH"));
    expect(patched).toMatchObject({ status: 200, body: { name: "Paper 5 - Inheritance", description: "Inheritance, variation and evolution" } });
    expect((await json(await as(admin, `/api/papers/${paper.id}`, { name: "", subject: "Biology", examBoard: "AQA", level: "GCSE" }, "PATCH"))).body.message).toBe("Paper name is required");
    expect((await as(admin, "/api/papers/999999", { name: "Paper 5", subject: "Biology", examBoard: "AQA", level: "GCSE" }, "PATCH")).status).toBe(404);
  });

  it("saves a structure with §5's rules, shows it in the list at once, and the seed keeps it", async () => {
    const paper = await newPaper("Paper 6 - Structure");
    const msg = async (body: unknown) => (await json(await as(admin, `/api/papers/${paper.id}`, body, "PATCH"))).body.message;
    const a = defaultSection(0);
    expect(await msg(structureBody([], 1))).toBe(STRUCTURE_MESSAGES.atLeastOneSection);
    expect(await msg(structureBody([a], 0))).toBe(STRUCTURE_MESSAGES.sectionCount);
    expect(await msg(structureBody([a], 2))).toBe(STRUCTURE_MESSAGES.sectionCountMatches);
    expect(await msg(structureBody([{ ...a, questions: a.questions.map((q) => ({ ...q, marks: 7 })) }]))).toBe(`Marks must be one of ${MARK_OPTIONS.join(", ")}.`);
    expect(await msg(structureBody([{ ...a, questionCount: 0, questions: [] }]))).toBe(STRUCTURE_MESSAGES.atLeastOneQuestion);
    expect(await msg(structureBody([{ ...a, questions: a.questions.map((q) => ({ ...q, type: "Riddle" })) }]))).toBe(STRUCTURE_MESSAGES.questionType);
    expect(await msg(structureBody([{ ...a, questionCount: 4 }]))).toBe(STRUCTURE_MESSAGES.countMatches);
    expect(await msg({ questionStructure: "{not json", sectionCount: 1 })).toBe(STRUCTURE_MESSAGES.unreadable);

    const b = { ...defaultSection(1), questionCount: 4, questions: [
      { id: "B1", type: "Long Answer", marks: 10 },
      { id: "B2", type: "Essay", marks: 12 },
      { id: "B3", type: "Short Answer", marks: 4 },
      { id: "B4", type: "Short Answer", marks: null },
    ] };
    await t.app.request("/api/papers");
    const saved = await json(await as(admin, `/api/papers/${paper.id}`, structureBody([a, b]), "PATCH"));
    expect(saved.status).toBe(200);
    expect(saved.body.sectionCount).toBe(2);
    const listed = ((await (await t.app.request("/api/papers")).json()) as { id: number; questionStructure: string; sectionCount: number }[]).find((p) => p.id === paper.id)!;
    expect(listed.sectionCount).toBe(2);
    const sections = JSON.parse(listed.questionStructure).sections;
    expect(structureSummary(sections)).toBe("2 sections with a total of 9 questions (37 marks)");

    // A restart's seed leaves an admin's structure alone.
    await seed(t.db);
    expect((await t.db.select().from(papers).where(eq(papers.id, paper.id)).get())!.questionStructure).toBe(JSON.stringify({ sections: [a, b] }));
  });

  it("deletes a paper with its documents and bank questions in one go; a student's generated paper stays readable (viewer and PDF), the ledger untouched", async () => {
    const bp = banks[0].blueprint;
    const gen = await send(t.app, "/api/generate-enhanced-paper", requestFor(bp), student.cookie);
    expect(gen.status).toBe(200);
    const generatedId = ((await gen.json()) as { id: number }).id;
    const ledgerBefore = await t.db.select().from(transactions).where(eq(transactions.userId, student.userId)).all();
    const viewerBefore = await (await as(student, `/api/generated-papers/${generatedId}`)).json();

    const row = await catalogueRow(t, bp);
    const pdf = new TextEncoder().encode("%PDF-1.4\n% a test document\n%%EOF\n");
    await addDocument(t.db, admin.userId, { paperId: row.id, type: "specification", title: "Specification", bytes: pdf });
    expect((await t.db.select({ n: count() }).from(questions).where(eq(questions.paperId, row.id)).get())!.n).toBeGreaterThan(0);

    const res = await json(await as(admin, `/api/papers/${row.id}`, undefined, "DELETE"));
    expect(res.status).toBe(200);
    expect(res.body.removed.documents).toBe(1);
    expect(res.body.removed.questions).toBeGreaterThan(0);
    expect(await t.db.select().from(papers).where(eq(papers.id, row.id)).get()).toBeUndefined();
    expect(await t.db.select().from(documents).where(eq(documents.paperId, row.id)).all()).toEqual([]);
    expect((await t.db.select({ n: count() }).from(questions).where(eq(questions.paperId, row.id)).get())!.n).toBe(0);
    expect(((await (await t.app.request("/api/papers")).json()) as { id: number }[]).some((p) => p.id === row.id)).toBe(false);

    // The student's paper: still theirs, the same document, its PDF still rendered.
    const kept = await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, generatedId)).get();
    expect(kept).toMatchObject({ userId: student.userId, paperId: null });
    const viewer = await as(student, `/api/generated-papers/${generatedId}`);
    expect(viewer.status).toBe(200);
    expect(await viewer.json()).toEqual(viewerBefore);
    const pdfRes = await as(student, `/api/generated-papers/${generatedId}/pdf`);
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get("content-type")).toContain("application/pdf");
    expect(new TextDecoder().decode((await pdfRes.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, student.userId)).all()).toEqual(ledgerBefore);

    // A restart's seed does not bring the deleted seeded paper back.
    await seed(t.db);
    expect(await t.db.select().from(papers).where(and(eq(papers.subject, bp.paper.subject), eq(papers.name, bp.paper.name))).get()).toBeUndefined();
    expect((await as(admin, `/api/papers/${row.id}`, undefined, "DELETE")).status).toBe(404);
  });
});

describe("the audit log", () => {
  it("records who changed what, when, with the record before and after, and admins read it newest first", async () => {
    const paper = await newPaper("Paper 7 - Audited");
    await as(admin, `/api/papers/${paper.id}`, { name: "Paper 7 - Audited again", subject: "Biology", examBoard: "AQA", level: "GCSE" }, "PATCH");
    await as(admin, `/api/papers/${paper.id}`, structureBody([defaultSection(0)]), "PATCH");
    await as(admin, `/api/papers/${paper.id}`, undefined, "DELETE");
    const entries = (await json(await as(admin, `/api/audit-log?entity=paper&entityId=${paper.id}`))).body as {
      action: string; username: string; createdAt: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null;
    }[];
    expect(entries.map((e) => e.action)).toEqual(["paper.delete", "paper.structure", "paper.update", "paper.add"]);
    for (const e of entries) {
      expect(e.username).toBe("boss");
      expect(e.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    }
    const [del, structure, update, add] = entries;
    expect(add.before).toBeNull();
    expect(add.after).toMatchObject({ name: "Paper 7 - Audited" });
    expect(update.before).toMatchObject({ name: "Paper 7 - Audited" });
    expect(update.after).toMatchObject({ name: "Paper 7 - Audited again" });
    expect(structure.before).toEqual({ questionStructure: "", sectionCount: 1 });
    expect(JSON.parse(structure.after!.questionStructure as string).sections[0].name).toBe("Section A");
    expect(del.before).toMatchObject({ name: "Paper 7 - Audited again", removed: { documents: 0, questions: 0 } });
    expect(del.after).toBeNull();

    const subjectEntries = (await json(await as(admin, "/api/audit-log?entity=subject"))).body as { action: string; after: { name: string } }[];
    expect(subjectEntries.some((e) => e.action === "subject.add" && e.after.name === "Geology")).toBe(true);
    // A refused change writes nothing.
    const before = (await t.db.select({ n: count() }).from(auditLog).get())!.n;
    await as(admin, "/api/subjects", { name: "Geology" });
    await as(admin, "/api/papers/999999", undefined, "DELETE");
    expect((await t.db.select({ n: count() }).from(auditLog).get())!.n).toBe(before);
    expect((await json(await as(admin, "/api/audit-log?limit=0"))).status).toBe(400);
  });
});

describe("the admin's default settings", () => {
  it("are stored per admin on the server, with the form's defaults until saved", async () => {
    const other = await signedInAs(t, { username: "boss2", email: "boss2@example.com", role: "admin" });
    expect((await json(await as(other, "/api/admin/defaults"))).body).toEqual({
      defaultSubject: "", defaultLevel: "", defaultExamBoard: "", defaultPaper: "", enableNotifications: true, enableAutoSave: true,
    });
    const value = { defaultSubject: "Religious Studies", defaultLevel: "GCSE", defaultExamBoard: "AQA", defaultPaper: "Paper 1 - Islam", enableNotifications: false, enableAutoSave: true };
    expect((await json(await as(other, "/api/admin/defaults", value, "PUT"))).body).toEqual(value);
    expect((await json(await as(other, "/api/admin/defaults"))).body).toEqual(value);
    // Another admin's stay their own.
    expect((await json(await as(admin, "/api/admin/defaults"))).body.defaultPaper).not.toBe("Paper 1 - Islam");
    expect((await json(await as(other, "/api/admin/defaults", { ...value, enableAutoSave: "yes" }, "PUT"))).status).toBe(400);
  });
});
