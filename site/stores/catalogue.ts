// What the Exam Generator can offer, from the catalogue (GET /api/papers, /api/exam-boards,
// /api/levels, /api/subjects): only papers with a blueprint (their `generation` facts) can be generated;
// every other subject, board and level is shown as coming soon. The page reads the catalogue on the
// server; the browser reads the API (retried once after 1 s) only if that failed.
import { RETRY_DELAY_MS } from "../../shared/constants.ts";
import type { Paper } from "../../shared/schemas.ts";

/** A catalogue paper that can be generated, with what the form needs from its blueprint. */
export interface GeneratablePaper {
  id: number;
  subject: string;
  examBoard: string;
  /** Empty: the paper is offered at every level (admin-tools.md). */
  level: string;
  name: string;
  code: string;
  tiers: string[];
  timeMinutes: number;
  totalMarks: number;
}

/** A catalogue paper that cannot be generated yet, with the reason (papers.generation_note). */
export interface PendingPaper {
  id: number;
  subject: string;
  examBoard: string;
  level: string;
  name: string;
  reason: string;
}

export interface GeneratorCatalogue {
  papers: GeneratablePaper[];
  /** Papers an admin has set up that cannot be generated yet, shown with their reason. */
  notYetAvailable: PendingPaper[];
  /** Every subject, board and level the catalogue knows, in its order; those without a paper are coming soon. */
  subjects: string[];
  examBoards: { name: string; available: boolean }[];
  levels: string[];
}

/**
 * Whether a paper can be generated: it has a blueprint, and nothing stops it, or only the question
 * bank's shortfall, which a configured model overcomes (it writes every slot).
 */
export const canGenerate = (p: Paper, hasModel: boolean) => Boolean(p.generation) && (!p.generationNote || hasModel);

export function generatablePapers(papers: readonly Paper[], hasModel = false): GeneratablePaper[] {
  return papers.flatMap((p) =>
    p.generation && canGenerate(p, hasModel)
      ? [{ id: p.id, subject: p.subject, examBoard: p.examBoard, level: p.level, name: p.name, ...p.generation }]
      : []
  );
}

export function pendingPapers(papers: readonly Paper[], hasModel = false): PendingPaper[] {
  return papers.flatMap((p) =>
    p.generationNote && !canGenerate(p, hasModel)
      ? [{ id: p.id, subject: p.subject, examBoard: p.examBoard, level: p.level, name: p.name, reason: p.generationNote }]
      : []
  );
}

export function buildCatalogue(
  papers: readonly Paper[],
  subjects: readonly { name: string }[],
  examBoards: readonly { name: string; available: boolean }[],
  levels: readonly { name: string }[],
  hasModel = false,
): GeneratorCatalogue {
  const offered = generatablePapers(papers, hasModel);
  const unique = (names: string[]) => [...new Set(names)];
  return {
    papers: offered,
    notYetAvailable: pendingPapers(papers, hasModel),
    subjects: unique([...subjects.map((s) => s.name), ...offered.map((p) => p.subject)]),
    examBoards: [
      ...examBoards.map((b) => ({ name: b.name, available: b.available })),
      ...unique(offered.map((p) => p.examBoard)).filter((n) => !examBoards.some((b) => b.name === n)).map((name) => ({ name, available: true })),
    ],
    levels: unique([...levels.map((l) => l.name), ...offered.map((p) => p.level).filter(Boolean)]),
  };
}

async function getJson<T>(path: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(path, { credentials: "include" });
      if (res.ok) return (await res.json()) as T;
      if (attempt > 0) throw new Error(`${res.status}: ${res.statusText}`);
    } catch (err) {
      if (attempt > 0) throw err;
    }
    await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
  }
}

/** The catalogue from the API, for when the page could not read it on the server. */
export async function loadCatalogue(hasModel = false): Promise<GeneratorCatalogue> {
  const [papers, subjects, examBoards, levels] = await Promise.all([
    getJson<Paper[]>("/api/papers"),
    getJson<{ name: string }[]>("/api/subjects"),
    getJson<{ name: string; available: boolean }[]>("/api/exam-boards"),
    getJson<{ name: string }[]>("/api/levels"),
  ]);
  return buildCatalogue(papers, subjects, examBoards, levels, hasModel);
}

/** Papers on offer for a subject, board and level (a paper with no level is offered at every level). */
export const papersFor = (c: GeneratorCatalogue, subject: string, examBoard: string, level: string) =>
  c.papers.filter((p) => p.subject === subject && p.examBoard === examBoard && (p.level === level || p.level === ""));
