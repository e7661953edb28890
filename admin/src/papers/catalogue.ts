// The catalogue as the admin screens read it (GET /api/catalogue, never the cached public lists) and
// the cascade's rules (admin-tools.md §2 Exam Papers): which boards, levels and papers each column shows.
import type { Paper } from "../../../shared/schemas.ts";
import type { CatalogueItem, Offering } from "../../../shared/catalogue.ts";
import { call } from "../api.ts";

export interface Catalogue {
  subjects: CatalogueItem[];
  examBoards: CatalogueItem[];
  levels: CatalogueItem[];
  offerings: Offering[];
  papers: Paper[];
}

export const loadCatalogue = () => call<Catalogue>("/api/catalogue");

/** The column selections, by name (papers name their subject, board and level by name). */
export interface Selection {
  subject?: string;
  board?: string;
  level?: string;
  paperId?: number;
}

const idOf = (list: CatalogueItem[], name?: string) => list.find((x) => x.name === name)?.id;

/** Boards offering the subject at any level, in the boards' order. */
export function boardsFor(cat: Catalogue, subject?: string): CatalogueItem[] {
  const subjectId = idOf(cat.subjects, subject);
  if (subjectId === undefined) return [];
  const ids = new Set(cat.offerings.filter((o) => o.subjectId === subjectId).map((o) => o.examBoardId));
  return cat.examBoards.filter((b) => ids.has(b.id));
}

/** Levels at which the board offers the subject, in the levels' order. */
export function levelsFor(cat: Catalogue, subject?: string, board?: string): CatalogueItem[] {
  const subjectId = idOf(cat.subjects, subject);
  const boardId = idOf(cat.examBoards, board);
  if (subjectId === undefined || boardId === undefined) return [];
  const ids = new Set(cat.offerings.filter((o) => o.subjectId === subjectId && o.examBoardId === boardId).map((o) => o.levelId));
  return cat.levels.filter((l) => ids.has(l.id));
}

/** §2: papers of the subject and board at the level; a paper with an empty level matches any level. */
export function papersFor(cat: Catalogue, sel: Selection): Paper[] {
  if (!sel.subject || !sel.board || !sel.level) return [];
  return cat.papers.filter((p) => p.subject === sel.subject && p.examBoard === sel.board && (p.level === sel.level || p.level === ""));
}

/**
 * §2's clearing rules: a subject clears board, level and paper; a board clears the paper (and the
 * level when the new board does not offer it); a level clears the paper.
 */
export function select(cat: Catalogue, sel: Selection, column: "subject" | "board" | "level", name: string): Selection {
  if (column === "subject") return { subject: name };
  if (column === "board") {
    const keepLevel = sel.level && levelsFor(cat, sel.subject, name).some((l) => l.name === sel.level);
    return { subject: sel.subject, board: name, level: keepLevel ? sel.level : undefined };
  }
  return { subject: sel.subject, board: sel.board, level: name };
}

/** A selection made of stored names, kept only as far as the catalogue still has them. */
export function validSelection(cat: Catalogue, sel: Selection): Selection {
  const out: Selection = {};
  if (!sel.subject || !cat.subjects.some((s) => s.name === sel.subject)) return out;
  out.subject = sel.subject;
  if (!sel.board || !boardsFor(cat, out.subject).some((b) => b.name === sel.board)) return out;
  out.board = sel.board;
  if (!sel.level || !levelsFor(cat, out.subject, out.board).some((l) => l.name === sel.level)) return out;
  out.level = sel.level;
  if (sel.paperId !== undefined && papersFor(cat, out).some((p) => p.id === sel.paperId)) out.paperId = sel.paperId;
  return out;
}

/** A name not already in the list (§5: trimmed, required, not already there), or null. */
export function freshName(raw: string, taken: readonly string[]): string | null {
  const name = raw.trim();
  if (!name || taken.some((t) => t.toLowerCase() === name.toLowerCase())) return null;
  return name;
}
