// Reading a mark scheme's text: its blocks (paragraphs, list items, table rows) with the marks
// each carries, the ways of making each point, the values of a calculation's answer, and the
// accept and reject notes, attached to the points they are about. Pure functions; spec.ts decides
// from these how a part is marked.
import { compact, formulaLike, htmlToText, keyTerms, phraseTerms, stem } from "./text.ts";
import { parseQuantity } from "./numbers.ts";

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
/** One block of the scheme (a paragraph or list item), with the marks it carries if it says. */
export interface Line {
  text: string;
  marks: number | null;
  /** A maths mark type: M (method), A (accuracy), B (independent). */
  code?: "M" | "A" | "B";
  inList: boolean;
}

const MARKS_AT_END = /\s*[([]\s*(\d+)\s*(?:marks?)?\s*(?:each)?\s*[)\]]\s*[.:]?$|\s*[–-]\s*(\d+) marks?\.?$/i;
/** "(1 mark)", "(2 marks; …)", "(1 mark):" inside a line: the marks, what comes before and what after. */
const MARKS_INSIDE = /\s*\(\s*(\d+)\s*marks?\s*(?:[;,][^)]*)?\)\s*[:.]?\s*/i;
export const ACCEPT = /^(?:accept|allow)\b:?\s*/i;
export const REJECT = /^(?:do not (?:accept|allow|credit|award)|reject|no credit for)\b:?\s*/i;
const NOTE = /\bmarks?\b|\becf\b|error carried|\btheir\b|\bscores?\b|\bfollow.?through\b|\bif\b|\bmax\b|\bwhere\b|\bcorrect answer\b/i;
export const EACH_ONE_MARK = /\b(?:1|one) mark (?:for|each)|\bany (?:one|two|three|four|\d)(?: from| of)?\b|\(1 each\)|\bmark(?:s)? for each\b|each correct point|^(?:one|two|three) from\b/i;
/** A line that only introduces the list under it: "any one from:", "1 mark for each of:". */
const LEAD_IN = /^(?:(?:any|give)\s+)?(?:one|two|three|four|\d)\s+(?:from|of)\s*:?$|^(?:award\s+)?(?:1|one) mark for each(?: of)?(?: the following)?\s*:?$|^any \d+ for \d+ marks?\.?$/i;

export function linesOf(markScheme: string): Line[] {
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
export function valuesOf(text: string): { values: AcceptedValue[]; unit: string } | null {
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

export const isLeadIn = (l: Line) => !l.text || LEAD_IN.test(l.text);

/**
 * The points of a short-answer scheme: its marked lines; the lines under a lead-in ("any one from:
 * (1)") or, in a scheme with no marked lines, the list items under "1 mark for each of", a mark each.
 */
export function pointsOf(lines: Line[], eachOne: boolean): Point[] {
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
export function applyAcceptReject(points: Point[], lines: Line[]): void {
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

/** A method mark's ways, each by the numbers it uses ("120 ÷ 80 or 60 ÷ 40": [120, 80] or [60, 40]). */
export function methodAlternatives(text: string): Alternative[] {
  return bare(text.replace(/\(=[^)]*\)/g, " ")).split(/\s+or\s+|\s*\/\s*(?=\D)/).map((t) => {
    const numbers = keyTerms(t).filter((x) => /^\d/.test(x));
    return numbers.length ? { text: t.trim(), terms: numbers } : null;
  }).filter((a): a is Alternative => !!a);
}
