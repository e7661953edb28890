// How a part is marked, read from its mark scheme once: the correct option of a multiple-choice
// part, the accepted values of a calculation (with its method marks), the accepted words of a
// one-word answer, the creditworthy points of a short answer, the levels of an extended answer, or
// `self` when a machine cannot mark it (a drawing, a plot, a program, an RS "explain two ways").
// Specs are cached by the part's text, so a paper is read once per process.
import type { DocPart } from "../../../shared/generation.ts";
import type { AnswerKind } from "../../../shared/sittings.ts";
import { type LevelBand, parseLevels } from "./levels.ts";
import { type CellKey, cellKey } from "./tables.ts";
import { canonicalUnit, parseQuantity, type Quantity } from "./numbers.ts";
import { compact, formulaLike, htmlToText, keyTerms, phraseTerms, stem } from "./text.ts";

/** One way of making a point: its words as printed, its key terms, or its compact form when a formula. */
export interface Alternative {
  text: string;
  terms: string[];
  /** Formulas, expressions, coordinates and codes: compact forms (text.ts `compact`) the answer must all contain, instead of terms. */
  compact?: string[];
}
export interface Point {
  text: string;
  marks: number;
  alternatives: Alternative[];
  /** Phrases that refuse the point however well it is otherwise made (the scheme's "Do not accept"). */
  reject: Alternative[];
}
export interface AcceptedValue {
  value: number;
  /** As numbers.ts Quantity: the place of the last digit the scheme printed, and whether in standard form. */
  resolution: number;
  standardForm: boolean;
  /** An accepted range ("Accept 38–42 µm"), inclusive. */
  upTo?: number;
}
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

/** One block of the scheme (a paragraph or list item), with the marks it carries if it says. */
interface Line {
  text: string;
  marks: number | null;
  /** A maths mark type: M (method), A (accuracy), B (independent). */
  code?: "M" | "A" | "B";
  inList: boolean;
}

const MARKS_AT_END = /\s*[([]\s*(\d+)\s*(?:marks?)?\s*(?:each)?\s*[)\]]\s*[.:]?$|\s*[–-]\s*(\d+) marks?\.?$/i;
/** "(1 mark)", "(2 marks; …)", "(1 mark):" inside a line: the marks, what comes before and what after. */
const MARKS_INSIDE = /\s*\(\s*(\d+)\s*marks?\s*(?:[;,][^)]*)?\)\s*[:.]?\s*/i;
const ACCEPT = /^(?:accept|allow)\b:?\s*/i;
const REJECT = /^(?:do not (?:accept|allow|credit|award)|reject|no credit for)\b:?\s*/i;
const NOTE = /\bmarks?\b|\becf\b|error carried|\btheir\b|\bscores?\b|\bfollow.?through\b|\bif\b|\bmax\b|\bwhere\b|\bcorrect answer\b/i;
const EACH_ONE_MARK = /\b(?:1|one) mark (?:for|each)|\bany (?:one|two|three|four|\d)(?: from| of)?\b|\(1 each\)|\bmark(?:s)? for each\b|each correct point|^(?:one|two|three) from\b/i;
/** A line that only introduces the list under it: "any one from:", "1 mark for each of:". */
const LEAD_IN = /^(?:(?:any|give)\s+)?(?:one|two|three|four|\d)\s+(?:from|of)\s*:?$|^(?:award\s+)?(?:1|one) mark for each(?: of)?(?: the following)?\s*:?$|^any \d+ for \d+ marks?\.?$/i;

function linesOf(markScheme: string): Line[] {
  const blocks = [...markScheme.matchAll(/<(li|p|tr)>([\s\S]*?)<\/\1>/gi)].filter((b) => !/<th\b/i.test(b[2]));
  const raw = blocks.length ? blocks.map((b) => ({ html: b[2], inList: b[1].toLowerCase() !== "p" })) : [{ html: markScheme, inList: false }];
  const lines: Line[] = [];
  for (const { html, inList } of raw) {
    let text = htmlToText(html).replace(/\n/g, " ").trim();
    let marks: number | null = null;
    let code: Line["code"];
    let after = "";
    const maths = /^([MAB])(\d)(?:ft|oe|dep)?\s+(.*)$/.exec(text);
    if (maths) {
      code = maths[1] as Line["code"];
      marks = Number(maths[2]);
      text = maths[3];
    } else {
      const end = MARKS_AT_END.exec(text);
      const inside = end ? null : MARKS_INSIDE.exec(text);
      if (end) {
        marks = Number(end[1] ?? end[2]);
        text = text.slice(0, end.index).trim();
      } else if (inside) {
        marks = Number(inside[1]);
        const before = text.slice(0, inside.index).trim();
        const rest = text.slice(inside.index + inside[0].length).trim();
        // "One from (1 mark): a / b" carries its point after the marks; "21 (1 mark). Both output 21." before them.
        if (!before || LEAD_IN.test(before) || /^(?:one|any one|two|any two)\s+(?:from|of)$/i.test(before)) text = rest;
        else {
          text = before;
          after = rest;
        }
      }
    }
    // "any two from: type of electrolyte (1); concentration (1); distance (1)": a point per mark.
    const inline = [...text.matchAll(/\s*\((\d)\)\s*[;,]?\s*/g)];
    if (!code && marks !== null && inline.length) {
      let from = 0;
      for (const m of inline) {
        const piece = text.slice(from, m.index).replace(/^(?:any (?:one|two|three|four) from|one from)\s*:?\s*/i, "").trim();
        if (piece) lines.push({ text: piece, marks: Number(m[1]), inList });
        from = m.index! + m[0].length;
      }
      const tail = text.slice(from).trim();
      if (tail) lines.push({ text: tail, marks, inList });
    } else lines.push({ text: text.trim(), marks, code, inList });
    // What follows the marks is a note of its own: "Accept 66.", "Do not accept int."
    for (const sentence of after.split(/(?<=\.)\s+/)) if (sentence.trim()) lines.push({ text: sentence.trim(), marks: null, inList: false });
  }
  return lines.filter((l) => l.text || l.marks);
}

/** The text of an alternative with what a scheme prints around it taken off: words in brackets (optional), "oe", a leading label. */
function bare(text: string): string {
  const stripped = text
    .replace(/\((?:[^()]|\([^()]*\))*\)/g, (group) => (/[a-z]{2,}/i.test(group) ? " " : group))
    .replace(/\b(?:oe|o\.e\.|ft|cao|accept equivalent|or equivalent|both (?:are )?needed)\b\.?/gi, " ")
    .replace(/^\s*[A-Za-z][\w ]{0,24}:\s+(?=\S)/, "")
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:.]+|[\s,;:.]+$/g, "");
  return stripped || text.replace(/[()]/g, "").trim();
}

const COORDINATES = /\(\s*-?[\d.]+\s*,\s*-?[\d.]+\s*\)/g;

function alternative(text: string): Alternative | null {
  const t = text.trim().replace(/^["'‘“]|["'’”]$/g, "");
  if (!t) return null;
  if (/^[^\s\w]{1,3}$/.test(t)) return { text: t, terms: [], compact: [t] };
  // A letter or short code ("D", "aq"), or letters that name parts of a figure ("A and B"): as words.
  if (/^[a-z]{1,2}$/i.test(t)) return { text: t, terms: [t.toLowerCase()] };
  if (/^[A-Z](?:\s*(?:,|and)\s*[A-Z])+$/.test(t)) return { text: t, terms: [...new Set(t.toLowerCase().match(/\b[a-z]\b/g)!)].filter((x) => x !== "and") };
  // A sequence of letters ("B D E A C"), coordinates, formulas and expressions: in compact form.
  if (/^[A-Z](?:\s+[A-Z]){2,}$/.test(t)) return { text: t, terms: [], compact: [compact(t)] };
  const points = t.match(COORDINATES);
  if (points && points.length >= 1 && t.replace(COORDINATES, "").replace(/\band\b|[,\s]/g, "") === "") return { text: t, terms: [], compact: points.map(compact) };
  if (formulaLike(t)) return { text: t, terms: [], compact: t.split(/\s+and\s+/).map(compact) };
  const terms = keyTerms(t);
  if (/[=×÷]/.test(t) || (terms.length && terms.filter((x) => /^\d/.test(x)).length * 2 >= terms.length)) {
    const numbers = terms.filter((x) => /^\d/.test(x));
    if (numbers.length) return { text: t, terms: numbers };
  }
  if (!terms.length && /^[a-z]+$/i.test(t)) return { text: t, terms: [stem(t.toLowerCase())] };
  return terms.length ? { text: t, terms } : null;
}

/**
 * The ways of making one point: "(or X)" and "(accept X)" in brackets, "one from: a; b; c", the
 * examples of "any sensible way, e.g. a / b", and slash-separated alternatives. A single word at
 * either end of a slash list beside a phrase of three or more words swaps for that phrase's end
 * word ("release / transfer energy by respiration": "release energy by respiration" or "transfer
 * energy by respiration"); otherwise each slash-separated part is a whole alternative.
 */
export function alternativesOf(text: string): Alternative[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\((?:or|accept|allow)\s+([^()]+)\)/gi)) out.push(...m[1].split(/\s+or\s+|\s*\/\s*/));
  let main = text.replace(/^(?:any |give )?(?:one|two|three) (?:from|of)\s*:?\s*/i, "");
  const eg = /,?\s*\b(?:e\.g\.|eg\b|for example|such as)\s*/i.exec(main);
  let listed = [main];
  if (eg && (!main.slice(0, eg.index).trim() || /\b(?:any|sensible|suitable|valid|correct|other|relevant|named)\b/i.test(main.slice(0, eg.index)))) {
    listed = main.slice(eg.index + eg[0].length).split(/\s*(?:;|,?\s+or\s+|,\s+)\s*/);
  } else {
    if (eg) main = main.slice(0, eg.index);
    listed = main.includes(";") && !/[=]/.test(main) ? main.split(/\s*;\s*/) : [main];
  }
  for (const item of listed) {
    const parts = bare(item).split(/\s*\/\s*/).map((p) => p.trim()).filter(Boolean);
    const words = (p: string) => p.split(/\s+/);
    parts.forEach((p, i) => {
      if (parts.length > 1 && words(p).length === 1 && !formulaLike(p)) {
        if (i === 0 && words(parts[1]).length >= 3) return out.push([p, ...words(parts[1]).slice(1)].join(" "));
        if (i === parts.length - 1 && words(parts[i - 1]).length >= 3) return out.push([...words(parts[i - 1]).slice(0, -1), p].join(" "));
      }
      out.push(p);
    });
  }
  const seen = new Set<string>();
  return out.map((t) => alternative(bare(t))).filter((a): a is Alternative => {
    if (!a) return false;
    const key = a.compact?.join(" ") ?? a.terms.join(" ");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "Do not accept: 'make energy' or 'produce energy'." to the refused phrases. */
function rejectsOf(text: string): Alternative[] {
  const body = text.replace(REJECT, "").replace(/\bfor (?:the|either|this) (?:mark|point)\b.*$/i, "");
  return body.split(/\s*(?:,|;|\/|\bor\b|\band\b(?= ['‘"]))\s*/i)
    .map((p) => p.replace(/['‘’"“”]/g, "").replace(/\([^)]*\)/g, "").replace(/\.$/, "").trim())
    .filter((p) => p && p.split(/\s+/).length <= 8)
    .map((p) => (formulaLike(p) ? alternative(p) : { text: p, terms: phraseTerms(p) }))
    .filter((a): a is Alternative => !!a && (!!a.compact || a.terms.length > 0));
}

/** The accepted value(s) of an answer line: "1617 J", "allow 127–128 kPa", "£9720", "21 (kg)", "10 000 / 1 × 10^4". */
function valuesOf(text: string): { values: AcceptedValue[]; unit: string } | null {
  let t = text.replace(ACCEPT, "").replace(/^(?:an answer (?:of|in the range)|answer in the range|in the range|any value from)\s*/i, "");
  t = t.replace(/^.*?=\s*(?=[-+£$\d.])/, "");
  const optionalUnit = /\(([^()]*)\)\s*$/.exec(t);
  if (optionalUnit) t = t.slice(0, optionalUnit.index).trim();
  t = t.replace(/\b(?:oe|cao|accept equivalent|or equivalent)\b/gi, "").trim();
  const unitInBrackets = optionalUnit && /^[a-zA-Zµ°%Ω/³²^\d\s-]{1,24}$/.test(optionalUnit[1]) ? optionalUnit[1].trim() : "";
  const values: AcceptedValue[] = [];
  let unit = "";
  for (const piece of t.split(/\s+\/\s+|\s+or\s+/)) {
    // Every alternative must be a number: "14:00 / 2 pm" and "4 / two pairs" are words.
    if (/\b(?:and|or|only|to|pm|am)\b|:/.test(piece.replace(/^[-\d.,\s]+(?:–|-|to)\s*[-\d.,]+/, ""))) return null;
    const range = /^([-]?[\d.,\s]+?)\s*(?:[–—-]|to)\s*([-]?[\d.,]+)\s*(.*)$/.exec(piece);
    const low = range && parseQuantity(`${range[1]} ${range[3]}`);
    const high = range && parseQuantity(`${range[2]} ${range[3]}`);
    if (low && high && high.value > low.value) {
      values.push({ value: low.value, resolution: low.resolution, standardForm: low.standardForm, upTo: high.value });
      unit ||= low.unit;
      continue;
    }
    const q = parseQuantity(piece);
    if (!q) return null;
    values.push({ value: q.value, resolution: q.resolution, standardForm: q.standardForm });
    unit ||= q.unit;
  }
  return values.length ? { values, unit: unit || unitInBrackets } : null;
}

const DRAWING = /\b(plot|draw|sketch|shade|label|on the grid|complete (?:figure|the (?:graph|diagram|circuit|bar chart|flowchart)))\b/i;
const PROGRAM = /(?:^|[.?!:]\s+|\n)(?:write|extend|rewrite|amend|change|complete)\b(?![^.]*\btable\b)[^.]*\b(?:program|algorithm|subroutine|function|pseudo-?code|sql|query|statement|line)\b|features present in the program/i;
const TWO_WAYS = /simple explanation[^]*detailed explanation/i;

function choiceSpec(part: DocPart): MarkingSpec {
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
  const contained = options.map((o, i) => ({ o, i })).filter(({ o }) => wanted.includes(o)).sort((a, b) => b.o.length - a.o.length);
  if (contained.length) return { kind: "choice", answer: contained[0].i };
  throw new Error(`The mark scheme of part ${part.number} names none of its options.`);
}

const isLeadIn = (l: Line) => !l.text || LEAD_IN.test(l.text);

/**
 * The points of a short-answer scheme: its marked lines; the lines under a lead-in ("any one from:
 * (1)") or, in a scheme with no marked lines, the list items under "1 mark for each of", a mark each.
 */
function pointsOf(lines: Line[], eachOne: boolean): Point[] {
  const anyMarked = lines.some((l) => l.marks !== null && !isLeadIn(l) && !ACCEPT.test(l.text) && !REJECT.test(l.text));
  const points: Point[] = [];
  let underLeadIn = false;
  for (const l of lines) {
    if (ACCEPT.test(l.text) || REJECT.test(l.text)) continue;
    let marks: number;
    if (l.marks !== null) {
      if (isLeadIn(l)) {
        underLeadIn = true;
        continue;
      }
      underLeadIn = false;
      marks = l.marks;
    } else if ((underLeadIn || (!anyMarked && eachOne && l.inList)) && !(NOTE.test(l.text) && !l.inList)) marks = 1;
    else continue;
    const alternatives = alternativesOf(l.text);
    if (alternatives.length) points.push({ text: l.text, marks, alternatives, reject: [] });
  }
  return points;
}

function nearestPoint(points: Point[], text: string): Point | undefined {
  const words = new Set([...keyTerms(text), ...(compact(text).match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 1)]);
  let best: Point | undefined;
  let bestShare = 0;
  for (const p of points) {
    const theirs = new Set([...keyTerms(p.text), ...(compact(p.text).match(/[a-z0-9]+/g) ?? []).filter((w) => w.length > 1)]);
    const shared = [...words].filter((w) => theirs.has(w)).length / Math.max(1, Math.min(words.size, theirs.size));
    if (shared > bestShare) {
      bestShare = shared;
      best = p;
    }
  }
  return bestShare >= 0.5 ? best : undefined;
}

/** Accept and reject lines apply to the points they name ("Accept eye for receptor"), or to them all. */
function applyAcceptReject(points: Point[], lines: Line[]): void {
  const rejects: Alternative[] = [];
  for (const l of lines) {
    if (REJECT.test(l.text)) rejects.push(...rejectsOf(l.text));
    else if (ACCEPT.test(l.text) && l.marks === null && !/\bmarks?\b|\becf\b|error carried|\btheir\b/i.test(l.text)) {
      const body = l.text.replace(ACCEPT, "");
      const forWhat = /\s+for (?:the |either |each |this )?([\w ]+?)(?: mark)?\.?$/i.exec(body);
      const extra = alternativesOf((forWhat ? body.slice(0, forWhat.index) : body).replace(/\.\s*(?:Do not|Reject)\b.*$/i, ""));
      if (!extra.length) continue;
      const named = forWhat && points.find((p) => keyTerms(forWhat[1]).every((t) => keyTerms(p.text).includes(t)));
      // Otherwise the point it shares most words or symbols with: "Accept 4OH⁻ − 4e⁻ → O₂ + 2H₂O" goes with "4OH⁻ → O₂ + 2H₂O + 4e⁻".
      const near = named ? undefined : nearestPoint(points, body);
      const target = named || near;
      if (target) target.alternatives.push(...extra);
      else if (points.length === 1) points[0].alternatives.push(...extra);
      else points.push({ text: body, marks: 1, alternatives: extra, reject: [] });
    }
    const embedded = /\.\s*((?:Do not accept|Reject)\b.*)$/i.exec(l.text);
    if (embedded && !REJECT.test(l.text)) rejects.push(...rejectsOf(embedded[1]));
  }
  for (const p of points) p.reject = rejects;
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
    units,
    unitMarks: unitLine?.marks ?? 0,
    ...(sf ? { sigFigs: word(sf[1]) } : {}),
    ...(dp ? { decimalPlaces: word(dp[1]) } : {}),
    points: points.filter((p) => p.alternatives.length),
  };
}

/** A method mark's ways, each by the numbers it uses ("120 ÷ 80 or 60 ÷ 40": [120, 80] or [60, 40]). */
function methodAlternatives(text: string): Alternative[] {
  return bare(text.replace(/\(=[^)]*\)/g, " ")).split(/\s+or\s+|\s*\/\s*(?=\D)/).map((t) => {
    const numbers = keyTerms(t).filter((x) => /^\d/.test(x));
    return numbers.length ? { text: t.trim(), terms: numbers } : null;
  }).filter((a): a is Alternative => !!a);
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

/** How the part is marked. Throws only for a multiple-choice scheme that names none of its options. */
export function markingSpecFor(part: DocPart): MarkingSpec {
  const key = `${part.marks}\u0000${part.content}\u0000${part.options?.join("\u0001") ?? ""}\u0000${part.markScheme}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let spec: MarkingSpec;
  if (part.options?.length) spec = choiceSpec(part);
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
  const spec = markingSpecFor(part);
  if (spec.kind === "choice") return { kind: "choice" };
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
    case "self":
      return { kind: part.marks >= 4 || part.answerLines >= 8 ? "long" : "short" };
  }
}
