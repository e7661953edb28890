// How closely an extraction matches what the paper really holds (issue 13): the corpus's truth in the
// tests and the bench, and a recreated paper against the extraction it was printed from in the
// testing dashboard. A question counts as found when its number and marks are right; one whose number
// the paper does not have is invented.
import type { ExtractedQuestion } from "./extract.ts";

export interface TruthQuestion {
  number: string;
  marks: number;
  text: string;
  options: string[] | null;
  table: { header: string[]; rows: string[][] } | null;
}

export interface Accuracy {
  total: number;
  /** Right number and right marks. */
  found: number;
  /** Right number, wrong or missing marks. */
  wrongMarks: string[];
  missing: string[];
  /** Numbers the paper does not have. */
  invented: string[];
  /** Found questions whose text holds at least 90% of the true text's words, in order. */
  textMatched: number;
  optionsMatched: number;
  optionsTotal: number;
  tablesMatched: number;
  tablesTotal: number;
}

const words = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}.%£²³°/-]+/gu, " ").split(/\s+/).filter(Boolean);

/** The share of `a`'s items found in `b` in the same order: a longest common subsequence. */
export function inOrderShare<T>(a: readonly T[], b: readonly T[]): number {
  if (!a.length) return 1;
  const row = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    let prev = 0;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j];
      row[j] = a[i - 1] === b[j - 1] ? prev + 1 : Math.max(row[j], row[j - 1]);
      prev = kept;
    }
  }
  return row[b.length] / a.length;
}

/** The share of the true text's words found in the extracted text in order. */
export const textRecall = (truth: string, got: string) => inOrderShare(words(truth), words(got));

const same = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => words(x).join(" ") === words(b[i]).join(" "));

export function accuracyOf(truth: readonly TruthQuestion[], got: readonly ExtractedQuestion[]): Accuracy {
  const byNumber = new Map(got.map((q) => [q.number, q]));
  const trueNumbers = new Set(truth.map((t) => t.number));
  const acc: Accuracy = {
    total: truth.length, found: 0, wrongMarks: [], missing: [], invented: got.filter((q) => !trueNumbers.has(q.number)).map((q) => q.number),
    textMatched: 0, optionsMatched: 0, optionsTotal: 0, tablesMatched: 0, tablesTotal: 0,
  };
  for (const t of truth) {
    const q = byNumber.get(t.number);
    if (!q) {
      acc.missing.push(t.number);
      continue;
    }
    if (q.marks !== t.marks) {
      acc.wrongMarks.push(`${t.number}: ${q.marks ?? "none"} for ${t.marks}`);
      continue;
    }
    acc.found++;
    if (textRecall(t.text, [q.text, ...(q.options ?? [])].join(" ")) >= 0.9) acc.textMatched++;
    if (t.options) {
      acc.optionsTotal++;
      if (q.options && same(t.options, q.options)) acc.optionsMatched++;
    }
    if (t.table) {
      acc.tablesTotal++;
      if (q.table && same(t.table.header, q.table.header) && t.table.rows.length === q.table.rows.length && t.table.rows.every((r, i) => same(r, q.table!.rows[i]))) acc.tablesMatched++;
    }
  }
  return acc;
}
