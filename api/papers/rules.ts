// The boards' question rules (a blueprint's `rules`, shared/papers.ts), and near-duplicates: what
// the bank check verifies for every bank and the generator guarantees for every paper it builds.
import { type Figure, figureSchema } from "../../shared/figures/schema.ts";
import { figureScene } from "../../shared/figures/index.ts";
import type { BankQuestion, PaperRules, Slot } from "../../shared/papers.ts";
import { htmlToText } from "./html.ts";
import { loadBanks } from "./bank.ts";

/** A question as a bank file holds it (its stem's figure as `figure`) or as the engine does (`stemFigure`). */
type Question = Pick<BankQuestion, "topic" | "parts" | "style"> & { id: string; stem?: string | null; figure?: Figure; stemFigure?: Figure };
const stemFigureOf = (q: Pick<Question, "figure" | "stemFigure">) => q.figure ?? q.stemFigure;

/** The words a question asks (stem and parts), lower case, without markup. */
const questionText = (q: Pick<Question, "stem" | "parts">) => htmlToText([q.stem ?? "", ...q.parts.map((p) => p.content)].join(" ")).toLowerCase();

/** A part whose mark scheme awards marks by levels of response. */
export const isLevelled = (p: Pick<Question["parts"][number], "markScheme">) => /\blevels? of response\b|\blevel\s*[1-3]\b/i.test(p.markScheme);
/** A 6-mark extended response marked by levels of response (AQA science's 6-mark question). */
export const isSixMarkLevels = (q: Pick<Question, "parts">) => q.parts.some((p) => p.marks === 6 && isLevelled(p));
export const figureCount = (q: Pick<Question, "figure" | "stemFigure" | "parts">) => (stemFigureOf(q) ? 1 : 0) + q.parts.filter((p) => p.figure).length;
export const hasTraceTable = (q: Pick<Question, "parts">) => q.parts.some((p) => /\btrace table\b/i.test(p.content) && /<table>/.test(p.content));

/** What a paper must hold, counted over its questions. */
const REQUIREMENTS = [
  { rule: "sixMarkLevels", label: "a 6-mark levels-of-response question", count: (q: Question) => (isSixMarkLevels(q) ? 1 : 0) },
  { rule: "figures", label: "figures", count: figureCount },
  { rule: "traceTables", label: "a trace table", count: (q: Question) => (hasTraceTable(q) ? 1 : 0) },
] as const;
type Requirement = (typeof REQUIREMENTS)[number]["rule"];
const minimumOf = (rules: PaperRules, rule: Requirement) => ({ sixMarkLevels: rules.minSixMarkLevels, figures: rules.minFigures, traceTables: rules.minTraceTables })[rule];

/** How far a paper falls short of its rules' minimums (0 when it meets them all). */
export function shortfall(rules: PaperRules, paper: readonly Question[]): number {
  return REQUIREMENTS.reduce((n, r) => n + Math.max(0, minimumOf(rules, r.rule) - paper.reduce((k, q) => k + r.count(q), 0)), 0);
}
/** The rules a paper breaks, in words. */
export function unmet(rules: PaperRules, paper: readonly Question[]): string[] {
  return REQUIREMENTS.flatMap((r) => {
    const have = paper.reduce((k, q) => k + r.count(q), 0);
    const need = minimumOf(rules, r.rule);
    return have < need ? [`needs ${need} ${r.label} (has ${have})`] : [];
  });
}

/**
 * Near-duplicates: two questions on the same topic that test the same skill in the same context
 * with the same numbers. Measured on the content words of the question (stem and parts, without
 * the instruction words every question of a style shares): most of them in common, or many of them
 * with the very same numbers.
 */
export interface Fingerprint {
  id: string;
  topic: string;
  words: Set<string>;
  numbers: string;
  /** The questions it must not share a paper with (its bank file's notWith, both ways). */
  notWith: ReadonlySet<string>;
}

let exclusions: Map<string, Set<string>> | undefined;
/** Every bank question's notWith, made symmetric: a question named by another avoids it too. */
function bankExclusions(): Map<string, Set<string>> {
  if (exclusions) return exclusions;
  const map = new Map<string, Set<string>>();
  const add = (a: string, b: string) => map.set(a, (map.get(a) ?? new Set()).add(b));
  for (const bank of loadBanks()) for (const q of bank.questions) for (const other of q.notWith ?? []) add(q.id, other), add(other, q.id);
  return (exclusions = map);
}
const INSTRUCTION_WORDS = new Set(
  ("the and for with that this from what which when where why how are was were has have had its their there these those your you one two three four " +
    "give explain describe state name suggest calculate work out show answer question questions use using shown below above following figure table " +
    "refer sacred writings another source belief beliefs teaching teachings religious ways way reason reasons part box tick marks mark should your " +
    "each than then into about more most less also only other all any can may might will would could must not " +
    "contrasting similar contemporary british society main tradition traditions great britain evaluate statement").split(" "),
);
export function fingerprint(q: Pick<Question, "topic" | "stem" | "parts"> & { id?: string; notWith?: string[] }): Fingerprint {
  const text = questionText(q);
  const words = new Set(text.split(/[^\p{L}]+/u).filter((w) => w.length >= 3 && !INSTRUCTION_WORDS.has(w)));
  const numbers = [...text.matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0]).sort().join(",");
  const id = q.id ?? "";
  const notWith = new Set([...(q.notWith ?? []), ...(bankExclusions().get(id) ?? [])]);
  return { id, topic: q.topic, words, numbers, notWith };
}
const jaccard = (a: Set<string>, b: Set<string>) => {
  let common = 0;
  for (const w of a) if (b.has(w)) common++;
  const union = a.size + b.size - common;
  return union ? common / union : 0;
};
/**
 * Thresholds. Questions with numbers repeat each other only with the same numbers and much of the
 * same wording; questions without numbers (most RS, many recall questions) when most of their
 * content words are shared; a question of very few content words only when they are all shared.
 */
export const NEAR_DUPLICATE = { sameWords: 0.6, sameWordsWithSameNumbers: 0.4, fewWords: 4 } as const;
export function nearDuplicate(a: Fingerprint, b: Fingerprint): boolean {
  // Named in the bank as asking the same thing, whatever their topics and words.
  if ((a.id && b.notWith.has(a.id)) || (b.id && a.notWith.has(b.id))) return true;
  if (a.topic !== b.topic) return false;
  const shared = jaccard(a.words, b.words);
  if (a.numbers && b.numbers) return a.numbers === b.numbers && shared >= NEAR_DUPLICATE.sameWordsWithSameNumbers;
  if (Math.min(a.words.size, b.words.size) < NEAR_DUPLICATE.fewWords) return shared === 1;
  return shared >= NEAR_DUPLICATE.sameWords;
}

/** How many pairs of the questions at `indices` (into `prints`) are near-duplicates. */
export function nearDuplicatePairs(indices: readonly number[], prints: readonly Fingerprint[]): number {
  let pairs = 0;
  for (let i = 0; i < indices.length; i++) for (let j = i + 1; j < indices.length; j++) if (nearDuplicate(prints[indices[i]], prints[indices[j]])) pairs++;
  return pairs;
}

/**
 * How far the questions at `indices` (into `candidates` and `prints`) are from a good paper: each
 * missing rule counts ten, each near-duplicate pair one (0 is a paper that keeps its rules).
 */
export function paperBadness(rules: PaperRules, candidates: readonly Question[], indices: readonly number[], prints: readonly Fingerprint[]): number {
  return shortfall(rules, indices.map((c) => candidates[c])) * 10 + nearDuplicatePairs(indices, prints);
}

/** What such a paper still lacks, in words: its unmet rules and its near-duplicate pairs. */
export function paperProblems(rules: PaperRules, candidates: readonly Question[], indices: readonly number[], prints: readonly Fingerprint[]): string[] {
  const problems = unmet(rules, indices.map((c) => candidates[c]));
  const pairs = nearDuplicatePairs(indices, prints);
  if (pairs) problems.push(`${pairs} near-duplicate pair${pairs === 1 ? "" : "s"}`);
  return problems;
}

/** Problems with one question under its paper's rules, empty when it keeps them. */
export function questionProblems(q: Question, rules: PaperRules): string[] {
  const problems: string[] = [];
  const text = questionText(q);
  for (const phrase of rules.otherPaperContent) {
    if (new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "i").test(text)) problems.push(`${q.id}: "${phrase}" is the other paper's content`);
  }
  // Figures: every one valid and drawable, and every "Figure N" the question names among its own.
  const figures = [stemFigureOf(q), ...q.parts.map((p) => p.figure)].filter(Boolean);
  for (const figure of figures) {
    try {
      figureScene(figureSchema.parse(figure));
    } catch (e) {
      problems.push(`${q.id}: a figure cannot be drawn: ${(e as Error).message}`);
    }
  }
  const named = [...text.matchAll(/\bfigures?\s+(\d+)/g)].map((m) => Number(m[1]));
  if (named.some((n) => n > figures.length)) problems.push(`${q.id}: names Figure ${Math.max(...named)} but has ${figures.length} figure${figures.length === 1 ? "" : "s"}`);
  // A part that asks to plot or draw a graph has a grid (a graph figure) to do it on.
  for (const [i, p] of q.parts.entries()) {
    const asks = /\b(plot|draw (a|the) (graph|line of best fit|curve|bar chart))\b/i.test(htmlToText(p.content));
    const grid = [stemFigureOf(q), ...q.parts.slice(0, i + 1).map((x) => x.figure)].some((f) => f && (f.type === "graph" || f.type === "bar-chart"));
    if (asks && !grid) problems.push(`${q.id}: part ${i + 1} asks for a graph but has no grid to draw it on`);
  }
  // Code is printed as code, never inside a string literal.
  if (q.parts.some((p) => /["“][^"”]*(?:←|\bOUTPUT\b|\bENDIF\b|\bENDWHILE\b)[^"”]*["”]/.test(htmlToText(p.content)))) problems.push(`${q.id}: code inside a string literal`);
  // RS: a 'contrasting beliefs' question only on the issues the specification names for its theme.
  const contrasting = rules.contrastingIssues.find((c) => q.topic.startsWith(c.topics));
  if (contrasting && q.style === "explain-two-contrasting" && /contrasting beliefs/.test(text)) {
    if (!contrasting.issues.some((issue) => text.includes(issue.toLowerCase()))) {
      problems.push(`${q.id}: a 'contrasting beliefs' question off the issues named for this theme (${contrasting.issues.join(", ")})`);
    }
  }
  return problems;
}

/**
 * Repairs a filled paper, slot by slot, so that it keeps its rules and holds no near-duplicate pair:
 * each swap brings in a spare candidate that fits the slot and leaves the paper nearer its rules,
 * trying spares in candidate order (the generator ranks them best first). `picked[i]` is the
 * candidate index of slot i (-1 for an empty slot). Returns the paper's remaining problems.
 */
export function repairPaper<Q extends Question>(
  slots: readonly Slot[],
  picked: number[],
  candidates: readonly Q[],
  fits: (q: Q, slot: Slot) => boolean,
  rules: PaperRules,
  prints: readonly Fingerprint[],
  /** Spares to try before any other (the generator: questions the student has not had). */
  firstChoice: (c: number) => boolean = () => true,
): string[] {
  const filled = () => picked.filter((c) => c >= 0);
  let current = paperBadness(rules, candidates, filled(), prints);
  for (let round = 0; round < 4 && current > 0; round++) {
    const onlyFirstChoice = round < 2;
    for (let s = 0; s < slots.length && current > 0; s++) {
      const used = new Set(picked);
      const spares = candidates.map((_, c) => c).filter((c) => !used.has(c) && (!onlyFirstChoice || firstChoice(c)) && fits(candidates[c], slots[s]));
      for (const c of spares) {
        const before = picked[s];
        picked[s] = c;
        const after = paperBadness(rules, candidates, filled(), prints);
        if (after < current) {
          current = after;
          break;
        }
        picked[s] = before;
      }
    }
  }
  return paperProblems(rules, candidates, filled(), prints);
}
