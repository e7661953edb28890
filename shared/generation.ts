// Paper generation: the request of the Enhanced Exam Generator (student-app.md §2, §3 Generation
// request, §9), the built paper document the PDF and the viewer are rendered from, and the viewer's
// JSON (§3 Generated paper content). One source for the form, the API and the renderers.
import { z } from "./zod.ts";
import { CATALOGUE_NAME_MAX, DEFAULT_DIFFICULTY, DIFFICULTY_LEVELS, PREDICTION_CONFIDENCE } from "./constants.ts";
import { type OptionStyle, TIERS } from "./papers.ts";
import type { Figure } from "./figures/schema.ts";
import type { Insert } from "./inserts.ts";

/** A figure on the paper, with its number in paper order ("Figure 3"). */
export interface DocFigure {
  number: number;
  figure: Figure;
}

export const generationOptionsSchema = z.object({
  /** Past papers: the exam years to take past questions from (none = any year). */
  selectedYears: z.array(z.coerce.number().int().min(1990).max(2100)).max(30).default([]),
  includeMarkScheme: z.boolean().default(true),
  includeTimeAllocation: z.boolean().default(false),
  useLargeTextFormat: z.boolean().default(false),
  /** Predicted papers: from the most reliable topics (conservative) to overdue ones (speculative). */
  predictionConfidence: z.enum(PREDICTION_CONFIDENCE).default("balanced"),
  includeTrendsFocus: z.boolean().default(false),
  includeTopicWeighting: z.boolean().default(false),
  includeNovelQuestionTypes: z.boolean().default(false),
  difficultyLevel: z.enum(DIFFICULTY_LEVELS).default(DEFAULT_DIFFICULTY),
  includeContemporaryIssues: z.boolean().default(false),
  /**
   * Predicted papers: topics (the paper's topic ids) to give more questions, the student's weakest
   * in their marked sittings ('Sit again with new questions on my weak topics', issue 15).
   */
  focusTopics: z.array(z.string().max(80).regex(/^[a-z0-9][a-z0-9-]*$/, "Unknown topic")).max(20).default([]),
});
export type GenerationOptions = z.infer<typeof generationOptionsSchema>;
export const DEFAULT_GENERATION_OPTIONS: GenerationOptions = generationOptionsSchema.parse({});

/** A subject, exam board, paper or level named in a request: required, and no longer than any catalogue name. */
const catalogueName = (label: string, required: string) =>
  z.string().trim().min(1, required).max(CATALOGUE_NAME_MAX, `${label} must not exceed ${CATALOGUE_NAME_MAX} characters`);

export const generationRequestSchema = z.object({
  subject: catalogueName("Subject", "Please choose a subject"),
  examBoard: catalogueName("Exam board", "Please choose an exam board"),
  paperName: catalogueName("Paper", "Please choose a paper"),
  level: catalogueName("Level", "Please choose a level"),
  isPredicted: z.boolean().default(false),
  /** For tiered papers (GCSE sciences and mathematics); ignored for untiered ones. */
  tier: z.enum(TIERS).optional(),
  options: generationOptionsSchema.default(DEFAULT_GENERATION_OPTIONS),
});
export type GenerationRequest = z.infer<typeof generationRequestSchema>;
export type GenerationRequestInput = z.input<typeof generationRequestSchema>;

export type QuestionOrigin = "past" | "practice" | "ai";

/** One part of a question on the paper, numbered in the board's style. */
export interface DocPart {
  /** "01.2": question 1, part 2. */
  number: string;
  marks: number;
  /** Spelling, punctuation and grammar marks assessed on this answer, beside its marks. */
  spagMarks?: number;
  content: string;
  figure?: DocFigure;
  options?: string[];
  answerLines: number;
  markScheme: string;
  modelAnswer: string;
}

/** One bank question placed on the paper (one or more parts, with its source). */
export interface DocItem {
  questionId: string;
  topic: string;
  topicName: string;
  origin: QuestionOrigin;
  attribution: string;
  stem?: string;
  stemFigure?: DocFigure;
  parts: DocPart[];
}

export interface DocQuestion {
  number: number;
  marks: number;
  /** Suggested minutes, when the student asked for time allocation. */
  minutes?: number;
  items: DocItem[];
}

export interface DocSection {
  name: string;
  instructions?: string;
  questions: DocQuestion[];
}

/** One topic's evidence on a predicted paper's "Why these topics" page. */
export interface TopicEvidence {
  topic: string;
  name: string;
  /** What the topic covers (the specification's description). */
  covers: string;
  /** 0–100: how strongly the model expects the topic. */
  score: number;
  /** Past series that examined it, newest first, e.g. ["June 2023", "June 2021"]. */
  examined: string[];
  marksExamined: number;
  /** Marks this paper gives the topic. */
  marksOnPaper: number;
  reason: string;
}

export interface PaperDocument {
  version: 1;
  kind: "past" | "predicted";
  /** The name shown in history, e.g. "AQA GCSE Biology Paper 1 (Higher) – Predicted". */
  name: string;
  examBoard: string;
  qualification: string;
  subject: string;
  /** The board's subject title, e.g. "Religious Studies A". */
  title: string;
  paperName: string;
  paperTitle: string;
  code: string;
  level: string;
  tier?: string;
  timeMinutes: number;
  totalMarks: number;
  spagMarks: number;
  answerSections?: number;
  materials: string[];
  /** How its multiple-choice options are printed (absent on papers made before option styles: lettered boxes). */
  optionStyle?: OptionStyle;
  /** Printed after the questions, as the cover promises (absent on papers made before inserts). */
  inserts?: Insert[];
  instructions: string[];
  information: string[];
  options: GenerationOptions;
  sections: DocSection[];
  /** Predicted papers: the evidence for each topic chosen, and how the model read it. */
  evidence?: { summary: string; topics: TopicEvidence[]; recorded: number };
  /** What the paper is, printed on the cover: never claims to be a real exam when it is not. */
  notice: string;
  generatedAt: string;
}

/** The viewer's JSON (§3 Generated paper content), with the paper's identity for its header. */
export interface ViewerQuestion {
  questionNumber: string;
  theme: string;
  sectionName: string;
  marks: number;
  /** SPaG marks assessed on this answer, when the paper has them here. */
  spagMarks?: number;
  content: string;
  modelAnswer: string;
  markScheme: string;
  attribution: string;
}
export interface ViewerPaper {
  success: true;
  format: "json";
  paperName: string;
  subject: string;
  examBoard: string;
  level: string;
  tier: string | null;
  isPredicted: boolean;
  totalMarks: number;
  timeMinutes: number;
  questions: ViewerQuestion[];
  /** Predicted papers: the "Why these topics" evidence, as on the PDF's last page. */
  evidence: PaperDocument["evidence"] | null;
}

/** The generated paper as history lists it (§3 Generated paper). */
export interface GeneratedPaperSummary {
  id: number;
  name: string;
  subject: string;
  examBoard: string;
  level: string;
  tier: string | null;
  isPredicted: boolean;
  pdfUrl: string;
  viewerUrl: string;
  createdAt: string;
}

export const pdfUrlFor = (id: number) => `/api/generated-papers/${id}/pdf`;
export const viewerUrlFor = (id: number) => `/papers/${id}`;

/**
 * Where a paper's questions came from when a model was asked to write some (predicted papers with a
 * model configured): `asked` slots were offered to the model, it delivered `written` of them in
 * time, and `late` slots were still unwritten at the generation deadline (they keep their bank
 * question, as do slots whose answers failed validation). `total` is the paper's question count.
 */
export interface ModelShare {
  written: number;
  asked: number;
  late: number;
  total: number;
}

/** The one honest sentence about a paper's model-written questions, for the toast and the paper's cover. */
export function modelShareSentence(share: ModelShare): string {
  const { written, late, total } = share;
  const bank = total - written;
  const lateNote = late ? ` The model ran out of time for ${late} question${late === 1 ? "" : "s"}, so ${late === 1 ? "it keeps its" : "they keep their"} question from the bank.` : "";
  if (written === 0) return `No question on this paper was written by the AI model: all ${total} come from ExamPrep's question bank.${lateNote}`;
  return `${written} of the ${total} questions ${written === 1 ? "was" : "were"} written by an AI model; the other ${bank} come from ExamPrep's question bank.${lateNote}`;
}

/**
 * What a predicted paper is while no past-paper questions are recorded for its paper: the wording
 * the generator, the viewer and the paper share. With a recorded history it is a prediction again.
 */
export const TOPIC_BALANCED = {
  label: "Topic-balanced paper",
  why: "No past-paper questions are recorded for this paper yet, so there are no exam trends to predict from: a predicted paper is a topic-balanced practice paper that spreads its marks across the specification, not a prediction.",
} as const;
