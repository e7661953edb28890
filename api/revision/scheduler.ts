// FSRS scheduling of revision cards through ts-fsrs, the maintained implementation: a stored card's
// row becomes a ts-fsrs Card, a rating gives its next state. The only change to ts-fsrs's defaults is
// the exam date: no interval runs past it (maximum_interval, and beforeExam for what that misses),
// so every card is seen again before the exam.
import { type Card, createEmptyCard, type FSRS, fsrs, type Grade, State } from "ts-fsrs";
import type { revisionCards } from "../db/schema.ts";
import type { RatingValue } from "../../shared/revision.ts";

export { State };

type CardRow = typeof revisionCards.$inferSelect;
/** The scheduling columns of a card row. */
export type CardState = Pick<CardRow, "due" | "stability" | "difficulty" | "elapsedDays" | "scheduledDays" | "learningSteps" | "reps" | "lapses" | "state" | "lastReview">;

const DAY_MS = 24 * 3600 * 1000;
/** ts-fsrs's own default longest interval (100 years). */
const NO_EXAM_LIMIT = 36500;

/** Whole days from `at` to the exam (at least 1), or no limit without an exam date or once it has passed. */
export function maximumInterval(examDate: string | null, at: Date): number {
  if (!examDate) return NO_EXAM_LIMIT;
  const days = Math.floor((Date.parse(`${examDate}T00:00:00Z`) - at.getTime()) / DAY_MS);
  return days >= 1 ? days : NO_EXAM_LIMIT;
}

/** The scheduler for a deck at a moment (its longest interval depends on the days left to the exam). */
export const schedulerFor = (examDate: string | null, at: Date): FSRS => fsrs({ maximum_interval: maximumInterval(examDate, at) });

export function toCard(row: CardState): Card {
  return {
    due: new Date(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: new Date(row.lastReview) } : {}),
  };
}

function fromCard(card: Card): CardState {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

/** A new card's state: due now, never reviewed. */
export const newCardState = (now: Date): CardState => fromCard(createEmptyCard(now));

/**
 * ts-fsrs keeps Easy a day beyond Good (and Good beyond Hard) even when that passes its maximum
 * interval, so a card near the exam could still be due after it: such a card comes back the day
 * before the exam (or halfway there when the exam is tomorrow).
 */
function beforeExam(card: Card, at: Date, examDate: string | null): Card {
  if (!examDate) return card;
  const exam = Date.parse(`${examDate}T00:00:00Z`);
  if (exam <= at.getTime() || card.due.getTime() < exam) return card;
  const due = Math.max(exam - DAY_MS, at.getTime() + (exam - at.getTime()) / 2);
  return { ...card, due: new Date(due), scheduled_days: Math.floor((due - at.getTime()) / DAY_MS) };
}

/** The card's state after the student rated it at `at`. */
export function applyRating(row: CardState, rating: RatingValue, at: Date, examDate: string | null): CardState {
  return fromCard(beforeExam(schedulerFor(examDate, at).next(toCard(row), at, rating as Grade).card, at, examDate));
}

/** "1 min", "10 min", "3 h", "4 days", "2 months": how long until a card comes back. */
export function intervalLabel(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.round(hours / 24);
  if (days < 31) return `${days} day${days === 1 ? "" : "s"}`;
  const months = Math.round(days / 30.4);
  if (months < 12) return `${months} month${months === 1 ? "" : "s"}`;
  const years = Math.round(days / 365);
  return `${years} year${years === 1 ? "" : "s"}`;
}

/** When each of the four answers would bring the card back, as the buttons show it. */
export function intervalsFor(row: CardState, now: Date, examDate: string | null): Record<RatingValue, string> {
  const preview = schedulerFor(examDate, now).repeat(toCard(row), now);
  const after = (g: RatingValue) => intervalLabel(beforeExam(preview[g as Grade].card, now, examDate).due.getTime() - now.getTime());
  return { 1: after(1), 2: after(2), 3: after(3), 4: after(4) };
}
