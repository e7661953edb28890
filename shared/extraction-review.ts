// The review list of extracted past-paper questions (issue 13, "Into the bank, after review"): what
// the API sends the admin tools for each extracted question, and the edit the admin sends back.
import { z } from "./zod.ts";

export const REVIEW_STATUSES = ["pending", "published", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface ReviewTable {
  header: string[];
  rows: string[][];
}

/** One part of an extracted question, as the admin reviews it. */
export interface ReviewPart {
  /** As printed, normalised: "02.1", "1(a)(ii)", "05". */
  number: string;
  marks: number | null;
  text: string;
  options: string[] | null;
  table: ReviewTable | null;
  /** The mark scheme's answer, matched by number ("" when none was found). */
  answer: string;
  page: number;
  /** The extractor's confidence, 0–1. */
  confidence: number;
}

export interface ReviewItem {
  id: number;
  documentId: number;
  /** The question number as printed ("02", "1"). */
  number: string;
  page: number;
  stem: string | null;
  parts: ReviewPart[];
  suggestedTopic: string | null;
  topicReason: string;
  topic: string | null;
  status: ReviewStatus;
  /** The bank questions it is while published. */
  bankIds: string[];
}

/** GET /api/extraction-status/{fileId} (§4, §7): `processed` is what the spec polls for. */
export interface ExtractionStatus {
  processed: boolean;
  extracting: boolean;
  extractedAt: string | null;
  questions: number;
  published: number;
}

export const REVIEW_TEXT_MAX = 5000;
export const REVIEW_MESSAGES = {
  topicRequired: "Choose the question's topic before publishing it.",
  textRequired: (n: string) => `Part ${n} has no text: enter it before publishing.`,
  marksRequired: (n: string) => `Part ${n} has no marks: enter them before publishing.`,
  answerRequired: (n: string) => `Part ${n} has no mark scheme answer: enter it before publishing.`,
} as const;

const text = (max: number) => z.string({ error: "Enter text." }).max(max, `At most ${max} characters.`);

/** PATCH /api/extracted-questions/{id}: the admin's edits (any of them). */
export const reviewEditSchema = z.object({
  stem: text(REVIEW_TEXT_MAX).nullable().optional(),
  topic: z.string().max(100).nullable().optional(),
  parts: z.array(z.object({
    number: z.string().min(1).max(20),
    text: text(REVIEW_TEXT_MAX),
    marks: z.number({ error: "Marks are a whole number from 1 to 30." }).int("Marks are a whole number from 1 to 30.").min(1, "Marks are a whole number from 1 to 30.")
      .max(30, "Marks are a whole number from 1 to 30.").nullable(),
    answer: text(REVIEW_TEXT_MAX),
  })).max(40).optional(),
});
export type ReviewEdit = z.infer<typeof reviewEditSchema>;

/** POST /api/extracted-questions/publish-all: every pending question of a document that is ready. */
export const publishAllSchema = z.object({ documentId: z.number().int().min(1) });
export const reviewListQuery = z.object({ documentId: z.coerce.number({ error: "Choose a document." }).int().min(1, "Choose a document.") });
