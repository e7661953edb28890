// Exam mode (issue 15): a student sits a generated paper on screen, timed, and has it marked against
// its mark scheme. The response shapes of /api/sittings and the rules' constants, one source for the
// exam page, the results page and the API. No zod here, so the exam page does not ship it: the
// request schemas are in sitting-requests.ts.
import type { DocFigure, DocPart } from "./generation.ts";

/** Access arrangements: 25% extra time is the usual allowance, 50% the exceptional one. */
export const EXTRA_TIME_PERCENT = [0, 25, 50] as const;
export type ExtraTime = (typeof EXTRA_TIME_PERCENT)[number];

/** A save that arrives this long after the deadline still counts: it left the browser in time. */
export const SAVE_GRACE_SECONDS = 30;
/** The longest written answer (characters), and the longest answer in one cell of a table. */
export const ANSWER_MAX_CHARS = 20_000;
export const CELL_MAX_CHARS = 500;
/**
 * The largest autosave body: answers kept on the device through a long time offline go in one save,
 * so the limit allows a whole paper of long answers rather than the API's usual 64 KB.
 */
export const SAVE_MAX_BYTES = 1024 * 1024;
/** How long the exam page waits after the last keystroke before saving. */
export const SAVE_DEBOUNCE_MS = 800;

/**
 * What kind of answer a part takes, which decides its field on the exam page and how it is marked:
 * a choice of options, a number (with units when the answer has them), one word or a short phrase,
 * a short written answer, a long one (with a word count; levels-marked answers are long), or the
 * blank cells of a table in the question.
 */
export const ANSWER_KINDS = ["choice", "number", "word", "short", "long", "table"] as const;
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** An answer as the student gave it: text, or one value per blank table cell in reading order. */
export type AnswerValue = string | string[];

/** An answer counts once it has some text: a blank table or whitespace is no answer. */
export const isAnswered = (value: AnswerValue | null | undefined): value is AnswerValue =>
  value !== null && value !== undefined && (Array.isArray(value) ? value.some((v) => v.trim() !== "") : value.trim() !== "");

/** One part as the exam page shows it: the question, never its mark scheme. */
export interface SittingPart extends Pick<DocPart, "number" | "marks" | "spagMarks" | "content" | "figure" | "options"> {
  kind: AnswerKind;
  /** For a number: the units the answer is given in, when the question does not state them. */
  units?: string;
  /** For a table: how many blank cells it has. */
  cells?: number;
}
export interface SittingItem {
  topic: string;
  topicName: string;
  attribution: string;
  stem?: string;
  stemFigure?: DocFigure;
  parts: SittingPart[];
}
export interface SittingQuestion {
  number: number;
  marks: number;
  items: SittingItem[];
}
export interface SittingSection {
  name: string;
  instructions?: string;
  questions: SittingQuestion[];
}

export type SittingStatus = "in_progress" | "submitted";

/** GET /api/sittings/:id while the paper is being sat. */
export interface SittingView {
  id: number;
  generatedPaperId: number;
  paperName: string;
  status: SittingStatus;
  timeMinutes: number;
  extraTime: ExtraTime;
  startedAt: string;
  /** When time runs out (ISO); the page counts down to it from the server's clock. */
  deadline: string;
  /** The server's clock when it answered, so a wrong clock in the browser cannot lengthen the paper. */
  now: string;
  totalMarks: number;
  answerSections?: number;
  sections: SittingSection[];
  answers: Record<string, AnswerValue>;
  flags: string[];
}

/**
 * How a part's mark was reached: exactly from the mark scheme (a choice, a number, a word), point by
 * point (short answers), by the model against the level descriptors, by the student, or still to be
 * marked (an extended answer waiting for the student's own mark).
 */
export const MARK_METHODS = ["exact", "points", "model", "self", "pending"] as const;
export type MarkMethod = (typeof MARK_METHODS)[number];

export interface PartMark {
  /** Null while pending. */
  awarded: number | null;
  max: number;
  method: MarkMethod;
  /** Levels-marked answers: the level reached. */
  level?: number;
  /** Why, one line each: "Credited: 'the reaction is exothermic' (1)", "Not credited: …". */
  reasons: string[];
  markedAt: string;
}

export interface PartResult {
  number: string;
  topic: string;
  topicName: string;
  /** The part's question (safe HTML), shown beside the answer. */
  content: string;
  answer: AnswerValue | null;
  /** The mark that counts: the latest. */
  mark: PartMark;
  /** Every earlier mark of this part (a re-mark keeps what it replaced), oldest first. */
  earlier: PartMark[];
  markScheme: string;
  modelAnswer: string;
  /** Levels-marked parts: the descriptors the student marks against when self-marking. */
  levels?: { level: number; marks: [number, number]; descriptor: string }[];
  seconds: number;
}

export interface TopicResult {
  topic: string;
  topicName: string;
  awarded: number;
  max: number;
}

/** GET /api/sittings/:id/result once submitted. */
export interface SittingResult {
  id: number;
  generatedPaperId: number;
  paperName: string;
  subject: string;
  examBoard: string;
  level: string;
  tier: string | null;
  submittedAt: string;
  automatic: boolean;
  /** Marks awarded so far (pending parts count 0 until marked). */
  awarded: number;
  totalMarks: number;
  /** Parts still waiting for the student's own mark. */
  pending: number;
  /** Only where the paper's grade boundaries are known, with their source; null otherwise. */
  grade: { grade: string; source: string } | null;
  parts: PartResult[];
  topics: TopicResult[];
  secondsTotal: number;
}

/** One sitting as the history lists it. */
export interface SittingSummary {
  id: number;
  generatedPaperId: number;
  paperName: string;
  status: SittingStatus;
  startedAt: string;
  submittedAt: string | null;
  awarded: number | null;
  totalMarks: number;
  pending: number;
}

export const sittingUrlFor = (id: number) => `/sittings/${id}`;
export const resultsUrlFor = (id: number) => `/sittings/${id}/results`;
