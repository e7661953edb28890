// Marking a submitted sitting and keeping its marks: every part marked offline first (exactly, or
// point by point), extended answers by the configured model when there is one (or left for the
// student's own mark, with the level descriptors), re-marks kept beside what they replace, and the
// per-topic totals that progress reads rewritten with every change, in the same transaction.
import { eq } from "drizzle-orm";
import type { Deps } from "../context.ts";
import { HttpError } from "../http.ts";
import { sittings, topicMarks } from "../db/schema.ts";
import { documentOf, ownPaper } from "../papers/service.ts";
import { modelClient } from "../ai/client.ts";
import { currentLog } from "../log.ts";
import type { PaperDocument } from "../../shared/generation.ts";
import { type AnswerValue, isAnswered, type PartMark, type PartResult, type SittingResult, type TopicResult } from "../../shared/sittings.ts";
import type { Remark, SelfMark } from "../../shared/sitting-requests.ts";
import { answerAsText, levelsOf, markingSpecFor, markOffline, markWithModel, selfMark } from "./marking/index.ts";
import { countedSections, partsOf, type PlacedPart } from "./paper.ts";
import type { SittingRow } from "./service.ts";

type Marks = Record<string, PartMark[]>;

/** How long a submission waits for the model's marks before leaving the rest for the student. */
const MODEL_MARKING_MS = 40_000;

const answersOf = (row: SittingRow) => JSON.parse(row.answers) as Record<string, AnswerValue>;
const marksOf = (row: SittingRow) => JSON.parse(row.marks) as Marks;
const latest = (marks: Marks, number: string) => marks[number]?.at(-1);

async function paperOf(deps: Deps, row: SittingRow) {
  const paper = await ownPaper(deps, row.userId, row.generatedPaperId);
  return { paper, doc: documentOf(paper) };
}

/** Model-marks the levels parts the student answered; a part the model fails on stays pending. */
async function modelMarks(deps: Deps, placed: PlacedPart[], answers: Record<string, AnswerValue>, offline: Marks): Promise<Marks> {
  const mc = modelClient(deps.env);
  if (!mc) return {};
  const wanted = placed.filter((p) => offline[p.part.number][0].method === "pending" && markingSpecFor(p.part).kind === "levels" && isAnswered(answers[p.part.number]));
  const signal = AbortSignal.timeout(MODEL_MARKING_MS);
  const marked = await Promise.all(wanted.map(async (p) => {
    try {
      return [p.part.number, [await markWithModel(mc, p.part, answerAsText(answers[p.part.number] ?? null), signal)]] as [string, PartMark[]];
    } catch (err) {
      currentLog().warn("model marking failed; the student marks this part", { part: p.part.number, reason: String(err) });
      return null;
    }
  }));
  return Object.fromEntries(marked.filter((m) => m !== null));
}

/** Marks a just-submitted sitting and stores its marks and topic totals. */
export async function markSubmission(deps: Deps, row: SittingRow) {
  const { doc } = await paperOf(deps, row);
  const answers = answersOf(row);
  const placed = partsOf(doc);
  const offline: Marks = Object.fromEntries(placed.map((p) => [p.part.number, [markOffline(p.part, answers[p.part.number] ?? null)]]));
  const marks = { ...offline, ...(await modelMarks(deps, placed, answers, offline)) };
  await storeMarks(deps, row, doc, marks);
}

async function storeMarks(deps: Deps, row: SittingRow, doc: PaperDocument, marks: Marks) {
  const topics = topicTotals(doc, answersOf(row), marks).filter((t) => t.max > 0);
  await deps.db.transaction(async (tx) => {
    await tx.update(sittings).set({ marks: JSON.stringify(marks) }).where(eq(sittings.id, row.id));
    await tx.delete(topicMarks).where(eq(topicMarks.sittingId, row.id));
    if (topics.length) {
      await tx.insert(topicMarks).values(topics.map((t) => ({
        sittingId: row.id,
        userId: row.userId,
        subject: doc.subject,
        topic: t.topic,
        topicName: t.topicName,
        awarded: t.awarded,
        max: t.max,
        markedAt: row.submittedAt!,
      })));
    }
  });
}

/**
 * Marks per topic over the sections that count. A part waiting for the student's own mark is left
 * out of its topic until marked, so mastery is never lowered by a mark not yet given.
 */
function topicTotals(doc: PaperDocument, answers: Record<string, AnswerValue>, marks: Marks): TopicResult[] {
  const placed = partsOf(doc);
  const bySection = doc.sections.map(() => 0);
  const attempted = doc.sections.map(() => false);
  for (const p of placed) {
    bySection[p.section] += latest(marks, p.part.number)?.awarded ?? 0;
    if (isAnswered(answers[p.part.number])) attempted[p.section] = true;
  }
  const counted = countedSections(doc, bySection, attempted);
  const totals = new Map<string, TopicResult>();
  for (const p of placed) {
    if (!counted.has(p.section)) continue;
    const mark = latest(marks, p.part.number);
    if (!mark || mark.awarded === null) continue;
    const t = totals.get(p.topic) ?? { topic: p.topic, topicName: p.topicName, awarded: 0, max: 0 };
    t.awarded += mark.awarded;
    t.max += mark.max;
    totals.set(p.topic, t);
  }
  return [...totals.values()];
}

/** The results page's data (a submitted sitting). */
export async function resultOf(deps: Deps, row: SittingRow): Promise<SittingResult> {
  const { paper, doc } = await paperOf(deps, row);
  const answers = answersOf(row);
  const marks = marksOf(row);
  const seconds = JSON.parse(row.timeSpent) as Record<string, number>;
  const parts: PartResult[] = partsOf(doc).map(({ part, topic, topicName }) => {
    const history = marks[part.number] ?? [];
    const mark = history.at(-1) ?? markOffline(part, answers[part.number] ?? null);
    return {
      number: part.number,
      topic,
      topicName,
      content: part.content,
      answer: answers[part.number] ?? null,
      mark,
      earlier: history.slice(0, -1),
      markScheme: part.markScheme,
      modelAnswer: part.modelAnswer,
      levels: levelsOf(part),
      seconds: seconds[part.number] ?? 0,
    };
  });
  const topics = topicTotals(doc, answers, marks);
  return {
    id: row.id,
    generatedPaperId: row.generatedPaperId,
    paperName: doc.name,
    subject: doc.subject,
    examBoard: doc.examBoard,
    level: doc.level,
    tier: paper.tier,
    submittedAt: row.submittedAt!,
    automatic: row.automatic,
    awarded: topics.reduce((n, t) => n + t.awarded, 0),
    totalMarks: doc.totalMarks,
    pending: parts.filter((p) => p.mark.awarded === null).length,
    // No board's grade boundaries are recorded for our practice papers: an estimate would be invented.
    grade: null,
    parts,
    topics,
    secondsTotal: Object.values(seconds).reduce((a, b) => a + b, 0),
  };
}

function markedRow(row: SittingRow) {
  if (!row.submittedAt) throw new HttpError(409, "This paper is still being sat: submit it to see the results.");
  return row;
}

/** Adds a part's new mark to its history, stores it, and returns the sitting's results with it. */
async function changeMark(
  deps: Deps,
  row: SittingRow,
  number: string,
  mark: (placed: PlacedPart, answer: AnswerValue | null) => Promise<PartMark> | PartMark,
): Promise<SittingResult> {
  const { doc } = await paperOf(deps, markedRow(row));
  const placed = partsOf(doc).find((p) => p.part.number === number);
  if (!placed) throw new HttpError(400, `Unknown question part: ${number}`);
  const marks = marksOf(row);
  const next = await mark(placed, answersOf(row)[number] ?? null);
  // A mark given to a part waiting for one takes the place of 'waiting'; any other is kept as earlier.
  const kept = (marks[number] ?? []).filter((m) => m.method !== "pending");
  marks[number] = [...kept, next];
  await storeMarks(deps, row, doc, marks);
  return resultOf(deps, { ...row, marks: JSON.stringify(marks) });
}

/** The student's own mark for a part waiting for it (an extended answer marked offline). */
export async function selfMarkPart(deps: Deps, row: SittingRow, input: SelfMark): Promise<SittingResult> {
  const current = latest(marksOf(markedRow(row)), input.part);
  if (current && current.method !== "pending") throw new HttpError(409, "This part is already marked: ask for a re-mark to change it.");
  return changeMark(deps, row, input.part, ({ part }) => markOrRefuse(() => selfMark(part, input.marks, input.level)));
}

/**
 * A re-mark: by the model again (levels-marked parts, with a model configured) or by the student
 * (any part not marked exactly: a choice, a number or a word has one right answer). The earlier
 * mark stays in the part's history and both are shown.
 */
export async function remarkPart(deps: Deps, row: SittingRow, input: Remark): Promise<SittingResult> {
  const current = latest(marksOf(markedRow(row)), input.part);
  if (current?.method === "exact") throw new HttpError(409, "This part has one right answer and was marked exactly from the mark scheme.");
  if (current?.method === "pending") throw new HttpError(409, "This part is waiting for your mark: mark it first.");
  if (input.method === "self") {
    if (input.marks === undefined) throw new HttpError(400, "Please give your mark.");
    return changeMark(deps, row, input.part, ({ part }) => markOrRefuse(() => selfMark(part, input.marks!, input.level)));
  }
  const mc = modelClient(deps.env);
  if (!mc) throw new HttpError(409, "AI marking is not available: mark this part yourself.");
  return changeMark(deps, row, input.part, async ({ part }, answer) => {
    if (markingSpecFor(part).kind !== "levels") throw new HttpError(409, "Only extended answers are marked by AI.");
    if (!isAnswered(answer)) throw new HttpError(409, "There is no answer to mark.");
    try {
      return await markWithModel(mc, part, answerAsText(answer), AbortSignal.timeout(MODEL_MARKING_MS));
    } catch {
      throw new HttpError(503, "AI marking failed. Your answer is kept: try again later, or mark it yourself.");
    }
  });
}

function markOrRefuse(mark: () => PartMark): PartMark {
  try {
    return mark();
  } catch (err) {
    throw new HttpError(400, err instanceof Error ? err.message : "That mark is not allowed.");
  }
}
