// Analyze Structure, study topics, and a saved structure becoming what the engine builds: on PDFs made
// here with pdf-lib, through the real API (and the model stand-in where a model is configured).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { createTestApp, send, signedInAs, studentWithCredits } from "../test-utils.ts";
import { auditLog, papers, paperTopics } from "../db/schema.ts";
import { addDocument } from "../documents/service.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../ai/stand-in.ts";
import { modelAnswerFor, normalise, pdftotext } from "../papers/testing.ts";
import { readBlueprint } from "../papers/bank.ts";
import { allSlots } from "../../shared/papers.ts";
import { readQuestionStructure, STRUCTURE_MESSAGES, TOPIC_NAME_REQUIRED } from "../../shared/structure.ts";
import { AQA_PAPER, EDEXCEL_PAPER, fixturePdf, OCR_PAPER, SPECIFICATION } from "./fixtures.ts";
import { pdfLines } from "./pdf-text.ts";
import { parsePaper } from "./parse.ts";
import { applyStructureToBlueprint } from "./blueprint.ts";
import type { Deps } from "../context.ts";
import type { App } from "../app.ts";
import type { Paper } from "../../shared/schemas.ts";
import { subjectAvailability } from "../catalogue/service.ts";
import { generatablePapers, pendingPapers } from "../../site/stores/catalogue.ts";

type T = Deps & { app: App };

async function people(t: T) {
  const admin = await signedInAs(t, { username: "admin1", email: "admin1@example.com", role: "admin" });
  const student = await signedInAs(t, { username: "stu", email: "stu@example.com" });
  return { admin, student };
}

/** A paper as the catalogue's POST /api/papers makes it: no structure, no blueprint. */
async function newPaper(t: T, name = "Paper 3 - Ecology") {
  return (await t.db.insert(papers).values({ name, subject: "Biology", examBoard: "OCR", level: "GCSE", subjectCode: "J247/03" }).returning().get());
}

async function attach(t: T, paperId: number, userId: number, type: "pastPaper" | "specification", bytes: Uint8Array, year?: number) {
  return addDocument(t.db, userId, { paperId, type, title: `${type} ${year ?? ""}`.trim(), year, bytes });
}

describe("Analyze Structure, offline parser", () => {
  for (const [board, paper] of [["AQA", AQA_PAPER], ["Edexcel", EDEXCEL_PAPER], ["OCR", OCR_PAPER]] as const) {
    it(`reads ${board}-style numbering and marks, without headers, footers or 'Turn over'`, async () => {
      const parsed = parsePaper(await pdfLines(await fixturePdf(paper.pages, paper.furniture)));
      expect(parsed.convention).toBe(board);
      const questions = parsed.sections.flatMap((s) => s.questions);
      expect(questions.map((q) => q.number)).toEqual(paper.parts);
      expect(questions.map((q) => q.marks)).toEqual(paper.marks);
      if ("sections" in paper) expect(parsed.sections.map((s) => s.name)).toEqual(paper.sections);
      for (const q of questions) expect(q.text).not.toMatch(/turn over|do not write|IB\/M|P72841A|©/i);
    });
  }

  it("infers types: multiple choice from options A to D, long answers from 6 marks, essays from 12", async () => {
    const parsed = parsePaper(await pdfLines(await fixturePdf(AQA_PAPER.pages, AQA_PAPER.furniture)));
    const byNumber = new Map(parsed.sections.flatMap((s) => s.questions).map((q) => [q.number, q.type]));
    expect(byNumber.get("01.1")).toBe("Multiple Choice");
    expect(byNumber.get("01.2")).toBe("Short Answer");
    expect(byNumber.get("02.2")).toBe("Long Answer");
    expect(byNumber.get("04.2")).toBe("Essay");
  });
});

describe("POST /api/analyze-paper-structure", () => {
  it("is for admins only, and proposes the past paper's structure in the stored format", async () => {
    const t = await createTestApp();
    const { admin, student } = await people(t);
    const paper = await newPaper(t);
    const older = await attach(t, paper.id, admin.userId, "pastPaper", await fixturePdf(OCR_PAPER.pages, OCR_PAPER.furniture), 2022);
    const doc = await attach(t, paper.id, admin.userId, "pastPaper", await fixturePdf(AQA_PAPER.pages, AQA_PAPER.furniture), 2024);
    const body = { paperId: paper.id, documentId: doc.id };
    expect((await send(t.app, "/api/analyze-paper-structure", body)).status).toBe(401);
    expect((await send(t.app, "/api/analyze-paper-structure", body, student.cookie)).status).toBe(403);

    const res = await send(t.app, "/api/analyze-paper-structure", body, admin.cookie);
    expect(res.status).toBe(200);
    const result = await res.json();
    expect(result.success).toBe(true);
    expect(result.refinedByModel).toBe(false);
    expect(result.paperStructure).toMatchObject({ totalSections: 2, totalQuestions: 9, totalMarks: 40 });
    expect(result.paperStructure.sections[0]).toMatchObject({ name: "Section A", questionCount: 5, marks: 16, questionIds: ["01.1", "01.2", "01.3", "02.1", "02.2"] });
    const stored = readQuestionStructure(result.questionStructure)!;
    expect(stored.sections.map((s) => s.questionCount)).toEqual([5, 4]);
    expect(stored.sections[1].questions.at(-1)).toMatchObject({ displayName: "04.2", type: "Essay", marks: 12 });

    const ocr = await (await send(t.app, "/api/analyze-paper-structure", { ...body, documentId: older.id }, admin.cookie)).json();
    expect(ocr.paperStructure).toMatchObject({ totalSections: 2, totalQuestions: 6, totalMarks: 30 });
  });

  it("refuses a missing choice with §5's message, another paper's document, and a document that is not a past paper", async () => {
    const t = await createTestApp();
    const { admin } = await people(t);
    const paper = await newPaper(t);
    const other = await newPaper(t, "Paper 4");
    const spec = await attach(t, paper.id, admin.userId, "specification", await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture));
    const missing = await send(t.app, "/api/analyze-paper-structure", { paperId: paper.id }, admin.cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe(STRUCTURE_MESSAGES.selectPastPaper);
    const foreign = await send(t.app, "/api/analyze-paper-structure", { paperId: other.id, documentId: spec.id }, admin.cookie);
    expect(foreign.status).toBe(404);
    const notPast = await send(t.app, "/api/analyze-paper-structure", { paperId: paper.id, documentId: spec.id }, admin.cookie);
    expect(notPast.status).toBe(400);
    expect((await notPast.json()).message).toMatch(/not a past paper/);
  });
});

describe("with a model configured", () => {
  let standIn: OpenAIStandIn;
  beforeAll(async () => {
    standIn = await startOpenAIStandIn(() => ({ content: "{}" }), { requireJsonSchema: true });
  });
  afterAll(() => standIn.close());

  it("Analyze Structure lets the model correct types and marks of the numbers found, never add a question", async () => {
    const t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl });
    const { admin } = await people(t);
    const paper = await newPaper(t);
    const doc = await attach(t, paper.id, admin.userId, "pastPaper", await fixturePdf(OCR_PAPER.pages, OCR_PAPER.furniture), 2024);
    standIn.reply = () => ({
      content: JSON.stringify({ questions: [{ number: "2", type: "Long Answer", marks: 5 }, { number: "9(z)", type: "Essay", marks: 20 }, { number: "1(a)", type: "Short Answer", marks: 999 }] }),
    });
    const result = await (await send(t.app, "/api/analyze-paper-structure", { paperId: paper.id, documentId: doc.id }, admin.cookie)).json();
    expect(standIn.requests.at(-1)?.response_format?.type).toBe("json_schema");
    expect(result.refinedByModel).toBe(true);
    expect(result.paperStructure).toMatchObject({ totalQuestions: 6, totalMarks: 30 });
    const questions = readQuestionStructure(result.questionStructure)!.sections.flatMap((s) => s.questions);
    expect(questions.find((q) => q.displayName === "2")).toMatchObject({ type: "Long Answer", marks: 5 });
    expect(questions.find((q) => q.displayName === "1(a)")?.marks).toBe(2);
    expect(questions.some((q) => q.displayName === "9(z)")).toBe(false);

    // A failing model leaves the offline result.
    standIn.reply = () => ({ status: 500, error: { message: "down" } });
    const offline = await (await send(t.app, "/api/analyze-paper-structure", { paperId: paper.id, documentId: doc.id }, admin.cookie)).json();
    expect(offline).toMatchObject({ success: true, refinedByModel: false, paperStructure: { totalQuestions: 6, totalMarks: 30 } });
  });

  it("topic generation lets the model summarise the specification's topics, keeping their names", async () => {
    const t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl });
    const { admin } = await people(t);
    const paper = await newPaper(t);
    await attach(t, paper.id, admin.userId, "specification", await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture));
    standIn.reply = () => ({ content: JSON.stringify({ topics: [{ number: "4.1", description: "How cells are built and how they divide." }, { number: "7.7", description: "An invented topic." }] }) });
    const { topics, summarisedByModel } = await (await send(t.app, "/api/topics/generate", { paperId: paper.id }, admin.cookie)).json();
    expect(summarisedByModel).toBe(true);
    expect(topics.map((x: { name: string }) => x.name)).toEqual(SPECIFICATION.topics);
    expect(topics[0].description).toBe("How cells are built and how they divide.");
    expect(topics[1].description).toBe("Cells are organised into tissues, organs and organ systems.");
  });
});

describe("study topics", () => {
  it("are generated from the specification's numbered headings and content lines, replaced on regeneration, and audited", async () => {
    const t = await createTestApp();
    const { admin, student } = await people(t);
    const paper = await newPaper(t);
    expect((await send(t.app, "/api/topics/generate", { paperId: paper.id }, student.cookie)).status).toBe(403);
    const none = await send(t.app, "/api/topics/generate", { paperId: paper.id }, admin.cookie);
    expect(none.status).toBe(404);
    expect((await none.json()).message).toMatch(/no specification document/);

    await attach(t, paper.id, admin.userId, "specification", await fixturePdf(SPECIFICATION.pages, SPECIFICATION.furniture));
    const res = await send(t.app, "/api/topics/generate", { paperId: paper.id }, admin.cookie);
    expect(res.status).toBe(201);
    const { topics } = await res.json();
    expect(topics.map((x: { name: string }) => x.name)).toEqual(SPECIFICATION.topics);
    expect(topics[0].description).toBe("Cells are the basic unit of all forms of life.");
    expect(topics[2].description).toBe("Pathogens are microorganisms that cause infectious disease.");

    // Regenerating replaces, never appends.
    await send(t.app, "/api/topics/generate", { paperId: paper.id }, admin.cookie);
    const listed = await (await send(t.app, `/api/papers/${paper.id}/topics`)).json();
    expect(listed.map((x: { name: string }) => x.name)).toEqual(SPECIFICATION.topics);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "topic.generate")).all();
    expect(audits.length).toBe(2);
    expect(JSON.parse(audits[1].before!).length).toBe(4);
  });

  it("are added, edited and deleted by admins only, with §5's rule on empty names, each change audited", async () => {
    const t = await createTestApp();
    const { admin, student } = await people(t);
    const paper = await newPaper(t);
    const topic = { name: "Ecosystems", description: "Communities, abiotic and biotic factors." };
    expect((await send(t.app, `/api/papers/${paper.id}/topics`, topic)).status).toBe(401);
    expect((await send(t.app, `/api/papers/${paper.id}/topics`, topic, student.cookie)).status).toBe(403);
    const empty = await send(t.app, `/api/papers/${paper.id}/topics`, { name: "   " }, admin.cookie);
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe(TOPIC_NAME_REQUIRED);
    expect((await send(t.app, `/api/papers/999999/topics`, topic, admin.cookie)).status).toBe(404);

    const added = await (await send(t.app, `/api/papers/${paper.id}/topics`, topic, admin.cookie)).json();
    expect(added).toMatchObject({ paperId: paper.id, ...topic });
    expect((await send(t.app, `/api/topics/${added.id}`, { name: "Ecology" }, student.cookie, "PATCH")).status).toBe(403);
    const edited = await send(t.app, `/api/topics/${added.id}`, { name: " Ecology ", description: "Adaptations and interdependence." }, admin.cookie, "PATCH");
    expect(await edited.json()).toMatchObject({ id: added.id, name: "Ecology", description: "Adaptations and interdependence." });
    expect((await send(t.app, `/api/topics/${added.id}`, undefined, student.cookie, "DELETE")).status).toBe(403);
    expect((await send(t.app, `/api/topics/${added.id}`, undefined, admin.cookie, "DELETE")).status).toBe(200);
    expect(await t.db.select().from(paperTopics).where(eq(paperTopics.paperId, paper.id)).all()).toEqual([]);
    expect((await send(t.app, `/api/topics/${added.id}`, undefined, admin.cookie, "DELETE")).status).toBe(404);

    const actions = (await t.db.select().from(auditLog).where(and(eq(auditLog.entity, "topic"), eq(auditLog.entityId, added.id))).all()).map((a) => a.action);
    expect(actions).toEqual(["topic.add", "topic.update", "topic.delete"]);
    const update = (await t.db.select().from(auditLog).where(eq(auditLog.action, "topic.update")).get())!;
    expect(JSON.parse(update.before!).name).toBe("Ecosystems");
    expect(JSON.parse(update.after!).name).toBe("Ecology");
  });
});

describe("from structure to generation", () => {
  let standIn: OpenAIStandIn;
  beforeAll(async () => {
    let n = 0;
    standIn = await startOpenAIStandIn((req) => ({ content: JSON.stringify(modelAnswerFor(req.messages[1].content, ++n)) }), { requireJsonSchema: true });
  });
  afterAll(() => standIn.close());

  const structure = (sections: { name: string; marks: number[]; type?: string }[]) =>
    JSON.stringify({
      sections: sections.map((s, si) => ({
        name: s.name,
        questionCount: s.marks.length,
        questionTypes: [s.type ?? "Short Answer"],
        marks: [...new Set(s.marks)],
        questions: s.marks.map((marks, i) => ({ id: `${si + 1}.${i + 1}`, type: s.type ?? "Short Answer", marks })),
      })),
    });

  /** What PATCH /api/papers/:id { questionStructure, sectionCount } stores, then its call of applyStructureToBlueprint. */
  async function saveStructure(t: T, paperId: number, json: string) {
    await t.db.update(papers).set({ questionStructure: json, sectionCount: JSON.parse(json).sections.length }).where(eq(papers.id, paperId));
    return applyStructureToBlueprint(t.db, paperId);
  }

  const catalogueEntry = async (t: T, id: number) => ((await (await send(t.app, "/api/papers")).json()) as { id: number; generation: unknown; generationNote: string | null }[]).find((p) => p.id === id)!;

  it("a created paper with a structure and topics gets a blueprint; offline it is not yet available, with the reason", async () => {
    const t = await createTestApp();
    const { admin } = await people(t);
    const paper = await newPaper(t);
    expect((await applyStructureToBlueprint(t.db, paper.id)).note).toMatch(/no paper structure yet/);
    expect((await saveStructure(t, paper.id, structure([{ name: "Section A", marks: [2, 4] }]))).note).toMatch(/no study topics yet/);
    await send(t.app, `/api/papers/${paper.id}/topics`, { name: "Ecosystems", description: "Communities and interdependence." }, admin.cookie);
    const row = (await t.db.select().from(papers).where(eq(papers.id, paper.id)).get())!;
    const bp = readBlueprint(row.blueprint)!;
    expect(bp.sections.map((s) => s.slots.map((x) => x.marks))).toEqual([[2, 4]]);
    expect(bp.totalMarks).toBe(6);
    expect(bp.topics.map((x) => x.name)).toEqual(["Ecosystems"]);
    expect(row.generationNote).toMatch(/^The question bank has no question for 2 of its 2 question slots/);
    const entry = await catalogueEntry(t, paper.id);
    expect(entry.generation).toMatchObject({ totalMarks: 6 });
    expect(entry.generationNote).toBe(row.generationNote);
    // The generator and the home page: not yet available offline, with the reason; offered with a model.
    const listed = entry as unknown as Paper;
    expect(generatablePapers([listed])).toEqual([]);
    expect(pendingPapers([listed])).toEqual([expect.objectContaining({ name: paper.name, reason: row.generationNote })]);
    expect(generatablePapers([listed], true).map((p) => p.name)).toEqual([paper.name]);
    expect(subjectAvailability(["Biology"], [listed])[0]).toMatchObject({ available: false, reason: `${paper.name}: ${row.generationNote}` });
    expect(subjectAvailability(["Biology"], [listed], true)[0]).toMatchObject({ available: true });

    // Offline, generating it says why, and the credit is not used.
    const s = await studentWithCredits(t, "ada", 1);
    const res = await send(t.app, "/api/generate-enhanced-paper", { subject: "Biology", examBoard: "OCR", level: "GCSE", paperName: paper.name }, s.cookie);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/not enough questions in the bank.*credit has not been used/);
  });

  it("with a model, every slot is written by it, and a saved structure changes what the next paper contains", async () => {
    const t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" });
    const { admin } = await people(t);
    const paper = await newPaper(t);
    for (const name of ["Ecosystems", "Biodiversity", "Cycles"]) {
      await send(t.app, `/api/papers/${paper.id}/topics`, { name, description: `Questions about ${name.toLowerCase()}.` }, admin.cookie);
    }
    await saveStructure(t, paper.id, structure([{ name: "Section A: Ecosystems", marks: [1, 1, 2] }, { name: "Section B: Extended response", marks: [6], type: "Long Answer" }]));
    const s = await studentWithCredits(t, "ada", 2);
    const generate = async () => {
      const res = await send(t.app, "/api/generate-enhanced-paper", { subject: "Biology", examBoard: "OCR", level: "GCSE", paperName: paper.name }, s.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      const body = await res.json();
      const pdf = new Uint8Array(await (await send(t.app, `/api/generated-papers/${body.id}/pdf`, undefined, s.cookie)).arrayBuffer());
      return { body, text: normalise(pdftotext(pdf)) };
    };

    standIn.requests = [];
    const first = await generate();
    expect(standIn.requests.length).toBe(4);
    expect(first.body.modelShare).toMatchObject({ written: 4, asked: 4, total: 4 });
    expect(first.text).toContain("Section A: Ecosystems");
    expect(first.text).toContain("Section B: Extended response");
    expect(first.text).toContain("Model-written question about");

    // The admin saves a different structure: the next paper follows it.
    await saveStructure(t, paper.id, structure([{ name: "Section A: Short questions", marks: [2, 2] }, { name: "Section B: Data", marks: [3] }, { name: "Section C: Essay", marks: [12], type: "Essay" }]));
    const row = (await t.db.select().from(papers).where(eq(papers.id, paper.id)).get())!;
    expect(allSlots(readBlueprint(row.blueprint)!).map((x) => x.marks)).toEqual([2, 2, 3, 12]);
    standIn.requests = [];
    const second = await generate();
    expect(standIn.requests.length).toBe(4);
    for (const name of ["Section A: Short questions", "Section B: Data", "Section C: Essay"]) expect(second.text).toContain(name);
    expect(second.text).not.toContain("Section A: Ecosystems");
    expect(second.text).toMatch(/19 marks|maximum mark for this paper is 19/);
    const latest = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).get();
    expect(latest?.action).toBe("topic.add");
  });
});
