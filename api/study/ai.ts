// Study recommendations written by the OpenAI-compatible model (api/ai/client.ts). The answer is
// validated against §3's Recommendation; every failure becomes one of §8's error codes.
import OpenAI from "openai";
import { completeJson, type ModelClient } from "../ai/client.ts";
import { HttpError } from "../http.ts";
import { PRIORITIES, RECOMMENDATION_CATEGORIES } from "../../shared/constants.ts";
import { modelAnswerSchema, type RecommendationContent, recommendationContentSchema, STUDY_ERRORS, type StudyErrorCode, type StudyPreferences } from "../../shared/study.ts";
import type { PlannerTopic, StudentHistory } from "./planner.ts";
import { currentLog } from "../log.ts";

/** At most this many recommendations are kept from one answer. */
export const MAX_MODEL_RECOMMENDATIONS = 10;

const STATUS: Record<StudyErrorCode, 502 | 503> = {
  OPENAI_API_ERROR: 502,
  AI_PARSING_ERROR: 502,
  NO_RECOMMENDATIONS_GENERATED: 502,
  NETWORK_ERROR: 503,
  AUTH_ERROR: 502,
};

/** A failed generation, with its §8 code in the body ({ message, code }). */
export function studyError(code: StudyErrorCode, cause?: unknown): HttpError {
  if (cause) currentLog().warn("study recommendations failed", { code, error: cause instanceof Error ? cause.message : String(cause) });
  return new HttpError(STATUS[code], STUDY_ERRORS[code].text, { code });
}

const SYSTEM = [
  "You are an experienced UK revision coach for GCSE and A-Level students.",
  "Write a personalised study plan for one week as one JSON object:",
  `{"recommendations": [{"category": one of ${RECOMMENDATION_CATEGORIES.map((c) => `"${c}"`).join(", ")},`,
  `"title": string, "description": string (what to do, how, and why for this student), "priority": one of ${PRIORITIES.map((p) => `"${p}"`).join(", ")},`,
  '"estimatedTime": integer minutes this week, "resources": [{"title": string, "description": string, "type": string}],',
  '"successMetrics": [1 to 4 measurable strings]}]}.',
  "Give 4 to 8 recommendations. Their estimatedTime must add up to no more than the student's weekly minutes.",
  "Be specific to the subject's topics, the student's methods, target grade, exam date and history. Name only real, well-known resources.",
].join(" ");

export interface ModelContext {
  subject: string;
  preferences: StudyPreferences;
  daysToExam: number | null;
  /** Ranked, best first. */
  topics: PlannerTopic[];
  history: StudentHistory;
}

export function promptFor(ctx: ModelContext): string {
  const names = new Map(ctx.topics.map((t) => [t.id, t.name]));
  const p = ctx.preferences;
  return JSON.stringify({
    subject: ctx.subject,
    examLevel: p.examLevel ?? "not given",
    targetGrade: p.targetGrade ?? "not given",
    examDate: p.examDate ?? "not given",
    daysToExam: ctx.daysToExam,
    weeklyMinutes: p.studyTimePerWeek,
    preferredStudyMethods: p.preferredStudyMethods,
    topics: ctx.topics.slice(0, 25).map((t) => ({ name: t.name, covers: t.description, marksWeight: t.weight })),
    history: {
      papersGenerated: ctx.history.papers,
      questionsAnsweredByTopic: Object.entries(ctx.history.questionsByTopic).map(([id, n]) => ({ topic: names.get(id) ?? id, questions: n })),
      completedTopics: Object.keys(ctx.history.completedByTopic).map((id) => names.get(id) ?? id),
      minutesLoggedRecently: ctx.history.minutesLogged,
    },
  });
}

/** The model's recommendations, validated; throws an HttpError carrying the §8 code on any failure. */
export async function modelRecommendations(mc: ModelClient, ctx: ModelContext): Promise<RecommendationContent[]> {
  let answer: unknown;
  try {
    answer = await completeJson(mc, SYSTEM, promptFor(ctx));
  } catch (err) {
    // APIConnectionError (refused, reset, timed out) is an APIError too: test it first.
    if (err instanceof OpenAI.APIConnectionError) throw studyError("NETWORK_ERROR", err);
    if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) throw studyError("AUTH_ERROR", err);
    if (err instanceof OpenAI.APIError) throw studyError("OPENAI_API_ERROR", err);
    if (err instanceof SyntaxError) throw studyError("AI_PARSING_ERROR", err);
    throw studyError("OPENAI_API_ERROR", err);
  }
  const parsed = modelAnswerSchema.safeParse(answer);
  if (!parsed.success) throw studyError("AI_PARSING_ERROR", "the answer has no recommendations list");
  if (!parsed.data.recommendations.length) throw studyError("NO_RECOMMENDATIONS_GENERATED", "an empty list");
  const valid: RecommendationContent[] = [];
  for (const item of parsed.data.recommendations) {
    const r = recommendationContentSchema.safeParse(item);
    if (r.success) valid.push(r.data);
  }
  if (!valid.length) throw studyError("AI_PARSING_ERROR", "no recommendation matched the schema");
  return valid.slice(0, MAX_MODEL_RECOMMENDATIONS);
}
