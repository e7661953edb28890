// The paper engine through the API: every seeded blueprint yields complete past and predicted papers,
// credits are reserved and given back, papers are private, and the PDF holds what the paper holds.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPaperQuestions, generatedPapers, papers, questions, transactions, users } from "../db/schema.ts";
import { ledgerMismatches } from "../credits/ledger.ts";
import { htmlToText } from "./html.ts";
import { practiceAttribution, sharedAttribution } from "./bank.ts";
import { boardLabel } from "./pdf/index.ts";
import { scoreTopics } from "./predict.ts";
import { bankOf, banks, generate, itemsOf, normalise, pdfOfPaper, pdfPages, pdftotext, recordPast, requestFor, RS_1, RS_2A, storedDocument, type T } from "./testing.ts";
import { type GenerationRequestInput, type PaperDocument, TOPIC_BALANCED } from "../../shared/generation.ts";
import { allSlots, type Blueprint, tagsFor } from "../../shared/papers.ts";

const balance = async (t: T, userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)).get())!.credits;

/**
 * The real papers (exam-formats.md), written out here rather than read from the banks, so a bank
 * whose blueprint drifts from the real paper fails: minutes, marks for the questions, SPaG marks.
 */
const REAL_PAPERS: Record<string, { minutes: number; marks: number; spag: number }> = {
  "8461/1": { minutes: 105, marks: 100, spag: 0 }, // Biology Paper 1
  "8462/1": { minutes: 105, marks: 100, spag: 0 }, // Chemistry Paper 1
  "8463/1": { minutes: 105, marks: 100, spag: 0 }, // Physics Paper 1
  "8300/1": { minutes: 90, marks: 80, spag: 0 }, // Mathematics Paper 1
  "8525/1": { minutes: 120, marks: 90, spag: 0 }, // Computer Science Paper 1
  // Religious Studies A Paper 1: one component per religion, two of them in 1 h 45 min (so 52 min each).
  "8062/12": { minutes: 52, marks: 48, spag: 3 }, // Christianity
  "8062/15": { minutes: 52, marks: 48, spag: 3 }, // Islam
  "8062/11": { minutes: 52, marks: 48, spag: 3 }, // Buddhism
  "8062/16": { minutes: 52, marks: 48, spag: 3 }, // Judaism
  "8300/2": { minutes: 90, marks: 80, spag: 0 }, // Mathematics Paper 2 (Calculator)
  "8300/3": { minutes: 90, marks: 80, spag: 0 }, // Mathematics Paper 3 (Calculator)
  "8062/2A": { minutes: 105, marks: 96, spag: 3 }, // Religious Studies A Paper 2A
  "8462/2": { minutes: 105, marks: 100, spag: 0 }, // Chemistry Paper 2
  "8463/2": { minutes: 105, marks: 100, spag: 0 }, // Physics Paper 2
  "8461/2": { minutes: 105, marks: 100, spag: 0 }, // Biology Paper 2
  "8525/2": { minutes: 105, marks: 90, spag: 0 }, // Computer Science Paper 2 - Computing Concepts
  "8464/B/1": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Biology Paper 1
  "8464/C/1": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Chemistry Paper 1
  "8464/P/1": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Physics Paper 1
  "8464/B/2": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Biology Paper 2
  "8464/C/2": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Chemistry Paper 2
  "8464/P/2": { minutes: 75, marks: 70, spag: 0 }, // Combined Science: Trilogy Physics Paper 2
};

/** The checks every generated paper must pass against its blueprint. */
function expectFitsBlueprint(doc: PaperDocument, bp: Blueprint) {
  const items = doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items));
  expect(items).toHaveLength(allSlots(bp).length);
  const sectionMarks = doc.sections.map((s) => s.questions.reduce((n, q) => n + q.items.reduce((m, i) => m + i.parts.reduce((k, p) => k + p.marks, 0), 0), 0));
  const answered = bp.answerSections ? sectionMarks[0] * bp.answerSections : sectionMarks.reduce((a, b) => a + b, 0);
  if (bp.answerSections) expect(new Set(sectionMarks).size).toBe(1);
  expect(answered).toBe(bp.totalMarks);
  expect(doc.totalMarks).toBe(bp.totalMarks);
  const ids = items.map((i) => i.questionId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const item of items) {
    expect(item.attribution.length).toBeGreaterThan(20);
    // A practice question names the paper it was written for: this one, or (Combined Science) the
    // paper it is drawn from, with this specification.
    const tags = tagsFor(bp.code);
    if (item.origin === "practice") {
      expect([practiceAttribution(bp), ...bp.drawsFrom.flatMap((code) => tags.map((tag) => sharedAttribution(bp.paper.examBoard, code, tag)))]).toContain(item.attribution);
    }
  }
}

describe("generation from every seeded blueprint", () => {
  let t: T;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await studentWithCredits(t, "sam", 200));
  });

  for (const bank of banks) {
    const bp = bank.blueprint;
    for (const tier of bp.tiers.length ? bp.tiers : [undefined]) {
      for (const isPredicted of [false, true]) {
        it(`${bp.paper.subject} ${bp.paper.name}${tier ? ` ${tier}` : ""}: ${isPredicted ? "predicted" : "past"} paper fits the blueprint`, async () => {
          const res = await generate(t, requestFor(bp, { isPredicted, tier }), cookie);
          expect(res.status, await res.clone().text()).toBe(200);
          const body = await res.json();
          expect(body).toMatchObject({ success: true, pdfUrl: `/api/generated-papers/${body.id}/pdf` });
          const doc = await storedDocument(t, body.id);
          expect(doc.kind).toBe(isPredicted ? "predicted" : "past");
          expect(doc.tier).toBe(tier);
          expectFitsBlueprint(doc, bp);
          // The real paper's time and marks: the questions answered add up to its total.
          const real = REAL_PAPERS[bp.code];
          expect(real, `${bp.code} is not in the table of real papers`).toBeDefined();
          expect({ minutes: doc.timeMinutes, marks: doc.totalMarks, spag: doc.spagMarks }).toEqual(real);
          const sectionMarks = doc.sections.map((s) => s.questions.reduce((n, q) => n + q.marks, 0));
          expect(bp.answerSections ? sectionMarks[0] * bp.answerSections : sectionMarks.reduce((a, b) => a + b, 0)).toBe(real.marks);
          if (isPredicted) expect(doc.evidence?.topics.length).toBeGreaterThan(0);
        });
      }
    }
  }

  it("gives a student three papers of the same kind with no question repeated across them", async () => {
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const student = await studentWithCredits(t, "rory", 3);
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const body = await (await generate(t, requestFor(bp, { tier: "Higher" }), student.cookie)).json();
      seen.push(...(await storedDocument(t, body.id)).sections.flatMap((s) => s.questions.flatMap((q) => q.items.map((x) => x.questionId))));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(await balance(t, student.userId)).toBe(0);
  });
});

describe("predicted topics", () => {
  const topics = [
    { id: "steady", name: "Steady", description: "Examined in every series." },
    { id: "lapsed", name: "Lapsed", description: "Examined early on, then not again." },
    { id: "never", name: "Never", description: "Never examined in the record." },
  ];
  const history = [2018, 2019, 2020, 2021, 2022, 2023, 2024].map((year) => ({ topic: "steady", marks: 10, year, series: `June ${year}` }))
    .concat([{ topic: "lapsed", marks: 10, year: 2018, series: "June 2018" }, { topic: "lapsed", marks: 6, year: 2019, series: "June 2019" }]);
  const order = (confidence: "conservative" | "balanced" | "speculative") =>
    scoreTopics(topics, history, confidence).sort((a, b) => b.score - a.score).map((s) => s.topic.id);

  it("moves from reliable topics (conservative) to overdue ones (speculative)", () => {
    expect(order("conservative")[0]).toBe("steady");
    expect(order("speculative").indexOf("steady")).toBe(2);
    expect(order("speculative").slice(0, 2).sort()).toEqual(["lapsed", "never"]);
    const lapsed = (c: "conservative" | "speculative") => scoreTopics(topics, history, c).find((s) => s.topic.id === "lapsed")!.score;
    const steady = (c: "conservative" | "speculative") => scoreTopics(topics, history, c).find((s) => s.topic.id === "steady")!.score;
    expect(lapsed("speculative") - steady("speculative")).toBeGreaterThan(lapsed("conservative") - steady("conservative"));
  });
});

describe("credits", () => {
  const bp = banks.find((b) => b.blueprint.paper.subject === "Computer Science")!.blueprint;

  it("refuses a student with no credits with 402 and creates nothing", async () => {
    const t = await createTestApp();
    const broke = await studentWithCredits(t, "broke", 0);
    const res = await generate(t, requestFor(bp), broke.cookie);
    expect(res.status).toBe(402);
    expect((await res.json()).message).toBe("You need 1 credit to generate a paper. Buy credits to continue.");
    expect(await t.db.select().from(generatedPapers).all()).toEqual([]);
    expect(await t.db.select().from(transactions).where(eq(transactions.userId, broke.userId)).all()).toEqual([]);
  });

  it("charges one credit a paper, and nothing to an admin", async () => {
    const t = await createTestApp({ ADMIN_EMAIL: "head@school.test" });
    const s = await studentWithCredits(t, "kim", 2);
    expect((await generate(t, requestFor(bp, { isPredicted: true }), s.cookie)).status).toBe(200);
    expect(await balance(t, s.userId)).toBe(1);
    const usage = await t.db.select().from(transactions).where(and(eq(transactions.userId, s.userId), eq(transactions.transactionType, "paper_generation"))).all();
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ creditsDeducted: 1, description: `Predicted paper: Computer Science ${bp.paper.name}` });
    const head = await studentWithCredits(t, "head", 0);
    await t.db.update(users).set({ email: "head@school.test" }).where(eq(users.id, head.userId));
    expect((await generate(t, requestFor(bp), head.cookie)).status).toBe(200);
    expect(await balance(t, head.userId)).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("gives the credit back when the paper cannot be built", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "lee", 1);
    const paper = (await t.db.select().from(papers).where(eq(papers.subject, "Computer Science")).get())!;
    // A bank emptied by an admin: a real failure of the build after the credit is reserved.
    await t.db.delete(questions).where(eq(questions.paperId, paper.id));
    const res = await generate(t, requestFor(bp), s.cookie);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toMatch(/not enough questions in the bank.*Your credit has not been used/);
    expect(await balance(t, s.userId)).toBe(1);
    const ledger = await t.db.select().from(transactions).where(eq(transactions.userId, s.userId)).all();
    expect(ledger.map((r) => r.transactionType)).toEqual(["admin_grant", "paper_generation", "refund"]);
    expect(await t.db.select().from(generatedPapers).all()).toEqual([]);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("lets five simultaneous generations by a student with 1 credit make exactly one paper", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "max", 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => generate(t, requestFor(bp), s.cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 402, 402, 402, 402]);
    expect(await t.db.select().from(generatedPapers).all()).toHaveLength(1);
    expect(await balance(t, s.userId)).toBe(0);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("validates the request with clear messages", async () => {
    const t = await createTestApp();
    const s = await studentWithCredits(t, "val", 1);
    const missing = await generate(t, { ...requestFor(bp), paperName: "" }, s.cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe("Please choose a paper");
    const badOption = await generate(t, { ...requestFor(bp), options: { difficultyLevel: "impossible" } }, s.cookie);
    expect(badOption.status).toBe(400);
    const unknown = await generate(t, { ...requestFor(bp), paperName: "Paper 9" }, s.cookie);
    expect(unknown.status).toBe(404);
    expect(await balance(t, s.userId)).toBe(1);
    expect((await send(t.app, "/api/generate-enhanced-paper", requestFor(bp))).status).toBe(401);
  });
});

describe("a student's papers", () => {
  it("lists, shows, serves and deletes only the owner's papers", async () => {
    const t = await createTestApp();
    const owner = await studentWithCredits(t, "owner", 3);
    const other = await studentWithCredits(t, "other", 0);
    const bp = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!.blueprint;
    const first = await (await generate(t, requestFor(bp), owner.cookie)).json();
    const second = await (await generate(t, requestFor(bp, { isPredicted: true }), owner.cookie)).json();

    const listRes = await send(t.app, "/api/generated-papers", undefined, owner.cookie);
    expect(listRes.headers.get("x-total-count")).toBe("2");
    const list = await listRes.json();
    expect(list.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ isPredicted: true, subject: "Religious Studies", examBoard: "AQA", pdfUrl: `/api/generated-papers/${second.id}/pdf` });
    expect(await (await send(t.app, "/api/generated-papers?page=2&pageSize=1", undefined, owner.cookie)).json()).toMatchObject([{ id: first.id }]);

    const viewer = await (await send(t.app, `/api/generated-papers/${first.id}`, undefined, owner.cookie)).json();
    expect(viewer).toMatchObject({ success: true, format: "json", subject: "Religious Studies", examBoard: "AQA", isPredicted: false });
    expect(viewer.questions).toHaveLength(30);
    expect(viewer.questions[0]).toMatchObject({ questionNumber: "01.1", marks: 1, sectionName: expect.stringMatching(/^Theme A/) });
    expect(viewer.questions.every((q: { content: string; modelAnswer: string }) => !/<script|onerror|javascript:/i.test(q.content + q.modelAnswer))).toBe(true);
    expect(viewer.evidence).toBeNull();
    const predictedViewer = await (await send(t.app, `/api/generated-papers/${second.id}`, undefined, owner.cookie)).json();
    expect(predictedViewer.evidence.summary).toContain(TOPIC_BALANCED.why);
    expect(predictedViewer.evidence.topics.length).toBeGreaterThan(3);

    for (const path of [`/api/generated-papers/${first.id}`, `/api/generated-papers/${first.id}/pdf`]) {
      expect((await send(t.app, path, undefined, other.cookie)).status).toBe(404);
      expect((await send(t.app, path)).status).toBe(401);
    }
    expect((await send(t.app, `/api/generated-papers/${first.id}`, undefined, other.cookie, "DELETE")).status).toBe(404);
    expect(await (await send(t.app, "/api/generated-papers", undefined, other.cookie)).json()).toEqual([]);

    const pdf = await send(t.app, `/api/generated-papers/${first.id}/pdf`, undefined, owner.cookie);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    const del = await send(t.app, `/api/generated-papers/${first.id}`, undefined, owner.cookie, "DELETE");
    expect(await del.json()).toEqual({ message: "The generated paper has been deleted successfully." });
    expect(await t.db.select().from(generatedPaperQuestions).where(eq(generatedPaperQuestions.generatedPaperId, first.id)).all()).toEqual([]);
    expect(await (await send(t.app, "/api/history/all", undefined, owner.cookie, "DELETE")).json()).toMatchObject({ deleted: 1 });
    expect(await (await send(t.app, "/api/generated-papers", undefined, owner.cookie)).json()).toEqual([]);
  });
});

describe("the PDF", () => {
  async function pdfFor(request: GenerationRequestInput, t?: T) {
    t ??= await createTestApp();
    const s = await studentWithCredits(t, `pdf${crypto.randomUUID().slice(0, 8)}`, 1);
    const res = await generate(t, request, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await res.json();
    const bytes = new Uint8Array(await (await send(t.app, body.pdfUrl, undefined, s.cookie)).arrayBuffer());
    return { bytes, doc: await storedDocument(t, body.id), id: body.id as number, cookie: s.cookie, t };
  }
  /** Pages before the first question ("0 1 . 1" in boxes reads back as "0 1 .1"): the cover. */
  const coverPages = (pages: string[]) => pages.slice(0, pages.findIndex((p) => /0\s*1\s*\.\s*1/.test(p)));

  it("holds the cover, every question with its marks and source, and the mark scheme, as real text", async () => {
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const { bytes, doc } = await pdfFor(requestFor(bp, { tier: "Foundation", options: { includeMarkScheme: true, includeTimeAllocation: true } }));
    const text = pdftotext(bytes);
    const flat = normalise(text);

    // The cover is page 1, alone: board, qualification and subject, paper, tier and code, time, marks, boxes.
    const cover = normalise(pdftotext(bytes, 1));
    for (
      const line of [
        "AQA", "Practice paper", "GCSE BIOLOGY", "Foundation Tier", "Paper 1", "Paper code 8461/1F", "Time allowed: 1 hour 45 minutes",
        "Surname", "Forename(s)", "Candidate signature", "Materials", "Instructions", "Information",
        "The maximum mark for this paper is 100.", "The marks for questions are shown in brackets.", "Turn over",
      ]
    ) expect(cover, line).toContain(line);
    expect(cover).not.toMatch(/\[\d+ marks?\]/);
    expect(coverPages(pdfPages(bytes))).toHaveLength(1);

    expect(flat).toContain("END OF QUESTIONS");
    expect(flat).toContain("Mark scheme");
    expect(flat).toMatch(/Suggested time: \d+ minutes/);
    const parts = doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items.flatMap((i) => i.parts)));
    for (const part of parts) {
      expect(flat.replace(/\s/g, "")).toContain(boardLabel(part.number).replace(/\s/g, ""));
      // The opening words of the question's first paragraph (lists and tables are laid out with bullets and cells).
      const opening = normalise(htmlToText(part.content.split(/<(?:ul|ol|table|pre)>/)[0])).split(" ").slice(0, 5).join(" ");
      // Compared without spaces: a subscript or superscript (CO<sub>2</sub>) is set apart in HTML but not in the PDF.
      expect(flat.replace(/\s/g, ""), `question ${part.number}: ${opening}`).toContain(opening.replace(/\s/g, ""));
    }
    // Every question's source line is printed under it.
    const items = itemsOf(doc);
    const attribution = "ExamPrep practice question, written for ExamPrep in the style of AQA 8461/1: not from a past paper.";
    expect(items.every((i) => i.attribution === attribution)).toBe(true);
    expect(flat.split(attribution).length - 1).toBe(items.length);
    const marks = [...text.matchAll(/\[(\d+) marks?\]/g)].map((m) => Number(m[1]));
    // Each part's marks appear twice: on the question and in the mark scheme.
    expect(marks.reduce((a, b) => a + b, 0)).toBe(2 * bp.totalMarks);
    expect(Math.max(...[...text.matchAll(/^(\d+)$/gm)].map((m) => Number(m[1])))).toBeGreaterThan(5);
  });

  it("prints nothing under 16 pt in the large-text version; its longer cover says 'Turn over' on every page", async () => {
    const bp = bankOf(RS_2A).blueprint;
    const { bytes } = await pdfFor(requestFor(bp, { isPredicted: true, options: { useLargeTextFormat: true, includeMarkScheme: true } }));
    const pdf = await PDFDocument.load(bytes);
    const sizes: number[] = [];
    for (const page of pdf.getPages()) {
      const contents = page.node.Contents();
      const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
      for (const stream of streams) {
        const data = new TextDecoder("latin1").decode(decodePDFRawStream(stream as PDFRawStream).decode());
        for (const m of data.matchAll(/\/[A-Za-z0-9-]+ ([\d.]+) Tf/g)) sizes.push(Number(m[1]));
      }
    }
    expect(sizes.length).toBeGreaterThan(100);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(16);
    const pages = pdfPages(bytes);
    const cover = coverPages(pages);
    expect(normalise(cover.join(" "))).toContain("The maximum mark for this paper is 99");
    for (const [i, page] of cover.entries()) expect(page, `cover page ${i + 1}`).toContain("Turn over");
    expect(normalise(pages.join(" "))).toContain("Why these topics");
  });

  it("repeats the 'Why these topics' table's header on every page the table continues on", async () => {
    const bp = bankOf(RS_2A).blueprint;
    const t = await createTestApp();
    // A recorded history, so the table has its five columns.
    await recordPast(t, bp, bp.topics.slice(0, 20).map((topic, i) => ({ id: `past-${i}`, topic: topic.id, style: "mcq", year: 2015 + (i % 8), series: "June", questionNumber: "01.1" })));
    const { bytes } = await pdfFor(requestFor(bp, { isPredicted: true, options: { useLargeTextFormat: true, includeMarkScheme: false } }), t);
    const pages = pdfPages(bytes);
    const evidence = pages.slice(pages.findIndex((p) => p.includes("Why these topics"))).map(normalise);
    expect(evidence.length).toBeGreaterThanOrEqual(3);
    // (pdftotext reads the two-line "Marks here" cell around its neighbours.)
    for (const [i, page] of evidence.entries()) expect(page, `evidence page ${i + 1}`).toMatch(/Topic Weight Examined Marks (here )?Why/);
  });

  it("labels the answers that carry SPaG as the real papers do, and says so on the cover", async () => {
    // Paper 1 (a religion's component): SPaG on 02.5, 3 marks (the cover names it).
    const rs1 = await pdfFor(requestFor(bankOf(RS_1).blueprint, { options: { includeMarkScheme: true } }));
    const text1 = normalise(pdftotext(rs1.bytes));
    expect(normalise(coverPages(pdfPages(rs1.bytes)).join(" "))).toContain("up to 3 further marks for spelling, punctuation and grammar (SPaG), assessed in question 02.5.");
    const labelled1 = [...text1.matchAll(/([0-9 ]+\.\s*\d)\s+[^[]*?\[12 marks\] \[SPaG: 3 marks\]/g)];
    expect(labelled1).toHaveLength(1);
    const spagParts = (doc: PaperDocument) => itemsOf(doc).flatMap((i) => i.parts.filter((p) => p.spagMarks).map((p) => `${p.number}:${p.spagMarks}`));
    expect(spagParts(rs1.doc)).toEqual(["02.5:3"]);
    const viewer = await (await send(rs1.t.app, `/api/generated-papers/${rs1.id}`, undefined, rs1.cookie)).json();
    expect(viewer.questions.filter((q: { spagMarks?: number }) => q.spagMarks).map((q: { questionNumber: string }) => q.questionNumber)).toEqual(["02.5"]);

    // Paper 2A: SPaG on each theme's 12-mark question, the best of the four counted (3 marks in all).
    // Theme A's is a recorded past question whose mark scheme, unlike the bank's, gives no SPaG levels.
    const bp2a = bankOf(RS_2A).blueprint;
    const t2a = await createTestApp();
    await recordPast(t2a, bp2a, [{ id: "past-eval", topic: bp2a.sections[0].slots[4].topics[0], style: "evaluate", year: 2019, series: "June", questionNumber: "01.5" }]);
    const rs2a = await pdfFor(requestFor(bp2a, { options: { includeMarkScheme: true } }), t2a);
    expect(itemsOf(rs2a.doc)[4].questionId).toBe("past-eval");
    const text2 = normalise(pdftotext(rs2a.bytes));
    expect(spagParts(rs2a.doc)).toEqual(["01.5:3", "02.5:3", "03.5:3", "04.5:3", "05.5:3", "06.5:3"]);
    expect(text2.split("[12 marks] [SPaG: 3 marks]").length - 1).toBe(6);
    const cover2 = normalise(pdftotext(rs2a.bytes, 1, 2));
    expect(cover2).toContain("The maximum mark for this paper is 99: 96 marks for the questions and 3 marks for spelling, punctuation and grammar (SPaG).");
    expect(cover2).toContain("The best of these SPaG marks will be included in your total for the paper.");
    // The mark scheme gives the SPaG levels for each of them: the bank's own, or the engine's for the past question.
    expect(text2.split("Spelling, punctuation and grammar (SPaG): 3 marks").length - 1).toBe(1);
    expect(text2).toMatch(/Mark scheme of past-eval\. (\[12 marks\] )?Spelling, punctuation and grammar \(SPaG\): 3 marks • High performance \(3 marks\)/);
    expect(text2.split(/SPaG \(when this answer is the one assessed/).length - 1).toBe(5);

    // A paper without SPaG has no SPaG label.
    const bio = await pdfFor(requestFor(banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint, { tier: "Higher" }));
    expect(pdftotext(bio.bytes)).not.toContain("SPaG");
  });

  it("keeps unsafe HTML of a stored question out of the viewer's JSON and the PDF", async () => {
    const t = await createTestApp();
    const bp = bankOf(RS_2A).blueprint;
    // A past question as an import might store it, with a script, an event handler and a javascript: link.
    await recordPast(t, bp, [{
      id: "unsafe-1",
      topic: bp.sections[0].slots[1].topics[0],
      style: "give-two",
      year: 2019,
      series: "June",
      questionNumber: "01.2",
      stem: `<div onmouseover="steal()">Read the source.</div><iframe src="https://evil.example"></iframe>`,
      content: `<p>Give two reasons why people marry.<script>alert('owned')</script><img src="x" onerror="alert('img')"> <a href="javascript:alert('link')">See more</a></p>`,
      markScheme: `<p onclick="alert('ms')">One mark for each reason.</p><script>document.cookie</script>`,
    }]);
    const { bytes, id, cookie } = await pdfFor(requestFor(bp), t);
    const viewer = await (await send(t.app, `/api/generated-papers/${id}`, undefined, cookie)).json();
    const question = viewer.questions.find((q: { questionNumber: string }) => q.questionNumber === "01.2");
    // The question is on the paper, with its text and no markup beyond the safe tags.
    expect(question.content).toContain("Give two reasons why people marry.");
    expect(question.content).toContain("Read the source.");
    expect(question.markScheme).toContain("One mark for each reason.");
    const json = JSON.stringify(viewer);
    for (const bad of [/<script/i, /onerror/i, /onclick/i, /onmouseover/i, /javascript:/i, /<iframe/i, /<img/i, /<a /i, /alert\(/, /document\.cookie/]) {
      expect(json).not.toMatch(bad);
    }
    const text = normalise(pdftotext(bytes));
    expect(text).toContain("Give two reasons why people marry.");
    for (const bad of ["alert", "javascript", "onerror", "onclick", "document.cookie", "<", "evil.example"]) expect(text).not.toContain(bad);
  });
});

describe("predicted paper options", () => {
  it("difficultyLevel moves the paper towards harder or easier questions", async () => {
    const t = await createTestApp();
    const bp = banks.find((b) => b.blueprint.paper.subject === "Biology")!.blueprint;
    const paper = (await t.db.select().from(papers).where(eq(papers.subject, "Biology")).get())!;
    const { generationRequestSchema } = await import("../../shared/generation.ts");
    const { buildPaper, difficultyOf } = await import("./generate.ts");
    const rows = await t.db.select().from(questions).where(eq(questions.paperId, paper.id)).all();
    const byId = new Map(rows.map((r) => [r.id, { tier: r.tier as "Both", parts: JSON.parse(r.parts) }]));
    const meanDifficulty = async (difficultyLevel: string, tier: "Foundation" | "Higher") => {
      const request = generationRequestSchema.parse({ ...requestFor(bp, { isPredicted: true, tier }), options: { difficultyLevel } });
      const built = await buildPaper({ db: t.db, catalogue: paper, blueprint: bp, request, userId: 0, random: () => 0.5 });
      const ds = built.questionIds.map((id) => difficultyOf(byId.get(id)!));
      return ds.reduce((a, b) => a + b, 0) / ds.length;
    };
    expect(await meanDifficulty("hard", "Higher")).toBeGreaterThan(await meanDifficulty("easy", "Higher"));
    expect(await meanDifficulty("hard", "Foundation")).toBeGreaterThan(await meanDifficulty("easy", "Foundation"));
  });

  it("focusTopics gives the student's weak topics more of the paper and says so", async () => {
    const t = await createTestApp();
    const bp = banks.find((b) => b.blueprint.code === "8461/1")!.blueprint;
    const paper = (await t.db.select().from(papers).where(and(eq(papers.subject, "Biology"), eq(papers.name, bp.paper.name))).get())!;
    const { generationRequestSchema } = await import("../../shared/generation.ts");
    const { buildPaper } = await import("./generate.ts");
    const weak = ["photosynthesis", "communicable-disease"];
    const build = async (focusTopics: string[]) => {
      const request = generationRequestSchema.parse({ ...requestFor(bp, { isPredicted: true, tier: "Higher" }), options: { focusTopics } });
      return (await buildPaper({ db: t.db, catalogue: paper, blueprint: bp, request, userId: 0, random: () => 0.5 })).document;
    };
    const marksOn = (doc: PaperDocument) =>
      doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items)).filter((i) => weak.includes(i.topic)).reduce((n, i) => n + i.parts.reduce((m, p) => m + p.marks, 0), 0);
    const [plain, focused] = [await build([]), await build(weak)];
    expect(marksOn(focused)).toBeGreaterThan(marksOn(plain));
    expect(focused.evidence!.summary).toMatch(/more questions to (one topic|\d topics) you scored lowest on/);
    for (const topic of focused.evidence!.topics.filter((x) => weak.includes(x.topic))) expect(topic.reason).toMatch(/weakest topics/);
    expect(plain.evidence!.summary).not.toMatch(/scored lowest/);
  });

  it("includeContemporaryIssues prefers questions set in present-day contexts", async () => {
    const t = await createTestApp();
    const bp = banks.find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!.blueprint;
    const paper = (await t.db.select().from(papers).where(eq(papers.name, bp.paper.name)).get())!;
    const { generationRequestSchema } = await import("../../shared/generation.ts");
    const { buildPaper, CONTEMPORARY } = await import("./generate.ts");
    const contemporary = async (includeContemporaryIssues: boolean) => {
      const request = generationRequestSchema.parse({ ...requestFor(bp, { isPredicted: true }), options: { includeContemporaryIssues } });
      const built = await buildPaper({ db: t.db, catalogue: paper, blueprint: bp, request, userId: 0, random: () => 0.5 });
      const items = built.document.sections.flatMap((s) => s.questions.flatMap((q) => q.items));
      return items.filter((i) => CONTEMPORARY.test(htmlToText([i.stem ?? "", ...i.parts.map((p) => p.content)].join(" ")))).length;
    };
    expect(await contemporary(true)).toBeGreaterThan(await contemporary(false));
  });
});
