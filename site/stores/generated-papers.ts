// The student's generated papers (§7 GET /api/generated-papers): fetched only for a signed-in user,
// retried once after 1 s, cached 30 s, empty on failure. Deleting a paper, clearing history and
// generating a paper invalidate the cache; the views listening to $generatedPapersVersion re-read.
import { atom } from "nanostores";
import { CACHE_SECONDS, RETRY_DELAY_MS } from "../../shared/constants.ts";
import type { GeneratedPaperSummary } from "../../shared/generation.ts";
import { postJson, readError } from "../lib/api.ts";
import { $user } from "./user.ts";

export interface PapersPage {
  papers: GeneratedPaperSummary[];
  /** Every paper of the user, across pages (the API's X-Total-Count). */
  total: number;
  /** True when the list could not be fetched: it is shown empty, with a way to try again. */
  failed: boolean;
}

/** Bumped by every change to the list: views subscribed to it fetch again (through the cache). */
export const $generatedPapersVersion = atom(0);

const cache = new Map<string, { at: number; value: Promise<PapersPage> }>();
const EMPTY: PapersPage = { papers: [], total: 0, failed: false };

async function load(page: number, pageSize: number): Promise<PapersPage> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const res = await fetch(`/api/generated-papers?page=${page}&pageSize=${pageSize}`, { credentials: "include" });
      if (res.ok) {
        const papers = (await res.json()) as GeneratedPaperSummary[];
        const total = Number(res.headers.get("X-Total-Count") ?? papers.length);
        return { papers, total: Number.isFinite(total) ? total : papers.length, failed: false };
      }
      if (res.status === 401) return { ...EMPTY, failed: true };
    } catch {
      // network failure: retried once below
    }
    if (attempt === 0) await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  }
  return { ...EMPTY, failed: true };
}

/** One page of the user's papers, newest first; a page read in the last 30 s comes from the cache. */
export function fetchGeneratedPapers(page = 1, pageSize = 100): Promise<PapersPage> {
  if (!$user.get()) return Promise.resolve(EMPTY);
  const key = `${page}:${pageSize}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_SECONDS.generatedPapers * 1000) return hit.value;
  const value = load(page, pageSize);
  const entry = { at: Date.now(), value };
  cache.set(key, entry);
  // A failure is shown, never kept: the next read tries again.
  void value.then((r) => {
    if (r.failed && cache.get(key) === entry) cache.delete(key);
  });
  return value;
}

/** Forgets every cached page and tells the views to read again. */
export function invalidateGeneratedPapers(): void {
  cache.clear();
  $generatedPapersVersion.set($generatedPapersVersion.get() + 1);
}

/** DELETE /api/generated-papers/{id}; throws with the server's message (or the spec's default) on failure. */
export async function deleteGeneratedPaper(id: number): Promise<void> {
  let res: Response;
  try {
    res = await postJson(`/api/generated-papers/${id}`, undefined, "DELETE");
  } catch {
    throw new Error("Failed to delete paper");
  }
  if (!res.ok) throw new Error((await readError(res)).message ?? "Failed to delete paper");
  invalidateGeneratedPapers();
}

/** DELETE /api/history/all: the body is not read (§7); the lists are invalidated afterwards. */
export async function clearHistory(): Promise<void> {
  const res = await postJson("/api/history/all", undefined, "DELETE");
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  invalidateGeneratedPapers();
}
