// The offline deck builder of Smart Study Resources: flashcards, topic summaries and quizzes made from
// a paper's blueprint and its questions, with no model and no database. Pure functions of their
// arguments, so a rebuilt deck is the same deck (the routes add only cards whose key is new).
import type { Candidate } from "../papers/candidate.ts";
import { htmlToText } from "../papers/html.ts";
import { numberCodeLines } from "../papers/question-text.ts";
import { type Blueprint, fitsTier, type Part, type Tier, type Topic } from "../../shared/papers.ts";
import { EQUATION_SHEETS, PHYSICS_EQUATIONS, type SheetEquation } from "../../shared/inserts.ts";
import type { CardSource, DeckCard, QuizQuestion, TopicSummary } from "../../shared/revision.ts";

/** What of a blueprint the deck needs. */
export type DeckBlueprint = Pick<Blueprint, "code" | "paper" | "topics" | "inserts">;

export interface QuizItem extends QuizQuestion {
  /** Index into `options` of the answer the mark scheme names. */
  answer: number;
  explanation: string;
}

/** A summary is a five-minute read. */
const MAX_SUMMARY_POINTS = 10;
/** Longer parts are levels-of-response answers: too long to recall as a card. */
const MAX_CARD_MARKS = 4;

// ---------------------------------------------------------------------------------------------
// Text helpers

/** Text for comparing: case, white space, minus signs and punctuation do not make two texts differ. */
const normalise = (text: string) => {
  const plain = htmlToText(text).toLowerCase().replace(/[−–]/g, "-");
  return plain.replace(/[^\p{L}\p{N}<>=+\-×÷/%.,²³]+/gu, " ").replace(/[\s.,]+$/, "").trim();
};

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A topic's name as the student reads it: the specification's section numbers in brackets mean nothing on a card. */
export const topicName = (topic: Pick<Topic, "name">) => withoutSpecReferences(topic.name);
/** "(4.1.1.1–4.1.1.2)", "(4.2.1.4, 4.2.2.4–4.2.2.5)". */
const SPEC_REFERENCE = /\s*\((?:[\d.]+(?:\s*[–-]\s*[\d.]+)?(?:,\s*)?)+\)/g;
const withoutSpecReferences = (text: string) => text.replace(SPEC_REFERENCE, "").replace(/\s{2,}/g, " ").trim();

/**
 * How the paper asks for an answer to a multiple-choice part ("Tick (✓) one box.", "Shade one
 * lozenge.", "Circle your answer."): there is no box on a card, so these lines go.
 */
const ANSWER_INSTRUCTION = /^(tick|put a tick|shade|circle|draw a ring)\b.*\b(box|boxes|lozenges?|answer)\.?$/i;

/** The same instruction written at the end of the question's paragraph ("… a microscope? Tick <strong>one</strong> box."). */
const INLINE_ANSWER_INSTRUCTION =
  /(?<=[.?!:]\s*|>)\s*(Tick|Put a tick|Shade|Circle|Draw a ring)\b[^.?!<]*(<\/?strong>[^.?!<]*)*\b(box|boxes|lozenges?|answer)\./g;

const withoutAnswerInstructions = (html: string) =>
  html
    .replace(/<p>([\s\S]*?)<\/p>/g, (whole, inner: string) => (ANSWER_INSTRUCTION.test(htmlToText(inner)) ? "" : whole))
    .replace(INLINE_ANSWER_INSTRUCTION, "")
    .trim();

/**
 * Words that send the reader somewhere a card cannot show: a figure, a table, a graph, another part's
 * answer, a box of words to choose from, or something to draw. "periodic table" is a fact to learn,
 * unless the question wants the data sheet's table read.
 */
const REFERS_ELSEWHERE: readonly RegExp[] = [
  /\bfig(ure|\.)s?\s*\d/i,
  /\bfigure\b/i,
  /\b(?<!periodic |times )tables?\b(?! lamps?| tennis| salt)/i, // not a table lamp
  /\buse the periodic table\b/i,
  /\b(graph|diagram|chart|photograph|micrograph|map)s?\b|\b(on|use) the grid\b/i, // not the National Grid
  /\b(previous|last|earlier) (part|question|answer)\b/i,
  /\b(use|using|from) your answers?\b|\byour answers? (to|from|for|in) (part|question|\(|\d)/i,
  /\b(the|this|a) box(es)?\b|\bfrom the list\b/i,
  /\b(draw|plot|sketch|label|complete the (diagram|sentence|trace))\b/i,
  /\b(shown|given) (above|below)\b/i,
  /\bwhich letter\b|\b(give|write) the letters?\b|\blabell?ed\b/i,
  /\bpart \(?[a-z0-9]\)?\b|\b0\d\.\d\b/i, // "part (a)", "01.2"
];
const refersElsewhere = (text: string) => REFERS_ELSEWHERE.some((re) => re.test(text));

/** Words before a capital letter that make it a symbol or a grade rather than a label ("ions are K⁺", "vitamin C"). */
// deno-fmt-ignore
const NOT_A_LABEL_BEFORE = new Set([
  "are", "is", "was", "were", "and", "or", "the", "of", "to", "as", "with", "in", "on", "at", "for", "by", "from", "than", "into", "has", "have",
  "symbol", "formula", "vitamin", "grade", "type", "hepatitis", "plan",
]);

/**
 * The letters a text uses to label something on a figure, a table or the stem: a bold capital ("<strong>X</strong>"),
 * or a capital after a noun ("element X", "model A", "lamp L₂").
 */
function labelsIn(html: string): string[] {
  const bold = [...html.matchAll(/<strong>([A-Z])<\/strong>/g)].map((m) => m[1]);
  const named = [
    ...htmlToText(html).matchAll(
      /\b([A-Za-z]{3,}) ([A-Z])(?:\s?\d)?(?=[\s',;:)?]|\.(?!\s[a-z])|$)/g,
    ),
  ]
    .filter((m) => !NOT_A_LABEL_BEFORE.has(m[1].toLowerCase()))
    .map((m) => m[2]);
  return [...new Set([...bold, ...named])];
}

/** The labels a text uses that it does not itself define ("Pack B: 9 rolls", "B is the point (7, 10)", "line L … line L"). */
function undefinedLabels(html: string): string[] {
  const text = htmlToText(html);
  return labelsIn(html).filter((l) => {
    const uses = text.match(new RegExp(`\\b${l}\\b`, "g"))?.length ?? 0;
    return uses < 2 && !new RegExp(`\\b${l}(\\s+is\\b|\\s*[:=])`).test(text);
  });
}

/** A mark scheme that carries an error forward reads an earlier part's answer. */
const USES_EARLIER_ANSWER = /\b(ecf|ft|follow through|error carried forward|previous part|from part|their answer to)\b/i;

/** Nouns that name the set-up of a question's stem: a part that says "the student" is about the stem's student. */
const STEM_SUBJECTS =
  /\b(the|this|these|that|those) (student|students|teacher|scientist|scientists|researcher|researchers|doctor|patient|reaction|experiment|investigation|method|results?|data|information|sample|program|algorithm|subroutine|code)\b/i;

/** The stem's text and HTML, and the part's, as the rules below read them. */
interface PartInContext {
  part: string;
  partHtml: string;
  /** Lower case. */
  stem: string;
  stemHtml: string;
}

/**
 * Ways a part shows that it means its stem. Each errs towards the stem: a card with context it did
 * not need is still a good card, one without the context it needs is not.
 */
const MEANS_ITS_STEM: readonly ((p: PartInContext) => boolean)[] = [
  // "the student", "the reaction", unless the part brings its own ("A student heated … the student").
  ({ part }) => {
    const subject = part.match(STEM_SUBJECTS)?.[2];
    return !!subject && !new RegExp(`\\b(a|an|some|two|three)\\s+([\\w-]+\\s+)?${subject}`, "i").test(part);
  },
  ({ partHtml }) => undefinedLabels(partHtml).length > 0,
  // "line 9", "boxes 3, 5 and 6": the stem's code or described flowchart.
  ({ part }) => /\b(lines?|boxes?|steps?) \d|\bnumber of the line\b/i.test(part),
  // "this", "these", but not "Which of these…?" over the options.
  ({ part }) => /\b(this|these|such)\b/i.test(part.replace(/\bwhich (one )?of these\b/gi, "")),
  ({ part }) => /^(it|its|they|their|them|he|she|his|her)\b/i.test(part),
  // "The person pulls the handle…": a part that opens on something the stem has already introduced.
  ({ part, stem }) => {
    const opener = part.match(/^the ([a-z-]{3,})\b/i)?.[1].toLowerCase();
    return !!opener && !COMMON_AFTER_THE.has(opener) && new RegExp(`\\b${opener}\\b`).test(stem);
  },
  // "Which material was the best insulator?": a question in the past tense is about the stem's experiment.
  ({ part }) => /\b(was|were|did)\b/i.test(part),
  // "Explain why." gives no context of its own ("What are isotopes?" does).
  ({ part }) => part.split(/\s+/).length <= 3 && !part.endsWith("?"),
  // A calculation whose numbers are in the stem.
  ({ part }) => /\b(calculate|work out|determine)\b/i.test(part) && (part.match(/\d+(\.\d+)?/g) ?? []).length < 2,
  // A variable of the stem's code.
  ({ partHtml, stemHtml }) =>
    [...partHtml.matchAll(/<code>([\s\S]*?)<\/code>/g)]
      .map((m) => htmlToText(m[1]).match(/^[A-Za-z_]\w*/)?.[0])
      .some((name) => name && new RegExp(`\\b${name}\\b`).test(htmlToText(stemHtml))),
  ({ part, stem }) => introducedByStem(part, stem),
  // A program in the stem is what a part about it is about ("the maximum number of tries"), named or not.
  ({ partHtml, stemHtml }) => /<pre\b/i.test(stemHtml) && !/<pre\b/i.test(partHtml),
];

function needsStem(partHtml: string, stemHtml: string): boolean {
  const context = { part: htmlToText(partHtml), partHtml, stem: htmlToText(stemHtml).toLowerCase(), stemHtml };
  return MEANS_ITS_STEM.some((means) => means(context));
}

/** "the boiler" where only the stem has said which boiler ("a gas boiler"): the part's first mention of it is "the …". */
function introducedByStem(part: string, stemLower: string): boolean {
  const lower = part.toLowerCase();
  for (const m of lower.matchAll(/\bthe ([a-z][a-z-]{3,})\b/g)) {
    const word = m[1];
    if (COMMON_AFTER_THE.has(word) || lower.search(new RegExp(`\\b${word}\\b`)) !== m.index! + 4) continue;
    // "the atom" is any atom when the stem too says "the atom"; "the panels" are the stem's when it says "solar panels".
    if ([...stemLower.matchAll(new RegExp(`(\\S+)\\s+${word}\\b`, "g"))].some((s) => s[1] !== "the")) return true;
  }
  return false;
}

/** Words a question says "the …" of without meaning anything in particular. */
// deno-fmt-ignore
const COMMON_AFTER_THE = new Set([
  "name", "names", "number", "value", "word", "words", "type", "process", "reason", "meaning", "term", "difference", "effect", "role", "purpose",
  "function", "importance", "body", "human", "same", "following", "most", "best", "correct", "main", "other", "total", "amount", "rate", "mass",
  "size", "world", "energy", "earth", "environment", "atmosphere", "bible", "qur'an", "church", "prophet",
]);

// ---------------------------------------------------------------------------------------------
// Questions

interface StandalonePart {
  q: Candidate;
  part: Part;
  /** Part number, from 1. */
  n: number;
  /** The card's question (safe HTML): the stem when the part needs it, then the part without answer instructions. */
  prompt: string;
}

/** The questions the deck may use: on the paper's topics and, with a tier, of that tier. */
function usable(bp: DeckBlueprint, questions: readonly Candidate[], tier: Tier | undefined): Candidate[] {
  const topics = new Set(bp.topics.map((t) => t.id));
  return questions.filter((q) => topics.has(q.topic) && fitsTier(q, tier));
}

/** Whether a part's own text, model answer or mark scheme leans on something a card cannot show. */
function leansElsewhere(content: string, part: Part): boolean {
  if (/<table/i.test(content + part.modelAnswer)) return true;
  return refersElsewhere(htmlToText(content)) || refersElsewhere(htmlToText(part.modelAnswer)) || USES_EARLIER_ANSWER.test(htmlToText(part.markScheme));
}

/** A stem a card can print: no figure, no table, and no words about one. */
const printableStem = (q: Candidate, stem: string) => !q.stemFigure && !/<table/i.test(stem) && !refersElsewhere(htmlToText(stem));

/**
 * A part as a card: 1–4 marks, no figure, nothing it leans on that a card cannot show, and its stem
 * printed first when it needs it (then the stem too must be printable). Null when it cannot stand alone.
 */
function standalone(q: Candidate, part: Part, n: number): StandalonePart | null {
  if (part.marks < 1 || part.marks > MAX_CARD_MARKS || part.figure) return null;
  const content = withoutAnswerInstructions(part.content);
  if (!content || leansElsewhere(content, part)) return null;
  // A figure after the stem may carry what the part needs without the part saying so ("Work out
  // the size of angle x" under a triangle): a card cannot show it, so no part of such a question is one.
  if (q.stemFigure) return null;
  const stem = q.stem?.trim() ?? "";
  // A label with nothing to say what it labels (the figure was the part's own, or the question's first part's).
  if (!stem) return undefinedLabels(content).length ? null : { q, part, n, prompt: content };
  if (!needsStem(content, stem)) return { q, part, n, prompt: content };
  if (!printableStem(q, stem)) return null;
  // On the paper, code is numbered by line when a question names a line; so it must be on the card.
  const numbered = /\bline\b/i.test(htmlToText(content)) ? numberCodeLines(stem) : stem;
  return { q, part, n, prompt: `${numbered}${content}` };
}

const standaloneParts = (questions: readonly Candidate[]) => questions.flatMap((q) => q.parts.flatMap((part, i) => standalone(q, part, i + 1) ?? []));

/** "ExamPrep practice question chem1-012, part 3 (AQA 8462/1)", or a past question's own attribution and the part. */
function questionLabel(bp: DeckBlueprint, q: Candidate, n: number): string {
  if (q.origin === "practice") {
    return `ExamPrep practice question ${q.id}, part ${n} (${bp.paper.examBoard} ${bp.code})`;
  }
  return `${q.attribution.trim().replace(/[.\s]+$/, "")}, part ${n}`;
}

const questionKey = (p: Pick<StandalonePart, "q" | "n">) => `q:${p.q.id}:${p.n}`;

/** Options as a card shows them: lettered, as the model answers name them ("D: Sodium chloride"). */
const optionList = (options: readonly string[]) => `<ul>${options.map((o, i) => `<li>${"ABCD"[i]}: ${escapeHtml(o)}</li>`).join("")}</ul>`;

// ---------------------------------------------------------------------------------------------
// Mark schemes

/** The scheme's lines: list items, and paragraphs outside lists (tables are level descriptors or answers to fill in). */
function schemeLines(html: string): { html: string; listItem: boolean }[] {
  const withoutTables = html.replace(/<table[\s\S]*?<\/table>/gi, "");
  return [...withoutTables.matchAll(/<li>([\s\S]*?)<\/li>|<p>([\s\S]*?)<\/p>/g)].map((m) => ({ html: (m[1] ?? m[2]).trim(), listItem: m[1] !== undefined }));
}

/** A paragraph that earns a mark: "… (1)", "… (1 mark)", a maths scheme's "B1 …" or RS's "1 mark for: …". */
const MARKED_LINE = /\(\d+(\s*marks?)?\)\s*(<\/[a-z]+>\s*)*$|^(<strong>)?[MABPC]\d\b|^\d+ marks? for:/i;

/** Notes to the examiner, not things a student says. */
const EXAMINER_NOTE =
  /^(any|accept|allow|do not|don't|ignore|reject|award|max|maximum|an answer|answers? (of|must)|both|students may|credit|\d+ marks?|marks?|level|no relevant|indicative|simple explanation|detailed explanation|one mark|1 mark|if |note|correct answer)\b/i;

/** A mark line without its marks, letters and examiner's brackets, as safe HTML. */
function cleanPoint(html: string): string {
  return html
    .replace(/\s*\(\d+(\s*marks?)?\)((\s*<\/[a-z]+>)*)\s*$/i, "$2")
    .replace(/\s\(1\)(?=\s)/g, "") // "tail (1) to swim to the egg"
    .replace(/\s*[–-]\s*\d+\s*marks?\s*$/i, "")
    .replace(/^(<strong>)?[MABPC]\d+(<\/strong>)?\s+|^\d+ marks? for:\s*/i, "")
    .replace(/^✓\s*/, "")
    .replace(/^(<strong>[A-D]<\/strong>\s*[:.]?|[A-D]\s*:)\s+(?=\S)/, "")
    .replace(/\s*\((accept|allow|ignore|do not|not)\b[^)]*\)/gi, "")
    .trim();
}

/** An answer that is only a value or a letter: nothing to learn from it on its own. */
function justAValue(text: string): boolean {
  if (/^[A-Za-z]$/.test(text)) return true;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const digits = (text.match(/\d/g) ?? []).length;
  return letters < 4 || digits >= letters;
}

/** A mark point that finishes the one before ("… two or more substances (1)", "that are not chemically combined (1)"). */
const CONTINUES = /^(so|and|with|that|which|because|but|for|as|to|giving|making|by|where|while|until)\b/i;

/** The creditworthy points of a mark scheme (safe HTML each); `keepValues` keeps bare answers such as "14". */
function schemePoints(markScheme: string, keepValues = false): string[] {
  const points: string[] = [];
  for (const line of schemeLines(markScheme)) {
    if (!line.listItem && !MARKED_LINE.test(line.html)) continue;
    // "Simple explanation – 1 mark": a level descriptor, not a point.
    if (line.listItem && /\b(one|two|\d+) marks?\b/i.test(htmlToText(line.html))) continue;
    const point = cleanPoint(line.html);
    const text = htmlToText(point);
    if (!text || EXAMINER_NOTE.test(text) || (!keepValues && justAValue(text))) continue;
    // Read as one sentence, the two halves make one point a student can learn.
    if (CONTINUES.test(text) && points.length) points[points.length - 1] += ` ${point}`;
    else points.push(point);
  }
  return points;
}

/** The card's answer: the model answer, then the scheme's points that it does not already say. */
function cardBack(part: Part): string {
  const said = normalise(part.modelAnswer);
  const extra = schemePoints(part.markScheme, true).filter((p) => !said.includes(normalise(p)));
  return extra.length ? `${part.modelAnswer}<p><strong>Mark scheme</strong></p><ul>${extra.map((p) => `<li>${p}</li>`).join("")}</ul>` : part.modelAnswer;
}

/**
 * The option the mark scheme names, or -1 unless that is certain: the scheme's first line read as
 * the option's text, its letter and text ("D: Sodium chloride"), its letter alone, or a line in which
 * exactly one option's text appears.
 */
export function schemeAnswer(markScheme: string, options: readonly string[]): number {
  const first = schemeLines(markScheme)[0];
  if (!first) return -1;
  const line = htmlToText(first.html)
    .replace(/^✓\s*/, "")
    .replace(/^[MABPC]\d\s+|^\d+ marks? for:?\s*/i, "")
    .replace(/\s*\((accept|allow)\b[^)]*\)/gi, "")
    .replace(/\s*\(\d+(\s*marks?)?\)\s*$/i, "");
  const wanted = options.map(normalise);
  const exact = wanted.flatMap((o, i) => (o === normalise(line) ? [i] : []));
  if (exact.length === 1) return exact[0];
  const lettered = line.match(/^([A-D])(?:\s*[:.)]?\s+(.+))?$/);
  if (lettered) {
    const i = "ABCD".indexOf(lettered[1]);
    return i < options.length &&
        (!lettered[2] || normalise(lettered[2]) === wanted[i])
      ? i
      : -1;
  }
  const padded = ` ${normalise(line)} `;
  const named = wanted.flatMap((
    o,
    i,
  ) => (o && padded.includes(` ${o} `) ? [i] : []));
  return named.length === 1 ? named[0] : -1;
}

// ---------------------------------------------------------------------------------------------
// Equations

/**
 * Phrases of a topic's name or description that say an equation belongs to it, most telling first.
 * By the sheet's order (shared/inserts.ts). An equation none of whose phrases a topic of the paper
 * uses is on another paper (momentum and wave speed are Paper 2's) and makes no card.
 */
// deno-fmt-ignore
export const EQUATION_TOPICS: readonly (readonly string[])[] = [
  ["kinetic"], ["elastic potential"], ["gravitational potential"], ["specific heat capacity", "mcδθ"], ["rate of energy transfer", "power"],
  ["rate of energy transfer", "work done"], ["efficiency"], ["efficiency"], ["flow of charge", "q = it"], ["v = ir", "resistance"], ["p = vi"],
  ["p = i²r"], ["e = pt"], ["e = qv"], ["density"], ["latent heat"], ["pv = constant", "pressure and volume"], ["weight"],
  ["work done as energy transferred by a force", "work done"], ["hooke", "extension of a spring", "spring"], ["moment"],
  ["pressure in a fluid", "pressure in fluids", "force normal"], ["column of liquid", "upthrust"], ["distance travelled", "speed"], ["acceleration"],
  ["uniform acceleration", "acceleration"], ["resultant force", "newton's second law"], ["momentum"], ["momentum"], ["frequency"],
  ["wave speed", "wavelength"], ["magnification", "lens"], ["flux density", "motor effect"], ["number of turns", "turns ratio"], ["transformer"],
];

/** The topic of the paper an equation belongs to, or undefined when none of its phrases is on the paper. */
function equationTopic(bp: DeckBlueprint, index: number): string | undefined {
  const texts = bp.topics.map((t) => ({ id: t.id, name: t.name.toLowerCase(), text: `${t.name} ${t.description}`.toLowerCase() }));
  for (const phrase of EQUATION_TOPICS[index] ?? []) {
    // A whole phrase, singular or plural ("transformer" is in "step-up and step-down transformers").
    const re = new RegExp(`(?<!\\p{L})${phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}s?(?!\\p{L})`, "u");
    // A topic named after the quantity beats one that mentions it in passing.
    const hit = texts.find((t) => re.test(t.name)) ?? texts.find((t) => re.test(t.text));
    if (hit) return hit.id;
  }
  return undefined;
}

/** A parenthesis of three words or more qualifies the equation ("along the line of action of the force"); a shorter one is a quantity ("(speed)²"). */
const withoutQualifiers = (words: string) => words.replace(/\(([^)]*)\)/g, (_whole, inner: string) => (inner.trim().split(/\s+/).length >= 3 ? "" : inner));

/** "Power = ? (using energy transferred and time)": the left-hand quantity to recall, with what it is worked out from. */
function equationFront(eq: SheetEquation): string {
  // "For gases: pressure × volume = constant" asks for its condition last.
  const [, condition, words] = eq.words.match(/^(?:(For [^:]+):\s*)?(.*)$/)!;
  const [left, right] = words.split(/\s=\s/);
  const when = condition ? ` (${condition.charAt(0).toLowerCase()}${condition.slice(1)})` : "";
  if (/[×÷²]/.test(left)) return `<p>Complete the equation: ${escapeHtml(left)} = ?${escapeHtml(when)}</p>`;
  const quantities = withoutQualifiers(right).split(/[×÷=]|\b0\.5\b|²|\b2\b/).map((s) => s.trim()).filter(Boolean);
  const using = quantities.length > 1 ? `${quantities.slice(0, -1).join(", ")} and ${quantities.at(-1)}` : quantities[0];
  const name = left.charAt(0).toUpperCase() + left.slice(1);
  return `<p>${escapeHtml(name)} = ? (using ${escapeHtml(using)})${escapeHtml(when)}</p>`;
}

function equationCards(bp: DeckBlueprint): DeckCard[] {
  // The separate Physics sheet, or the Combined Science one (a subset of it: its equations find
  // their topic phrases by their place on the separate sheet).
  const insert = bp.inserts?.find((i) => i === "physics-equations" || i === "combined-physics-equations");
  if (!insert) return [];
  const sheet = EQUATION_SHEETS[insert];
  const label = insert === "physics-equations" ? sheet.title : `${sheet.title} (${sheet.subtitle})`;
  const source: CardSource = { kind: "equations", label };
  return sheet.equations.flatMap((eq, i) => {
    const topic = equationTopic(bp, PHYSICS_EQUATIONS.indexOf(eq));
    if (!topic) return [];
    const back = `<p>${escapeHtml(eq.words)}</p>${eq.symbols ? `<p>${eq.symbols}</p>` : ""}${eq.higher ? "<p>Higher tier only.</p>" : ""}`;
    return [{ key: `eq:${i + 1}`, topic, front: equationFront(eq), back, source }];
  });
}

// ---------------------------------------------------------------------------------------------
// The deck

function questionCards(bp: DeckBlueprint, questions: readonly Candidate[]): DeckCard[] {
  return standaloneParts(questions).map((p) => ({
    key: questionKey(p),
    topic: p.q.topic,
    front: p.part.options ? `${p.prompt}${optionList(p.part.options)}` : p.prompt,
    back: cardBack(p.part),
    source: { kind: "question", label: questionLabel(bp, p.q, p.n) },
  }));
}

/** One card per topic, so a topic without a usable question still has something to learn. */
function specificationCards(bp: DeckBlueprint): DeckCard[] {
  const source: CardSource = { kind: "specification", label: `${bp.paper.examBoard} ${bp.code} specification topic list` };
  return bp.topics.map((t) => ({
    key: `spec:${t.id}`,
    topic: t.id,
    front: `<p>What does the topic “${escapeHtml(topicName(t))}” cover?</p>`,
    back: `<p>${escapeHtml(withoutSpecReferences(t.description))}</p>`,
    source,
  }));
}

/** Natural order, so q:x:10 follows q:x:9; deterministic whatever the machine's locale. */
const byKey = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** The paper's flashcards, in topic order then key; a front that reads like an earlier one is left out. */
export function buildDeck(bp: DeckBlueprint, questions: readonly Candidate[], tier?: Tier): DeckCard[] {
  const order = new Map(bp.topics.map((t, i) => [t.id, i]));
  const cards = [...questionCards(bp, usable(bp, questions, tier)), ...specificationCards(bp), ...equationCards(bp)]
    .filter((c) => htmlToText(c.front) && htmlToText(c.back))
    .sort((a, b) => order.get(a.topic)! - order.get(b.topic)! || byKey(a.key, b.key));
  const seen = new Set<string>();
  return cards.filter((c) => {
    const front = normalise(c.front);
    if (seen.has(front)) return false;
    seen.add(front);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Summaries and quizzes

function topicOf(bp: DeckBlueprint, topicId: string): Topic {
  const topic = bp.topics.find((t) => t.id === topicId);
  if (!topic) throw new Error(`Topic ${topicId} is not on paper ${bp.code}`);
  return topic;
}

const onTopic = (bp: DeckBlueprint, questions: readonly Candidate[], topicId: string, tier: Tier | undefined) =>
  usable(bp, questions, tier).filter((q) => q.topic === topicId);

/** A maths method mark in the marker's words ("40% of their 150", "9 seen"): it marks one working, so it teaches least. */
const MARKERS_WORDS = /\b(their|seen|oe|ft|cao|isw)\b/i;

interface FoundPoint {
  html: string;
  source: string;
  /** The question the point answers, as text. */
  question: string;
  /** 0 first: a point of a stand-alone part (a point about a figure means little without it); +2 for the marker's words. */
  rank: number;
  order: number;
}

/** The distinct points of the topic's 1–4 mark parts, in the order found. */
function topicPoints(bp: DeckBlueprint, questions: readonly Candidate[]): FoundPoint[] {
  const found: FoundPoint[] = [];
  const seen = new Set<string>();
  for (const q of questions) {
    q.parts.forEach((part, i) => {
      if (part.marks > MAX_CARD_MARKS) return;
      const alone = standalone(q, part, i + 1) !== null;
      for (const html of schemePoints(part.markScheme)) {
        const key = normalise(html);
        if (seen.has(key) || refersElsewhere(htmlToText(html)) || (!alone && labelsIn(html).length > 0)) continue;
        seen.add(key);
        const rank = (alone ? 0 : 1) + (MARKERS_WORDS.test(htmlToText(html)) ? 2 : 0);
        const question = htmlToText(withoutAnswerInstructions(part.content));
        found.push({ html, source: questionLabel(bp, q, i + 1), question, rank, order: found.length });
      }
    });
  }
  return found;
}

/**
 * The topic's name, description and its mark schemes' distinct points: stand-alone parts' first,
 * method marks in the marker's words last, and within each the longer ones first, which explain
 * rather than name.
 */
export function topicSummary(bp: DeckBlueprint, questions: readonly Candidate[], topicId: string, tier?: Tier): TopicSummary {
  const topic = topicOf(bp, topicId);
  const ranked = topicPoints(bp, onTopic(bp, questions, topicId, tier))
    .sort((a, b) => a.rank - b.rank || htmlToText(b.html).length - htmlToText(a.html).length || a.order - b.order)
    .slice(0, MAX_SUMMARY_POINTS);
  // Each point stays with the other points of its question (in the place of the question's best one),
  // so the page can show them under the question they answer.
  const firstOf = new Map<string, number>();
  ranked.forEach((p, i) => firstOf.set(p.source, Math.min(firstOf.get(p.source) ?? i, i)));
  const points = ranked
    .map((p, i) => ({ p, i }))
    .sort((a, b) => firstOf.get(a.p.source)! - firstOf.get(b.p.source)! || a.i - b.i)
    .map(({ p }) => ({ html: p.html, source: p.source, question: p.question }));
  return { topic: topic.id, name: topicName(topic), description: topic.description, points };
}

/** The topic's multiple-choice parts that stand alone and whose answer the mark scheme names for certain. */
export function topicQuiz(bp: DeckBlueprint, questions: readonly Candidate[], topicId: string, tier?: Tier): QuizItem[] {
  topicOf(bp, topicId);
  return standaloneParts(onTopic(bp, questions, topicId, tier))
    .flatMap((p) => {
      const options = p.part.options;
      const answer = options?.length === 4 ? schemeAnswer(p.part.markScheme, options) : -1;
      if (!options || answer < 0) return [];
      const source = questionLabel(bp, p.q, p.n);
      return [{ key: questionKey(p), prompt: p.prompt, options: [...options], answer, explanation: p.part.modelAnswer, source }];
    })
    .sort((a, b) => byKey(a.key, b.key));
}

export const hasQuiz = (bp: DeckBlueprint, questions: readonly Candidate[], topicId: string, tier?: Tier) => topicQuiz(bp, questions, topicId, tier).length > 0;
