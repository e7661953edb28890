// The offline marker on real bank parts: a table of answers per kind of question (correct, partly
// correct, wrong, blank, wrong units, the wrong form) with the marks an examiner would give, the
// points matcher's method pinned on examples, self-marking, and every bank part read without error.
import { describe, expect, it } from "vitest";
import type { AnswerValue } from "../../../shared/sittings.ts";
import { answerFieldFor, levelsOf, markingSpecFor, markOffline, selfMark } from "./index.ts";
import { allBankParts, bankPart } from "./testing.ts";
import { answerText, markPoints } from "./points.ts";
import { htmlToText, stem, tokens } from "./text.ts";

const NOW = new Date("2026-06-01T10:00:00Z");

type Case = [label: string, answer: AnswerValue | null, marks: number];

function table(questionId: string, index: number, cases: Case[]) {
  const part = bankPart(questionId, index);
  for (const [label, answer, marks] of cases) {
    it(`${questionId} part ${index + 1} (${part.marks} mark${part.marks === 1 ? "" : "s"}): ${label} → ${marks}`, () => {
      const mark = markOffline(part, answer, NOW);
      expect(mark.awarded, mark.reasons.join("\n")).toBe(marks);
      expect(mark.max).toBe(part.marks);
      expect(mark.reasons.length).toBeGreaterThan(0);
      expect(mark.markedAt).toBe(NOW.toISOString());
    });
  }
}

describe("multiple choice: the option the mark scheme names, exactly", () => {
  // "Cell wall (1)": the scheme names the option by its text. The page sends the option's index.
  table("bio1-001", 0, [
    ["the right option by index", "1", 1],
    ["the right option by its text", "Cell wall", 1],
    ["the right option by its letter", "B", 1],
    ["another option", "2", 0],
    ["something that is not an option", "Cell walls and membranes", 0],
    ["blank", "", 0],
  ]);
  // "D: Sodium chloride (1)": by letter, on a paper that prints letters and on one that does not.
  table("chem1-001", 0, [
    ["D", "3", 1],
    ["the option the letter sits next to in the list, not its text", "0", 0],
  ]);
  // Options that are numbers ("1", "2", "3", "4"; "C: 3 (1)"): the answer is the option's text, not an index.
  table("chem1-015", 0, [
    ["3", "3", 1],
    ["4", "4", 0],
  ]);
  it("finds an option named by a single letter within the scheme's line ('Substance A')", () => {
    expect(markingSpecFor(bankPart("chem1-014", 0))).toEqual({ kind: "choice", answer: 0 });
    expect(markingSpecFor(bankPart("cs1-023", 0))).toEqual({ kind: "choice", answer: 0 });
    expect(markingSpecFor(bankPart("chem1-050", 0))).toEqual({ kind: "choice", answer: 1 });
  });
  it("finds the same option whether the paper prints option letters or not", () => {
    for (const style of ["lettered-boxes", "boxes"] as const) {
      expect(markingSpecFor(bankPart("chem1-001", 0, style))).toEqual({ kind: "choice", answer: 3 });
      expect(markingSpecFor(bankPart("cs1-002", 0, style))).toEqual({ kind: "choice", answer: 1 });
    }
  });
  it("leaves a choice to the student when the scheme names none of its options (a model-written question may not)", () => {
    const part = { ...bankPart("bio1-001", 0), markScheme: "<p>The structure that plant and bacterial cells share (1)</p>" };
    expect(markingSpecFor(part)).toEqual({ kind: "self", reason: "unstructured" });
    expect(markOffline(part, "1", NOW)).toMatchObject({ awarded: null, method: "pending" });
    expect(answerFieldFor(part)).toEqual({ kind: "choice" });
  });
  it("is not fooled by an option that starts like a letter ('A disease that …')", () => {
    expect(markingSpecFor(bankPart("bio1-020", 0))).toEqual({ kind: "choice", answer: 1 });
  });
});

describe("numbers: value within tolerance, units, precision, method marks", () => {
  // Ep = 55 × 9.8 × 3.0 (1); Ep = 1617 J (1); allow 1620 J. No unit mark: a wrong unit is refused.
  table("phys1-010", 1, [
    ["the number", "1617", 2],
    ["with its unit", "1617 J", 2],
    ["unit with no space", "1617J", 2],
    ["the allowed rounding", "1620 J", 2],
    ["in kJ (converted)", "1.617 kJ", 2],
    ["standard form", "1.617 × 10^3 J", 2],
    ["e notation", "1.617e3", 2],
    ["working then the answer", "Ep = 55 x 9.8 x 3.0\n= 1617 J", 2],
    ["right number, wrong units (no unit mark: refused)", "1617 N", 0],
    ["wrong answer, right substitution shown (method mark)", "55 × 9.8 × 3 = 1500 J", 1],
    ["wrong answer, no working", "1500", 0],
    ["the question's numbers listed, no working (no method mark)", "mass 55 kg, g 9.8 N/kg, height 3.0 m, so 1500 J", 0],
    ["a word for the number (refused: answers are written in figures)", "one thousand six hundred and seventeen", 0],
    ["blank", "   ", 0],
  ]);
  it("takes only the unit mark for a wrong or missing unit when the scheme gives the unit a mark (no bank part does yet)", () => {
    const real = bankPart("phys1-010", 1);
    const part = { ...real, marks: 3, markScheme: `${real.markScheme}<p>unit: J (1)</p>` };
    expect(markingSpecFor(part)).toMatchObject({ kind: "number", unitMarks: 1, units: ["J"] });
    expect(answerFieldFor(part)).toEqual({ kind: "number" });
    expect(markOffline(part, "1617 J", NOW).awarded).toBe(3);
    expect(markOffline(part, "1617", NOW)).toMatchObject({ awarded: 2, reasons: ["Correct answer: 1617 (3)", "Unit mark lost: the unit is J (−1)"] });
    expect(markOffline(part, "1617 N", NOW).awarded).toBe(2);
  });
  // E = 100 × 300 (1); E = 30 000 J (1): thousands separators as students write them.
  table("phys1-033", 1, [
    ["30 000", "30 000", 2],
    ["30,000 J", "30,000 J", 2],
    ["30000J", "30000J", 2],
    ["30 kJ", "30 kJ", 2],
  ]);
  // −40 (kJ): a Unicode minus, a hyphen, and the sign dropped.
  table("chem1-044", 2, [
    ["Unicode minus", "−40 kJ", 2],
    ["hyphen minus", "-40", 2],
    ["the method and a slip", "10 − 50 = −60", 1],
    ["the sign dropped, no working", "40", 0],
  ]);
  // "Give your answer to 2 significant figures": 37 ÷ 30 (1); 1.2 (1); "1.23 scores 1 mark only".
  table("chem2-004", 2, [
    ["to 2 significant figures", "1.2", 2],
    ["to 3 significant figures (loses the precision mark)", "1.23", 1],
    ["the division shown, then a wrong answer", "37 ÷ 30 = 1.3", 1],
    ["wrong", "0.81", 0],
  ]);
  // A1 7/10 oe; M1 2 + 3 + 5 (= 10) parts, or 3/10: a fraction where the scheme's answer is one.
  table("maths1-178", 0, [
    ["the fraction", "7/10", 2],
    ["an equivalent fraction", "14/20", 2],
    ["the decimal", "0.7", 2],
    ["as a percentage", "70%", 2],
    ["the probability of blue instead (method mark: 3/10 seen)", "3/10", 1],
    ["wrong", "2/10", 0],
  ]);
  // A1 £9720, two method marks: money with and without the £ sign.
  table("maths1-075", 0, [
    ["£9720", "£9720", 3],
    ["9720 with no £", "9720", 3],
    ["£9,720", "£9,720", 3],
    ["both method steps then an arithmetic slip", "12000 × 0.9 = 10800\n10800 × 0.9 = 9700", 2],
    ["20% taken off at once", "£9600", 0],
  ]);
  // 7 (1 mark): a count.
  table("cs1-002", 1, [
    ["7", "7", 1],
    ["seven (refused: a number is written in figures)", "seven", 0],
  ]);
});

describe("one word or formula: the scheme's accepted forms, rejects first", () => {
  table("cs1-047", 4, [
    ["Boolean", "Boolean", 1],
    ["lower case", "boolean", 1],
    ["in a short sentence", "It is a Boolean.", 1],
    ["wrong", "Integer", 0],
    ["blank", null, 0],
  ]);
  // K2O (1); do not accept KO2 or K²O.
  table("chem1-056", 5, [
    ["K2O", "K2O", 1],
    ["with a subscript", "K₂O", 1],
    ["a rejected formula", "KO2", 0],
    ["another rejected formula", "K^2O", 0],
  ]);
});

describe("short answers: point by point", () => {
  // not enclosed in a nucleus / free in the cytoplasm (1); a single loop of DNA (1); plasmids (1). Any 2.
  table("bio1-001", 2, [
    ["two points", "The DNA is a single loop and it also has small rings of DNA called plasmids.", 2],
    ["one point", "Its DNA is free in the cytoplasm.", 1],
    ["all three points (capped at 2)", "It is not enclosed in a nucleus, it is one large loop of DNA, and there are small rings of DNA called plasmids.", 2],
    ["the key word alone, where the point has more (a limit of matching by terms)", "plasmids", 0],
    ["wrong", "It has a nucleus.", 0],
    ["blank", "", 0],
  ]);
  // (site of) aerobic respiration (1). Accept release / transfer energy by respiration. Do not accept make / produce energy.
  table("bio1-001", 1, [
    ["the point", "Aerobic respiration", 1],
    ["an accepted alternative, stemmed ('respires')", "It is where the cell respires to release energy", 1],
    ["a rejected phrase", "They make energy", 0],
    ["a rejected phrase beside a credited one (reject beats accept)", "aerobic respiration, to produce energy", 0],
  ]);
  // exothermic (1); the products have less energy than the reactants / energy is released to the surroundings (1).
  table("chem1-044", 3, [
    ["both", "Exothermic, because energy is released to the surroundings.", 2],
    ["the reason only", "The products have less energy than the reactants.", 1],
    ["the point negated", "It is not exothermic, so energy isn't released to the surroundings.", 0],
  ]);
  // CS "1 mark for each of" list, max 2.
  table("cs1-041", 3, [
    ["both", "The leading zero would be lost if it was stored as an integer, and you never do arithmetic on a phone number", 2],
    ["both, the first without the words of the question (a limit of matching by terms)", "The leading zero would be lost, and you never do arithmetic on it", 1],
    ["one", "Because the leading zero would be lost if it were stored as an integer.", 1],
    ["one, said with a negated key word (a limit of the negation rule: 'cannot store' is not 'stored')", "An integer cannot store the leading zero", 0],
    ["wrong", "Strings use less memory", 0],
  ]);
  // A table to fill: 16, 16, 16 in the first row (1); 16, 18, 16 in the second (1).
  table("chem1-052", 3, [
    ["both rows", ["16", "16", "16", "16", "18", "16"], 2],
    ["the second row's neutrons wrong", ["16", "16", "16", "16", "16", "16"], 1],
    ["empty cells", ["", "", "", "", "", ""], 0],
  ]);

  // A tick table the scheme prints completed: marked cell by cell. "All four rows correct (2 marks);
  // two or three rows correct (1 mark)": marks in proportion to the rows right, rounded down.
  table("cs2-022", 1, [
    ["all four rows", ["✓", "", "", "✓", "", "✓", "✓", ""], 2],
    ["ticks typed as x", ["x", "", "", "x", "", "x", "x", ""], 2],
    ["three rows", ["✓", "", "", "✓", "", "✓", "", "✓"], 1],
    ["both boxes ticked in every row", ["✓", "✓", "✓", "✓", "✓", "✓", "✓", "✓"], 0],
  ]);
  // A truth table column, "1 mark for each correct row".
  table("cs1-024", 1, [
    ["all four", ["True", "False", "True", "False"], 4],
    ["one wrong", ["True", "True", "True", "False"], 3],
    ["lower case", ["true", "false", "true", "false"], 4],
  ]);
  // A test plan to complete (not a trace table), marked by its points: "3.99 for 35.00", "Boundary for 50.00" …
  table("cs1-038", 0, [
    ["all four", ["3.99", "Boundary", "5.99", "Erroneous"], 4],
    ["one type wrong", ["3.99", "Normal", "5.99", "Erroneous"], 3],
  ]);

  it("gives a reason line for every point, credited or not", () => {
    const mark = markOffline(bankPart("bio1-001", 2), "Its DNA is free in the cytoplasm.", NOW);
    expect(mark.method).toBe("points");
    expect(mark.reasons).toEqual([
      "Credited: 'free in the cytoplasm' (1)",
      "Not found: 'a single (large) loop of DNA' (1)",
      "Not found: '(may also have) small rings of DNA called plasmids' (1)",
    ]);
  });
});

describe("the points matcher's method, pinned", () => {
  it("normalises: stemming, British and US spelling, synonyms, numbers", () => {
    expect(stem("respires")).toBe(stem("respiration"));
    expect(stem("respiring")).toBe(stem("respire"));
    expect(stem("concentrated")).toBe(stem("concentration"));
    expect(stem("arteries")).toBe(stem("artery"));
    expect(tokens("colour sulphur neutralise").list).toEqual(tokens("color sulfur neutralize").list);
    expect(tokens("the temperature rises").list).toEqual(tokens("the temperature increases").list);
    expect(tokens("CO2").list).toEqual(tokens("carbon dioxide").list);
    expect(tokens("828 000 and 0.50").list).toEqual(["828000", "and", "0.5"]);
  });
  it("needs every key term of a short alternative, and all but one in four of a long one", () => {
    const spec = markingSpecFor(bankPart("bio1-012", 3));
    if (spec.kind !== "points") throw new Error(`bio1-012 part 4 is marked as ${spec.kind}`);
    const [point] = spec.points;
    // "against the concentration gradient": three key terms, all needed.
    expect(markPoints(answerText("they move against the gradient"), [point], 1).awarded).toBe(0);
    expect(markPoints(answerText("they move against the concentration gradient"), [point], 1).awarded).toBe(1);
    // "nitrate ions move from a more dilute to a more concentrated solution": seven terms, six needed.
    expect(markPoints(answerText("nitrate ions go from a more dilute to a more concentrated solution"), [point], 1).awarded).toBe(1);
    expect(markPoints(answerText("ions go from a dilute solution"), [point], 1).awarded).toBe(0);
  });
  it("matches formulas in compact form: spaces, powers and subscripts do not matter", () => {
    const part = bankPart("maths1-031", 0);
    expect(markOffline(part, "7n − 3", NOW).awarded).toBe(2);
    expect(markOffline(part, "7n-3", NOW).awarded).toBe(2);
    expect(markOffline(part, "7 n - 3", NOW).awarded).toBe(2);
    expect(markOffline(part, "3n + 7", NOW).awarded).toBe(0);
  });
});

describe("extended answers and drawings: pending, then the student's own mark", () => {
  const sixMarker = bankPart("bio1-011", 3);

  it("leaves a levels-marked answer pending offline, and a blank one at 0", () => {
    const mark = markOffline(sixMarker, "Stem cells could cure diabetes, but the embryo is destroyed.", NOW);
    expect(mark).toMatchObject({ awarded: null, max: 6, method: "pending" });
    expect(markOffline(sixMarker, "", NOW)).toMatchObject({ awarded: 0, method: "exact" });
  });
  it("reads the level descriptors, highest first, with no relevant content at level 0", () => {
    const levels = levelsOf(sixMarker)!;
    expect(levels.map((l) => [l.level, l.marks])).toEqual([[3, [5, 6]], [2, [3, 4]], [1, [1, 2]], [0, [0, 0]]]);
    expect(levels[0].descriptor).toMatch(/^A detailed evaluation that considers both benefits and risks/);
    expect(levelsOf(bankPart("bio1-001", 2))).toBeUndefined();
    const spec = markingSpecFor(sixMarker);
    expect(spec.kind === "levels" && spec.indicative).toContain("better quality of life");
  });
  it("takes a self-mark within the part and the level's band, and refuses any other with a clear message", () => {
    expect(selfMark(sixMarker, 5, 3, NOW)).toMatchObject({ awarded: 5, max: 6, method: "self", level: 3, markedAt: NOW.toISOString() });
    expect(selfMark(sixMarker, 4, undefined, NOW)).toMatchObject({ awarded: 4, method: "self" });
    expect(() => selfMark(sixMarker, 5, 2, NOW)).toThrow("Level 2 of part 4 is worth 3–4 marks, not 5.");
    expect(() => selfMark(sixMarker, 7, undefined, NOW)).toThrow("whole number from 0 to 6");
    expect(() => selfMark(sixMarker, 2.5, undefined, NOW)).toThrow("whole number from 0 to 6");
    expect(() => selfMark(sixMarker, -1, undefined, NOW)).toThrow("whole number from 0 to 6");
    expect(() => selfMark(sixMarker, 2, 5, NOW)).toThrow("has no level 5");
    expect(() => selfMark(bankPart("bio1-001", 2), 1, 1, NOW)).toThrow("is not marked by levels");
  });
  it("leaves a plot to the student", () => {
    const plot = bankPart("bio1-050", 0);
    expect(markingSpecFor(plot)).toEqual({ kind: "self", reason: "drawing" });
    expect(markOffline(plot, "I plotted the points and drew a curve", NOW)).toMatchObject({ awarded: null, method: "pending" });
  });
});

describe("answerFieldFor: the exam page's field", () => {
  it("gives each kind of part its field", () => {
    expect(answerFieldFor(bankPart("bio1-001", 0))).toEqual({ kind: "choice" });
    expect(answerFieldFor(bankPart("phys1-010", 1))).toEqual({ kind: "number", units: "J" });
    expect(answerFieldFor(bankPart("maths1-178", 0))).toEqual({ kind: "number" });
    expect(answerFieldFor(bankPart("cs1-047", 4))).toEqual({ kind: "word" });
    expect(answerFieldFor(bankPart("bio1-001", 2))).toEqual({ kind: "short" });
    expect(answerFieldFor(bankPart("bio1-011", 3))).toEqual({ kind: "long" });
    expect(answerFieldFor(bankPart("chem1-052", 3))).toEqual({ kind: "table", cells: 6 });
  });
});

describe("every bank part", () => {
  const parts = allBankParts();

  it("has a spec, without throwing, and a field", () => {
    expect(parts.length).toBeGreaterThan(3000);
    for (const { id, part } of parts) {
      expect(() => markingSpecFor(part), id).not.toThrow();
      expect(() => answerFieldFor(part), id).not.toThrow();
    }
  });
  it("multiple choice: exactly one option, the one the model answer names", () => {
    const norm = (s: string) => htmlToText(s).toLowerCase().replace(/\.$/, "");
    for (const { id, part } of parts.filter((p) => p.part.options)) {
      const spec = markingSpecFor(part);
      expect(spec.kind, id).toBe("choice");
      if (spec.kind !== "choice") continue;
      expect(Number.isInteger(spec.answer) && spec.answer >= 0 && spec.answer < part.options!.length, id).toBe(true);
      expect(norm(part.modelAnswer), id).toContain(norm(part.options![spec.answer]));
    }
  });
  it("levels: exactly the parts whose scheme has levels, with the top band ending at the part's marks", () => {
    for (const { id, part } of parts) {
      const spec = markingSpecFor(part);
      const hasLevels = /Level\s+1\b/.test(part.markScheme);
      expect(spec.kind === "levels", id).toBe(hasLevels);
      if (spec.kind === "levels") expect(spec.levels[0].marks[1], id).toBe(part.marks);
    }
  });
  it("falls back to self-marking for no more parts than it did when measured", () => {
    const counts: Record<string, number> = {};
    for (const { part } of parts) {
      const spec = markingSpecFor(part);
      const key = spec.kind === "self" ? `self:${spec.reason}` : spec.kind;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    const self = Object.entries(counts).filter(([k]) => k.startsWith("self")).reduce((n, [, v]) => n + v, 0);
    // Measured on the 3,865 bank parts: 207 (147 RS "explain two ways" across the four religions and
    // the themes, 38 programs and SQL, 20 plots and drawings, 2 other).
    expect(self).toBeLessThanOrEqual(207);
    expect(counts["self:unstructured"] ?? 0).toBeLessThanOrEqual(2);
  });
  it("credits the bank's own model answers and not another question's answers", () => {
    // The model answers are full-mark answers written in prose; another question's model answer is a
    // wrong answer with plausible words. Measured: 87.8% and 0.8% of the marks.
    let max = 0;
    let own = 0;
    let other = 0;
    const marked = parts.filter(({ part }) => ["number", "word", "points"].includes(markingSpecFor(part).kind));
    marked.forEach(({ part }, i) => {
      max += part.marks;
      own += markOffline(part, htmlToText(part.modelAnswer), NOW).awarded!;
      other += markOffline(part, htmlToText(marked[(i + 37) % marked.length].part.modelAnswer), NOW).awarded!;
    });
    expect(own / max).toBeGreaterThan(0.87);
    expect(other / max).toBeLessThan(0.02);
  });
  it("marks the same answers the same way twice", () => {
    const answers = parts.map(({ part }, i) => (i % 3 === 0 ? htmlToText(part.modelAnswer) : i % 3 === 1 ? "" : htmlToText(parts[(i + 5) % parts.length].part.modelAnswer)));
    const once = parts.map(({ part }, i) => markOffline(part, answers[i], NOW));
    const twice = parts.map(({ part }, i) => markOffline(part, answers[i], NOW));
    expect(twice).toEqual(once);
  });
});
