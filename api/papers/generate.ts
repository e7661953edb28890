// Builds a paper from a catalogue paper's blueprint and its question bank: past papers take real
// past-paper questions first and fill from the practice bank; predicted papers pick topics with the
// trend model (and, with a model configured, have new questions written for them). Every slot is
// filled, no question is used twice, and questions the student already had are avoided while the
// bank allows.
import { paperQuestionRows } from "./pool.ts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPaperQuestions, generatedPapers, type papers, questions } from "../db/schema.ts";
import { allSlots, type Blueprint, fitsSlot, fitsTier, matchSlots, type Part, type Slot, type Tier } from "../../shared/papers.ts";
import { type DocItem, type DocQuestion, type GenerationRequest, type ModelShare, modelShareSentence, type PaperDocument, TOPIC_BALANCED } from "../../shared/generation.ts";
import type { ModelClient } from "../ai/client.ts";
import { defaultModelDeadline, MAX_MODEL_SLOTS, type ModelSlot, writeWithModel } from "./ai-questions.ts";
import { type Candidate, candidateFromRow } from "./candidate.ts";
import type { Figure } from "../../shared/figures/schema.ts";
import { htmlToText, sanitiseQuestionHtml } from "./html.ts";
import { suggestedMinutes } from "./timing.ts";
import { NAMES_A_LINE, numberCodeLines, renumberFigures, withoutOptionLetter } from "./question-text.ts";
import { figureCount, fingerprint, hasTraceTable, isSixMarkLevels, nearDuplicate, repairPaper } from "./rules.ts";
import { evidenceFor, type PastOccurrence, scoreTopics, type TopicScore } from "./predict.ts";

export type CatalogueRow = typeof papers.$inferSelect;

/** Progress of a generation, for the generator's progress card. */
export type GenerationStep = "preparing" | "generating" | "formatting" | "creating_pdf" | "finalizing";

export class BankTooSmall extends Error {
  constructor(readonly empty: number, message?: string) {
    super(message ?? `There are not enough questions in the bank to fill this paper (${empty} question slot${empty === 1 ? "" : "s"} could not be filled).`);
    this.name = "BankTooSmall";
  }
}

/** How demanding a question is, 0–1: its tier and the share of its marks in extended parts. */
export function difficultyOf(q: Pick<Candidate, "tier" | "parts">): number {
  const tier = q.tier === "Foundation" ? 0.2 : q.tier === "Higher" ? 0.8 : 0.5;
  const total = q.parts.reduce((n, p) => n + p.marks, 0) || 1;
  const extended = q.parts.filter((p) => p.marks >= 4).reduce((n, p) => n + p.marks, 0) / total;
  const recall = q.parts.filter((p) => p.options || p.marks === 1).reduce((n, p) => n + p.marks, 0) / total;
  return Math.min(1, Math.max(0, 0.6 * tier + 0.4 * extended - 0.15 * recall + 0.075));
}
const DIFFICULTY_TARGET = { easy: 0.2, medium: 0.5, hard: 0.8 } as const;

/** Words that place a question in a present-day context (includeContemporaryIssues prefers those). */
export const CONTEMPORARY = /\b(today|modern|recent(ly)?|21st|twenty-first|social media|online|internet|smartphones?|apps?|climate|pandemic|covid|vaccin\w*|renewables?|electric (cars?|vehicles?)|plastics?|refugees?|food banks?|same-sex|ivf|euthanasia|artificial intelligence|AI|cyber\w*|current(ly)?)\b/i;
const partShape = (q: Pick<Candidate, "parts">) => q.parts.map((p) => (p.options ? "mc" : p.marks >= 4 ? "ext" : "short")).join("+");
/** A question's shape, for includeNovelQuestionTypes: its style when the bank names one, else the kinds of its parts. */
const shapeOf = (q: Pick<Candidate, "topic" | "style" | "parts">) => `${q.topic}:${q.style ?? partShape(q)}`;

/**
 * Ranking weights. A question the student has not had outranks any they had (the issue: earlier
 * questions are avoided while the bank allows); among those, past papers put real past questions of
 * the selected years first, and past questions of other years after the practice bank.
 */
const RANK = {
  unused: 40,
  /** Among questions had before, the very question had ranks below a near-duplicate of one. */
  repeated: 10,
  pastSelected: 20,
  pastOtherYear: -10,
  /**
   * Predicted papers: a real past question is the evidence of the trend, not a prediction (a board
   * does not set the same question again), so it ranks below every unused practice question (this
   * outweighs all the predicted preferences below together), though still above used ones.
   */
  pastOnPredicted: -20,
  /** Predicted papers: the trend score's weight (0–1 scaled), stronger with includeTrendsFocus. */
  trend: 4,
  trendFocused: 12,
  /** includeNovelQuestionTypes: a shape not seen on the topic in past papers, and one that was. */
  novel: 2,
  seenShape: -3,
  contemporary: 3,
  /** focusTopics: a question on one of the student's weak topics (outweighs the trend). */
  focus: 16,
  difficulty: 2,
  /** Greedy fill: the cost of each further use of a topic on the paper. */
  topicReuse: 3,
  /** A question that meets one of the paper's rules, kept back for the repair to place as needed. */
  ruleReserve: 0.6,
} as const;

export interface BuildInput {
  db: Database;
  catalogue: CatalogueRow;
  blueprint: Blueprint;
  request: GenerationRequest;
  userId: number;
  model?: ModelClient | null;
  random?: () => number;
  onStep?: (step: GenerationStep) => void;
  /** With a model: how many of the slots offered to it it has written so far. */
  onModel?: (progress: { written: number; asked: number }) => void;
  /** The deadline of the model's requests (defaultModelDeadline: MODEL_DEADLINE_MS from their start). */
  modelDeadline?: () => AbortSignal;
  now?: Date;
}

export interface BuiltPaper {
  document: PaperDocument;
  /** Bank questions used (model-written ones are not in the bank). */
  questionIds: string[];
  modelFailures: string[];
  /** Where the questions came from, when a model was asked to write some; null otherwise. */
  modelShare: ModelShare | null;
}

export async function buildPaper(input: BuildInput): Promise<BuiltPaper> {
  const { db, catalogue, blueprint: bp, request, userId } = input;
  const random = input.random ?? Math.random;
  const options = request.options;
  const predicted = request.isPredicted;
  const tier: Tier | undefined = bp.tiers.length ? (request.tier && bp.tiers.includes(request.tier) ? request.tier : bp.tiers.at(-1)) : undefined;
  input.onStep?.("preparing");

  const rows = await paperQuestionRows(db, catalogue.id, bp);
  // Every question the student has had on any paper: papers that share questions (Combined Science
  // and the separate sciences, Mathematics Papers 2 and 3) then move on to ones they have not seen.
  const usedRows = await db
    .select({ id: generatedPaperQuestions.questionId })
    .from(generatedPaperQuestions)
    .innerJoin(generatedPapers, eq(generatedPapers.id, generatedPaperQuestions.generatedPaperId))
    .where(and(eq(generatedPapers.userId, userId), inArray(generatedPaperQuestions.questionId, rows.map((r) => r.id))))
    .all();
  const usedBefore = new Set(usedRows.map((r) => r.id));
  const all = rows.map(candidateFromRow);
  const pool = all.filter((q) => fitsTier(q, tier));
  const history: PastOccurrence[] = all.filter((q) => q.origin === "past").map((q) => ({
    topic: q.topic,
    marks: q.parts.reduce((n, p) => n + p.marks, 0),
    year: q.year,
    series: q.series,
  }));
  const topicScores: TopicScore[] = predicted ? scoreTopics(bp.topics, history, options.predictionConfidence) : [];
  const scoreOf = new Map(topicScores.map((t) => [t.topic.id, t.score]));
  const maxTopicScore = Math.max(1e-9, ...topicScores.map((t) => t.score));
  /** A topic's trend score scaled so the most expected topic is 1 (0 on past papers). */
  const weightOf = (topic: string) => (scoreOf.get(topic) ?? 0) / maxTopicScore;
  const pastShapes = new Set(all.filter((q) => q.origin === "past").map(shapeOf));
  const years = new Set(options.selectedYears);
  const focus = new Set(predicted ? options.focusTopics.filter((t) => bp.topics.some((x) => x.id === t)) : []);
  const inSelectedYears = (q: Candidate) => years.size === 0 || (q.year !== null && years.has(q.year));

  input.onStep?.("generating");
  // A question that repeats one the student already had (a near-duplicate: same skill, context and
  // numbers) counts as had, so their next paper moves on to new ground while the bank allows.
  const prints = new Map(all.map((q) => [q, fingerprint(q)]));
  const hadPrints = all.filter((q) => usedBefore.has(q.id)).map((q) => prints.get(q)!);
  const hadBefore = new Set(pool.filter((q) => usedBefore.has(q.id) || hadPrints.some((p) => nearDuplicate(p, prints.get(q)!))));
  const meetsARule = (q: Candidate) =>
    (bp.rules.minFigures > 0 && figureCount(q) > 0) || (bp.rules.minSixMarkLevels > 0 && isSixMarkLevels(q)) || (bp.rules.minTraceTables > 0 && hasTraceTable(q));
  // Rank every candidate: the fill below prefers higher ranks.
  const rank = new Map<Candidate, number>();
  for (const q of pool) {
    let r = random() * 0.5;
    if (!hadBefore.has(q)) r += RANK.unused;
    else if (usedBefore.has(q.id)) r -= RANK.repeated;
    // Questions that meet a rule (a figure, a 6-mark question, a trace table) are kept for the
    // papers that need them: a paper takes them as its rules require, so later papers still can.
    if (meetsARule(q)) r -= RANK.ruleReserve;
    if (!predicted && q.origin === "past") r += inSelectedYears(q) ? RANK.pastSelected : RANK.pastOtherYear;
    if (predicted) {
      if (q.origin === "past") r += RANK.pastOnPredicted;
      r += weightOf(q.topic) * (options.includeTrendsFocus ? RANK.trendFocused : RANK.trend);
      if (options.includeNovelQuestionTypes) r += pastShapes.has(shapeOf(q)) ? RANK.seenShape : RANK.novel;
      if (options.includeContemporaryIssues && CONTEMPORARY.test(htmlToText([q.stem ?? "", ...q.parts.map((p) => p.content)].join(" ")))) r += RANK.contemporary;
      r += RANK.difficulty * (1 - Math.abs(difficultyOf(q) - DIFFICULTY_TARGET[options.difficultyLevel]));
      if (focus.has(q.topic)) r += RANK.focus;
    }
    rank.set(q, r);
  }
  const ranked = [...pool].sort((a, b) => rank.get(b)! - rank.get(a)!);
  const slots = allSlots(bp);
  const fits = (q: Candidate, slot: Slot) => fitsSlot(q, slot, tier);
  // Each further use of a topic costs rank, so a paper spreads over the specification; with
  // includeTopicWeighting the cost shrinks with the topic's predicted weight, so the marks follow
  // the weights (the most expected topics may take several questions, unlikely ones stay rare).
  // A weak topic the student asked to work on may take several questions.
  const reuseCost = (topic: string) =>
    RANK.topicReuse * (predicted && focus.has(topic) ? 0.1 : predicted && options.includeTopicWeighting ? 1 - 0.85 * weightOf(topic) : 1);

  // Greedy, spreading topics; complete matching when greedy leaves a gap; then the board's rules
  // (a 6-mark question, figures, a trace table) and no near-duplicate pair, swapping in the
  // best-ranked spare questions that fit.
  let chosen = greedyFill(slots, ranked, rank, fits, reuseCost);
  if (chosen.includes(-1)) chosen = matchSlots(slots, ranked, fits);
  // The greedy fill can spend on one slot the only new question another slot had; when it gave the
  // student a question they had, a complete paper of new questions is looked for before accepting it
  // (failing that, one that at least repeats no question exactly).
  for (const had of [(q: Candidate) => hadBefore.has(q), (q: Candidate) => usedBefore.has(q.id)]) {
    if (!chosen.some((c) => c >= 0 && had(ranked[c]))) break;
    const fresh = matchSlots(slots, ranked, (q, slot) => !had(q) && fits(q, slot));
    if (!fresh.includes(-1)) chosen = fresh;
  }
  repairPaper(slots, chosen, ranked, fits, bp.rules, ranked.map((q) => prints.get(q)!), (c) => !hadBefore.has(ranked[c]));
  // A paper built from an admin's structure has its every slot written by the model when one is
  // configured, so its bank may still be short; otherwise every slot needs a bank question.
  const allByModel = Boolean(input.model && bp.fromStructure);
  const empty = chosen.filter((c) => c === -1).length;
  if (empty && !allByModel) throw new BankTooSmall(empty);
  const picked: (Candidate | undefined)[] = chosen.map((c) => (c === -1 ? undefined : ranked[c]));
  /** A slot's topic: its bank question's, or (no question yet) one of its pool, taking turns by slot. */
  const topicOfSlot = (i: number) => picked[i]?.topic ?? slots[i].topics[i % slots[i].topics.length];

  // With a model, predicted papers get new questions for their highest-weighted slots, and a paper
  // built from an admin's structure gets all its questions from the model.
  let modelFailures: string[] = [];
  let modelShare: ModelShare | null = null;
  if ((predicted || allByModel) && input.model) {
    const order = allByModel
      ? slots.map((_, i) => i)
      : modelSlotOrder(bp, (i) => scoreOf.get(topicOfSlot(i)) ?? 0, random).slice(0, MAX_MODEL_SLOTS);
    const modelSlots: ModelSlot[] = order.map((i) => ({ slot: slots[i], example: picked[i], topic: bp.topics.find((t) => t.id === topicOfSlot(i))! }));
    const label = `${bp.paper.examBoard} ${bp.qualification} ${bp.title} ${bp.paperTitle} (${bp.code})${tier ? `, ${tier} tier` : ""}`;
    const asked = modelSlots.length;
    input.onModel?.({ written: 0, asked });
    const deadline = (input.modelDeadline ?? defaultModelDeadline)();
    const outcome = await writeWithModel(input.model, label, modelSlots, all, deadline, (written) => input.onModel?.({ written, asked }));
    modelFailures = outcome.failures;
    modelShare = { written: outcome.written.size, asked, late: outcome.late, total: picked.length };
    for (const [k, q] of outcome.written) {
      const i = order[k];
      const base: Candidate = picked[i] ?? { id: `${catalogue.id}-slot-${i + 1}`, topic: topicOfSlot(i), tier: "Both", parts: [], origin: "ai", attribution: "", year: null, series: null };
      picked[i] = {
        ...base,
        id: `ai-${base.id}`,
        stem: q.stem ?? null,
        parts: q.parts,
        origin: "ai",
        attribution: `Written by an AI model for ExamPrep in the style of ${bp.paper.examBoard} ${bp.code}: not from a past paper.`,
      };
    }
  }

  const unwritten = picked.filter((q) => !q).length;
  if (unwritten) {
    throw new BankTooSmall(unwritten, `The AI model did not write ${unwritten} of the paper's ${slots.length} questions, and the question bank has none for ${unwritten === 1 ? "that slot" : "those slots"}.`);
  }
  const filled = picked as Candidate[];
  input.onStep?.("formatting");
  const document = assemble(bp, catalogue, request, tier, filled, topicScores, history.length, input.now ?? new Date(), modelShare);
  return { document, questionIds: filled.filter((q) => q.origin !== "ai").map((q) => q.id), modelFailures, modelShare };
}

/**
 * The slots (indices in paper order) the model writes first: the highest topic scores first; among
 * equal scores (always, with no recorded history) the paper's sections take turns, each section's
 * slots in a shuffled order, so a capped number of model questions spreads over every section
 * instead of filling the first ones.
 */
export function modelSlotOrder(bp: Pick<Blueprint, "sections">, scoreOfSlot: (slot: number) => number, random: () => number): number[] {
  const turn: number[] = [];
  const sectionOf: number[] = [];
  let start = 0;
  bp.sections.forEach((section, si) => {
    const own = section.slots.map((_, k) => start + k);
    for (let k = own.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [own[k], own[j]] = [own[j], own[k]];
    }
    own.forEach((slot, t) => {
      turn[slot] = t;
      sectionOf[slot] = si;
    });
    start += section.slots.length;
  });
  return turn.map((_, i) => i).sort((a, b) => scoreOfSlot(b) - scoreOfSlot(a) || turn[a] - turn[b] || sectionOf[a] - sectionOf[b]);
}

function greedyFill(
  slots: Slot[],
  ranked: Candidate[],
  rank: Map<Candidate, number>,
  fits: (q: Candidate, s: Slot) => boolean,
  reuseCost: (topic: string) => number,
): number[] {
  const result = slots.map(() => -1);
  const taken = new Set<number>();
  const topicUses = new Map<string, number>();
  const options = slots.map((slot) => ranked.flatMap((q, i) => (fits(q, slot) ? [i] : [])));
  const order = slots.map((_, i) => i).sort((a, b) => options[a].length - options[b].length || a - b);
  for (const s of order) {
    let best = -1;
    let bestScore = -Infinity;
    for (const i of options[s]) {
      if (taken.has(i)) continue;
      const score = rank.get(ranked[i])! - reuseCost(ranked[i].topic) * (topicUses.get(ranked[i].topic) ?? 0);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    if (best === -1) continue;
    result[s] = best;
    taken.add(best);
    topicUses.set(ranked[best].topic, (topicUses.get(ranked[best].topic) ?? 0) + 1);
  }
  return result;
}

/** Default answer space: about two lines a mark, none for multiple choice. */
export const defaultAnswerLines = (p: Pick<Part, "marks" | "options" | "answerLines">) =>
  p.answerLines ?? (p.options ? 0 : Math.min(30, Math.max(2, p.marks * 2)));

const pad2 = (n: number) => String(n).padStart(2, "0");

function assemble(
  bp: Blueprint,
  catalogue: CatalogueRow,
  request: GenerationRequest,
  tier: Tier | undefined,
  picked: Candidate[],
  topicScores: TopicScore[],
  historySize: number,
  now: Date,
  modelShare: ModelShare | null,
): PaperDocument {
  const options = request.options;
  const topicName = new Map(bp.topics.map((t) => [t.id, t.name]));
  const partCounter = new Map<number, number>();
  let slotIndex = 0;
  let figuresSoFar = 0;
  const sections = bp.sections.map((section) => {
    const byNumber = new Map<number, DocQuestion>();
    for (const slot of section.slots) {
      const q = picked[slotIndex++];
      const question = byNumber.get(slot.question) ?? { number: slot.question, marks: 0, items: [] as DocItem[] };
      byNumber.set(slot.question, question);
      question.marks += slot.marks;
      // The question's figures are its Figure 1, 2 …; on the paper they follow on from the figures before.
      const firstFigure = figuresSoFar + 1;
      const local = [q.stemFigure, ...q.parts.map((p) => p.figure)].filter(Boolean).length;
      figuresSoFar += local;
      const html = (h: string) => sanitiseQuestionHtml(renumberFigures(h, firstFigure - 1, local));
      // Code gets line numbers when the question names a line of it, as the board prints it.
      const namesALine = NAMES_A_LINE.test([q.stem ?? "", ...q.parts.map((p) => p.content)].join(" "));
      const questionHtml = (h: string) => html(namesALine ? numberCodeLines(h) : h);
      let nextFigure = firstFigure;
      const placed = (figure: Figure | undefined) => (figure ? { number: nextFigure++, figure } : undefined);
      const stemFigure = placed(q.stemFigure);
      question.items.push({
        questionId: q.id,
        topic: q.topic,
        topicName: topicName.get(q.topic) ?? q.topic,
        origin: q.origin,
        attribution: q.attribution,
        stem: q.stem ? questionHtml(q.stem) : undefined,
        ...(stemFigure ? { stemFigure } : {}),
        parts: q.parts.map((p, k) => {
          const figure = placed(p.figure);
          const n = (partCounter.get(slot.question) ?? 0) + 1;
          partCounter.set(slot.question, n);
          return {
            number: `${pad2(slot.question)}.${n}`,
            marks: p.marks,
            // The slot's SPaG marks go with the answer that ends it (its last part).
            ...(slot.spagMarks && k === q.parts.length - 1 ? { spagMarks: slot.spagMarks } : {}),
            content: questionHtml(p.content),
            ...(figure ? { figure } : {}),
            ...(p.options ? { options: p.options } : {}),
            answerLines: defaultAnswerLines(p),
            markScheme: html(p.options ? withoutOptionLetter(p.markScheme, p.options, bp.optionStyle) : p.markScheme),
            modelAnswer: html(p.options ? withoutOptionLetter(p.modelAnswer, p.options, bp.optionStyle) : p.modelAnswer),
          };
        }),
      });
    }
    return { name: section.name, instructions: section.instructions, questions: [...byNumber.values()] };
  });
  // A question with a single part is numbered as the board numbers it: "05", printed 0 5, not 05.1.
  for (const section of sections) {
    for (const question of section.questions) {
      const parts = question.items.flatMap((item) => item.parts);
      if (parts.length === 1) parts[0].number = pad2(question.number);
    }
  }
  if (options.includeTimeAllocation) {
    const minutes = suggestedMinutes(sections.map((s) => s.questions.map((q) => q.marks)), bp.timeMinutes, bp.answerSections);
    sections.forEach((s, si) => s.questions.forEach((q, qi) => (q.minutes = minutes[si][qi])));
  }
  const marksOnPaper = new Map<string, number>();
  for (const q of picked) marksOnPaper.set(q.topic, (marksOnPaper.get(q.topic) ?? 0) + q.parts.reduce((n, p) => n + p.marks, 0));
  const predicted = request.isPredicted;
  const date = now.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });
  const board = bp.paper.examBoard;
  return {
    version: 1,
    kind: predicted ? "predicted" : "past",
    name: `${catalogue.subject} ${catalogue.name}${tier ? ` (${tier})` : ""}`,
    examBoard: board,
    qualification: bp.qualification,
    subject: catalogue.subject,
    title: bp.title,
    paperName: catalogue.name,
    paperTitle: bp.paperTitle,
    code: bp.code,
    level: catalogue.level,
    ...(tier ? { tier } : {}),
    timeMinutes: bp.timeMinutes,
    totalMarks: bp.totalMarks,
    spagMarks: bp.spagMarks,
    ...(bp.answerSections ? { answerSections: bp.answerSections } : {}),
    materials: bp.materials,
    optionStyle: bp.optionStyle,
    ...(bp.inserts.length ? { inserts: bp.inserts } : {}),
    instructions: bp.instructions,
    information: bp.information,
    options,
    sections,
    ...(predicted ? { evidence: evidenceFor(topicScores, marksOnPaper, historySize, options.predictionConfidence, new Set(options.focusTopics)) } : {}),
    notice: predicted && !historySize
      ? `${TOPIC_BALANCED.label} made by ExamPrep on ${date}. ${TOPIC_BALANCED.why} It is not an official ${board} paper. ${modelShare ? `${modelShareSentence(modelShare)} ` : ""}Each question names its source.`
      : predicted
      ? `Predicted paper made by ExamPrep on ${date}. It is not an official ${board} paper and does not contain the questions of any future exam. ${modelShare ? `${modelShareSentence(modelShare)} ` : ""}Each question names its source.`
      : `Practice paper made by ExamPrep on ${date}. It is not an official ${board} paper. Each question names its source: questions from real ${board} past papers give the paper, series and question number; the others were written for ExamPrep in the style of this paper.`,
    generatedAt: now.toISOString(),
  };
}

/** The bank questions a catalogue paper offers past years from (GET /api/papers/available-years). */
export async function availableYears(db: Database, paperId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ year: questions.year }).from(questions)
    .where(and(eq(questions.paperId, paperId), eq(questions.origin, "past"))).all();
  return rows.map((r) => r.year).filter((y): y is number => y !== null).sort((a, b) => b - a);
}

