// A student's progress from their marked sittings: mastery per topic and subject (GET /api/progress),
// their weakest topics on a catalogue paper, and the home page's Recent Activity. Reads topic_marks
// directly, and the sittings through the history's list (api/sittings/summaries.ts); always one
// student's rows.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPapers, papers, topicMarks } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { readBlueprint } from "../papers/bank.ts";
import type { ActivityItem, StudentProgress, SubjectProgress, TopicMastery } from "../../shared/progress.ts";
import { resultsUrlFor, sittingUrlFor } from "../../shared/sittings.ts";
import { sittingSummaries } from "../sittings/summaries.ts";
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

/**
 * The home page's Recent Activity: the student's latest generated papers and sittings, newest first.
 * A paper is dated when it was generated, a sitting when it was submitted (or started, while open).
 */
export async function recentActivity(db: Database, userId: number, limit = 5): Promise<ActivityItem[]> {
  const generated = await db.select({ id: generatedPapers.id, name: generatedPapers.name, createdAt: generatedPapers.createdAt }).from(generatedPapers)
    .where(eq(generatedPapers.userId, userId)).orderBy(desc(generatedPapers.createdAt), desc(generatedPapers.id)).limit(limit).all();
  // The history's list (newest started first) read whole, as an old sitting submitted today is recent.
  const sat = await sittingSummaries(db, userId);
  const items: ActivityItem[] = [
    ...generated.map((p): ActivityItem => ({ kind: "paper", id: p.id, name: p.name, at: p.createdAt, href: viewerUrlFor(p.id) })),
    ...sat.map((s): ActivityItem => ({
      kind: "sitting",
      id: s.id,
      name: s.paperName,
      at: s.submittedAt ?? s.startedAt,
      href: s.status === "submitted" ? resultsUrlFor(s.id) : sittingUrlFor(s.id),
      status: s.status,
      awarded: s.awarded,
      totalMarks: s.totalMarks,
      pending: s.pending,
    })),
  ];
  return items.sort((a, b) => b.at.localeCompare(a.at) || (a.kind === b.kind ? b.id - a.id : a.kind === "sitting" ? -1 : 1)).slice(0, limit);
}
