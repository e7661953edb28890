// Suggested minutes: in proportion to marks, and never more than the paper's time in all.
import { describe, expect, it } from "vitest";
import { shareMinutes, suggestedMinutes } from "./timing.ts";
import { loadBanks } from "./bank.ts";

/** Marks of each question number of each section, as the paper prints them. */
const questionMarks = (sections: { slots: { question: number; marks: number }[] }[]) =>
  sections.map((s) => [...Map.groupBy(s.slots, (slot) => slot.question).values()].map((slots) => slots.reduce((n, slot) => n + slot.marks, 0)));

describe("suggested minutes", () => {
  it("shares the time by the largest remainder: the sum is the time exactly, in proportion to marks", () => {
    // Rounding each on its own gives 9+11+11+13+11+9+11+13+11+11 = 110 here.
    const marks = [8, 10, 10, 12, 10, 8, 10, 12, 10, 10];
    const minutes = shareMinutes(marks, 105);
    expect(minutes.reduce((a, b) => a + b, 0)).toBe(105);
    minutes.forEach((m, i) => expect(Math.abs(m - (105 * marks[i]) / 100)).toBeLessThan(1));
    expect(shareMinutes([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(shareMinutes([], 90)).toEqual([]);
  });

  for (const { blueprint: bp } of loadBanks()) {
    it(`${bp.code}: the minutes a candidate is given add up to at most ${bp.timeMinutes}`, () => {
      const marks = questionMarks(bp.sections);
      const minutes = suggestedMinutes(marks, bp.timeMinutes, bp.answerSections);
      const perSection = minutes.map((m) => m.reduce((a, b) => a + b, 0));
      // With a choice of sections, the candidate answers the sections that take longest at most.
      const answered = bp.answerSections ? [...perSection].sort((a, b) => b - a).slice(0, bp.answerSections) : perSection;
      const total = answered.reduce((a, b) => a + b, 0);
      expect(total).toBeLessThanOrEqual(bp.timeMinutes);
      expect(total).toBeGreaterThan(bp.timeMinutes - (bp.answerSections ?? 1));
      for (const m of minutes.flat()) expect(m).toBeGreaterThanOrEqual(1);
    });
  }
});

describe("a generated paper's suggested minutes", () => {
  it("add up to the paper's time, question by question as printed", async () => {
    const { createTestApp, studentWithCredits } = await import("../test-utils.ts");
    const { bankOf, generate, requestFor, storedDocument } = await import("./testing.ts");
    const t = await createTestApp();
    const { cookie } = await studentWithCredits(t, "tim", 2);
    const bp = bankOf("Paper 1").blueprint;
    const res = await generate(t, requestFor(bp, { tier: "Higher", options: { includeTimeAllocation: true } }), cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const doc = await storedDocument(t, (await res.json()).id);
    const minutes = doc.sections.flatMap((s) => s.questions.map((q) => q.minutes!));
    expect(minutes.reduce((a, b) => a + b, 0)).toBe(bp.timeMinutes);
  });
});
