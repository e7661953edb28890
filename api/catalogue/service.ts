import { gzipSync } from "node:zlib";
import { asc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { examBoards, examDates, levels, papers, subjects } from "../db/schema.ts";
import type { Paper } from "../../shared/schemas.ts";
import { paperFacts } from "../../shared/papers.ts";
import { readBlueprint } from "../papers/bank.ts";
import { CACHE_SECONDS } from "../../shared/constants.ts";
import { type ExamDate, nextExamDay, ukToday } from "../../shared/exam-dates.ts";

/**
 * The catalogue changes only when an admin edits it, but is read on every page view. Lists are kept
 * per database, with their JSON, for the spec's list cache time (5 min); catalogue writes call
 * invalidateCatalogue() so their change shows at once on this server.
 */
const listCache = new WeakMap<Database, Map<string, { expiresAt: number; value: unknown; json: string; gzip: Uint8Array }>>();

export function invalidateCatalogue(db: Database): void {
  listCache.delete(db);
}

/** Every paper's exam dates by series, earliest first. */
export async function examDatesByPaper(db: Database): Promise<Map<number, ExamDate[]>> {
  const rows = await db.select().from(examDates).orderBy(asc(examDates.date)).all();
  const byPaper = new Map<number, ExamDate[]>();
  for (const r of rows) {
    const list = byPaper.get(r.paperId) ?? [];
    list.push({ series: r.series, date: r.date, source: r.source });
    byPaper.set(r.paperId, list);
  }
  return byPaper;
}

/**
 * The catalogue's papers (§3 Paper), each with the facts of its blueprint when it can be generated,
 * its exam dates by series, and as examDate the next of them that has not passed (null when none).
 */
export async function listPapers(db: Database, today = ukToday()): Promise<Paper[]> {
  const [rows, dates] = await Promise.all([db.select().from(papers).orderBy(asc(papers.subject), asc(papers.name)).all(), examDatesByPaper(db)]);
  const list = rows.map(({ blueprint, ...paper }) => {
    const bp = readBlueprint(blueprint);
    const own = dates.get(paper.id) ?? [];
    return { ...paper, examDate: nextExamDay(own, today), examDates: own, generation: bp ? paperFacts(bp) : null };
  });
  // By subject, then next exam date (papers without one after those with one), then name: Paper 1 before Paper 2.
  return list.sort((a, b) => a.subject.localeCompare(b.subject) || (a.examDate ?? "9999").localeCompare(b.examDate ?? "9999") || a.name.localeCompare(b.name));
}

export function listSubjects(db: Database) {
  return db.select({ id: subjects.id, name: subjects.name }).from(subjects).orderBy(asc(subjects.sortOrder), asc(subjects.name)).all();
}

export function listExamBoards(db: Database) {
  return db
    .select({ id: examBoards.id, name: examBoards.name, available: examBoards.available })
    .from(examBoards)
    .orderBy(asc(examBoards.sortOrder), asc(examBoards.name))
    .all();
}

export function listLevels(db: Database) {
  return db.select({ id: levels.id, name: levels.name }).from(levels).orderBy(asc(levels.sortOrder)).all();
}

export interface SubjectAvailability {
  name: string;
  available: boolean;
  level: string | null;
  examDate: string | null;
  /** Why a subject whose papers are all set up but not yet generatable is not available (papers.generation_note). */
  reason?: string;
}

/**
 * The home page's subject grid: a subject with a paper record is available, shown with that paper's
 * level (GCSE when the paper has none) and the next exam date of its papers that has not passed (none
 * when all have); unless every one of its papers is
 * held back (a generation note that a model, when configured, does not overcome): then it is not yet
 * available, with the first paper's reason.
 */
export function subjectAvailability(subjectNames: readonly string[], catalogue: readonly Paper[], hasModel = false, today = ukToday()): SubjectAvailability[] {
  const heldBack = (p: Paper) => Boolean(p.generationNote) && !(hasModel && p.generation);
  // A date that has passed is not the next exam: it is not shown as if it were coming.
  const upcoming = (p: Paper) => nextExamDay(p.examDates, today);
  return subjectNames.map((name) => {
    const own = catalogue
      .filter((p) => p.subject === name)
      .sort((a, b) => (upcoming(a) ?? "9999").localeCompare(upcoming(b) ?? "9999"));
    const ready = own.filter((p) => !heldBack(p));
    const first = ready[0];
    if (first) return { name, available: true, level: first.level || "GCSE", examDate: upcoming(first) };
    if (own.length) return { name, available: false, level: own[0].level || "GCSE", examDate: null, reason: `${own[0].name}: ${own[0].generationNote}` };
    return { name, available: false, level: null, examDate: null };
  });
}

export const CATALOGUE_LISTS = {
  papers: listPapers,
  subjects: listSubjects,
  "exam-boards": listExamBoards,
  levels: listLevels,
} as const;
type Lists = typeof CATALOGUE_LISTS;

/** A catalogue list and its JSON, from the cache while fresh. */
export async function catalogueList<K extends keyof Lists>(
  db: Database,
  name: K,
): Promise<{ value: Awaited<ReturnType<Lists[K]>>; json: string; gzip: Uint8Array }> {
  let entries = listCache.get(db);
  if (!entries) listCache.set(db, (entries = new Map()));
  const hit = entries.get(name);
  if (hit && hit.expiresAt > Date.now()) return hit as { value: Awaited<ReturnType<Lists[K]>>; json: string; gzip: Uint8Array };
  const value = (await CATALOGUE_LISTS[name](db)) as Awaited<ReturnType<Lists[K]>>;
  const json = JSON.stringify(value);
  // Compressed once with the list, not on every request.
  const entry = { expiresAt: Date.now() + CACHE_SECONDS.lists * 1000, value, json, gzip: new Uint8Array(gzipSync(json)) };
  entries.set(name, entry);
  return entry;
}
