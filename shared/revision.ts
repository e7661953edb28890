// Smart Study Resources (/revision-materials): flashcards reviewed with FSRS, topic summaries and
// quizzes. The schemas the page and the API share, the texts, and the shapes the API returns.
import { z } from "./zod.ts";

/** Where a card (or a summary point, or a quiz question) came from; every card has one. */
export interface CardSource {
  /** "question": a bank question's part; "specification": the paper's topic list; "equations": the paper's equations sheet; "own": written by the student. */
  kind: "question" | "specification" | "equations" | "own";
  /** What the student is shown, e.g. "ExamPrep practice question chem1-012, part 3 (AQA 8462/1)". */
  label: string;
}

/** A card as the deck builder makes it, before it is anyone's. */
export interface DeckCard {
  /** Stable and unique within the paper's deck (e.g. "q:chem1-012:3", "spec:moles", "eq:5"), so a rebuilt deck adds only new cards. */
  key: string;
  topic: string;
  /** Safe HTML. */
  front: string;
  /** Safe HTML. */
  back: string;
  source: CardSource;
}

/** FSRS's four answers, as ts-fsrs numbers them. */
export const RATINGS = [
  { value: 1, label: "Again", key: "1" },
  { value: 2, label: "Hard", key: "2" },
  { value: 3, label: "Good", key: "3" },
  { value: 4, label: "Easy", key: "4" },
] as const;
export type RatingValue = (typeof RATINGS)[number]["value"];

/** New cards a day unless the student sets otherwise, and the range they may set. */
export const NEW_CARDS_PER_DAY = { default: 20, min: 0, max: 200 } as const;

export const deckRequestSchema = z.object({
  paperId: z.coerce.number().int().positive({ message: "Choose a paper" }),
  tier: z.enum(["Foundation", "Higher"]).optional(),
});
export type DeckRequest = z.infer<typeof deckRequestSchema>;

export const deckSettingsSchema = z.object({
  newPerDay: z.coerce.number().int().min(NEW_CARDS_PER_DAY.min).max(NEW_CARDS_PER_DAY.max, { message: `At most ${NEW_CARDS_PER_DAY.max} new cards a day` }).optional(),
  /** The student's exam date (YYYY-MM-DD): no card is scheduled beyond it. Null clears it. */
  examDate: z.string().max(10, { message: "Enter a date" }).regex(/^\d{4}-\d{2}-\d{2}$/, { message: "Enter a date" })
    // A real day of the calendar (2027-02-30 is not); zod runs this even after the format fails.
    .refine((d) => {
      const time = Date.parse(`${d}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(d);
    }, { message: "Enter a date" }).nullable().optional(),
});
export type DeckSettings = z.infer<typeof deckSettingsSchema>;

const cardText = (what: string) => z.string().trim().min(1, { message: `Write the card's ${what}` }).max(2000, { message: `The ${what} is too long (2000 characters at most)` });
export const ownCardSchema = z.object({ topic: z.string().min(1, { message: "Choose a topic" }).max(100, { message: "Choose a topic" }), front: cardText("question"), back: cardText("answer") });
export const cardEditSchema = z.object({ front: cardText("question").optional(), back: cardText("answer").optional(), suspended: z.boolean().optional() });

/** One review as the page records it; `id` is made by the page, so a review sent twice (offline, then again) counts once. */
export const reviewSchema = z.object({
  id: z.string().min(8).max(64),
  cardId: z.number().int().positive(),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  reviewedAt: z.string().datetime({ offset: true }),
});
export const reviewBatchSchema = z.object({ reviews: z.array(reviewSchema).min(1).max(500) });
export type Review = z.infer<typeof reviewSchema>;

export const quizAnswersSchema = z.object({ answers: z.array(z.object({ key: z.string().min(1).max(100), choice: z.number().int().min(0).max(3) })).min(1).max(50) });

/** A card as the review screen shows it. */
export interface CardView {
  id: number;
  topic: string;
  topicName: string;
  front: string;
  back: string;
  source: CardSource;
  suspended: boolean;
  /** "New", "Learning", "Review" or "Relearning". */
  state: string;
  /** When each answer would bring the card back: "1 min", "10 min", "3 days". */
  intervals: Record<RatingValue, string>;
}

export interface DeckOverview {
  paper: { id: number; label: string; tiers: string[] };
  tier: string | null;
  settings: { newPerDay: number; examDate: string | null };
  counts: { total: number; due: number; newToday: number; newLeft: number; suspended: number; reviewedToday: number };
  /** Days in a row, up to today, with at least one review. */
  streak: number;
  /** The next seven days' reviews (today first), as scheduled now. */
  forecast: { date: string; count: number }[];
  topics: { id: string; name: string; cards: number; due: number; weak: boolean; hasQuiz: boolean }[];
}

export interface TopicSummary {
  topic: string;
  name: string;
  description: string;
  /**
   * The creditworthy points of the bank's mark schemes on the topic (safe HTML each), most useful
   * first, with the question (plain text) each answers; points of one question come together.
   */
  points: { html: string; source: string; question: string }[];
}

export interface QuizQuestion {
  key: string;
  /** Safe HTML. */
  prompt: string;
  options: string[];
  source: string;
}
export interface QuizResult {
  score: number;
  outOf: number;
  results: { key: string; correct: boolean; answer: number; explanation: string }[];
}

export const REVISION_TEXTS = {
  noPaper: "Choose a paper to study",
  deckMissing: "You have no deck for this paper yet",
  cardMissing: "Card not found",
  allDone: "All done for today",
} as const;
