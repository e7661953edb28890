// Study recommendations, schedule and progress (student-app.md §2, §3, §4, §5, §7, §8, §9): the
// schemas the page and the API share, the texts of the error catalogue, and the shapes the API returns.
import { z } from "./zod.ts";
import type { TopicMastery } from "./progress.ts";
import { GRADES, MARK_COMPLETE_MINUTES, PRIORITIES, RECOMMENDATION_CATEGORIES, RECOMMENDATION_SUBJECTS, STUDY_METHODS, STUDY_TIME } from "./constants.ts";

export type RecommendationSubject = (typeof RECOMMENDATION_SUBJECTS)[number];
export type StudyMethod = (typeof STUDY_METHODS)[number];
export type Priority = (typeof PRIORITIES)[number];
export type Category = (typeof RECOMMENDATION_CATEGORIES)[number];
export type ExamLevel = keyof typeof GRADES;

export const EXAM_LEVELS: { value: ExamLevel; label: string }[] = [
  { value: "gcse", label: "GCSE" },
  { value: "a-level", label: "A-Level" },
];

export const CATEGORY_LABELS: Record<Category, string> = {
  concept_review: "Concept review",
  practice_problems: "Practice problems",
  exam_technique: "Exam technique",
  time_management: "Time management",
};
export const PRIORITY_LABELS: Record<Priority, string> = { high: "High Priority", medium: "Medium Priority", low: "Low Priority" };

/** The least weekly time a plan can be made for, and the most the form allows (24 h 45 min). */
export const MIN_WEEKLY_MINUTES = 15;
export const MAX_WEEKLY_MINUTES = STUDY_TIME.hoursMax * 60 + STUDY_TIME.minuteSteps[STUDY_TIME.minuteSteps.length - 1];

/** §9: total minutes = hours × 60 + minutes. */
export const totalStudyMinutes = (hours: number, minutes: number) => hours * 60 + minutes;

/** '5 h 30 min', '45 min', '2 h'. */
export function formatMinutes(total: number): string {
  const h = Math.floor(total / 60);
  const m = Math.round(total % 60);
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const subjectSchema = z.enum(RECOMMENDATION_SUBJECTS, { error: "Please select a subject first" });

/** §3 Study preferences, with the rules of §5: a target grade only with a level, and one of that level's grades. */
export const studyPreferencesSchema = z
  .object({
    studyTimePerWeek: z.coerce
      .number({ error: "Please set your study time" })
      .int("Study time is in whole minutes")
      .min(MIN_WEEKLY_MINUTES, `Please set at least ${MIN_WEEKLY_MINUTES} minutes of study time a week`)
      .max(MAX_WEEKLY_MINUTES, `Study time cannot be more than ${STUDY_TIME.hoursMax} hours 45 minutes a week`),
    preferredStudyMethods: z.array(z.enum(STUDY_METHODS, { error: "Unknown study method" })).max(STUDY_METHODS.length).default([]),
    examLevel: z.preprocess(blankToUndefined, z.enum(["gcse", "a-level"], { error: "Please choose GCSE or A-Level" }).optional()),
    // Grades are at most two characters ('A*', '9'): a longer one is refused before it is echoed in a message.
    targetGrade: z.preprocess(blankToUndefined, z.string().trim().max(2, "Please choose one of the listed grades").optional()),
    examDate: z.preprocess(blankToUndefined, z.string().max(10, "Please enter the exam date as a date").regex(/^\d{4}-\d{2}-\d{2}$/, "Please enter the exam date as a date").optional()),
  })
  .superRefine((p, ctx) => {
    if (p.targetGrade === undefined) return;
    if (!p.examLevel) {
      ctx.addIssue({ code: "custom", path: ["targetGrade"], message: "Choose your exam level before a target grade" });
    } else if (!(GRADES[p.examLevel] as readonly string[]).includes(p.targetGrade)) {
      ctx.addIssue({ code: "custom", path: ["targetGrade"], message: `${p.targetGrade} is not a ${p.examLevel === "gcse" ? "GCSE" : "A-Level"} grade` });
    }
  });
export type StudyPreferences = z.infer<typeof studyPreferencesSchema>;
export type StudyPreferencesInput = z.input<typeof studyPreferencesSchema>;

/** §7 POST /api/study/recommendations: subject, userPreferences, examData (an empty list from the page). */
export const recommendationRequestSchema = z.object({
  subject: z.preprocess(blankToUndefined, subjectSchema),
  userPreferences: studyPreferencesSchema,
  examData: z.array(z.unknown()).max(50).default([]),
});
export type RecommendationRequest = z.infer<typeof recommendationRequestSchema>;

/** §7 POST /api/study/progress. 'Mark Complete' logs 30 minutes unless the student says otherwise (§9). */
export const progressSchema = z.object({
  recommendationId: z.coerce.number().int().min(1).optional(),
  activityId: z.string().trim().max(100).optional(),
  subject: z.preprocess(blankToUndefined, subjectSchema.optional()),
  status: z.enum(["completed", "in_progress"]).default("completed"),
  timeSpent: z.coerce
    .number({ error: "Please enter the minutes you spent" })
    .int("Please enter whole minutes")
    .min(1, "Please enter at least 1 minute")
    .max(24 * 60, "That is more than a day: please enter the minutes you spent")
    .default(MARK_COMPLETE_MINUTES),
});
export type ProgressInput = z.input<typeof progressSchema>;

const lowerSnake = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase().replace(/[\s-]+/g, "_") : v);

export const resourceSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().max(600).default(""),
  /** e.g. practice_paper, flashcards, video, notes, website, mind_map. */
  type: z.string().trim().min(1).max(40),
});
export type Resource = z.infer<typeof resourceSchema>;

/** §3 Recommendation without its id: what the model must answer with, and what the planner makes. */
export const recommendationContentSchema = z.object({
  category: z.preprocess(lowerSnake, z.enum(RECOMMENDATION_CATEGORIES)),
  title: z.string().trim().min(3).max(160),
  description: z.string().trim().min(10).max(2000),
  priority: z.preprocess(lowerSnake, z.enum(PRIORITIES)),
  /** Minutes this week. */
  estimatedTime: z.coerce.number().int().min(5).max(600),
  resources: z.array(resourceSchema).max(8).default([]),
  successMetrics: z.array(z.string().trim().min(3).max(300)).min(1).max(6),
});
export type RecommendationContent = z.infer<typeof recommendationContentSchema>;

/** The model's whole answer. */
export const modelAnswerSchema = z.object({ recommendations: z.array(z.unknown()) });

/** A saved recommendation as the API returns it. */
export interface Recommendation extends RecommendationContent {
  id: number;
  subject: string;
  /** ai (the model) or planner (the offline planner). */
  source: "ai" | "planner";
  /** The topic ids it is about (planner only). */
  topics: string[];
  completedAt: string | null;
  createdAt: string;
}

export type PlanPhase = "final" | "consolidation" | "foundation";

/** What a plan was made from, shown above the recommendations. */
export interface PlanSummary {
  phase: PlanPhase;
  /** 'Final revision', 'Consolidation', 'Building foundations'. */
  phaseLabel: string;
  /** One or two sentences on why the plan looks the way it does. */
  headline: string;
  daysToExam: number | null;
  weeksToExam: number | null;
  weeklyMinutes: number;
  /** Where the topic list came from, e.g. 'AQA GCSE Biology Paper 1 specification topics'. */
  topicSource: string;
  /** The topics the plan concentrates on, by name. */
  focusTopics: string[];
  /** e.g. 'Built from 3 papers you generated and 2 activities you logged.' */
  historyNote: string;
}

export interface ScheduleSession {
  /** 'HH:MM', 24-hour. */
  start: string;
  end: string;
  minutes: number;
  recommendationId: number;
  title: string;
  category: Category;
  priority: Priority;
}
export interface ScheduleDay {
  day: string;
  sessions: ScheduleSession[];
  minutes: number;
}
export interface StudySchedule {
  days: ScheduleDay[];
  totalMinutes: number;
  weeklyMinutes: number;
}

/** GET and POST /api/study/recommendations. */
export interface StudyPlan {
  subject: string;
  planId: string | null;
  preferences: StudyPreferences | null;
  summary: PlanSummary | null;
  recommendations: Recommendation[];
  schedule: StudySchedule;
  source: "ai" | "planner" | null;
  createdAt: string | null;
  /** About how many minutes a day the student's flashcard decks (Smart Study Resources) ask for, on top of the schedule. */
  dailyReviewMinutes?: number;
}

/** GET /api/study/analytics. */
export interface StudyAnalytics {
  subject: string;
  /** Monday of this week (Europe/London), YYYY-MM-DD. */
  weekStart: string;
  weeklyGoalMinutes: number;
  minutesThisWeek: number;
  daily: { date: string; day: string; minutes: number }[];
  recommendations: { total: number; completed: number };
  papers: { total: number; bySubject: { subject: string; count: number; predicted: number }[] };
  topicsPractised: { topic: string; name: string; questions: number }[];
  recent: { id: number; title: string; minutes: number; status: string; createdAt: string }[];
  /** Mastery of each topic the student has been marked on in the subject, weakest first. */
  mastery: TopicMastery[];
}

export const STUDY_ERROR_CODES = ["OPENAI_API_ERROR", "AI_PARSING_ERROR", "NO_RECOMMENDATIONS_GENERATED", "NETWORK_ERROR", "AUTH_ERROR"] as const;
export type StudyErrorCode = (typeof STUDY_ERROR_CODES)[number];

/** §8 Study recommendations, keyed on the server's error code. */
export const STUDY_ERRORS: Record<StudyErrorCode, { title: string; text: string }> = {
  OPENAI_API_ERROR: { title: "AI Service Unavailable", text: "The AI service is currently unavailable. Please try again in a few moments." },
  AI_PARSING_ERROR: { title: "AI Response Error", text: "The AI service returned an invalid response. Please try again." },
  NO_RECOMMENDATIONS_GENERATED: {
    title: "No Recommendations Generated",
    text: "The AI service did not generate any recommendations. Please try again with different preferences.",
  },
  NETWORK_ERROR: { title: "Connection Error", text: "Unable to connect to the AI service. Please check your internet connection." },
  AUTH_ERROR: { title: "Authentication Error", text: "AI service authentication failed. Please contact support." },
};
export const STUDY_ERROR_DEFAULT = { title: "AI Generation Failed", text: "Unable to generate study recommendations." };
export const STUDY_ERROR_UNEXPECTED = "An unexpected error occurred while generating recommendations.";
export const STUDY_SUCCESS = "Personalized study recommendations generated successfully!";
export const PROGRESS_UPDATED = "Progress Updated";
export const SUBJECT_REQUIRED = "Please select a subject first";

/**
 * The title and text the page shows for a failed generation: the catalogue's pair for a known code;
 * for any other code the server's message (or the unexpected-error text) under the default title.
 */
export function studyErrorText(body: { code?: unknown; message?: unknown } | null | undefined): { title: string; text: string } {
  const code = typeof body?.code === "string" ? body.code : undefined;
  if (code && code in STUDY_ERRORS) return STUDY_ERRORS[code as StudyErrorCode];
  const message = typeof body?.message === "string" && body.message ? body.message : undefined;
  if (!body) return STUDY_ERROR_DEFAULT;
  return { title: STUDY_ERROR_DEFAULT.title, text: message ?? STUDY_ERROR_UNEXPECTED };
}
