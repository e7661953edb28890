// A student's progress from their marked sittings: mastery per topic and subject (GET /api/progress),
// their weakest topics on a catalogue paper, the sittings the history lists, and the home page's
// Recent Activity. Reads the sittings and topic_marks tables directly; always one student's rows.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPapers, papers, sittings, topicMarks } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { readBlueprint } from "../papers/bank.ts";
import type { ActivityItem, StudentProgress, SubjectProgress, TopicMastery } from "../../shared/progress.ts";
import { type PartMark, resultsUrlFor, sittingUrlFor, type SittingSummary } from "../../shared/sittings.ts";
import { viewerUrlFor } from "../../shared/generation.ts";
import { masteryByTopic, summarise, type TopicMarkRow } from "./mastery.ts";

/** At or above this mastery a topic is secure: it is not among the weak topics a new paper aims at. */
export const SECURE_MASTERY = 0.7;

function topicMarkRows(db: Database, userId: number, subject?: string): Promise<TopicMarkRow[]> {
  const where = subject === undefined ? eq(topicMarks.userId, userId) : and(eq(topicMarks.userId, userId), eq(topicMarks.subject, subject));
  return db.select({
    sittingId: topicMarks.sittingId,
    subject: topicMarks.subject,
    topic: topicMarks.topic,
    topicName: topicMarks.topicName,
    awarded: topicMarks.awarded,
    max: topicMarks.max,
    markedAt: topicMarks.markedAt,
  }).from(topicMarks).where(where).all();
}

/** GET /api/progress: mastery per topic (weakest first), per subject and overall, from the student's own rows only. */
export async function progressFor(db: Database, userId: number): Promise<StudentProgress> {
  const rows = await topicMarkRows(db, userId);
  const topics = masteryByTopic(rows);
  const subjects: SubjectProgress[] = [...new Set(topics.map((t) => t.subject))].sort().map((subject) => ({
    subject,
    ...summarise(topics.filter((t) => t.subject === subject), rows.filter((r) => r.subject === subject).map((r) => r.sittingId))!,
  }));
  return { overall: summarise(topics, rows.map((r) => r.sittingId)), subjects, topics };
}

/** The student's mastery of each topic they have been marked on in a subject, weakest first. */
export async function subjectMastery(db: Database, userId: number, subject: string): Promise<TopicMastery[]> {
  return masteryByTopic(await topicMarkRows(db, userId, subject));
}

/** How many of the student's sittings in a subject have marks (rows in topic_marks). */
export async function countMarkedSittings(db: Database, userId: number, subject: string): Promise<number> {
  const row = await db.select({ n: sql<number>`count(distinct ${topicMarks.sittingId})` }).from(topicMarks)
    .where(and(eq(topicMarks.userId, userId), eq(topicMarks.subject, subject))).get();
  return Number(row?.n ?? 0);
}

/**
 * The student's weakest topics on a catalogue paper, for 'Sit again with new questions on my weak
 * topics': the paper's blueprint topics they have been marked on (in any paper of the subject) with
 * mastery below `below` (SECURE_MASTERY by default), weakest first, at most `limit`. Topics never
 * marked are not listed: there is no evidence they are weak. Empty when every marked topic is secure.
 */
export async function weakTopicsForPaper(
  db: Database,
  userId: number,
  paperId: number,
  { limit = 3, below = SECURE_MASTERY }: { limit?: number; below?: number } = {},
): Promise<TopicMastery[]> {
  const paper = await db.select({ subject: papers.subject, blueprint: papers.blueprint }).from(papers).where(eq(papers.id, paperId)).get();
  if (!paper) throw new HttpError(404, "Paper not found");
  const onPaper = new Set(readBlueprint(paper.blueprint)?.topics.map((t) => t.id) ?? []);
  const mastery = await subjectMastery(db, userId, paper.subject);
  return mastery.filter((t) => onPaper.has(t.topic) && t.mastery < below).slice(0, limit);
}

/** Parts whose latest mark waits for the student's own mark. */
function pendingParts(rawMarks: string): number {
  try {
    const marks = JSON.parse(rawMarks) as Record<string, PartMark[]>;
    return Object.values(marks).filter((list) => Array.isArray(list) && list.at(-1)?.awarded === null).length;
  } catch {
    return 0;
  }
}

const sittingColumns = {
  id: sittings.id,
  generatedPaperId: sittings.generatedPaperId,
  paperName: generatedPapers.name,
  startedAt: sittings.startedAt,
  submittedAt: sittings.submittedAt,
  marks: sittings.marks,
  // The paper's total from its stored document, without reading its questions into memory.
  totalMarks: sql<number | null>`json_extract(${generatedPapers.document}, '$.totalMarks')`,
  // The score is the sum of the sitting's topic marks: they count exactly what its results count
  // (only the sections that count on a paper where the candidate chooses, no mark not yet given).
  awarded: sql<number | null>`(select sum(${topicMarks.awarded}) from ${topicMarks} where ${topicMarks.sittingId} = ${sittings.id})`,
};

type SittingRow = {
  id: number;
  generatedPaperId: number;
  paperName: string;
  startedAt: string;
  submittedAt: string | null;
  marks: string;
  totalMarks: number | null;
  awarded: number | null;
};

function toSummary(row: SittingRow): SittingSummary {
  const submitted = row.submittedAt !== null;
  return {
    id: row.id,
    generatedPaperId: row.generatedPaperId,
    paperName: row.paperName,
    status: submitted ? "submitted" : "in_progress",
    startedAt: row.startedAt,
    submittedAt: row.submittedAt,
    awarded: submitted ? Number(row.awarded ?? 0) : null,
    totalMarks: Number(row.totalMarks ?? 0),
    pending: submitted ? pendingParts(row.marks) : 0,
  };
}

/** The student's sittings as the history lists them, newest first (also GET /api/sittings). */
export async function sittingSummaries(db: Database, userId: number, limit?: number): Promise<SittingSummary[]> {
  const query = db.select(sittingColumns).from(sittings)
    .innerJoin(generatedPapers, eq(sittings.generatedPaperId, generatedPapers.id))
    .where(eq(sittings.userId, userId))
    .orderBy(desc(sittings.startedAt), desc(sittings.id));
  const rows = limit === undefined ? await query.all() : await query.limit(limit).all();
  return rows.map(toSummary);
}

/**
 * The home page's Recent Activity: the student's latest generated papers and sittings, newest first.
 * A paper is dated when it was generated, a sitting when it was submitted (or started, while open).
 */
export async function recentActivity(db: Database, userId: number, limit = 5): Promise<ActivityItem[]> {
  const generated = await db.select({ id: generatedPapers.id, name: generatedPapers.name, createdAt: generatedPapers.createdAt }).from(generatedPapers)
    .where(eq(generatedPapers.userId, userId)).orderBy(desc(generatedPapers.createdAt), desc(generatedPapers.id)).limit(limit).all();
  // The latest sittings by their own date: an old sitting submitted today is recent.
  const sat = await db.select(sittingColumns).from(sittings)
    .innerJoin(generatedPapers, eq(sittings.generatedPaperId, generatedPapers.id))
    .where(eq(sittings.userId, userId))
    .orderBy(desc(sql`coalesce(${sittings.submittedAt}, ${sittings.startedAt})`), desc(sittings.id)).limit(limit).all();
  const items: ActivityItem[] = [
    ...generated.map((p): ActivityItem => ({ kind: "paper", id: p.id, name: p.name, at: p.createdAt, href: viewerUrlFor(p.id) })),
    ...sat.map((row): ActivityItem => {
      const s = toSummary(row);
      return {
        kind: "sitting",
        id: s.id,
        name: s.paperName,
        at: s.submittedAt ?? s.startedAt,
        href: s.status === "submitted" ? resultsUrlFor(s.id) : sittingUrlFor(s.id),
        status: s.status,
        awarded: s.awarded,
        totalMarks: s.totalMarks,
        pending: s.pending,
      };
    }),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at) || (a.kind === b.kind ? b.id - a.id : a.kind === "sitting" ? -1 : 1)).slice(0, limit);
}
