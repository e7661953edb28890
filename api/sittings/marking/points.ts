/**
 * The points matcher: how a short written answer is marked against a scheme's creditworthy points.
 *
 * 1. Normalise (text.ts) the answer and every alternative the same way: lower case; Unicode minus,
 *    super- and subscript digits and vulgar fractions to ASCII; British spellings to one form
 *    ("colour" = "color", "sulphur" = "sulfur", -ise = -ize); light stemming (the longest of a short
 *    list of suffixes off: "respires", "respiring", "respiration" all "respir"); the listed synonyms
 *    to one word ("rises" = "increases", "CO2" = "carbon dioxide", "zero" = "0"); numbers without
 *    thousands separators or trailing decimal zeros ("828 000" = "828000", "0.50" = "0.5").
 * 2. An alternative's key terms are its content words, once each: the point's text without the
 *    scheme's bracketed words (optional: "(site of) aerobic respiration"), a leading label
 *    ("receptor: …"), stop words (text.ts STOP_WORDS, "not" and "no" included) and lone letters.
 *    A term the answer only uses negated ("not", "no", "never", "n't" just before it) does not
 *    count, unless the alternative is itself negative ("no light reaches the roots"). A
 *    calculation's key terms are its numbers only; in algebra a number times a letter is one term
 *    ("7n"). A formula, expression, coordinates or code (text.ts `formulaLike`: "C3H7OH", "7n − 3",
 *    "(−2, 3)") is compared in compact form instead (text.ts `compact`), found anywhere in the
 *    compact answer. In a table to fill in, words the question's table already prints are dropped.
 * 3. A point is matched when the answer contains the key terms of at least one of its alternatives
 *    (scheme.ts `alternativesOf` says how "/", " or ", "(or …)", "one from: a; b" and "e.g." make
 *    them): all of them for up to three terms, all but one in four of a longer one (`termsNeeded`:
 *    6 of 7, 6 of 8). Measured on the bank's model answers (full-mark answers in prose), requiring
 *    every term credits 69% of the marks of short-answer points, this rule 83%; another question's
 *    model answer earns 0.9% of the marks either way.
 * 4. Reject beats accept: a point whose scheme says "Do not accept X" is refused when every word of
 *    X (articles aside, verbs kept: "make energy") lies within a few words of each other in the
 *    answer, even if an alternative matched. A scheme's rejects apply to all its points.
 * 5. Matched points add their marks in the scheme's order, capped at the part's marks. Every point
 *    gives one reason line: "Credited: '…' (1)", "Refused: '…' is not accepted for '…'", "Not
 *    found: '…' (1)", or "Also made, beyond the N marks available: '…'".
 */
import type { Alternative, Point } from "./scheme.ts";
import { compact, tokens } from "./text.ts";

export interface AnswerText {
  tokens: string[];
  set: Set<string>;
  /** The terms the answer uses at least once without a negation just before them ("not exothermic"). */
  affirmed: Set<string>;
  compact: string;
}

const NEGATIONS = new Set(["not", "no", "never", "cannot", "t", "nor", "neither", "without"]);
const NEGATED = /\b(?:not|no|never|cannot|nor|neither|without)\b|n't\b/i;

export function answerText(text: string): AnswerText {
  const t = tokens(text);
  const affirmed = new Set([...t.set].filter((x) => !t.list.includes(x)));
  t.list.forEach((x, i) => {
    if (!NEGATIONS.has(t.list[i - 1])) affirmed.add(x);
  });
  return { tokens: t.list, set: t.set, affirmed, compact: compact(text) };
}

/** Of an alternative's k key terms, the answer must contain all but one in four (rounded down). */
export const termsNeeded = (k: number) => k - Math.floor(k / 4);

/** Does the answer make this alternative? */
export function matches(answer: AnswerText, alt: Alternative): boolean {
  if (alt.compact) return alt.compact.every((c) => c.length > 0 && answer.compact.includes(c));
  const k = alt.terms.length;
  // "the reaction is not exothermic" does not make "exothermic"; "no light reaches the roots" still makes "no light".
  const present = NEGATED.test(alt.text) ? answer.set : answer.affirmed;
  return k > 0 && alt.terms.filter((t) => present.has(t)).length >= termsNeeded(k);
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
