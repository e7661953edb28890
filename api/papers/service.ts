// Generating a paper for a student: one credit reserved before the work (admins are free), the paper
// built, its PDF rendered once to prove it, and the paper stored; the credit is given back if
// anything fails. Reading, listing and deleting a student's own papers.
import { and, count, desc, eq } from "drizzle-orm";
import type { Deps } from "../context.ts";
import { generatedPaperQuestions, generatedPapers, papers } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { SessionUser } from "../auth/session.ts";
import { chargeForOperation, refundOperation } from "../credits/operations.ts";
import { NotEnoughCredits } from "../credits/ledger.ts";
import { modelClient } from "../ai/client.ts";
import { type DocFigure, type GeneratedPaperSummary, type GenerationRequest, type ModelShare, type PaperDocument, pdfUrlFor, type ViewerPaper, viewerUrlFor } from "../../shared/generation.ts";
import { readBlueprint } from "./bank.ts";
import { type OptionStyle, optionsLettered } from "../../shared/papers.ts";
import { BankTooSmall, buildPaper, type GenerationStep } from "./generate.ts";
import { renderPaperPdf } from "./pdf/index.ts";
import { currentLog } from "../log.ts";
import { figureScene } from "../../shared/figures/index.ts";
import { figureHtml } from "../../shared/figures/svg.ts";

type GeneratedRow = typeof generatedPapers.$inferSelect;

export async function findCataloguePaper(deps: Deps, subject: string, examBoard: string, level: string, name: string) {
  const paper = await deps.db.select().from(papers).where(and(
    eq(papers.subject, subject),
    eq(papers.examBoard, examBoard),
    eq(papers.name, name),
  )).all();
  // A paper with an empty level matches any level (admin-tools.md).
  return paper.find((p) => p.level === level) ?? paper.find((p) => p.level === "") ?? null;
}

export interface GenerationResult {
  paper: GeneratedPaperSummary;
  pdfBytes: number;
  modelFailures: string[];
  /** How many questions the model wrote (null when no model was asked). */
  modelShare: ModelShare | null;
}

/** What a generation reports while it runs: the steps, and the model's questions as they arrive. */
export interface GenerationProgress {
  onStep?: (step: GenerationStep) => void;
  onModel?: (progress: { written: number; asked: number }) => void;
}

export async function generateForUser(
  deps: Deps,
  user: SessionUser,
  request: GenerationRequest,
  progress: GenerationProgress = {},
): Promise<GenerationResult> {
  const { onStep, onModel } = progress;
  const { db, env } = deps;
  const catalogue = await findCataloguePaper(deps, request.subject, request.examBoard, request.level, request.paperName);
  if (!catalogue) throw new HttpError(404, `We do not offer ${request.examBoard} ${request.level} ${request.subject} ${request.paperName} yet.`);
  const blueprint = readBlueprint(catalogue.blueprint);
  if (!blueprint) throw new HttpError(422, `${request.subject} ${request.paperName} has no paper structure yet, so it cannot be generated.`);

  const label = `${request.isPredicted ? "Predicted" : "Past"} paper: ${catalogue.subject} ${catalogue.name}`;
  let charge;
  try {
    charge = await chargeForOperation(db, env.ADMIN_EMAIL, user.id, request.isPredicted ? "predicted_questions" : "past_questions", label);
  } catch (err) {
    if (err instanceof NotEnoughCredits) {
      throw new HttpError(402, "You need 1 credit to generate a paper. Buy credits to continue.", { title: "Not enough credits", available: err.available });
    }
    throw err;
  }
  try {
    const built = await buildPaper({ db, catalogue, blueprint, request, userId: user.id, model: modelClient(env), onStep, onModel, modelDeadline: deps.modelDeadline });
    onStep?.("creating_pdf");
    const pdf = await renderPaperPdf(built.document);
    onStep?.("finalizing");
    const row = await db.transaction(async (tx) => {
      const inserted = await tx.insert(generatedPapers).values({
        userId: user.id,
        name: built.document.name,
        subject: catalogue.subject,
        examBoard: catalogue.examBoard,
        level: catalogue.level,
        isPredicted: request.isPredicted,
        paperId: catalogue.id,
        tier: built.document.tier ?? null,
        options: JSON.stringify(request.options),
        document: JSON.stringify(built.document),
      }).returning().get();
      if (built.questionIds.length) {
        await tx.insert(generatedPaperQuestions).values(built.questionIds.map((questionId) => ({ generatedPaperId: inserted.id, questionId })));
      }
      return inserted;
    });
    return { paper: summarise(row), pdfBytes: pdf.byteLength, modelFailures: built.modelFailures, modelShare: built.modelShare };
  } catch (err) {
    await refundOperation(db, user.id, charge, `Refund: ${label} could not be generated`);
    if (err instanceof BankTooSmall) throw new HttpError(503, `${err.message} Your credit has not been used.`);
    if (err instanceof HttpError) throw err;
    currentLog().error("paper generation failed", { error: err });
    throw new HttpError(500, "The paper could not be generated. Your credit has not been used; please try again.");
  }
}

export function summarise(row: GeneratedRow): GeneratedPaperSummary {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    examBoard: row.examBoard,
    level: row.level,
    tier: row.tier,
    isPredicted: row.isPredicted === true,
    pdfUrl: pdfUrlFor(row.id),
    viewerUrl: viewerUrlFor(row.id),
    createdAt: row.createdAt,
  };
}

export async function listPapers(deps: Deps, userId: number, page: number, pageSize: number) {
  const where = eq(generatedPapers.userId, userId);
  const rows = await deps.db.select().from(generatedPapers).where(where)
    .orderBy(desc(generatedPapers.createdAt), desc(generatedPapers.id)).limit(pageSize).offset((page - 1) * pageSize).all();
  const total = (await deps.db.select({ n: count() }).from(generatedPapers).where(where).get())?.n ?? 0;
  return { papers: rows.map(summarise), total };
}

/** A student's own paper; another student's is simply not found. */
export async function ownPaper(deps: Deps, userId: number, id: number): Promise<GeneratedRow> {
  const row = await deps.db.select().from(generatedPapers).where(and(eq(generatedPapers.id, id), eq(generatedPapers.userId, userId))).get();
  if (!row) throw new HttpError(404, "Paper not found");
  return row;
}

export function documentOf(row: GeneratedRow): PaperDocument {
  const doc = JSON.parse(row.document) as PaperDocument;
  if (!doc.sections) throw new HttpError(404, "No questions found in the response.");
  return doc;
}

/** Options as the paper prints them: lettered where the board letters them. */
const optionsHtml = (options: string[], style: OptionStyle | undefined) =>
  `<ul>${options.map((o, i) => `<li>${optionsLettered(style) ? `<strong>${String.fromCharCode(65 + i)}</strong> ` : ""}${escapeHtml(o)}</li>`).join("")}</ul>`;
const placedFigureHtml = (placed: DocFigure) => figureHtml(placed.number, figureScene(placed.figure));
const escapeHtml = (s: string) => s.replace(/[&<>]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[ch]!);

/** The viewer's JSON (§3 Generated paper content): one entry a part, its content sanitised at build time. */
export function viewerPaper(row: GeneratedRow): ViewerPaper {
  const doc = documentOf(row);
  const questions = doc.sections.flatMap((section) =>
    section.questions.flatMap((q) =>
      q.items.flatMap((item) =>
        item.parts.map((part, i) => ({
          questionNumber: part.number,
          theme: item.topicName,
          sectionName: section.name,
          marks: part.marks,
          ...(part.spagMarks ? { spagMarks: part.spagMarks } : {}),
          content: `${i === 0 && item.stem ? item.stem : ""}${i === 0 && item.stemFigure ? placedFigureHtml(item.stemFigure) : ""}${part.content}${
            part.figure ? placedFigureHtml(part.figure) : ""
          }${part.options ? optionsHtml(part.options, doc.optionStyle) : ""}`,
          modelAnswer: part.modelAnswer,
          markScheme: part.markScheme,
          attribution: item.attribution,
        }))
      )
    )
  );
  return {
    success: true,
    format: "json",
    paperName: row.name,
    subject: row.subject,
    examBoard: row.examBoard,
    level: row.level,
    tier: row.tier,
    isPredicted: row.isPredicted === true,
    totalMarks: doc.totalMarks,
    timeMinutes: doc.timeMinutes,
    questions,
    evidence: doc.evidence ?? null,
  };
}

export async function deletePaper(deps: Deps, userId: number, id: number) {
  await ownPaper(deps, userId, id);
  await deps.db.delete(generatedPapers).where(and(eq(generatedPapers.id, id), eq(generatedPapers.userId, userId)));
}

export async function clearHistory(deps: Deps, userId: number): Promise<number> {
  const deleted = await deps.db.delete(generatedPapers).where(eq(generatedPapers.userId, userId)).returning({ id: generatedPapers.id }).all();
  return deleted.length;
}

export async function pdfOf(row: GeneratedRow): Promise<Uint8Array> {
  return renderPaperPdf(documentOf(row));
}
