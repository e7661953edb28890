// Exam mode's rules (issue 15): a student starts a sitting of one of their generated papers, the page
// saves answers as they type, and the paper is submitted by the student before the deadline or by
// the clock after it, then marked (api/sittings/marking). Every sitting is its student's own: another
// student's is a 404. Answers and time are merged in the database in one statement, so two tabs
// saving at once cannot lose each other's answers, and a save can never land after submission.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Deps } from "../context.ts";
import { HttpError } from "../http.ts";
import { sittings } from "../db/schema.ts";
import { documentOf, ownPaper } from "../papers/service.ts";
import { type AnswerValue, type ExtraTime, SAVE_GRACE_SECONDS, type SittingResult, type SittingView } from "../../shared/sittings.ts";
import type { SaveAnswers, StartSitting } from "../../shared/sitting-requests.ts";
import { partsOf, sittingSections } from "./paper.ts";
import { answerFieldFor } from "./marking/index.ts";
import { markSubmission, resultOf } from "./marks.ts";

export type SittingRow = typeof sittings.$inferSelect;

/** An automatic submission earlier than this before the deadline is not the clock running out. */
const AUTOMATIC_EARLY_SECONDS = 10;

export const TIME_UP = "Time is up: your answers were submitted as they stood.";
export const ALREADY_SUBMITTED = "This paper has already been submitted.";

const now = () => new Date();
const iso = (d: Date) => d.toISOString();
const afterGrace = (row: SittingRow, at: Date) => at.getTime() > Date.parse(row.deadline) + SAVE_GRACE_SECONDS * 1000;

export async function ownSitting(deps: Deps, userId: number, id: number): Promise<SittingRow> {
  const row = await deps.db.select().from(sittings).where(and(eq(sittings.id, id), eq(sittings.userId, userId))).get();
  if (!row) throw new HttpError(404, "Sitting not found");
  return row;
}

/** The deadline of a sitting started at `start`: the paper's time plus any extra time, to the second. */
export function deadlineFor(start: Date, timeMinutes: number, extraTime: ExtraTime): Date {
  return new Date(start.getTime() + Math.round(timeMinutes * 60 * (1 + extraTime / 100)) * 1000);
}

/**
 * Starts a sitting of the student's paper, or returns the one already open for it (a second click, a
 * second tab): a paper is sat once at a time, and its clock is never restarted.
 */
export async function startSitting(deps: Deps, userId: number, input: StartSitting): Promise<{ created: boolean; view: SittingView }> {
  const paper = await ownPaper(deps, userId, input.generatedPaperId);
  const doc = documentOf(paper);
  const open = await deps.db.select().from(sittings)
    .where(and(eq(sittings.userId, userId), eq(sittings.generatedPaperId, paper.id), isNull(sittings.submittedAt)))
    .orderBy(desc(sittings.id)).get();
  if (open && !afterGrace(open, now())) return { created: false, view: await sittingView(deps, open) };
  if (open) await submit(deps, open, true);
  const start = now();
  const row = await deps.db.insert(sittings).values({
    userId,
    generatedPaperId: paper.id,
    extraTime: input.extraTime,
    startedAt: iso(start),
    deadline: iso(deadlineFor(start, doc.timeMinutes, input.extraTime)),
  }).returning().get();
  return { created: true, view: await sittingView(deps, row) };
}

/**
 * The exam page's view of a sitting. A sitting whose time ran out while no page was open is
 * submitted now, as the clock would have, so a paper never stays open past its deadline.
 */
export async function viewSitting(deps: Deps, userId: number, id: number): Promise<SittingView> {
  const row = await ownSitting(deps, userId, id);
  return sittingView(deps, !row.submittedAt && afterGrace(row, now()) ? await submit(deps, row, true) : row);
}

async function sittingView(deps: Deps, row: SittingRow): Promise<SittingView> {
  const paper = await ownPaper(deps, row.userId, row.generatedPaperId);
  const doc = documentOf(paper);
  return {
    id: row.id,
    generatedPaperId: row.generatedPaperId,
    paperName: doc.name,
    status: row.submittedAt ? "submitted" : "in_progress",
    timeMinutes: doc.timeMinutes,
    extraTime: row.extraTime as ExtraTime,
    startedAt: row.startedAt,
    deadline: row.deadline,
    now: iso(now()),
    totalMarks: doc.totalMarks,
    answerSections: doc.answerSections,
    sections: sittingSections(doc),
    answers: JSON.parse(row.answers) as Record<string, AnswerValue>,
    flags: JSON.parse(row.flags) as string[],
  };
}

/**
 * Saves what changed since the last save. Every part named must be on the paper and answered in its
 * field's form (a table's cells as a list, anything else as text). The merge is one UPDATE that
 * only matches an open sitting within its deadline (plus the grace for a save already on its way),
 * so a save racing the submission either lands before it or is refused.
 */
export async function saveAnswers(deps: Deps, userId: number, id: number, input: SaveAnswers) {
  const row = await ownSitting(deps, userId, id);
  if (row.submittedAt) throw new HttpError(409, ALREADY_SUBMITTED);
  const at = now();
  if (afterGrace(row, at)) throw new HttpError(409, TIME_UP);
  const paper = await ownPaper(deps, userId, row.generatedPaperId);
  const fields = new Map(partsOf(documentOf(paper)).map(({ part }) => [part.number, { ...answerFieldFor(part), options: part.options }]));
  const named = [...Object.keys(input.answers), ...Object.keys(input.timeSpent), ...(input.flags ?? [])];
  const unknown = named.find((n) => !fields.has(n));
  if (unknown) throw new HttpError(400, `Unknown question part: ${unknown}`);
  for (const [number, value] of Object.entries(input.answers)) {
    const field = fields.get(number)!;
    if ((field.kind === "table") !== Array.isArray(value)) {
      throw new HttpError(400, `Part ${number} takes ${field.kind === "table" ? "one value per blank cell of its table" : "a written answer"}.`);
    }
    if (field.kind === "table" && (value as string[]).length !== field.cells) throw new HttpError(400, `Part ${number} has ${field.cells} cells to fill.`);
    if (field.kind === "choice" && value !== "" && !field.options!.includes(value as string)) throw new HttpError(400, `Part ${number}: choose one of its options.`);
  }

  let time = sql`${sittings.timeSpent}`;
  for (const [number, seconds] of Object.entries(input.timeSpent)) {
    const path = `$."${number}"`;
    time = sql`json_set(${time}, ${path}, coalesce(json_extract(${sittings.timeSpent}, ${path}), 0) + ${seconds})`;
  }
  const cutoff = iso(new Date(at.getTime() - SAVE_GRACE_SECONDS * 1000));
  const saved = await deps.db.update(sittings)
    .set({
      answers: sql`json_patch(${sittings.answers}, ${JSON.stringify(input.answers)})`,
      timeSpent: time,
      ...(input.flags ? { flags: JSON.stringify([...new Set(input.flags)]) } : {}),
    })
    .where(and(eq(sittings.id, id), isNull(sittings.submittedAt), sql`${sittings.deadline} >= ${cutoff}`))
    .returning({ id: sittings.id }).get();
  if (!saved) throw new HttpError(409, row.submittedAt ? ALREADY_SUBMITTED : TIME_UP);
  return { savedAt: iso(at), deadline: row.deadline, now: iso(now()) };
}

/**
 * Submits a sitting and marks it. The student's own submission is refused once time is up (the
 * clock has submitted it, or will); `automatic` is the exam page's submission when its clock
 * reached zero, accepted after the deadline and not long before it. Submitting twice is refused,
 * except that an automatic submission of a paper already submitted returns its result (two tabs'
 * clocks run out together).
 */
export async function submitSitting(deps: Deps, userId: number, id: number, automatic: boolean): Promise<SittingResult> {
  const row = await ownSitting(deps, userId, id);
  const at = now();
  if (row.submittedAt) {
    if (automatic) return resultOf(deps, row);
    throw new HttpError(409, ALREADY_SUBMITTED);
  }
  if (!automatic && afterGrace(row, at)) {
    await submit(deps, row, true);
    throw new HttpError(409, TIME_UP);
  }
  if (automatic && at.getTime() < Date.parse(row.deadline) - AUTOMATIC_EARLY_SECONDS * 1000) throw new HttpError(409, "Time is not up yet.");
  return resultOf(deps, await submit(deps, row, automatic));
}

/**
 * Closes the sitting (once: the UPDATE only matches an open one) and marks it; returns the sitting as
 * stored now, submitted and marked (by this call or by the one that got there first).
 */
async function submit(deps: Deps, row: SittingRow, automatic: boolean): Promise<SittingRow> {
  const closed = await deps.db.update(sittings).set({ submittedAt: iso(now()), automatic })
    .where(and(eq(sittings.id, row.id), isNull(sittings.submittedAt))).returning().get();
  if (closed) await markSubmission(deps, closed);
  return ownSitting(deps, row.userId, row.id);
}

export async function sittingResult(deps: Deps, userId: number, id: number): Promise<SittingResult> {
  const row = await ownSitting(deps, userId, id);
  if (!row.submittedAt) {
    if (!afterGrace(row, now())) throw new HttpError(409, "This paper is still being sat: submit it to see the results.");
    return resultOf(deps, await submit(deps, row, true));
  }
  return resultOf(deps, row);
}
