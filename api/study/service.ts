// Study plans, progress and analytics for one student (§7 /api/study/*).
import { randomUUID } from "node:crypto";
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Deps } from "../context.ts";
import type { Database } from "../db/client.ts";
import { generatedPapers, studyProgress, studyRecommendations } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { modelClient } from "../ai/client.ts";
import { STUDY_TIME } from "../../shared/constants.ts";
import {
  type PlanSummary,
  PROGRESS_UPDATED,
  type ProgressInput,
  progressSchema,
  type Recommendation,
  type RecommendationContent,
  type RecommendationRequest,
  type StudyAnalytics,
  type StudyPlan,
  type StudyPreferences,
  totalStudyMinutes,
} from "../../shared/study.ts";
import { modelRecommendations } from "./ai.ts";
import { daysUntil, gradeBand, londonDate, makePlan, phaseFor, rankTopics, type StudentHistory } from "./planner.ts";
import { buildSchedule, DAYS } from "./schedule.ts";
import { topicListFor } from "./topics.ts";
import { countMarkedSittings, subjectMastery } from "../progress/service.ts";

type Row = typeof studyRecommendations.$inferSelect;

/** What each row's `preferences` column holds: the preferences, and which plan and topics it belongs to. */
interface StoredMeta {
  preferences: StudyPreferences;
  planId: string;
  topics: string[];
  summary: PlanSummary;
}

function readMeta(row: Row): Partial<StoredMeta> {
  try {
    const value = JSON.parse(row.preferences) as Partial<StoredMeta>;
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function parseList<T>(raw: string): T[] {
  try {
    const v = JSON.parse(raw);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

export function toRecommendation(row: Row): Recommendation {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category as Recommendation["category"],
    title: row.title,
    description: row.description,
    priority: row.priority as Recommendation["priority"],
    estimatedTime: row.estimatedTime,
    resources: parseList(row.resources),
    successMetrics: parseList(row.successMetrics),
    source: row.source === "ai" ? "ai" : "planner",
    topics: readMeta(row).topics ?? [],
    completedAt: row.completedAt,
    createdAt: row.createdAt,
  };
}

const DEFAULT_WEEKLY = totalStudyMinutes(STUDY_TIME.hoursDefault, STUDY_TIME.minutesDefault);

function planOf(subject: string, rows: Row[]): StudyPlan {
  const recs = rows.map(toRecommendation);
  const meta = rows[0] ? readMeta(rows[0]) : {};
  const weekly = meta.preferences?.studyTimePerWeek ?? DEFAULT_WEEKLY;
  return {
    subject,
    planId: meta.planId ?? null,
    preferences: meta.preferences ?? null,
    summary: meta.summary ?? null,
    recommendations: recs,
    schedule: buildSchedule(recs, weekly),
    source: recs[0]?.source ?? null,
    createdAt: rows[0]?.createdAt ?? null,
  };
}

/** The student's topics practised on their generated papers, completed recommendations and logged study in a subject. */
export async function historyFor(db: Database, userId: number, subject: string): Promise<StudentHistory> {
  const papers = await db.select({ document: generatedPapers.document }).from(generatedPapers)
    .where(and(eq(generatedPapers.userId, userId), eq(generatedPapers.subject, subject))).all();
  const questionsByTopic: Record<string, number> = {};
  for (const p of papers) {
    try {
      const doc = JSON.parse(p.document) as { sections?: { questions?: { items?: { topic?: string }[] }[] }[] };
      for (const s of doc.sections ?? []) {
        for (const q of s.questions ?? []) {
          for (const item of q.items ?? []) if (item.topic) questionsByTopic[item.topic] = (questionsByTopic[item.topic] ?? 0) + 1;
        }
      }
    } catch {
      // an unreadable document adds nothing
    }
  }
  const completed = await db.select().from(studyRecommendations)
    .where(and(eq(studyRecommendations.userId, userId), eq(studyRecommendations.subject, subject), isNotNull(studyRecommendations.completedAt))).all();
  const completedByTopic: Record<string, number> = {};
  for (const row of completed) for (const t of readMeta(row).topics ?? []) completedByTopic[t] = (completedByTopic[t] ?? 0) + 1;
  const logged = await db.select({ n: sql<number>`count(*)`, minutes: sql<number>`coalesce(sum(${studyProgress.timeSpent}), 0)` }).from(studyProgress)
    .where(and(eq(studyProgress.userId, userId), eq(studyProgress.subject, subject))).get();
  const mastery = await subjectMastery(db, userId, subject);
  const marked = Object.fromEntries(mastery.map((m) => [m.topic, { mastery: m.mastery, awarded: m.awarded, max: m.max, sittings: m.sittings }]));
  const markedSittings = await countMarkedSittings(db, userId, subject);
  return {
    papers: papers.length,
    questionsByTopic,
    completedByTopic,
    activities: Number(logged?.n ?? 0),
    minutesLogged: Number(logged?.minutes ?? 0),
    ...(markedSittings ? { marked, markedSittings } : {}),
  };
}

/** A new plan for the subject: from the model when one is configured, else from the offline planner. Saved. */
export async function generatePlan(deps: Deps, userId: number, request: RecommendationRequest, now = new Date()): Promise<StudyPlan> {
  const { db, env } = deps;
  const { subject, userPreferences: preferences } = request;
  const days = daysUntil(preferences.examDate, now);
  if (days !== null && days < 0) {
    const message = "The exam date has passed: please choose a date in the future.";
    throw new HttpError(400, message, { errors: { "userPreferences.examDate": message } });
  }
  const topicList = await topicListFor(db, subject, userId);
  const history = await historyFor(db, userId, subject);
  const plan = makePlan({ subject, preferences, topicList, history, now });
  const mc = modelClient(env);
  let content: (RecommendationContent & { topics: string[] })[] = plan.recommendations;
  let summary = plan.summary;
  if (mc) {
    const ranked = rankTopics(topicList.topics, history, phaseFor(days), gradeBand(preferences));
    content = (await modelRecommendations(mc, { subject, preferences, daysToExam: days, topics: ranked, history })).map((r) => ({ ...r, topics: [] }));
    summary = { ...summary, focusTopics: [] };
  }
  const source = mc ? "ai" : "planner";
  const planId = randomUUID();
  const rows = await db.insert(studyRecommendations).values(content.map((r) => ({
    userId,
    subject,
    category: r.category,
    title: r.title,
    description: r.description,
    priority: r.priority,
    estimatedTime: r.estimatedTime,
    resources: JSON.stringify(r.resources),
    successMetrics: JSON.stringify(r.successMetrics),
    source,
    preferences: JSON.stringify({ preferences, planId, topics: r.topics, summary } satisfies StoredMeta),
  }))).returning().all();
  return planOf(subject, rows.sort((a, b) => a.id - b.id));
}

/** The student's latest plan for a subject (an empty plan when there is none). */
export async function latestPlan(db: Database, userId: number, subject: string): Promise<StudyPlan> {
  const recent = await db.select().from(studyRecommendations)
    .where(and(eq(studyRecommendations.userId, userId), eq(studyRecommendations.subject, subject)))
    .orderBy(desc(studyRecommendations.id)).limit(40).all();
  if (!recent.length) return planOf(subject, []);
  const planId = readMeta(recent[0]).planId;
  const rows = planId ? recent.filter((r) => readMeta(r).planId === planId) : [recent[0]];
  return planOf(subject, rows.sort((a, b) => a.id - b.id));
}

/** Logs study time; with a recommendation of the student's, 'completed' marks it complete. */
export async function logProgress(db: Database, userId: number, raw: ProgressInput) {
  const input = progressSchema.parse(raw);
  let rec: Row | undefined;
  if (input.recommendationId !== undefined) {
    rec = await db.select().from(studyRecommendations)
      .where(and(eq(studyRecommendations.id, input.recommendationId), eq(studyRecommendations.userId, userId))).get();
    if (!rec) throw new HttpError(404, "Recommendation not found");
  }
  const progress = await db.insert(studyProgress).values({
    userId,
    subject: rec?.subject ?? input.subject ?? null,
    recommendationId: rec?.id ?? null,
    activityId: input.activityId ?? null,
    status: input.status,
    timeSpent: input.timeSpent,
  }).returning().get();
  if (rec && input.status === "completed" && !rec.completedAt) {
    rec = await db.update(studyRecommendations).set({ completedAt: progress.createdAt }).where(eq(studyRecommendations.id, rec.id)).returning().get();
  }
  return { success: true, message: PROGRESS_UPDATED, progress, recommendation: rec ? toRecommendation(rec) : null };
}

const DAY_MS = 86_400_000;
const SHORT_DAYS = DAYS.map((d) => d.slice(0, 3));

/** Monday of the week containing `now`, in the UK, as YYYY-MM-DD, and the week's seven dates. */
export function weekOf(now: Date): { start: string; dates: string[] } {
  const today = Date.parse(`${londonDate(now)}T00:00:00Z`);
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const dates = Array.from({ length: 7 }, (_, i) => new Date(monday + i * DAY_MS).toISOString().slice(0, 10));
  return { start: dates[0], dates };
}

/** §2 Progress & Analytics: this week's study against the goal, the plan's completion, papers per subject. */
export async function analyticsFor(db: Database, userId: number, subject: string, now = new Date()): Promise<StudyAnalytics> {
  const week = weekOf(now);
  const plan = await latestPlan(db, userId, subject);
  // A day's margin either side of the UK week, then each entry is placed by its UK date.
  const since = new Date(Date.parse(`${week.start}T00:00:00Z`) - DAY_MS).toISOString();
  const entries = await db.select().from(studyProgress)
    .where(and(eq(studyProgress.userId, userId), eq(studyProgress.subject, subject), gte(studyProgress.createdAt, since))).all();
  const perDay = new Map(week.dates.map((d) => [d, 0]));
  for (const e of entries) {
    const day = londonDate(new Date(e.createdAt));
    if (perDay.has(day)) perDay.set(day, perDay.get(day)! + e.timeSpent);
  }
  const papers = await db.select({
    subject: generatedPapers.subject,
    count: sql<number>`count(*)`,
    predicted: sql<number>`coalesce(sum(${generatedPapers.isPredicted}), 0)`,
  }).from(generatedPapers).where(eq(generatedPapers.userId, userId)).groupBy(generatedPapers.subject).all();
  const history = await historyFor(db, userId, subject);
  const topics = await topicListFor(db, subject, userId);
  const names = new Map(topics.topics.map((t) => [t.id, t.name]));
  const recent = await db.select({
    id: studyProgress.id,
    minutes: studyProgress.timeSpent,
    status: studyProgress.status,
    createdAt: studyProgress.createdAt,
    activityId: studyProgress.activityId,
    title: studyRecommendations.title,
  }).from(studyProgress)
    .leftJoin(studyRecommendations, eq(studyProgress.recommendationId, studyRecommendations.id))
    .where(and(eq(studyProgress.userId, userId), eq(studyProgress.subject, subject)))
    .orderBy(desc(studyProgress.id)).limit(8).all();

  return {
    subject,
    weekStart: week.start,
    weeklyGoalMinutes: plan.preferences?.studyTimePerWeek ?? DEFAULT_WEEKLY,
    minutesThisWeek: [...perDay.values()].reduce((a, b) => a + b, 0),
    daily: week.dates.map((date, i) => ({ date, day: SHORT_DAYS[i], minutes: perDay.get(date) ?? 0 })),
    recommendations: { total: plan.recommendations.length, completed: plan.recommendations.filter((r) => r.completedAt).length },
    papers: {
      total: papers.reduce((n, p) => n + Number(p.count), 0),
      bySubject: papers.map((p) => ({ subject: p.subject, count: Number(p.count), predicted: Number(p.predicted) })).sort((a, b) => b.count - a.count || a.subject.localeCompare(b.subject)),
    },
    topicsPractised: Object.entries(history.questionsByTopic)
      .map(([topic, questions]) => ({ topic, name: names.get(topic) ?? topic, questions }))
      .sort((a, b) => b.questions - a.questions || a.name.localeCompare(b.name))
      .slice(0, 8),
    recent: recent.map((r) => ({ id: r.id, title: r.title ?? r.activityId ?? "Study session", minutes: r.minutes, status: r.status, createdAt: r.createdAt })),
    mastery: await subjectMastery(db, userId, subject),
  };
}
