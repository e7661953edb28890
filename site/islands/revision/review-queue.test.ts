// The browser's queue of reviews not yet confirmed: kept until sent, sent whole, kept on a network
// failure, a lapsed session or a server error (to try again), dropped after a refusal that sending
// again cannot mend.
import { describe, expect, it } from "vitest";
import { addPending, flushPending, pendingReviews, type Storage } from "./review-queue.ts";

const memory = (): Storage => {
  const items = new Map<string, string>();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
};
const review = (id: string) => ({ id: `review-${id}`, cardId: 1, rating: 3 as const, reviewedAt: "2026-11-26T09:00:00Z" });

describe("review queue", () => {
  it("sends every pending review in one batch and keeps one added while it was being sent", async () => {
    const storage = memory();
    addPending(storage, review("a"));
    addPending(storage, review("b"));
    const batches: string[][] = [];
    const empty = await flushPending(storage, (reviews) => {
      batches.push(reviews.map((r) => r.id));
      addPending(storage, review("c"));
      return Promise.resolve(new Response("{}", { status: 200 }));
    });
    expect(batches).toEqual([["review-a", "review-b"]]);
    expect(empty).toBe(false);
    expect(pendingReviews(storage).map((r) => r.id)).toEqual(["review-c"]);
  });

  it("keeps the reviews when offline, signed out or on a server error, and drops them after a refusal of the reviews", async () => {
    const storage = memory();
    addPending(storage, review("a"));
    expect(await flushPending(storage, () => Promise.reject(new TypeError("Failed to fetch")))).toBe(false);
    for (const status of [401, 429, 503]) expect(await flushPending(storage, () => Promise.resolve(new Response("{}", { status })))).toBe(false);
    expect(pendingReviews(storage)).toHaveLength(1);
    expect(await flushPending(storage, () => Promise.resolve(new Response("{}", { status: 404 })))).toBe(true);
    expect(pendingReviews(storage)).toEqual([]);
  });

  it("reads a damaged store as empty", () => {
    const storage = memory();
    storage.setItem("examprep.revision.pending", "{not json");
    expect(pendingReviews(storage)).toEqual([]);
  });
});
