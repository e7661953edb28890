import { asc } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { examBoards, levels, papers, subjects } from "../db/schema.ts";
import type { Paper } from "../../shared/schemas.ts";

export function listPapers(db: Database): Promise<Paper[]> {
  return db.select().from(papers).orderBy(asc(papers.subject), asc(papers.examDate), asc(papers.name)).all();
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
}

/**
 * The home page's subject grid: a subject with a paper record is available, shown with that paper's
 * level (GCSE when the paper has none) and its earliest exam date.
 */
export function subjectAvailability(subjectNames: readonly string[], catalogue: readonly Paper[]): SubjectAvailability[] {
  return subjectNames.map((name) => {
    const own = catalogue
      .filter((p) => p.subject === name)
      .sort((a, b) => (a.examDate ?? "9999").localeCompare(b.examDate ?? "9999"));
    const first = own[0];
    return first
      ? { name, available: true, level: first.level || "GCSE", examDate: first.examDate }
      : { name, available: false, level: null, examDate: null };
  });
}
