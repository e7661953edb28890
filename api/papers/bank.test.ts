// The seeded banks: every file is valid data with its schema, keeps its board's rules, can fill its
// complete papers per tier without repeating a question, and belongs to a catalogue paper.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { bankProblems, PAPERS_PER_BANK } from "./bank-check.ts";
import { loadBanks, readBlueprint, seedBanks } from "./bank.ts";
import { createTestDeps } from "../test-utils.ts";
import { papers, questions } from "../db/schema.ts";
import { allSlots, editorStructure, unsafeHtml } from "../../shared/papers.ts";

const files = readdirSync("api/papers/bank").filter((n) => n.endsWith(".json")).sort();

describe("question bank files", () => {
  it("has the seeded papers: Paper 1 of each subject (RS: one component per religion), RS Paper 2A, the Paper 2s, Mathematics Paper 3 and Combined Science's six papers", () => {
    expect(files).toEqual([
      "aqa-gcse-biology-1.json",
      "aqa-gcse-biology-2.json",
      "aqa-gcse-chemistry-1.json",
      "aqa-gcse-chemistry-2.json",
      "aqa-gcse-combined-science-biology-1.json",
      "aqa-gcse-combined-science-biology-2.json",
      "aqa-gcse-combined-science-chemistry-1.json",
      "aqa-gcse-combined-science-chemistry-2.json",
      "aqa-gcse-combined-science-physics-1.json",
      "aqa-gcse-combined-science-physics-2.json",
      "aqa-gcse-cs-1.json",
      "aqa-gcse-cs-2.json",
      "aqa-gcse-maths-1.json",
      "aqa-gcse-maths-2.json",
      "aqa-gcse-maths-3.json",
      "aqa-gcse-physics-1.json",
      "aqa-gcse-physics-2.json",
      "aqa-gcse-rs-1-buddhism.json",
      "aqa-gcse-rs-1-christianity.json",
      "aqa-gcse-rs-1-islam.json",
      "aqa-gcse-rs-1-judaism.json",
      "aqa-gcse-rs-2a.json",
    ]);
  });

  // Every bank fills PAPERS_PER_BANK (five) complete papers per tier, each keeping its rules, with no
  // question repeated and no near-duplicate pair; a Paper 2 added for whole qualifications (issue 18)
  // fills at least three until its bank is deepened, except Mathematics and Combined Science, which
  // most students sit.
  const papersFor = (name: string) => (/-2\.json$/.test(name) && !/maths|combined-science/.test(name) ? 3 : PAPERS_PER_BANK);
  for (const name of files) {
    it(`${name} is valid, keeps its rules and fills ${papersFor(name)} papers per tier with no repeats or near-duplicates`, () => {
      expect(bankProblems(JSON.parse(readFileSync(`api/papers/bank/${name}`, "utf8")), papersFor(name))).toEqual([]);
    });
  }

  it("declares the boards' rules: a 6-mark question and figures in the sciences, figures in maths, a trace table in CS, the named issues in RS 2A", () => {
    const bp = (code: string) => loadBanks().find((b) => b.blueprint.code === code)!.blueprint;
    for (const code of ["8461/1", "8462/1", "8463/1", "8461/2", "8463/2", "8464/B/1", "8464/C/1", "8464/P/1", "8464/B/2", "8464/C/2", "8464/P/2"]) {
      expect(bp(code).rules.minSixMarkLevels, code).toBeGreaterThanOrEqual(1);
      expect(bp(code).rules.minFigures, code).toBeGreaterThanOrEqual(2);
      expect(bp(code).rules.otherPaperContent.length, code).toBeGreaterThan(5);
    }
    for (const code of ["8300/1", "8300/2", "8300/3"]) expect(bp(code).rules.minFigures, code).toBeGreaterThanOrEqual(4);
    expect(bp("8525/1").rules.minTraceTables).toBeGreaterThanOrEqual(1);
    expect(bp("8062/2A").rules.contrastingIssues.map((c) => c.topics)).toEqual(["theme-a-", "theme-b-", "theme-c-", "theme-d-", "theme-e-", "theme-f-"]);
    expect(bp("8462/1").inserts).toEqual(["periodic-table"]);
    expect(bp("8463/1").inserts).toEqual(["physics-equations"]);
    expect(bp("8464/P/1").inserts).toEqual(["combined-physics-equations"]);
    expect(bp("8464/P/2").inserts).toEqual(["combined-physics-equations"]);
  });

  it("gives Religious Studies Paper 1 one component per religion, each two questions of the five styles, 48 marks and 3 for SPaG", () => {
    const components = loadBanks().filter((b) => b.blueprint.paper.subject === "Religious Studies" && b.blueprint.code.startsWith("8062/1"));
    expect(components.map((b) => [b.blueprint.paper.name, b.blueprint.code]).sort()).toEqual([
      ["Paper 1 - Buddhism", "8062/11"],
      ["Paper 1 - Christianity", "8062/12"],
      ["Paper 1 - Islam", "8062/15"],
      ["Paper 1 - Judaism", "8062/16"],
    ]);
    for (const { blueprint: bp } of components) {
      const religion = bp.paper.name.split(" - ")[1];
      expect(bp).toMatchObject({ totalMarks: 48, spagMarks: 3, timeMinutes: 52 });
      expect(bp.sections.map((s) => s.name)).toEqual([religion]);
      const slots = bp.sections[0].slots;
      expect(slots.map((s) => `${s.question}:${s.marks}:${s.style}`)).toEqual([1, 2].flatMap((q) =>
        ["1:mcq", "2:give-two", "4:explain-two", "5:explain-two-sources", "12:evaluate"].map((x) => `${q}:${x}`)
      ));
      // Every topic is the religion's own: a component never asks about another religion.
      for (const t of bp.topics) expect(t.id.startsWith(`${religion.toLowerCase()}-`), t.id).toBe(true);
    }
  });

  it("gives Religious Studies Paper 2A all six themes with the five question styles each", () => {
    const rs = loadBanks().find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!;
    expect(rs.blueprint.sections.map((s) => s.name.slice(0, 7))).toEqual(["Theme A", "Theme B", "Theme C", "Theme D", "Theme E", "Theme F"]);
    for (const section of rs.blueprint.sections) {
      expect(section.slots.map((s) => s.marks)).toEqual([1, 2, 4, 5, 12]);
      expect(new Set(section.slots.map((s) => s.style)).size).toBe(5);
    }
    expect(rs.blueprint).toMatchObject({ totalMarks: 96, timeMinutes: 105, spagMarks: 3, answerSections: 4 });
  });

  it("rejects unsafe question HTML", () => {
    expect(unsafeHtml("<p>Fine <strong>bold</strong> x<sup>2</sup> &lt; 3</p>")).toEqual([]);
    expect(unsafeHtml('<p onclick="x()">a</p>')).toEqual(['<p onclick="x()">']);
    expect(unsafeHtml("<script>alert(1)</script>")).toHaveLength(2);
    expect(unsafeHtml('<img src="x">')).toHaveLength(1);
  });

  it("seeds every bank into the catalogue with its blueprint, idempotently", async () => {
    const deps = await createTestDeps();
    const { seed } = await import("../db/seed.ts");
    await seed(deps.db); // a second start changes nothing
    for (const bank of loadBanks()) {
      const { paper } = bank.blueprint;
      const row = await deps.db.select().from(papers).where(and(eq(papers.subject, paper.subject), eq(papers.name, paper.name), eq(papers.level, paper.level))).get();
      expect(row, `${paper.subject} ${paper.name}`).toBeDefined();
      const bp = readBlueprint(row!.blueprint)!;
      expect(allSlots(bp)).toEqual(allSlots(bank.blueprint));
      const stored = await deps.db.select().from(questions).where(eq(questions.paperId, row!.id)).all();
      expect(stored).toHaveLength(bank.questions.length);
      expect(stored.every((q) => q.origin === "practice" && /: not from a past paper\.$/.test(q.attribution))).toBe(true);
    }
  });

  it("keeps a paper seeded under a former name: RS Paper 1 of two religions becomes the Christianity component, and Islam's questions move to their own paper", async () => {
    const deps = await createTestDeps();
    const rs = (name: string) => deps.db.select().from(papers).where(and(eq(papers.subject, "Religious Studies"), eq(papers.name, name))).get();
    const christianity = (await rs("Paper 1 - Christianity"))!;
    const islam = (await rs("Paper 1 - Islam"))!;
    // The database as an earlier version left it: one paper of both religions, holding both's questions.
    await deps.db.delete(papers).where(eq(papers.id, islam.id));
    await deps.db.update(papers).set({ name: "Paper 1 - Christianity and Islam" }).where(eq(papers.id, christianity.id));
    await deps.db.update(questions).set({ paperId: christianity.id }).where(like(questions.id, "rs1-%"));
    await seedBanks(deps.db);
    expect((await rs("Paper 1 - Christianity"))!.id).toBe(christianity.id);
    expect(await rs("Paper 1 - Christianity and Islam")).toBeUndefined();
    const topicsOn = async (paperId: number) => new Set((await deps.db.select().from(questions).where(eq(questions.paperId, paperId)).all()).map((q) => q.topic.split("-")[0]));
    expect(await topicsOn(christianity.id)).toEqual(new Set(["christianity"]));
    expect(await topicsOn((await rs("Paper 1 - Islam"))!.id)).toEqual(new Set(["islam"]));
  });

  it("moves a blueprint kept in questionStructure by an earlier version to its own column, and keeps an admin's own structure", async () => {
    const deps = await createTestDeps();
    const { seed } = await import("../db/seed.ts");
    const byCode = (code: string) => loadBanks().find((b) => b.blueprint.code === code)!;
    const [biology, physics] = [byCode("8461/1"), byCode("8463/1")];
    const paperOf = (bp: typeof biology.blueprint) => and(eq(papers.subject, bp.paper.subject), eq(papers.name, bp.paper.name));
    const rowOf = (bp: typeof biology.blueprint) => deps.db.select().from(papers).where(paperOf(bp)).get();
    // As an earlier version stored them: the whole blueprint in questionStructure, no blueprint column.
    await deps.db.update(papers).set({ questionStructure: JSON.stringify({ ...biology.blueprint, seeded: true }), blueprint: null })
      .where(paperOf(biology.blueprint));
    // An admin's own structure, which a start must never overwrite.
    const own = JSON.stringify({ sections: [{ name: "Section A", questionCount: 1, questionTypes: ["Essay"], marks: [100], questions: [{ id: "q1", type: "Essay", marks: 100 }] }] });
    await deps.db.update(papers).set({ questionStructure: own, blueprint: null }).where(paperOf(physics.blueprint));

    await seed(deps.db);
    const bio = (await rowOf(biology.blueprint))!;
    expect(allSlots(readBlueprint(bio.blueprint)!)).toEqual(allSlots(biology.blueprint));
    expect(JSON.parse(bio.questionStructure)).toEqual({ seeded: true, sections: editorStructure(biology.blueprint) });
    const phy = (await rowOf(physics.blueprint))!;
    expect(phy.questionStructure).toBe(own);
    expect(allSlots(readBlueprint(phy.blueprint)!)).toEqual(allSlots(physics.blueprint));
  });
});
