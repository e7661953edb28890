/**
 * The points matcher: how a short written answer is marked against a scheme's creditworthy points.
 *
 * 1. Normalise (text.ts) the answer and every alternative the same way: lower case; Unicode minus,
 *    super- and subscript digits to ASCII; British spellings to one form ("colour" = "color",
 *    "sulphur" = "sulfur", -ise = -ize); light stemming (the longest of a short list of suffixes off,
 *    "respires", "respiring", "respiration" all "respir"); the listed synonyms to one word ("rises" =
 *    "increases", "CO2" = "carbon dioxide"); numbers without thousands separators or trailing
 *    decimal zeros ("828 000" = "828000", "0.50" = "0.5").
 * 2. An alternative's key terms are its content words: the point's text without the scheme's
 *    bracketed optional words, stop words (text.ts STOP_WORDS, negations included) and lone letters.
 *    A calculation line's key terms are its numbers only. A formula, expression or code (text.ts
 *    `formulaLike`: "C3H7OH", "7n − 3", "x = 4") is compared in compact form instead: no spaces or
 *    powers signs, lower case, found anywhere in the compact answer.
 * 3. A point is matched when the answer contains every key term of at least one of its alternatives
 *    (spec.ts `alternativesOf` says how "/", "(or …)", "one from: a; b" and "e.g." make them).
 * 4. Reject beats accept: a point whose scheme says "Do not accept X" is refused when the answer
 *    contains every key term of X within a window of a few words, even if an alternative matched.
 * 5. Matched points add their marks in the scheme's order, capped at the part's marks. Every point
 *    gives one reason line: "Credited: '…' (1)", "Refused: '…' is not accepted", "Not found: '…'".
 */
import type { Alternative, Point } from "./scheme.ts";
import { compact, tokens } from "./text.ts";

export interface AnswerText {
  tokens: string[];
  set: Set<string>;
  compact: string;
}

export function answerText(text: string): AnswerText {
  const t = tokens(text);
  return { tokens: t.list, set: t.set, compact: compact(text) };
}

/** Of an alternative's k key terms, the answer must contain all but one in four (rounded down). */
export const termsNeeded = (k: number) => k - Math.floor(k / 4);

/** Does the answer make this alternative? */
export function matches(answer: AnswerText, alt: Alternative): boolean {
  if (alt.compact) return alt.compact.every((c) => c.length > 0 && answer.compact.includes(c));
  const k = alt.terms.length;
  return k > 0 && alt.terms.filter((t) => answer.set.has(t)).length >= termsNeeded(k);
}

/** A refused phrase is found when all its terms lie within a window of the answer's words. */
export function contains(answer: AnswerText, phrase: Alternative): boolean {
  if (phrase.compact) return phrase.compact.every((c) => answer.compact.includes(c));
  if (!phrase.terms.every((t) => answer.set.has(t))) return false;
  const window = phrase.terms.length + 3;
  for (let i = 0; i < answer.tokens.length; i++) {
    if (answer.tokens[i] !== phrase.terms[0] && !phrase.terms.includes(answer.tokens[i])) continue;
    const seen = new Set(answer.tokens.slice(i, i + window));
    if (phrase.terms.every((t) => seen.has(t))) return true;
  }
  return false;
}

const quote = (s: string) => `'${s.length > 120 ? `${s.slice(0, 117)}…` : s}'`;

/** The marks the answer earns on the points, capped at `max`, with a reason line per point. */
export function markPoints(answer: AnswerText, points: readonly Point[], max: number): { awarded: number; reasons: string[] } {
  let awarded = 0;
  const reasons: string[] = [];
  for (const point of points) {
    const made = point.alternatives.find((a) => matches(answer, a));
    if (!made) {
      reasons.push(`Not found: ${quote(point.text)} (${point.marks})`);
      continue;
    }
    const refused = point.reject.find((r) => contains(answer, r));
    if (refused) {
      reasons.push(`Refused: ${quote(refused.text)} is not accepted for ${quote(point.text)}`);
      continue;
    }
    if (awarded >= max) {
      reasons.push(`Also made, beyond the ${max} mark${max === 1 ? "" : "s"} available: ${quote(made.text)}`);
      continue;
    }
    const marks = Math.min(point.marks, max - awarded);
    awarded += marks;
    reasons.push(`Credited: ${quote(made.text)} (${marks})`);
  }
  return { awarded, reasons };
}
