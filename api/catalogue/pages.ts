// The public subject and paper pages (issue 17): their addresses and what each shows, from the
// catalogue. The same functions serve the pages prerendered at build time (from the seeded banks, no
// database) and the pages rendered on request for papers an admin added later (from the database),
// so both kinds look alike and the sitemap lists them with the same addresses.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { papers } from "../db/schema.ts";
import { bankQuestionsFor, loadBanks, readBlueprint } from "../papers/bank.ts";
import { paperQuestionRows } from "../papers/pool.ts";
import { isLevelled } from "../papers/rules.ts";
import { sanitiseQuestionHtml } from "../papers/html.ts";
import { type BankQuestion, type Blueprint, type Part, type PaperFacts, questionMarks } from "../../shared/papers.ts";
import type { ExamDate } from "../../shared/exam-dates.ts";
import { formatMinutes } from "../../shared/format.ts";
import type { ShareCard } from "../../shared/share.ts";
import type { Paper } from "../../shared/schemas.ts";

/** What a page needs of one catalogue paper, wherever it was read from. */
export interface PaperSource {
  subject: string;
  examBoard: string;
  level: string;
  name: string;
  subjectCode: string | null;
  description: string | null;
  blueprint: Blueprint | null;
  /** The paper's own practice questions (never past-paper ones: their text is the board's). */
  practice: Pick<BankQuestion, "id" | "topic" | "tier" | "stem" | "parts">[];
  /** Whether each practice question has a figure anywhere (samples are chosen among those without). */
  withFigure: ReadonlySet<string>;
  examDates: ExamDate[];
}

export interface TopicWeight {
  name: string;
  description: string;
  /** Average marks a practice paper gives the topic (its slots' marks shared among their topics). */
  marks: number;
}

export interface SampleQuestion {
  id: string;
  topic: string;
  marks: number;
  stem: string | null;
  parts: { content: string; marks: number; options: string[]; markScheme: string }[];
}

export interface PaperPage {
  path: string;
  subjectPath: string;
  /** "AQA GCSE Biology Paper 1". */
  heading: string;
  subject: string;
  examBoard: string;
  level: string;
  name: string;
  code: string | null;
  description: string | null;
  tiers: string[];
  timeMinutes: number | null;
  totalMarks: number | null;
  spagMarks: number;
  materials: string[];
  /** Sections and how many of them a candidate answers. */
  sections: { name: string; marks: number }[];
  answerSections: number | null;
  styles: { label: string; share: number }[];
  topics: TopicWeight[];
  samples: SampleQuestion[];
  examDates: ExamDate[];
  /** Whether the generator can build it (a blueprint exists). */
  generatable: boolean;
}

/** A paper as a subject page lists it: who sets it, its code, tiers, time and marks. */
export interface PaperSummary {
  subject: string;
  examBoard: string;
  level: string;
  name: string;
  code: string | null;
  tiers: string[];
  timeMinutes: number | null;
  totalMarks: number | null;
}

export interface SubjectPage {
  path: string;
  subject: string;
  level: string;
  boards: { examBoard: string; papers: (PaperSummary & { path: string })[] }[];
}

/** "Religious Studies" → "religious-studies", "A-Level" → "a-level". */
export function slugify(text: string): string {
  return text.toLowerCase().replace(/&/g, " and ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** A paper's part of its address: "Paper 1" → "paper-1", "Paper 1 (Non-Calculator)" → "paper-1-non-calculator" (names are unique within a board's subject and level, so addresses are too). */
export const paperSlug = (name: string) => slugify(name);

export const subjectPath = (p: { level: string; subject: string }) => `/${slugify(p.level || "GCSE")}/${slugify(p.subject)}`;
export const paperPath = (p: { level: string; subject: string; examBoard: string; name: string }) =>
  `${subjectPath(p)}/${slugify(p.examBoard)}/${paperSlug(p.name)}`;

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Each topic's average marks on a paper: every slot's marks shared equally among its pool. */
function topicWeights(bp: Blueprint): TopicWeight[] {
  const marks = new Map<string, number>();
  for (const section of bp.sections) {
    for (const slot of section.slots) for (const t of slot.topics) marks.set(t, (marks.get(t) ?? 0) + slot.marks / slot.topics.length);
  }
  return bp.topics
    .map((t) => ({ name: t.name, description: t.description, marks: round1(marks.get(t.id) ?? 0) }))
    .filter((t) => t.marks > 0)
    .sort((a, b) => b.marks - a.marks);
}

/** The kinds of question part the practice bank asks, as shares of its parts. */
function questionStyles(practice: PaperSource["practice"]): { label: string; share: number }[] {
  const parts = practice.flatMap((q) => q.parts);
  if (!parts.length) return [];
  const kinds: [string, (p: Part) => boolean][] = [
    ["Multiple choice (tick or shade one answer)", (p) => Boolean(p.options?.length)],
    ["Short answers and calculations (1–3 marks)", (p) => !p.options?.length && p.marks <= 3],
    ["Longer answers (4–5 marks)", (p) => !p.options?.length && p.marks >= 4 && p.marks <= 5],
    ["Extended responses marked by levels (6 marks or more)", (p) => !p.options?.length && p.marks >= 6 && isLevelled(p)],
    ["Other answers of 6 marks or more", (p) => !p.options?.length && p.marks >= 6 && !isLevelled(p)],
  ];
  return kinds
    .map(([label, test]) => ({ label, share: Math.round((100 * parts.filter(test).length) / parts.length) }))
    .filter((k) => k.share > 0);
}

/**
 * Two free sample questions: common to both tiers, without a figure (the page shows text), on two
 * different topics, the shortest first, so a visitor sees the paper's style in a minute.
 */
function sampleQuestions(src: PaperSource, topicNames: Map<string, string>): SampleQuestion[] {
  const chosen: SampleQuestion[] = [];
  const candidates = src.practice
    .filter((q) => q.tier === "Both" && !src.withFigure.has(q.id) && questionMarks(q) >= 2)
    .sort((a, b) => questionMarks(a) - questionMarks(b) || a.id.localeCompare(b.id));
  for (const q of candidates) {
    if (chosen.length === 2) break;
    if (chosen.some((c) => c.topic === (topicNames.get(q.topic) ?? q.topic))) continue;
    chosen.push({
      id: q.id,
      topic: topicNames.get(q.topic) ?? q.topic,
      marks: questionMarks(q),
      stem: q.stem ? sanitiseQuestionHtml(q.stem) : null,
      parts: q.parts.map((p) => ({ content: sanitiseQuestionHtml(p.content), marks: p.marks, options: p.options ?? [], markScheme: sanitiseQuestionHtml(p.markScheme) })),
    });
  }
  return chosen;
}

/** A paper's summary from its catalogue identity and its facts (a blueprint has them), or only its catalogue code without any. */
const summaryOf = (p: Pick<Paper, "subject" | "examBoard" | "level" | "name" | "subjectCode">, facts: PaperFacts | null): PaperSummary => ({
  subject: p.subject,
  examBoard: p.examBoard,
  level: p.level || "GCSE",
  name: p.name,
  code: facts?.code ?? p.subjectCode,
  tiers: facts?.tiers ?? [],
  timeMinutes: facts?.timeMinutes ?? null,
  totalMarks: facts?.totalMarks ?? null,
});

/** A source's summary: its blueprint's facts. */
export const sourceSummary = (src: PaperSource): PaperSummary => summaryOf(src, src.blueprint);

/** A catalogue paper's summary, from the facts the catalogue list carries (no database read). */
export const catalogueSummary = (p: Paper): PaperSummary => summaryOf(p, p.generation);

export function paperPage(src: PaperSource): PaperPage {
  const bp = src.blueprint;
  const topicNames = new Map((bp?.topics ?? []).map((t) => [t.id, t.name]));
  const summary = sourceSummary(src);
  return {
    ...summary,
    path: paperPath(src),
    subjectPath: subjectPath(src),
    heading: `${summary.examBoard} ${summary.level} ${summary.subject} ${summary.name}`,
    description: src.description,
    spagMarks: bp?.spagMarks ?? 0,
    materials: bp?.materials ?? [],
    sections: (bp?.sections ?? []).map((s) => ({ name: s.name, marks: s.slots.reduce((n, slot) => n + slot.marks, 0) })),
    answerSections: bp?.answerSections ?? null,
    styles: questionStyles(src.practice),
    topics: bp ? topicWeights(bp) : [],
    samples: sampleQuestions(src, topicNames),
    examDates: src.examDates,
    generatable: Boolean(bp),
  };
}

/** Subject pages: each subject at each level, its papers grouped by board. */
export function subjectPages(summaries: readonly PaperSummary[]): SubjectPage[] {
  const bySubject = new Map<string, SubjectPage>();
  for (const paper of summaries) {
    const path = subjectPath(paper);
    const page = bySubject.get(path) ?? { path, subject: paper.subject, level: paper.level, boards: [] };
    bySubject.set(path, page);
    let board = page.boards.find((b) => b.examBoard === paper.examBoard);
    if (!board) page.boards.push((board = { examBoard: paper.examBoard, papers: [] }));
    board.papers.push({ ...paper, path: paperPath(paper) });
  }
  for (const page of bySubject.values()) {
    page.boards.sort((a, b) => a.examBoard.localeCompare(b.examBoard));
    for (const b of page.boards) b.papers.sort((x, y) => x.name.localeCompare(y.name, "en", { numeric: true }));
  }
  return [...bySubject.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const figureIds = (qs: readonly (Pick<BankQuestion, "id" | "parts"> & { figure?: unknown })[]) => new Set(qs.filter((q) => q.figure || q.parts.some((p) => p.figure)).map((q) => q.id));

/** The catalogue as seeded from the bank files: what the build prerenders (no database, no dates). */
export function seededSources(): PaperSource[] {
  return loadBanks().map((file) => ({ blueprint: file.blueprint, questions: bankQuestionsFor(file) })).map(({ blueprint, questions: qs }) => ({
    ...blueprint.paper,
    subjectCode: blueprint.code,
    description: null,
    blueprint,
    practice: qs,
    withFigure: figureIds(qs),
    examDates: [],
  }));
}

/** One catalogue paper read from the database, for a page rendered on request. */
export async function databaseSource(db: Database, paper: Paper): Promise<PaperSource> {
  const row = await db.select({ blueprint: papers.blueprint }).from(papers).where(eq(papers.id, paper.id)).get();
  const blueprint = readBlueprint(row?.blueprint ?? null);
  const rows = (await paperQuestionRows(db, paper.id, blueprint)).sort((a, b) => a.id.localeCompare(b.id));
  const practice = rows.filter((r) => r.origin === "practice").map((r) => ({
    id: r.id,
    topic: r.topic,
    tier: r.tier as BankQuestion["tier"],
    stem: r.stem ?? undefined,
    parts: JSON.parse(r.parts) as Part[],
    figure: r.stemFigure ? true : undefined,
  }));
  return {
    subject: paper.subject,
    examBoard: paper.examBoard,
    level: paper.level,
    name: paper.name,
    subjectCode: paper.subjectCode,
    description: paper.description,
    blueprint,
    practice,
    withFigure: figureIds(practice),
    examDates: paper.examDates,
  };
}

/**
 * The page at an address of the database catalogue (a paper, else a subject), or null: what the pages
 * rendered on request and the share images read. A subject page needs only the catalogue list.
 */
export async function catalogueView(db: Database, catalogue: readonly Paper[], path: string): Promise<{ paper: PaperPage } | { subject: SubjectPage } | null> {
  const paper = catalogue.find((p) => paperPath(p) === path);
  if (paper) return { paper: paperPage(await databaseSource(db, paper)) };
  const [subject] = subjectPages(catalogue.filter((p) => subjectPath(p) === path).map(catalogueSummary));
  return subject ? { subject } : null;
}

/**
 * Where a seeded paper's page moved when the paper was renamed (its bank file's `formerNames`): the
 * old address of RS's two-religion Paper 1 leads to the Christianity component that kept its row.
 */
export function movedPaperPath(path: string): string | null {
  for (const { blueprint: bp } of loadBanks()) {
    if (bp.formerNames.some((name) => paperPath({ ...bp.paper, name }) === path)) return paperPath(bp.paper);
  }
  return null;
}

/** A paper's name without its title: "Paper 1 - Computational Thinking…" → "Paper 1", "Paper 1 (Non-Calculator)" → "Paper 1". */
export const shortPaperName = (name: string) => name.split(/ - | \(/)[0];

/** The share image of a page: /og + its path + .png. */
export const shareImagePath = (path: string) => `/og${path}.png`;

export function paperShareCard(p: PaperPage): ShareCard {
  return {
    eyebrow: [p.examBoard, p.level, p.code].filter(Boolean).join(" · "),
    title: `${p.subject} ${p.name}`,
    subtitle: [p.tiers.length ? p.tiers.join(" and ") : "", p.timeMinutes ? formatMinutes(p.timeMinutes) : "", p.totalMarks ? `${p.totalMarks} marks` : ""]
      .filter(Boolean).join(" · ") || undefined,
    // Short facts that fit a chip (topic names would be cut off).
    facts: [
      p.topics.length ? `${p.topics.length} topics` : "",
      p.samples.length ? `${p.samples.length} free sample questions` : "",
      p.generatable ? "Full papers as PDFs" : "",
      "Mark schemes",
    ].filter(Boolean),
  };
}

export function subjectShareCard(s: SubjectPage): ShareCard {
  const papers = s.boards.flatMap((b) => b.papers);
  return {
    eyebrow: `${s.level} · practice papers with mark schemes`,
    title: s.subject,
    subtitle: s.boards.map((b) => `${b.examBoard}: ${b.papers.length} paper${b.papers.length === 1 ? "" : "s"}`).join(" · "),
    facts: papers.map((p) => shortPaperName(p.name)),
  };
}
