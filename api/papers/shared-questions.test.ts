// Questions shared between papers (issue 18): a paper that draws from another paper (Combined
// Science: Trilogy from the separate sciences, Mathematics Paper 3 from Paper 2's calculator
// questions) uses only that paper's questions tagged for its specification or for it, in the bank
// check, in generation, in revision decks and on its public page; and a student who had a question
// on one paper is not given it again on the other while the bank has others.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPaperQuestions, generatedPapers, papers, revisionCards } from "../db/schema.ts";
import { bankQuestionsFor, seedBanks } from "./bank.ts";
import { bankProblems } from "./bank-check.ts";
import { paperQuestionRows } from "./pool.ts";
import { bankOf, banks, generate, itemsOf, requestFor, storedDocument, type T } from "./testing.ts";
import { databaseSource, paperPage } from "../catalogue/pages.ts";
import { type BankFile, bankFileSchema, specificationOf } from "../../shared/papers.ts";

const TOPICS = ["cell-structure", "microscopy", "cell-division", "transport-in-cells"];

/** Biology Paper 1 with every other question on four topics tagged for 8464, and a paper drawing on them. */
function fixture(): { source: BankFile; drawing: BankFile; tagged: Set<string> } {
  const source = structuredClone(bankOf("Paper 1"));
  expect(source.blueprint.code).toBe("8461/1");
  for (const q of source.questions) delete q.alsoFor; // the real bank's own tags are not this fixture's
  const tagged = new Set<string>();
  source.questions.filter((q) => TOPICS.includes(q.topic)).forEach((q, i) => {
    if (i % 2 === 0) {
      q.alsoFor = ["8464"];
      tagged.add(q.id);
    }
  });
  const marks = [...new Set(source.questions.filter((q) => tagged.has(q.id)).map((q) => q.parts.reduce((n, p) => n + p.marks, 0)))].sort();
  const drawing = bankFileSchema.parse({
    blueprint: {
      ...source.blueprint,
      paper: { subject: "Combined Science", examBoard: "AQA", level: "GCSE", name: "Test Biology Paper 1" },
      code: "8464/B/9",
      title: "Combined Science: Trilogy",
      paperTitle: "Test Biology Paper 1",
      timeMinutes: 30,
      totalMarks: marks[0],
      tiers: ["Foundation", "Higher"],
      rules: {},
      drawsFrom: ["8461/1"],
      topics: source.blueprint.topics.filter((t) => TOPICS.includes(t.id)),
      sections: [{ name: "Questions", slots: [{ question: 1, type: "Structured", marks: marks[0], topics: TOPICS }] }],
    },
    questions: [],
  });
  return { source, drawing, tagged };
}

describe("questions shared between specifications", () => {
  it("the bank check counts only the tagged questions of the papers drawn from, and names a missing one", () => {
    const { source, drawing, tagged } = fixture();
    const pool = bankQuestionsFor(drawing, [source, drawing]);
    expect(pool.length).toBe(tagged.size);
    expect(pool.every((q) => tagged.has(q.id))).toBe(true);
    expect(specificationOf(drawing.blueprint.code)).toBe("8464");
    expect(bankProblems(drawing, 1, [source, drawing])).toEqual([]);
    // Untagged, the same questions cannot fill it.
    const untagged = structuredClone(source);
    for (const q of untagged.questions) delete q.alsoFor;
    expect(bankProblems(drawing, 1, [untagged, drawing]).join("\n")).toMatch(/cannot fill 1 papers|has no question/);
    const lost = { ...drawing, blueprint: { ...drawing.blueprint, drawsFrom: ["9999/1"] } };
    expect(bankProblems(lost, 1, [source, lost])).toEqual(["draws from 9999/1, which no bank file is"]);
    // A file of no questions is only valid when its paper draws from others.
    expect(bankFileSchema.safeParse({ ...drawing, blueprint: { ...drawing.blueprint, drawsFrom: [] } }).success).toBe(false);
  });

  describe("on the server", () => {
    let t: T;
    let fx: ReturnType<typeof fixture>;
    beforeAll(async () => {
      t = await createTestApp();
      fx = fixture();
      await seedBanks(t.db, [fx.source, fx.drawing]);
    });

    it("generation draws only tagged questions of the source paper, and the pool, decks and page see the same", async () => {
      const drawingRow = (await t.db.select().from(papers).where(eq(papers.name, "Test Biology Paper 1")).get())!;
      const bp = fx.drawing.blueprint;
      const rows = await paperQuestionRows(t.db, drawingRow.id, bp);
      expect(new Set(rows.map((r) => r.id))).toEqual(fx.tagged);
      // On this paper a shared question says where it was written and that it fits 8464.
      expect(new Set(rows.map((r) => r.attribution))).toEqual(new Set([
        "ExamPrep practice question, written for ExamPrep in the style of AQA 8461/1 and within the 8464 specification: not from a past paper.",
      ]));
      const student = await studentWithCredits(t, "trilogy", 6);
      const used = new Set<string>();
      for (const tier of ["Foundation", "Higher"] as const) {
        for (let i = 0; i < 2; i++) {
          const res = await generate(t, requestFor(bp, { tier }), student.cookie);
          expect(res.status, await res.clone().text()).toBe(200);
        }
      }
      const mine = await t.db.select({ id: generatedPapers.id }).from(generatedPapers).where(eq(generatedPapers.userId, student.userId)).all();
      const picked = await t.db.select().from(generatedPaperQuestions).where(inArray(generatedPaperQuestions.generatedPaperId, mine.map((m) => m.id))).all();
      for (const p of picked) used.add(p.questionId);
      expect(used.size).toBeGreaterThan(1);
      for (const id of used) expect(fx.tagged.has(id), id).toBe(true);

      // A revision deck of the paper is made of the tagged questions' parts (and the topics' cards).
      const deck = await send(t.app, "/api/revision/decks", { paperId: drawingRow.id, tier: "Higher" }, student.cookie);
      expect(deck.status, await deck.clone().text()).toBe(201);
      const keys = (await t.db.select({ key: revisionCards.key }).from(revisionCards).all()).map((c) => c.key ?? "");
      const fromQuestions = keys.filter((k) => k.startsWith("q:")).map((k) => k.split(":")[1]);
      expect(fromQuestions.length).toBeGreaterThan(0);
      for (const id of fromQuestions) expect(fx.tagged.has(id), id).toBe(true);

      const page = paperPage(await databaseSource(t.db, { ...drawingRow, examDate: null, examDates: [], generation: null, generationNote: null }));
      for (const q of page.samples) expect(fx.tagged.has(q.id)).toBe(true);
      expect(drawingRow.generationNote).toBeNull();
    });
  });

  describe("Mathematics Paper 3 (issue 18)", () => {
    const p2 = banks.find((b) => b.blueprint.code === "8300/2")!;
    const p3 = banks.find((b) => b.blueprint.code === "8300/3")!;

    it("is Paper 2's calculator questions, each tagged for 8300/3, and fills five papers per tier", () => {
      expect(p3.questions).toEqual([]);
      expect(p3.blueprint.drawsFrom).toEqual(["8300/2"]);
      expect(p2.questions.every((q) => q.alsoFor?.includes("8300/3"))).toBe(true);
      expect(bankQuestionsFor(p3, banks).map((q) => q.id)).toEqual(p2.questions.map((q) => q.id));
      expect(bankProblems(p3, 5, banks)).toEqual([]);
    });

    it("names Paper 2 and Paper 3 in its attribution, and a student's Paper 3 avoids the questions their Paper 2 had", async () => {
      const t = await createTestApp();
      const student = await studentWithCredits(t, "calculator", 4);
      const questionsOf = async (res: Response) => {
        expect(res.status, await res.clone().text()).toBe(200);
        const id = (await res.json()).id as number;
        return (await t.db.select().from(generatedPaperQuestions).where(eq(generatedPaperQuestions.generatedPaperId, id)).all()).map((r) => r.questionId);
      };
      const onP2 = await questionsOf(await generate(t, requestFor(p2.blueprint, { tier: "Higher" }), student.cookie));
      const res = await generate(t, requestFor(p3.blueprint, { tier: "Higher" }), student.cookie);
      const doc = await storedDocument(t, (await res.clone().json()).id);
      const onP3 = await questionsOf(res);
      expect(onP3.filter((id) => onP2.includes(id))).toEqual([]);
      expect(new Set(itemsOf(doc).map((i) => i.attribution))).toEqual(new Set([
        "ExamPrep practice question, written for ExamPrep in the style of AQA 8300/2 and 8300/3: not from a past paper.",
      ]));
    });
  });
});
