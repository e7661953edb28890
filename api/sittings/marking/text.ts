// The text side of marking: mark-scheme HTML to plain lines, and the one normalisation the scheme's
// points and the student's answers both go through (lower case, British spelling, light stemming,
// a short list of synonyms), so the two are compared like with like. Pure functions.

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
const SUBSCRIPT = "₀₁₂₃₄₅₆₇₈₉";

/** Unicode minus and dashes used as minus, super/subscript digits, typographic quotes: to ASCII. */
const VULGAR: Record<string, string> = { "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅙": "1/6", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8" };

export function plainChars(text: string): string {
  return text
    .replace(/[½⅓⅔¼¾⅕⅙⅛⅜⅝⅞]/g, (c) => VULGAR[c])
    .replace(/[−‒–](?=\s*\d)/g, "-")
    .replace(/−/g, "-")
    .replace(/⁻/g, "^-")
    .replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g, (s) => "^" + [...s].map((c) => SUPERSCRIPT.indexOf(c)).join(""))
    .replace(/[₀₁₂₃₄₅₆₇₈₉]/g, (c) => String(SUBSCRIPT.indexOf(c)))
    .replace(/\^-\^/g, "^-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/\u00a0/g, " ");
}

/** Safe HTML to text: block ends become line breaks, <sup>n</sup> becomes ^n, <strong>or</strong> a slash. */
export function htmlToText(html: string): string {
  return plainChars(
    html
      .replace(/<strong>\s*or\s*<\/strong>/gi, " / ")
      .replace(/<sup>\s*([^<]*?)\s*<\/sup>/gi, (_, s: string) => `^${s}`)
      .replace(/<br\s*\/?>|<\/(p|li|div|tr|h\d|pre)>/gi, "\n")
      .replace(/<\/t[dh]>/gi, " ")
      .replace(/<[^>]+>/g, "")
      .replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? (name.startsWith("#") ? String.fromCharCode(Number(name.slice(1))) : whole)),
  ).replace(/[ \t]+/g, " ").replace(/ *\n */g, "\n").trim();
}

/** British spellings the answers and schemes may differ in, mapped one way (to the US form). */
const SPELLINGS: Record<string, string> = {
  sulphur: "sulfur", sulphate: "sulfate", sulphuric: "sulfuric", sulphide: "sulfide", aluminium: "aluminum",
  oesophagus: "esophagus", haemoglobin: "hemoglobin", foetus: "fetus", oestrogen: "estrogen", anaemia: "anemia",
  grey: "gray", tonne: "ton", tonnes: "tons", programme: "program", disc: "disk", mould: "mold", plough: "plow",
  defence: "defense", licence: "license", practise: "practice", cheque: "check", aeroplane: "airplane",
};
/** Synonyms a marker treats as the same word (after stemming), mapped to one of them. */
const SYNONYMS: Record<string, string> = {
  rise: "increas", fall: "decreas", drop: "decreas", reduce: "decreas", lower: "decreas",
  bigger: "larg", big: "larg", larger: "larg", quick: "fast", quicker: "fast", faster: "fast", rapid: "fast",
  smaller: "small", zero: "0", absorption: "absorb", co2: "carbon dioxid", o2: "oxygen", h2o: "water", h2: "hydrogen", n2: "nitrogen",
};

const SYNONYM_STEMS = new Map<string, string>();

/** British to US spelling by rule (-our, -ise, -yse, -tre, ae/oe), then the listed words. */
function spelling(word: string): string {
  const listed = SPELLINGS[word];
  if (listed) return listed;
  let w = word;
  if (w.length >= 6) w = w.replace(/our(s|ed|ing)?$/, "or$1");
  if (w.length >= 6) w = w.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, "iz$1").replace(/ys(e|es|ed|ing)$/, "yz$1");
  if (w.length >= 5) w = w.replace(/([^aeiou])tre(s?)$/, "$1ter$2");
  if (w.length >= 6) w = w.replace(/ae/g, "e").replace(/^oe|([^aeiou])oe/g, "$1e");
  return w;
}

const SUFFIXES = ["ational", "ations", "ation", "itions", "ition", "ions", "ion", "ating", "ated", "ates", "ate", "ments", "ment", "ness", "ful", "ings", "ing", "edly", "ies", "ied", "ed", "es", "ly", "s", "e", "y"];
/**
 * Light stemming: the longest listed suffix comes off when at least three letters stay (then a
 * final e of what is left, after -ment, -ness, -ful), and a final y reads as i, so "respires",
 * "respiring" and "respiration" all read "respir", "concentrated" and "concentration" "concentr",
 * "arteries" and "artery" "arteri".
 */
export function stem(word: string): string {
  for (const suffix of SUFFIXES) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      if (suffix === "ies" || suffix === "ied" || suffix === "y") return `${base}i`;
      if ((suffix.startsWith("ment") || suffix === "ness" || suffix === "ful") && base.length > 3) return base.replace(/e$/, "").replace(/y$/, "i");
      return base;
    }
  }
  return word;
}

/**
 * Words that carry no marking point on their own. "not" and "no" are here too: a point is matched
 * by its content words, and points.ts refuses a content word the answer only uses negated.
 * Comparatives ("more", "less", "higher") are key terms: they are often the point.
 */
export const STOP_WORDS = new Set(
  ("a an the and or but if then so than that this these those there their they them it its is are was were be been being am " +
    "of in on at to for from by with into onto as about over under between through per via up out off " +
    "do does did done can could will would shall should may might must have has had having " +
    "which who whom whose what when where why how not no nor all any each some " +
    "very also too just only both either neither such same other another e g eg etc ie i e " +
    "become becomes became becoming get gets got getting make makes made use used uses using called known named " +
    "allow accept ignore credit mark marks answer point e.g. i.e. one two three any").split(" ").filter(Boolean),
);

/** A number written in the text, as one token: thousands separators gone, trailing decimal zeros dropped. */
export function numberToken(raw: string): string {
  let n = raw.replace(/[ ,](?=\d{3}\b)/g, "");
  if (n.includes(".")) n = n.replace(/0+$/, "").replace(/\.$/, "");
  return n;
}

export interface Tokens {
  /** Normalised word stems and number tokens, in order. */
  list: string[];
  set: Set<string>;
}

const TOKEN = /\d{1,3}(?:[ ,]\d{3})+(?:\.\d+)?(?!\d)|\d+(?:\.\d+)?|[a-zµ]+(?:\d+[a-z]*)*/g;

/** One normalised term of a word: spelling, stem, then synonym (a synonym may stand for two words). */
function normaliseWord(word: string): string[] {
  const s = stem(spelling(word));
  if (!SYNONYM_STEMS.size) for (const [k, v] of Object.entries(SYNONYMS)) SYNONYM_STEMS.set(/\d/.test(k) ? k : stem(spelling(k)), v);
  const synonym = SYNONYMS[word] ?? SYNONYM_STEMS.get(s);
  return synonym ? synonym.split(" ") : [s];
}

/** Text (not HTML) to its normalised tokens. */
export function tokens(text: string): Tokens {
  const list: string[] = [];
  const lower = plainChars(text).toLowerCase();
  for (const m of lower.matchAll(TOKEN)) {
    const t = m[0];
    list.push(...(/^\d/.test(t) ? [numberToken(t)] : normaliseWord(t)));
  }
  const set = new Set(list);
  // "7n", "2x": a number times a letter, as algebra writes it, is also one term.
  for (const m of lower.matchAll(/(?<![\w.])(\d+)\s?([a-z])(?![a-z])/g)) set.add(m[1] + m[2]);
  return { list, set };
}

/** The key terms of a phrase: its normalised content words, stop words and lone letters out, once each. */
export const phraseTerms = (text: string) => [...new Set(tokens(text).list.filter((t) => !["a", "an", "the"].includes(t)))];

export function keyTerms(text: string): string[] {
  const out: string[] = [];
  let lower = plainChars(text).toLowerCase();
  // In algebra ("7n + k where k ≠ −3") a number times a letter is one term, "7n".
  if (/[=+≠<>]/.test(lower)) {
    for (const m of lower.matchAll(/(?<![\w.])(\d+)([a-z])(?![a-z])/g)) out.push(m[1] + m[2]);
    lower = lower.replace(/(?<![\w.])(\d+)([a-z])(?![a-z])/g, " ");
  }
  for (const m of lower.matchAll(TOKEN)) {
    const t = m[0];
    if (/^\d/.test(t)) {
      out.push(numberToken(t));
      continue;
    }
    if (STOP_WORDS.has(t) || t.length === 1) continue;
    for (const n of normaliseWord(t)) if (!STOP_WORDS.has(n)) out.push(n);
  }
  return [...new Set(out)];
}

/**
 * The compact form of a formula, an expression or a code: lower case, no spaces, '*' or '·', '×' as
 * 'x' only between digits; powers as '^n' (superscripts too), so "27x⁶y³" and "27x^6 y^3" agree
 * and "K²O" is not "K₂O".
 */
export function compact(text: string): string {
  return plainChars(text).toLowerCase().replace(/[\s*·]+/g, "").replace(/(\d)×(\d)/g, "$1x$2").replace(/[.;,]+$/, "");
}

/**
 * An alternative that is a formula, an expression or a code rather than words, matched in compact
 * form: one token mixing letters with digits or capitals ("C3H7OH", "NaCl", "7n"), or algebra with
 * no word in it ("7n − 3", "y = 3x − 5", "(x + 3)(x − 2)"). Arithmetic on numbers alone is not one:
 * a calculation is matched by its numbers.
 */
export function formulaLike(text: string): boolean {
  const t = plainChars(text).trim();
  if (!/[a-z]/i.test(t)) return false;
  if (/^\S{1,24}$/.test(t)) return /\d/.test(t) || /[a-z][A-Z]/.test(t);
  if (/[a-z]{3,}/i.test(t.replace(/\b(?:sin|cos|tan|sqrt|and)\b/g, ""))) return false;
  return /[=+×÷√<>^-]/.test(t) && t.length <= 40;
}
