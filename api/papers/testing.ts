// Helpers the paper engine's tests share: requests for a seeded paper, generation through the API,
// past-paper questions recorded as the admin import records them, and reading PDFs back as text.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { papers, questions } from "../db/schema.ts";
import { send } from "../test-utils.ts";
import type { App } from "../app.ts";
import type { Deps } from "../context.ts";
import { loadBanks, questionType } from "./bank.ts";
import type { GenerationRequestInput, PaperDocument } from "../../shared/generation.ts";
import { type Blueprint, type Part, questionMarks } from "../../shared/papers.ts";
import { generatedPapers } from "../db/schema.ts";

export type T = Deps & { app: App };

export const banks = loadBanks();
export const bankOf = (paperName: string) => banks.find((b) => b.blueprint.paper.name === paperName)!;
export const RS_2A = "Paper 2A - Thematic Studies";
export const RS_1 = "Paper 1 - Christianity";

export const requestFor = (bp: Blueprint, extra: Partial<GenerationRequestInput> = {}): GenerationRequestInput => ({
  subject: bp.paper.subject,
  examBoard: bp.paper.examBoard,
  paperName: bp.paper.name,
  level: bp.paper.level,
  isPredicted: false,
  ...extra,
});
export const generate = (t: T, body: unknown, cookie: string) => send(t.app, "/api/generate-enhanced-paper", body, cookie);
export const storedDocument = async (t: T, id: number) =>
  JSON.parse((await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, id)).get())!.document) as PaperDocument;
export const itemsOf = (doc: PaperDocument) => doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items));
export const marksOf = (item: { parts: { marks: number }[] }) => item.parts.reduce((n, p) => n + p.marks, 0);

/** The catalogue row of a seeded paper. */
export async function catalogueRow(t: Deps, bp: Blueprint) {
  return (await t.db.select().from(papers).where(and(eq(papers.subject, bp.paper.subject), eq(papers.name, bp.paper.name))).get())!;
}

/** The marks of RS question styles (exam-formats.md): a recorded past question of a style has these. */
export const RS_STYLE_MARKS = { mcq: 1, "give-two": 2, "explain-two-contrasting": 4, "explain-two-sources": 5, evaluate: 12 } as const;
export type RsStyle = keyof typeof RS_STYLE_MARKS;

export interface PastQuestion {
  id: string;
  topic: string;
  style?: RsStyle;
  /** Marks when there is no style. */
  marks?: number;
  year: number;
  series: string;
  questionNumber: string;
  /** Question HTML, stored as given (an import may hold anything). */
  content?: string;
  stem?: string;
  markScheme?: string;
}

/**
 * Records real past-paper questions for a seeded paper as the admin import does: origin 'past',
 * with paper code, series, year and question number, and the catalogue's board, subject and level.
 */
export async function recordPast(t: Deps, bp: Blueprint, rows: PastQuestion[]) {
  const paper = await catalogueRow(t, bp);
  for (const r of rows) {
    const marks = r.style ? RS_STYLE_MARKS[r.style] : r.marks ?? 1;
    const parts: Part[] = [{
      content: r.content ?? `<p>Recorded past question ${r.id} on ${r.topic}.</p>`,
      marks,
      ...(r.style === "mcq" ? { options: ["First", "Second", "Third", "Fourth"] } : {}),
      markScheme: r.markScheme ?? `<p>Mark scheme of ${r.id}.</p>`,
      modelAnswer: `<p>Model answer of ${r.id}.</p>`,
    }];
    await t.db.insert(questions).values({
      id: r.id,
      paperId: paper.id,
      examBoard: bp.paper.examBoard,
      subject: bp.paper.subject,
      level: bp.paper.level,
      tier: "Both",
      topic: r.topic,
      style: r.style ?? null,
      type: questionType({ parts }),
      marks: questionMarks({ parts }),
      stem: r.stem ?? null,
      parts: JSON.stringify(parts),
      origin: "past",
      attribution: "",
      paperCode: bp.code,
      series: r.series,
      year: r.year,
      questionNumber: r.questionNumber,
    });
  }
}

const pdfDir = mkdtempSync(join(tmpdir(), "examprep-pdf-"));
/**
 * The text of a PDF (or of pages `first` to `last`), as poppler's pdftotext reads it; with `layout`,
 * as laid out on the page (a table row's cells on one line).
 */
export function pdftotext(bytes: Uint8Array, first?: number, last?: number, layout = false): string {
  const file = join(pdfDir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, bytes);
  const range = first ? ["-f", String(first), "-l", String(last ?? first)] : [];
  return execFileSync("pdftotext", ["-enc", "UTF-8", ...(layout ? ["-layout"] : []), ...range, file, "-"], { encoding: "utf8" });
}
/** Each page's text. */
export function pdfPages(bytes: Uint8Array, layout = false): string[] {
  // pdftotext ends every page with a form feed.
  return pdftotext(bytes, undefined, undefined, layout).split("\f").slice(0, -1);
}
export const normalise = (s: string) => s.replace(/\s+/g, " ").trim();

/** A generated paper's PDF, fetched as its owner. */
export async function pdfOfPaper(t: T, id: number, cookie: string): Promise<Uint8Array> {
  const res = await send(t.app, `/api/generated-papers/${id}/pdf`, undefined, cookie);
  if (res.status !== 200) throw new Error(`PDF ${id}: ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/**
 * What a good model answers for the slot a prompt of ai-questions.ts describes: a fresh question with
 * the asked part marks and multiple-choice parts, in words of its own for every `n` (the engine
 * rightly refuses near-duplicates of earlier ones).
 */
export function modelAnswerFor(prompt: string, n: number) {
  const ask = JSON.parse(prompt) as { totalMarks: number; partMarks?: number[]; multipleChoiceParts?: number[]; topic: { name: string } };
  // A slot with no bank example (a paper built from an admin's structure) asks only for its total.
  const partMarks = ask.partMarks ?? [ask.totalMarks];
  const multipleChoice = ask.multipleChoiceParts ?? [];
  return {
    stem: null,
    parts: partMarks.map((marks, i) => ({
      content: `<p>Model-written question about ${ask.topic.name}. ${Array.from({ length: 12 }, (_, k) => `idea${n}x${i}x${k}`).join(" ")}?</p>`,
      marks,
      options: multipleChoice.includes(i + 1) ? ["First view", "Second view", "Third view", "Fourth view"] : null,
      markScheme: `<p>One mark for each valid point about perspective ${n * 7 + i}.</p>`,
      modelAnswer: `<p>A full answer for perspective ${n * 7 + i}.</p>`,
    })),
  };
}
