// A paper's structure as the admin tools hold it (admin-tools.md §3 Paper structure: the JSON text of
// papers.question_structure), the Analyze Structure request and result (§3 Analyze result, §7), and
// study topics (§3 Study topic, §7 Topics), with the specification's messages (§5).
import { z } from "./zod.ts";
import { QUESTION_TYPES } from "./papers.ts";

export const STRUCTURE_MESSAGES = {
  /** §5 Analyze. */
  selectPastPaper: "Please select a past paper to analyze",
  analyzeFailed: "Failed to analyze paper structure",
} as const;

export const structureQuestionSchema = z.object({
  id: z.string().min(1).max(40),
  type: z.string().min(1).max(40),
  /** null: the marks still need allocating (§3). */
  marks: z.number().int().min(1).max(200).nullable(),
  /** The number as the paper prints it, e.g. "01.1", "1(a)(ii)". */
  displayName: z.string().max(40).optional(),
});
export type StructureQuestion = z.infer<typeof structureQuestionSchema>;

export const structureSectionSchema = z.object({
  name: z.string().min(1).max(120),
  questionCount: z.number().int().min(0),
  questionTypes: z.array(z.string().max(40)).default([]),
  marks: z.array(z.number().int()).default([]),
  questions: z.array(structureQuestionSchema).default([]),
});
export type StructureSection = z.infer<typeof structureSectionSchema>;

/** The stored structure: `{ sections }` (seeded papers add `seeded: true`); a bare array of sections is read too. */
export const questionStructureSchema = z.preprocess(
  (raw) => (Array.isArray(raw) ? { sections: raw } : raw),
  z.object({ sections: z.array(structureSectionSchema).min(1), seeded: z.boolean().optional() }),
);
export type QuestionStructure = z.infer<typeof questionStructureSchema>;

/** The stored structure text, or null when it is empty or cannot be read. */
export function readQuestionStructure(text: string | null | undefined): QuestionStructure | null {
  if (!text?.trim()) return null;
  try {
    const parsed = questionStructureSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The Analyze result of §3: totals, and per section its question count, total marks, types, marks and ids. */
export interface AnalyzedStructure {
  totalSections: number;
  totalQuestions: number;
  totalMarks: number;
  sections: {
    name: string;
    questionCount: number;
    marks: number;
    questionTypes: string[];
    questionMarks: (number | null)[];
    questionIds: string[];
  }[];
}

/** POST /api/analyze-paper-structure (§7): the paper and one of its past-paper documents (§5: one must be chosen). */
export const analyzeStructureSchema = z.object({
  paperId: z.number().int().min(1),
  documentId: z.number({ error: STRUCTURE_MESSAGES.selectPastPaper }).int().min(1, STRUCTURE_MESSAGES.selectPastPaper),
});
export type AnalyzeStructureInput = z.infer<typeof analyzeStructureSchema>;

export const TOPIC_NAME_MAX = 200;
export const TOPIC_DESCRIPTION_MAX = 2000;
/** §5: topic add or update ignores empty trimmed text; the server refuses it with this message. */
export const TOPIC_NAME_REQUIRED = "Please enter a topic name.";

export const topicInputSchema = z.object({
  name: z.string().trim().min(1, TOPIC_NAME_REQUIRED).max(TOPIC_NAME_MAX, `A topic name can have at most ${TOPIC_NAME_MAX} characters.`),
  description: z.string().trim().max(TOPIC_DESCRIPTION_MAX, `A description can have at most ${TOPIC_DESCRIPTION_MAX} characters.`).default(""),
});
export type TopicInput = z.infer<typeof topicInputSchema>;
export const newTopicSchema = topicInputSchema.extend({ paperId: z.number().int().min(1) });

/** POST /api/topics/generate: from the paper's specification document (the newest, or the one named). */
export const generateTopicsSchema = z.object({
  paperId: z.number().int().min(1),
  documentId: z.number().int().min(1).optional(),
});

export interface StudyTopic {
  id: number;
  paperId: number;
  name: string;
  description: string;
}

/** The editor's type for a question inferred from a paper (one of §5's types). */
export type QuestionType = (typeof QUESTION_TYPES)[number];
