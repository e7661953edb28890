// Reviews the page has made but the server has not yet confirmed, kept in localStorage so that a
// review made offline, or just before a reload, is sent when the connection returns. Each review has
// its own id: the server counts one sent twice once, so sending again is always safe.
import type { Review } from "../../../shared/revision.ts";

const KEY = "examprep.revision.pending";

export interface Storage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function pendingReviews(storage: Storage): Review[] {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? (value as Review[]) : [];
  } catch {
    return [];
  }
}

export function addPending(storage: Storage, review: Review): void {
  storage.setItem(KEY, JSON.stringify([...pendingReviews(storage), review]));
}

/**
 * Sends the pending reviews in one batch; the ones sent are removed, those added meanwhile kept.
 * Returns whether the queue is now empty (false: offline or refused, try again later).
 */
export async function flushPending(storage: Storage, send: (reviews: Review[]) => Promise<Response>): Promise<boolean> {
  const batch = pendingReviews(storage);
  if (!batch.length) return true;
  let res: Response;
  try {
    res = await send(batch);
  } catch {
    return false;
  }
  // A refusal of the reviews themselves (400, or 404: a card deleted meanwhile) will not get better by
  // sending again, so the batch goes; signed out (401), too many requests or a server error: kept.
  if (!res.ok && res.status !== 400 && res.status !== 404) return false;
  const sent = new Set(batch.map((r) => r.id));
  storage.setItem(KEY, JSON.stringify(pendingReviews(storage).filter((r) => !sent.has(r.id))));
  return pendingReviews(storage).length === 0;
}
