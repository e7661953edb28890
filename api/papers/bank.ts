// The seeded practice banks (api/papers/bank/*.json): read and validated once per process, and put
// into the database with their catalogue papers and blueprints on every start (idempotently).
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { papers, questions } from "../db/schema.ts";
import { type BankFile, bankFileSchema, type BankQuestion, type Blueprint, blueprintSchema, editorStructure, questionMarks, seriesLabel, tagsFor } from "../../shared/papers.ts";

const BANK_DIR = "api/papers/bank";

let cached: BankFile[] | undefined;
/** Every bank file, parsed with its schema. A broken file stops the start with its name and problem. */
export function loadBanks(dir = BANK_DIR): BankFile[] {
  if (cached && dir === BANK_DIR) return cached;
  let names: string[];
  try {
    names = readdirSync(resolve(dir)).filter((n) => n.endsWith(".json")).sort();
  } catch {
    names = [];
  }
  const files = names.map((name) => {
    const parsed = bankFileSchema.safeParse(JSON.parse(readFileSync(resolve(dir, name), "utf8")));
    if (!parsed.success) throw new Error(`Question bank ${name} is invalid: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
    return parsed.data;
  });
  if (dir === BANK_DIR) cached = files;
  return files;
}

/**
 * The questions a bank file's paper may use: its own, and those of the papers it draws from that are
 * tagged for its specification and on one of its topics (Combined Science: Trilogy, issue 18).
 */
export function bankQuestionsFor(file: BankFile, banks: readonly BankFile[] = loadBanks()): BankQuestion[] {
  const bp = file.blueprint;
  if (!bp.drawsFrom.length) return file.questions;
  const tags = tagsFor(bp.code);
  const topics = new Set(bp.topics.map((t) => t.id));
  const shared = banks
    .filter((b) => b !== file && bp.drawsFrom.includes(b.blueprint.code))
    .flatMap((b) => b.questions.filter((q) => q.alsoFor?.some((t) => tags.includes(t)) && topics.has(q.topic)));
  return [...file.questions, ...shared];
}

/**
 * The paper structure stored for a seeded paper: the admin editor's sections, marked as seeded so a
 * later start may bring it up to date (an admin's own structure carries no mark and is kept).
 */
export function seededStructure(bp: Blueprint): string {
  return JSON.stringify({ seeded: true, sections: editorStructure(bp) });
}

/** A catalogue paper's blueprint (its `blueprint` column), or null when it has none or an unreadable one. */
export function readBlueprint(stored: string | null): Blueprint | null {
  if (!stored?.trim()) return null;
  try {
    const parsed = blueprintSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The question type a bank question is listed under. */
export function questionType(q: Pick<BankQuestion, "parts">): string {
  if (q.parts.length > 1) return "Structured";
  const [part] = q.parts;
  if (part.options) return "Multiple Choice";
  return part.marks >= 12 ? "Essay" : part.marks >= 5 ? "Long Answer" : "Short Answer";
}

export const practiceAttribution = (bp: Blueprint) =>
  `ExamPrep practice question, written for ExamPrep in the style of ${bp.paper.examBoard} ${bp.code}: not from a past paper.`;

/** A practice question of another paper on a paper that draws from it: where it was written and that it fits this specification. */
/** A shared question's attribution on the paper using it, whose specification or own code (`tag`) it was tagged for. */
export const sharedAttribution = (examBoard: string, writtenFor: string, tag: string) =>
  tag.includes("/")
    ? `ExamPrep practice question, written for ExamPrep in the style of ${examBoard} ${writtenFor} and ${tag}: not from a past paper.`
    : `ExamPrep practice question, written for ExamPrep in the style of ${examBoard} ${writtenFor} and within the ${tag} specification: not from a past paper.`;

/** "Past paper: AQA 8062/2A, June 2019, question 01.1": board, paper code, series and year, question number. */
export const pastAttribution = (q: { examBoard: string; paperCode: string | null; series: string | null; year: number | null; questionNumber: string | null }) =>
  `Past paper: ${[`${q.examBoard} ${q.paperCode ?? ""}`.trim(), seriesLabel(q.series, q.year), `question ${q.questionNumber ?? "?"}`].filter(Boolean).join(", ")}`;

/** `skip`: identities (subject|board|level|name) of papers an admin deleted, never recreated. */
export async function seedBanks(db: Database, files: BankFile[] = loadBanks(), skip: ReadonlySet<string> = new Set()): Promise<void> {
  for (const file of files) {
    const bp = file.blueprint;
    const { subject, examBoard, level, name } = bp.paper;
    if (skip.has([subject, examBoard, level, name].join("|"))) continue;
    const identity = and(
      eq(papers.subject, bp.paper.subject),
      eq(papers.examBoard, bp.paper.examBoard),
      eq(papers.level, bp.paper.level),
      eq(papers.name, bp.paper.name),
    );
    let paper = await db.select().from(papers).where(identity).get();
    for (const former of paper ? [] : bp.formerNames) {
      const renamed = await db.update(papers).set({ name })
        .where(and(eq(papers.subject, subject), eq(papers.examBoard, examBoard), eq(papers.level, level), eq(papers.name, former))).returning().get();
      if (renamed) {
        paper = renamed;
        break;
      }
    }
    const structure = seededStructure(bp);
    const blueprint = JSON.stringify(bp);
    if (!paper) {
      paper = await db.insert(papers).values({
        ...bp.paper,
        subjectCode: bp.code,
        description: `${bp.paperTitle}: ${Math.floor(bp.timeMinutes / 60)} h ${bp.timeMinutes % 60} min, ${bp.totalMarks} marks.`,
        sectionCount: bp.sections.length,
        questionStructure: structure,
        blueprint,
      }).onConflictDoNothing().returning().get() ?? await db.select().from(papers).where(identity).get();
    } else {
      // The bank file is the blueprint's source; an admin's own structure (no 'seeded' mark) is kept,
      // and so is the blueprint built from it (api/structure/blueprint.ts, on the bank file's cover).
      const ownStructure = paper.questionStructure.trim() !== "" && !paper.questionStructure.includes('"seeded":true');
      const update = {
        ...(paper.blueprint !== blueprint && !(ownStructure && readBlueprint(paper.blueprint)?.fromStructure) ? { blueprint } : {}),
        ...(!ownStructure && paper.questionStructure !== structure ? { questionStructure: structure, sectionCount: bp.sections.length } : {}),
      };
      if (Object.keys(update).length) await db.update(papers).set(update).where(eq(papers.id, paper.id));
    }
    if (!paper) continue;
    const rows = file.questions.map((q) => ({
      id: q.id,
      paperId: paper.id,
      examBoard: bp.paper.examBoard,
      subject: bp.paper.subject,
      level: bp.paper.level,
      tier: q.tier,
      topic: q.topic,
      style: q.style ?? null,
      type: questionType(q),
      marks: questionMarks(q),
      stem: q.stem ?? null,
      stemFigure: q.figure ? JSON.stringify(q.figure) : null,
      parts: JSON.stringify(q.parts),
      alsoFor: q.alsoFor?.length ? JSON.stringify(q.alsoFor) : null,
      origin: "practice",
      attribution: practiceAttribution(bp),
    }));
    const existing = new Map(
      (await db.select({ id: questions.id, parts: questions.parts, stem: questions.stem, stemFigure: questions.stemFigure, paperId: questions.paperId, alsoFor: questions.alsoFor, tier: questions.tier, topic: questions.topic }).from(questions)
        .where(inArray(questions.id, rows.map((r) => r.id))).all()).map((r) => [r.id, r]),
    );
    const fresh = rows.filter((r) => !existing.has(r.id));
    for (let i = 0; i < fresh.length; i += 100) await db.insert(questions).values(fresh.slice(i, i + 100)).onConflictDoNothing();
    for (const r of rows) {
      const old = existing.get(r.id);
      if (old && (old.parts !== r.parts || old.stem !== r.stem || old.stemFigure !== r.stemFigure || old.paperId !== r.paperId || old.alsoFor !== r.alsoFor || old.tier !== r.tier || old.topic !== r.topic)) {
        await db.update(questions).set(r).where(eq(questions.id, r.id));
      }
    }
  }
}
