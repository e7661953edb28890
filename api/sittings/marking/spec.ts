// How a part is marked, read from its mark scheme once: the correct option of a multiple-choice
// part, the accepted values of a calculation (with its method marks), the accepted words of a
// one-word answer, the creditworthy points of a short answer, the levels of an extended answer, or
// `self` when a machine cannot mark it (a drawing, a plot, a program, an RS "explain two ways").
// Specs are cached by the part's text, so a paper is read once per process.
import type { DocPart } from "../../../shared/generation.ts";
import type { AnswerKind } from "../../../shared/sittings.ts";
import { type LevelBand, parseLevels } from "./levels.ts";
import { canonicalUnit } from "./numbers.ts";
import {
  ACCEPT,
  type AcceptedValue,
  type Alternative,
  alternativesOf,
  applyAcceptReject,
  EACH_ONE_MARK,
  type Line,
  linesOf,
  methodAlternatives,
  type Point,
  pointsOf,
  REJECT,
  valuesOf,
} from "./scheme.ts";
import { type CellKey, cellKey } from "./tables.ts";
import { htmlToText, keyTerms } from "./text.ts";

export type { AcceptedValue, Alternative, Point };

export type SelfReason = "drawing" | "program" | "two-ways" | "unstructured";
export type MarkingSpec =
  | { kind: "choice"; answer: number }
  | {
    kind: "number";
    values: AcceptedValue[];
    /** 0: the value itself, or to finer places that round to it (numbers.ts `sameValue` says exactly). */
    tolerance: number;
    /** The scheme's units, first the one printed with the answer; empty when it has none. */
    units: string[];
    /** A separate mark for the unit ("unit: cm³/s (1)"): a wrong or missing unit loses only it. */
    unitMarks: number;
    /** "Give your answer to 2 significant figures": an answer to other precision loses a mark. */
    sigFigs?: number;
    decimalPlaces?: number;
    /** Method marks, credited when the final answer is wrong and their key numbers are in the working. */
    points: Point[];
  }
  | { kind: "word"; accept: Alternative[]; reject: Alternative[] }
  | {
    kind: "points";
    points: Point[];
    max: number;
    /** A table filled in, marked cell by cell when the scheme prints it completed (tables.ts). */
    cells?: CellKey;
  }
  | { kind: "levels"; levels: LevelBand[]; indicative: string[] }
  | { kind: "self"; reason: SelfReason };

const DRAWING = /\b(plot|draw|sketch|shade|label|on the grid|complete (?:figure|the (?:graph|diagram|circuit|bar chart|flowchart)))\b/i;
const PROGRAM = /(?:^|[.?!:]\s+|\n)(?:write|extend|rewrite|amend|change|complete)\b(?![^.]*\btable\b)[^.]*\b(?:program|algorithm|subroutine|function|pseudo-?code|sql|query|statement|line)\b|features present in the program/i;
const TWO_WAYS = /simple explanation[^]*detailed explanation/i;

/** The option the scheme names, or null (a model-written question's scheme may name none exactly). */
function choiceSpec(part: DocPart): MarkingSpec | null {
  const options = part.options!.map((o) => htmlToText(o).toLowerCase().replace(/\s+/g, " ").replace(/\.$/, ""));
  const [first] = linesOf(part.markScheme);
  const line = (first?.text ?? "").replace(/^(?:1 mark for|answer|correct answer)\s*:?\s*/i, "").replace(/^✓\s*/, "").trim();
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").replace(/\.$/, "").trim();
  const exact = options.indexOf(norm(line));
  if (exact >= 0) return { kind: "choice", answer: exact };
  // "D: Sodium chloride", "<strong>B</strong> Omnipotent", or the letter alone.
  const letter = /^([A-D])\b\s*[:.)]?\s*/.exec(line);
  if (letter) {
    const index = "ABCD".indexOf(letter[1]);
    const rest = norm(line.slice(letter[0].length));
    if (!rest || rest.startsWith(options[index])) return { kind: "choice", answer: index };
  }
  const wanted = norm(line);
  // Named within a longer line ("Substance A", "iodine solution turns blue-black"): as whole words, the longest.
  const named = (o: string) => new RegExp(`(?:^|[^\\p{L}\\p{N}])${o.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\p{L}\\p{N}])`, "u").test(wanted);
  const contained = options.map((o, i) => ({ o, i })).filter(({ o }) => named(o)).sort((a, b) => b.o.length - a.o.length);
  if (contained.length) return { kind: "choice", answer: contained[0].i };
  return null;
}

function numberSpec(part: DocPart, lines: Line[], final: Line): MarkingSpec | null {
  const found = valuesOf(final.text);
  if (!found) return null;
  const values = [...found.values];
  const units = found.unit ? [found.unit] : [];
  for (const l of lines) {
    if (l === final || l.marks !== null || !ACCEPT.test(l.text) || /\bmarks?\b/i.test(l.text)) continue;
    for (const piece of l.text.replace(ACCEPT, "").split(/\s*(?:,|\bor\b)\s*/)) {
      if (/[=×÷]/.test(piece)) continue;
      const more = valuesOf(piece);
      if (more) {
        values.push(...more.values);
        if (more.unit && !units.some((u) => canonicalUnit(u) === canonicalUnit(more.unit))) units.push(more.unit);
      }
    }
  }
  const unitLine = lines.find((l) => l.marks && /^units?\s*:/i.test(l.text));
  if (unitLine) units.unshift(...unitLine.text.replace(/^units?\s*:\s*/i, "").split(/\s*(?:\/|or)\s*(?=[a-zA-Zµ°£])/).map((u) => u.trim()).filter(Boolean));
  const distinctUnits = units.filter((u, k) => units.findIndex((v) => canonicalUnit(v) === canonicalUnit(u)) === k);
  const method = lines.filter((l) => l !== final && l !== unitLine && l.marks !== null && !ACCEPT.test(l.text));
  const points: Point[] = method.map((l) => ({ text: l.text, marks: l.marks!, alternatives: methodAlternatives(l.text), reject: [] }));
  const question = htmlToText(part.content);
  const sf = /(\d|one|two|three|four) significant figures?/i.exec(question);
  const dp = /(\d|one|two|three) decimal places?/i.exec(question);
  const word = (w: string) => Number(w) || ["one", "two", "three", "four"].indexOf(w.toLowerCase()) + 1;
  return {
    kind: "number",
    values,
    tolerance: 0,
    units: distinctUnits,
    unitMarks: unitLine?.marks ?? 0,
    ...(sf ? { sigFigs: word(sf[1]) } : {}),
    ...(dp ? { decimalPlaces: word(dp[1]) } : {}),
    points: points.filter((p) => p.alternatives.length),
  };
}

function writtenSpec(part: DocPart): MarkingSpec {
  const scheme = part.markScheme;
  const question = htmlToText(part.content);
  if (DRAWING.test(question)) return { kind: "self", reason: "drawing" };
  if (!blankCells(part.content) && (PROGRAM.test(question) || PROGRAM.test(htmlToText(scheme)) && part.marks >= 3)) return { kind: "self", reason: "program" };
  if (TWO_WAYS.test(htmlToText(scheme))) return { kind: "self", reason: "two-ways" };
  const cells = blankCells(part.content) ? cellKey(part.content, scheme) : undefined;
  const lines = linesOf(scheme);
  const marked = lines.filter((l) => l.marks !== null && !ACCEPT.test(l.text) && !REJECT.test(l.text) && !/^units?\s*:/i.test(l.text));
  const final = [...marked].reverse().find((l) => l.code !== "M") ?? marked.at(-1);
  // A calculation: one final answer, and every other marked line a method step (an M mark or
  // arithmetic), not an answer of its own ("A = 234 (1)", "Z = 92 (1)"; "cotton: …", "plastic: …").
  // A step without arithmetic is still one when it names the same quantity as the answer ("P = 385 W"
  // before "P = 390 W") or a later line uses its value ("m = 0.080 kg", then "E = 0.080 × 150 000").
  const lhs = (t: string) => /^\s*([A-Za-z][\w]*)\s*=/.exec(t)?.[1];
  const numbersOf = (t: string) => keyTerms(t).filter((x) => /^\d/.test(x));
  const methodSteps = marked.filter((l) => l !== final).every((l, i, steps) =>
    l.code === "M" || /[×÷+−*√]|\d\s-\s\d|\d\s*\/\s*\d/.test(l.text) || (final && lhs(l.text) && lhs(l.text) === lhs(final.text)) ||
    numbersOf(l.text).some((n) => [...steps.slice(i + 1), final].some((later) => later && numbersOf(later.text).includes(n)))
  );
  if (final && methodSteps && !/^[A-Za-z][\w ]{0,24}:\s/.test(final.text)) {
    const number = numberSpec(part, lines, final);
    if (number) return number;
  }
  const eachOne = lines.some((l) => !l.inList && EACH_ONE_MARK.test(l.text)) || lines.some((l) => l.inList) && !marked.length;
  if (marked.length === 1 && part.marks <= 2 && marked[0].marks === part.marks) {
    const accept = alternativesOf(marked[0].text);
    const listLike = /^(?:any|one from|two from)\b|\be\.g\.|;/i.test(marked[0].text);
    if (!listLike && accept.length && accept.every((a) => a.compact || a.text.split(/\s+/).length <= 2)) {
      const word = { kind: "word" as const, accept, reject: [] as Alternative[] };
      const points: Point[] = [{ text: marked[0].text, marks: part.marks, alternatives: accept, reject: [] }];
      applyAcceptReject(points, lines);
      if (points.length === 1) return { ...word, accept: points[0].alternatives, reject: points[0].reject };
    }
  }
  const points = pointsOf(lines, eachOne);
  if (cells) return { kind: "points", points, max: part.marks, cells };
  if (!points.length) return { kind: "self", reason: "unstructured" };
  applyAcceptReject(points, lines);
  // A table to fill in: its cells hold values, not the headings ("16", not "16 protons"), so the
  // words the question's table already prints are not asked of the answer.
  if (blankCells(part.content)) {
    const printed = new Set(keyTerms(question));
    for (const p of points) {
      for (const a of p.alternatives) {
        // "Boundary for 50.00": the value for the row the table labels "50.00".
        const forRow = /^(.+?)\s+for\s+(.+)$/.exec(a.text);
        if (forRow && keyTerms(forRow[2]).every((t) => printed.has(t)) && keyTerms(forRow[1]).length) a.terms = keyTerms(forRow[1]);
        const own = a.terms.filter((t) => !printed.has(t));
        if (own.length) a.terms = own;
      }
    }
  }
  return { kind: "points", points, max: part.marks };
}

const cache = new Map<string, MarkingSpec>();

/** How the part is marked. Never throws: a multiple-choice scheme that names none of its options is self-marked. */
export function markingSpecFor(part: DocPart): MarkingSpec {
  const key = `${part.marks}\u0000${part.content}\u0000${part.options?.join("\u0001") ?? ""}\u0000${part.markScheme}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let spec: MarkingSpec;
  if (part.options?.length) spec = choiceSpec(part) ?? { kind: "self", reason: "unstructured" };
  else {
    const { levels, indicative } = parseLevels(part.markScheme);
    spec = levels.length ? { kind: "levels", levels, indicative } : writtenSpec(part);
  }
  if (cache.size > 20_000) cache.clear();
  cache.set(key, spec);
  return spec;
}

/** The blank cells of a table in the question, in reading order. */
export const blankCells = (content: string) => (content.match(/<td>\s*<\/td>/gi) ?? []).length;

/** The exam page's field for the part: its answer kind, the units shown beside a number, the cells of a table. */
export function answerFieldFor(part: DocPart): { kind: AnswerKind; units?: string; cells?: number } {
  if (part.options?.length) return { kind: "choice" };
  const spec = markingSpecFor(part);
  const cells = blankCells(part.content);
  if (cells && spec.kind !== "levels" && spec.kind !== "self") return { kind: "table", cells };
  switch (spec.kind) {
    case "number":
      return spec.units.length && !spec.unitMarks ? { kind: "number", units: spec.units[0] } : { kind: "number" };
    case "word":
      return { kind: "word" };
    case "points":
      return { kind: part.marks >= 5 || part.answerLines >= 10 ? "long" : "short" };
    case "levels":
      return { kind: "long" };
    case "choice":
      return { kind: "choice" };
    case "self":
      return { kind: part.marks >= 4 || part.answerLines >= 8 ? "long" : "short" };
  }
}
