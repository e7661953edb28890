// Marking one part offline, deterministically: a choice exactly, a number by value, units and
// precision (with method marks from the working when the answer is wrong), a word by the scheme's
// accepted forms, a short answer point by point (points.ts); extended answers and drawings wait
// for the student's own mark, validated by selfMark against the level descriptors.
import type { DocPart } from "../../../shared/generation.ts";
import type { AnswerValue, PartMark, PartResult } from "../../../shared/sittings.ts";
import { bandOf } from "./levels.ts";
import { canonicalUnit, parseQuantity, type Quantity, sameValue, unitFactor } from "./numbers.ts";
import { answerText, contains, markPoints, matches } from "./points.ts";
import { type MarkingSpec, markingSpecFor } from "./spec.ts";
import { markCells } from "./tables.ts";
import { htmlToText, keyTerms } from "./text.ts";

type Outcome = Pick<PartMark, "awarded" | "method" | "reasons"> & { level?: number };

/** The answer as one text: a table's cells in reading order, kept apart so "16" and "160" never join. */
export function answerAsText(answer: AnswerValue | null): string {
  if (answer === null) return "";
  return typeof answer === "string" ? answer : answer.map((c) => c.trim()).filter(Boolean).join(" | ");
}

const SELF_REASONS = {
  drawing: "A drawing or a plot: mark it yourself against the mark scheme.",
  program: "A program or algorithm: mark it yourself against the features in the mark scheme.",
  "two-ways": "Marked for how well each point is explained: mark it yourself against the mark scheme.",
  unstructured: "This mark scheme has no points a machine can check: mark it yourself against it.",
} as const;

/**
 * The option a choice answer names: its text (as the exam page saves it), else its index ("1") or
 * letter ("B"). Text first, so an option that reads "2" is that option, not the third.
 */
function chosenIndex(part: DocPart, answer: string): number {
  const a = answer.trim();
  const norm = (s: string) => htmlToText(s).toLowerCase().replace(/\s+/g, " ").replace(/\.$/, "");
  const byText = (part.options ?? []).findIndex((o) => norm(o) === norm(a));
  if (byText >= 0) return byText;
  if (/^[0-3]$/.test(a)) return Number(a);
  if (/^[A-Da-d]$/.test(a)) return "ABCD".indexOf(a.toUpperCase());
  return -1;
}

/**
 * The final answer of a number field: the last line without its closing remarks in brackets, after
 * its last "=", or else the longest number-and-units at the end of one of its clauses.
 */
export function finalQuantity(text: string): Quantity | null {
  const lines = text.trim().split(/\n/).map((l) => l.replace(/\s*\([^()]*\)\s*\.?\s*$/g, "").replace(/\s*\([^()]*[a-z]{2}[^()]*\)/gi, "").trim()).filter(Boolean);
  const last = lines.at(-1) ?? "";
  const afterEquals = last.includes("=") ? last.slice(last.lastIndexOf("=") + 1) : last;
  const direct = parseQuantity(afterEquals, 6);
  if (direct) return direct;
  const clauses = afterEquals.split(/[,;:]\s+|\.\s+|\.$|\s[–—-]\s/).filter((c) => c.trim());
  // "149: one water molecule forms for each link …": a line that opens with its answer.
  const opening = clauses.length > 1 ? parseQuantity(clauses[0], 6) : null;
  if (opening) return opening;
  let best: Quantity | null = null;
  for (const clause of clauses) {
    const words = clause.trim().split(/\s+/);
    let found: Quantity | null = null;
    for (let k = 1; k <= Math.min(words.length, 8); k++) {
      const q = parseQuantity(words.slice(-k).join(" "), 6);
      if (q) found = q;
    }
    if (found) best = found;
  }
  return best;
}

/** A unit a marker would hold the student to (J, cm³/s, %, °C, £), not a word such as "cupcakes". */
const physicalUnit = (u: string) => /[/%°£$Ω]|^[GMkcmµun]?(?:m|g|J|W|V|A|N|Pa|Hz|C|s|Wh|L|l|eV|h|min)\d?$/.test(canonicalUnit(u));

/**
 * A number: full marks when the final answer (finalQuantity) has an accepted value (numbers.ts
 * `sameValue`, the scheme's ranges and "allow" values). Units: none is fine (the exam page prints
 * the units beside the field); SI prefixes are converted ("1.617 kJ" is 1617 J); words that are not
 * units are ignored ("28 cupcakes"); a percentage stands for a proportion ("70%" for 0.7); a different unit ("1617 N") is refused as wrong units, unless
 * the scheme gives the unit a mark of its own ("unit: cm³/s (1)"), when only that mark is lost (no
 * bank part has one today). "Give your answer to 2 significant figures" (or decimal places): other
 * precision loses one mark. A number in words ("four") is not read: answers are written in figures.
 * A wrong final answer earns the method points whose numbers are in the working (numbers with an
 * arithmetic sign between them), up to one less than the part's marks.
 */
function markNumber(part: DocPart, spec: Extract<MarkingSpec, { kind: "number" }>, text: string): Outcome {
  const max = part.marks;
  const given = finalQuantity(text);
  const reasons: string[] = [];
  const expected = spec.values.map((v) => (v.upTo === undefined ? `${v.value}` : `${v.value}–${v.upTo}`)).join(" or ") + (spec.units[0] ? ` ${spec.units[0]}` : "");
  let unitLost = false;
  let wrongUnits = false;
  let factor = 1;
  if (given?.unit && spec.units.length) {
    const factors = spec.units.map((u) => unitFactor(given.unit, u)).filter((f): f is number => f !== null);
    if (factors.length) factor = factors[0];
    else if (physicalUnit(given.unit) && spec.units.some(physicalUnit)) {
      if (spec.unitMarks) unitLost = true;
      else wrongUnits = true;
    }
  } else if (spec.unitMarks && !given?.unit) unitLost = true;
  // A proportion given as a percentage ("70%" for a probability of 7/10) where the scheme's answer has no unit.
  else if (given?.unit === "%" && !spec.units.length && spec.values.every((v) => Math.abs(v.value) <= 1)) factor = 0.01;
  const value = given ? { value: given.value * factor, resolution: given.resolution * factor } : null;
  const right = value && spec.values.some((v) =>
    v.upTo === undefined ? sameValue(value, v) : (value.value >= v.value - 1e-9 && value.value <= v.upTo + 1e-9) || sameValue(value, v) || sameValue(value, { ...v, value: v.upTo })
  );
  if (right && !wrongUnits) {
    let awarded = max;
    reasons.push(`Correct answer: ${given!.value}${given!.unit ? ` ${given!.unit}` : ""} (${max})`);
    if (unitLost) {
      awarded -= spec.unitMarks;
      reasons.push(`Unit mark lost: the unit is ${spec.units[0]} (−${spec.unitMarks})`);
    }
    if (spec.sigFigs && given!.sigFigs !== spec.sigFigs && awarded > 0) {
      awarded -= 1;
      reasons.push(`Not given to ${spec.sigFigs} significant figures, as the question asks (−1)`);
    } else if (spec.decimalPlaces !== undefined && given!.decimals !== spec.decimalPlaces && awarded > 0) {
      awarded -= 1;
      reasons.push(`Not given to ${spec.decimalPlaces} decimal places, as the question asks (−1)`);
    }
    return { awarded: Math.max(0, awarded), method: "exact", reasons };
  }
  if (!given) reasons.push(`Not read as a number: the answer must be written in figures, e.g. ${expected} (0)`);
  else if (right && wrongUnits) reasons.push(`Refused: ${given.value} ${given.unit} has the wrong units; the answer is ${expected} (0)`);
  else reasons.push(`Final answer not accepted: ${given.value}${given.unit ? ` ${given.unit}` : ""}; the mark scheme's answer is ${expected} (0)`);
  if (!spec.points.length) return { awarded: 0, method: "exact", reasons };
  // Method marks are for working: numbers with a sign between them, not the question's numbers copied out.
  if (!/\d\s*[-+×x*÷/=^−]\s*\(?\s*\d/.test(text)) return { awarded: 0, method: "exact", reasons: [...reasons, "No working shown, so no method marks (0)"] };
  const method = markPoints(answerText(text), spec.points, Math.max(0, max - 1));
  return { awarded: method.awarded, method: "points", reasons: [...reasons, ...method.reasons.map((r) => r.replace(/^Credited/, "Method credited"))] };
}

function markWord(part: DocPart, spec: Extract<MarkingSpec, { kind: "word" }>, text: string): Outcome {
  const answer = answerText(text);
  const answerTerms = keyTerms(text).length;
  // A word answer is the accepted word (within a short sentence), a formula is the accepted formula: "It is Boolean" is fine, an essay is not.
  const made = spec.accept.find((a) =>
    a.compact ? a.compact.join("") === answer.compact.replace(/^.*=/, "") || (a.compact.join("").length >= 3 && matches(answer, a)) : matches(answer, a) && answerTerms <= a.terms.length + 6
  );
  const refused = spec.reject.find((r) => contains(answer, r));
  const accepted = spec.accept.map((a) => a.text).join(" / ");
  if (refused) return { awarded: 0, method: "exact", reasons: [`Refused: '${refused.text}' is not accepted; the mark scheme accepts '${accepted}' (0)`] };
  if (!made) return { awarded: 0, method: "exact", reasons: [`Not accepted: the mark scheme accepts '${accepted}' (0)`] };
  return { awarded: part.marks, method: "exact", reasons: [`Credited: '${made.text}' (${part.marks})`] };
}

function outcome(part: DocPart, spec: MarkingSpec, answer: AnswerValue | null): Outcome {
  const text = answerAsText(answer);
  if (!text.trim()) {
    const method = spec.kind === "points" ? "points" : "exact";
    return { awarded: 0, method, reasons: ["No answer given (0)"] };
  }
  switch (spec.kind) {
    case "choice": {
      const chosen = chosenIndex(part, text);
      const right = part.options![spec.answer];
      if (chosen < 0) return { awarded: 0, method: "exact", reasons: [`Not one of the options; the answer is '${right}' (0)`] };
      if (chosen === spec.answer) return { awarded: part.marks, method: "exact", reasons: [`Correct option: '${right}' (${part.marks})`] };
      return { awarded: 0, method: "exact", reasons: [`Chose '${part.options![chosen]}'; the answer is '${right}' (0)`] };
    }
    case "number":
      return markNumber(part, spec, text);
    case "word":
      return markWord(part, spec, text);
    case "points": {
      const { awarded, reasons } = spec.cells && Array.isArray(answer) ? markCells(spec.cells, answer, spec.max) : markPoints(answerText(text), spec.points, spec.max);
      return { awarded, method: "points", reasons };
    }
    case "levels":
      return { awarded: null, method: "pending", reasons: ["Marked by levels of response: mark it yourself against the level descriptors and the model answer, or ask for the model's mark."] };
    case "self":
      return { awarded: null, method: "pending", reasons: [SELF_REASONS[spec.reason]] };
  }
}

/** Deterministic, offline. Levels and self parts come back { awarded: null, method: "pending" }. Blank answer = 0 with a reason. */
export function markOffline(part: DocPart, answer: AnswerValue | null, now: Date = new Date()): PartMark {
  const result = outcome(part, markingSpecFor(part), answer);
  return { ...result, max: part.marks, markedAt: now.toISOString() };
}

/** The level descriptors for self-marking (undefined when the part is not levels-marked). */
export function levelsOf(part: DocPart): PartResult["levels"] {
  const spec = markingSpecFor(part);
  return spec.kind === "levels" ? spec.levels.map((l) => ({ ...l, marks: [...l.marks] as [number, number] })) : undefined;
}

/** Validates a student's own mark: integer within 0..max, and within the chosen level's band when a level is given; throws a clear Error otherwise. */
export function selfMark(part: DocPart, marks: number, level: number | undefined, now: Date = new Date()): PartMark {
  if (!Number.isInteger(marks) || marks < 0 || marks > part.marks) {
    throw new Error(`A mark for part ${part.number} must be a whole number from 0 to ${part.marks}.`);
  }
  const reasons = [`Marked by the student: ${marks} of ${part.marks}`];
  if (level !== undefined) {
    const levels = levelsOf(part);
    if (!levels) throw new Error(`Part ${part.number} is not marked by levels, so no level can be given.`);
    const band = bandOf(levels, level);
    if (!band) throw new Error(`Part ${part.number} has no level ${level} (its levels are ${levels.map((l) => l.level).sort().join(", ")}).`);
    if (marks < band.marks[0] || marks > band.marks[1]) {
      throw new Error(`Level ${level} of part ${part.number} is worth ${band.marks[0]}–${band.marks[1]} marks, not ${marks}.`);
    }
    reasons[0] = `Marked by the student: level ${level}, ${marks} of ${part.marks}`;
  }
  return { awarded: marks, max: part.marks, method: "self", ...(level !== undefined ? { level } : {}), reasons, markedAt: now.toISOString() };
}
