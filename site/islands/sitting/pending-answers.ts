// The exam page's unsaved changes: answers typed, flags set and seconds spent since the last save that
// the server acknowledged. They live in localStorage (one entry a sitting, shared by its tabs), so a
// lost connection, a reload or a closed tab loses nothing: the next save, from any tab, sends them.
// Each answer and the flags carry the time they were changed, and a newer change always wins over
// an older one, whichever tab or save it comes from.
import type { AnswerValue } from "../../../shared/sittings.ts";
import type { SaveAnswers } from "../../../shared/sitting-requests.ts";

export interface PendingAnswers {
  answers: Record<string, { value: AnswerValue; at: number }>;
  flags?: { list: string[]; at: number };
  timeSpent: Record<string, number>;
}

export const emptyPending = (): PendingAnswers => ({ answers: {}, timeSpent: {} });

export const isEmpty = (p: PendingAnswers) => !Object.keys(p.answers).length && !p.flags && !Object.keys(p.timeSpent).length;

/** Records an answer unless the queue already holds a newer one for that part. */
export function recordAnswer(p: PendingAnswers, part: string, value: AnswerValue, at: number): PendingAnswers {
  const held = p.answers[part];
  if (held && held.at > at) return p;
  return { ...p, answers: { ...p.answers, [part]: { value, at } } };
}

export function recordFlags(p: PendingAnswers, list: string[], at: number): PendingAnswers {
  if (p.flags && p.flags.at > at) return p;
  return { ...p, flags: { list, at } };
}

export function addTime(p: PendingAnswers, part: string, seconds: number): PendingAnswers {
  if (seconds <= 0) return p;
  return { ...p, timeSpent: { ...p.timeSpent, [part]: (p.timeSpent[part] ?? 0) + seconds } };
}

/** The PUT body for everything queued. */
export function toRequest(p: PendingAnswers): SaveAnswers {
  return {
    answers: Object.fromEntries(Object.entries(p.answers).map(([part, { value }]) => [part, value])),
    ...(p.flags ? { flags: p.flags.list } : {}),
    timeSpent: { ...p.timeSpent },
  };
}

/**
 * What is left once `sent` was saved: answers and flags changed again since (a newer `at`) stay,
 * and the seconds sent are taken off (seconds counted while the save was under way stay).
 */
export function acknowledge(p: PendingAnswers, sent: PendingAnswers): PendingAnswers {
  const answers = Object.fromEntries(Object.entries(p.answers).filter(([part, held]) => !(sent.answers[part] && held.at <= sent.answers[part].at)));
  const flags = p.flags && sent.flags && p.flags.at <= sent.flags.at ? undefined : p.flags;
  const timeSpent: Record<string, number> = {};
  for (const [part, seconds] of Object.entries(p.timeSpent)) {
    const left = seconds - (sent.timeSpent[part] ?? 0);
    if (left > 0) timeSpent[part] = left;
  }
  return { answers, ...(flags ? { flags } : {}), timeSpent };
}

const storageKey = (sittingId: number) => `examprep:sitting:${sittingId}:pending`;

/**
 * Kept in memory when the browser refuses storage (private mode, a full quota): this tab still
 * queues its changes, though a reload loses them.
 */
const unstored = new Map<number, PendingAnswers>();

export function loadPending(sittingId: number): PendingAnswers {
  const kept = unstored.get(sittingId);
  if (kept) return kept;
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(sittingId)) ?? "null") as PendingAnswers | null;
    if (parsed && typeof parsed.answers === "object" && typeof parsed.timeSpent === "object") return parsed;
  } catch {
    // unreadable: nothing queued
  }
  return emptyPending();
}

/** Reads, changes and writes the queue in one go (synchronous: no other script of this tab runs in between). */
export function updatePending(sittingId: number, change: (p: PendingAnswers) => PendingAnswers): PendingAnswers {
  const next = change(loadPending(sittingId));
  try {
    if (isEmpty(next)) localStorage.removeItem(storageKey(sittingId));
    else localStorage.setItem(storageKey(sittingId), JSON.stringify(next));
    unstored.delete(sittingId);
  } catch {
    unstored.set(sittingId, next);
  }
  return next;
}

export function clearPending(sittingId: number): void {
  unstored.delete(sittingId);
  try {
    localStorage.removeItem(storageKey(sittingId));
  } catch {
    // nothing stored
  }
}
