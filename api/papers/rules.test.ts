// The boards' rules and near-duplicates: the definitions on real bank questions, the problems the
// bank check reports, the repair that makes a paper keep its rules, and the generator keeping them.
import { beforeAll, describe, expect, it } from "vitest";
import { createTestApp, studentWithCredits } from "../test-utils.ts";
import { bankProblems } from "./bank-check.ts";
import { seedBanks } from "./bank.ts";
import { figureCount, fingerprint, isSixMarkLevels, nearDuplicate, questionProblems, repairPaper, shortfall } from "./rules.ts";
import { banks, generate, itemsOf, requestFor, storedDocument, type T } from "./testing.ts";
import { type BankQuestion, bankFileSchema, paperRulesSchema, type Slot } from "../../shared/papers.ts";

const question = (id: string) => banks.flatMap((b) => b.questions).find((q) => q.id === id)!;
const withText = (q: BankQuestion, edit: (html: string) => string): BankQuestion => ({ ...q, stem: q.stem ? edit(q.stem) : q.stem, parts: q.parts.map((p) => ({ ...p, content: edit(p.content) })) });

describe("near-duplicates", () => {
  it("finds a question reworded around the same context and numbers, and not a different question on the same topic", () => {
    const original = question("phys1-024"); // two resistors, 6.0 Ω and 12 Ω, on a 6.0 V battery
    const reworded = withText(original, (h) => h.replace("A student investigated", "A teacher measured").replace("Calculate", "Work out"));
    expect(nearDuplicate(fingerprint(original), fingerprint(reworded))).toBe(true);
    // Same skill and context with other numbers is a new question, not a repeat.
    const renumbered = withText(original, (h) => h.replaceAll("6.0", "4.0").replaceAll("12", "8"));
    expect(nearDuplicate(fingerprint(original), fingerprint(renumbered))).toBe(false);
    const other = banks.flatMap((b) => b.questions).find((q) => q.topic === original.topic && q.id !== original.id)!;
    expect(nearDuplicate(fingerprint(original), fingerprint(other))).toBe(false);
    // Without numbers (RS), most of the content words shared makes a repeat.
    const rs = question("rs1-009");
    expect(nearDuplicate(fingerprint(rs), fingerprint(withText(rs, (h) => h.replace("Explain two ways", "Describe two ways"))))).toBe(true);
    expect(nearDuplicate(fingerprint(question("rs1-027")), fingerprint(question("rs1-094")))).toBe(false); // Christmas and Easter
    // Questions on different topics never are.
    expect(nearDuplicate(fingerprint(rs), fingerprint({ ...rs, topic: "something-else" }))).toBe(false);
  });

  it("keeps apart the questions a bank names as asking the same thing (notWith), both ways and across topics", async () => {
    // tc1-001 (alloy hardness) names chem1-018 and chem1-058, which also ask why an alloy is harder;
    // tc1-002 names chem1-011, on another topic, which asks why sodium chloride melts so high.
    const alloy = fingerprint(question("tc1-001"));
    expect(nearDuplicate(alloy, fingerprint(question("chem1-018")))).toBe(true);
    expect(nearDuplicate(fingerprint(question("chem1-058")), alloy)).toBe(true);
    expect(nearDuplicate(fingerprint(question("tc1-002")), fingerprint(question("chem1-011")))).toBe(true);
    // The engine's own candidates (no notWith of their own) find the pair through the bank files.
    const { notWith: _, ...asStored } = question("tc1-001");
    expect(nearDuplicate(fingerprint(asStored), fingerprint(question("chem1-018")))).toBe(true);
    expect(nearDuplicate(alloy, fingerprint(question("chem1-011")))).toBe(false);
    // The bank check sees a paper holding both as a repeat: one slot each, one paper, no way round it.
    const file = bankFileSchema.parse({
      blueprint: {
        ...banks.find((b) => b.blueprint.code === "8462/1")!.blueprint,
        rules: {},
        totalMarks: 22,
        sections: [{ name: "Questions", slots: [
          { question: 1, type: "Structured", marks: 10, topics: ["metallic-bonding-and-states"] },
          { question: 2, type: "Structured", marks: 12, topics: ["metallic-bonding-and-states"] },
        ] }],
        tiers: ["Foundation"],
      },
      questions: [question("tc1-001"), question("chem1-018")],
    });
    expect(bankProblems(file, 1, [file]).join("\n")).toMatch(/near-duplicate/);
    // A notWith naming no question is a mistake the check reports.
    const typo = { ...file, questions: [{ ...file.questions[0], notWith: ["chem1-999"] }, file.questions[1]] };
    expect(bankProblems(typo, 1, [typo])).toContain("tc1-001: notWith names chem1-999, which no bank has");
  });

  it("holds no near-duplicate pair in any seeded bank's filled papers", () => {
    for (const bank of banks) expect(bankProblems(bank, 3).filter((p) => p.includes("near-duplicate")), bank.blueprint.code).toEqual([]);
  });
});

describe("question rules", () => {
  const rules = paperRulesSchema.parse({
    otherPaperContent: ["transformer equation", "momentum"],
    contrastingIssues: [{ topics: "theme-a-", issues: ["contraception"] }],
  });
  const base = question("phys1-024");

  it("flags the other paper's content, a missing figure, a plot with no grid, code in a string, and an RS contrast off the named issues", () => {
    expect(questionProblems(base, rules)).toEqual([]);
    expect(questionProblems(withText(base, (h) => h.replace("Calculate", "Using momentum, calculate")), rules)[0]).toContain('"momentum" is the other paper\'s content');
    expect(questionProblems(withText(base, (h) => h.replace("Calculate", "Use Figure 2 to calculate")), rules)[0]).toContain("names Figure 2 but has 1 figure");
    const plot = { ...base, parts: [...base.parts, { content: "<p>Plot the results on a graph.</p>", marks: 3, markScheme: "<p>x</p>", modelAnswer: "<p>x</p>" }] };
    expect(questionProblems(plot, rules).join(" ")).toContain("asks for a graph but has no grid");
    const withGrid = { ...plot, parts: plot.parts.map((p, i) => (i === plot.parts.length - 1 ? { ...p, figure: { type: "graph" as const, x: { label: "x", min: 0, max: 5, step: 1, minor: 0 }, y: { label: "y", min: 0, max: 5, step: 1, minor: 0 }, series: [], gridlines: true, annotations: [] } } : p)) };
    expect(questionProblems(withGrid, rules)).toEqual([]);
    const codeInString = { ...base, parts: [{ ...base.parts[0], content: '<p>What does "x ← 5 OUTPUT x" print?</p>' }] };
    expect(questionProblems(codeInString, rules)[0]).toContain("code inside a string literal");
    const rs = question("rs2a-010");
    const offIssue = withText(rs, (h) => h.replace("homosexual relationships", "cohabitation"));
    expect(questionProblems({ ...offIssue, topic: "theme-a-marriage" }, rules)[0]).toContain("'contrasting beliefs' question off the issues");
    expect(questionProblems({ ...withText(rs, (h) => h.replace("homosexual relationships", "contraception")), topic: "theme-a-contraception" }, rules)).toEqual([]);
  });

  it("recognises a 6-mark levels-of-response question and counts figures", () => {
    expect(isSixMarkLevels(question("phys1-007"))).toBe(true);
    expect(isSixMarkLevels(question("phys1-024"))).toBe(false);
    expect(figureCount(question("phys1-024"))).toBe(1);
  });

  it("repairs a paper that lacks a required question by swapping in a spare that fits the same slot", () => {
    const slots: Slot[] = [{ question: 1, type: "Structured", marks: 10, topics: ["t"] }, { question: 2, type: "Structured", marks: 10, topics: ["t"] }];
    const plain = (id: string) => ({ id, topic: "t", parts: [{ content: `<p>${id} question about ${id} things</p>`, marks: 10, markScheme: "<p>x</p>", modelAnswer: "<p>x</p>" }] });
    const six = { id: "six", topic: "t", parts: [{ content: "<p>Describe an investigation.</p>", marks: 4, markScheme: "<p>x</p>", modelAnswer: "<p>x</p>" }, { content: "<p>Explain.</p>", marks: 6, markScheme: "<p>Level 3 (5–6 marks)</p>", modelAnswer: "<p>x</p>" }] };
    const candidates = [plain("alpha"), plain("beta"), six];
    const picked = [0, 1];
    const needs = paperRulesSchema.parse({ minSixMarkLevels: 1 });
    expect(shortfall(needs, picked.map((c) => candidates[c]))).toBe(1);
    const left = repairPaper(slots, picked, candidates, (q) => q.parts.reduce((n, p) => n + p.marks, 0) === 10, needs, candidates.map(fingerprint));
    expect(left).toEqual([]);
    expect(picked).toContain(2);
  });
});

describe("the generator keeps the rules", () => {
  let t: T;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await studentWithCredits(t, "rue", 30));
  });

  for (const code of ["8461/1", "8462/1", "8463/1", "8300/1", "8525/1", "8525/2"]) {
    it(`${code}: past and predicted papers, both tiers, hold what the board's rules require`, async () => {
      const bp = banks.find((b) => b.blueprint.code === code)!.blueprint;
      for (const tier of bp.tiers.length ? bp.tiers : [undefined]) {
        for (const isPredicted of [false, true]) {
          const res = await generate(t, requestFor(bp, { tier, isPredicted }), cookie);
          expect(res.status).toBe(200);
          const doc = await storedDocument(t, (await res.json()).id);
          const onPaper = itemsOf(doc).map((i) => ({ id: i.questionId, topic: i.topic, stem: i.stem, stemFigure: i.stemFigure?.figure, parts: i.parts.map((p) => ({ ...p, figure: p.figure?.figure })) }));
          expect(shortfall(bp.rules, onPaper), `${code} ${tier ?? ""} ${isPredicted ? "predicted" : "past"}`).toBe(0);
          const prints = onPaper.map(fingerprint);
          for (let i = 0; i < prints.length; i++) for (let j = i + 1; j < prints.length; j++) expect(nearDuplicate(prints[i], prints[j])).toBe(false);
        }
      }
    });
  }

  it("gives a student five RS 2A papers without repeating a question (the bank holds exactly five papers' worth for some slots)", async () => {
    const bp = banks.find((b) => b.blueprint.code === "8062/2A")!.blueprint;
    const { cookie: own } = await studentWithCredits(t, "five", 5);
    const had = new Set<string>();
    for (let paper = 1; paper <= 5; paper++) {
      const res = await generate(t, requestFor(bp), own);
      expect(res.status).toBe(200);
      const ids = itemsOf(await storedDocument(t, (await res.json()).id)).map((i) => i.questionId!);
      expect(ids.filter((id) => had.has(id)), `paper ${paper}`).toEqual([]);
      for (const id of ids) had.add(id);
    }
  });

  it("gives a student's second paper none of the first paper's near-duplicates while the bank has others", async () => {
    // One slot; two of its three questions repeat each other (the same context and numbers, reworded).
    const part = (content: string) => ({ content, marks: 3, markScheme: "<p>3.0 A (1)</p>", modelAnswer: "<p>I = V ÷ R = 3.0 A</p>" });
    const file = bankFileSchema.parse({
      blueprint: { ...banks[0].blueprint, paper: { subject: "Repeat Physics", examBoard: "AQA", level: "GCSE", name: "Paper 1" }, tiers: [], topics: [{ id: "ohm", name: "Ohm's law", description: "Current, potential difference and resistance." }], totalMarks: 3, rules: {}, inserts: [],
        sections: [{ name: "Section A", slots: [{ question: 1, type: "Short Answer", marks: 3, topics: ["ohm"] }] }] },
      questions: [
        { id: "ohm-a", topic: "ohm", parts: [part("<p>A 4.0 Ω resistor is connected to a 12 V battery. Calculate the current in the resistor.</p>")] },
        { id: "ohm-a2", topic: "ohm", parts: [part("<p>A resistor of 4.0 Ω is connected to a battery of 12 V. Work out the current in the resistor.</p>")] },
        { id: "ohm-b", topic: "ohm", parts: [part("<p>A kettle element of 20 Ω draws 11.5 A from the mains at 230 V. Show that the element obeys Ohm's law.</p>")] },
      ],
    });
    expect(nearDuplicate(fingerprint(file.questions[0]), fingerprint(file.questions[1]))).toBe(true);
    await seedBanks(t.db, [file]);
    let repeatsAvoided = 0;
    for (let student = 0; student < 12 && repeatsAvoided < 3; student++) {
      const { cookie: own } = await studentWithCredits(t, `sam${student}`, 2);
      const first = itemsOf(await storedDocument(t, (await (await generate(t, requestFor(file.blueprint), own)).json()).id))[0].questionId;
      const second = itemsOf(await storedDocument(t, (await (await generate(t, requestFor(file.blueprint), own)).json()).id))[0].questionId;
      expect(second).not.toBe(first);
      if (first !== "ohm-b") {
        // After either version of the repeated question, the next paper takes the other question.
        expect(second).toBe("ohm-b");
        repeatsAvoided++;
      }
    }
    expect(repeatsAvoided).toBeGreaterThan(0);
  });
});
