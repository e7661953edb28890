// Analyze Structure (admin-tools.md §2 Dialogs, §4, §7): reads one of a paper's past-paper documents
// and proposes its structure. The offline parser (parse.ts) does the work; a configured model may
// then correct the types and marks it read, number by number, but never adds or removes a question:
// an answer naming a number the parser did not find, or leaving marks out of range, is ignored.
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { Deps } from "../context.ts";
import { documents } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { documentBytes, requirePaper } from "../documents/service.ts";
import { completeStructured, type ModelClient, modelClient } from "../ai/client.ts";
import { currentLog } from "../log.ts";
import { QUESTION_TYPES } from "../../shared/papers.ts";
import type { AnalyzedStructure, StructureSection } from "../../shared/structure.ts";
import { pdfLines } from "./pdf-text.ts";
import { type ParsedPaper, parsePaper, toStructureSections } from "./parse.ts";

export interface AnalyzeResult {
  success: true;
  paperStructure: AnalyzedStructure;
  /** The same structure as the editor stores it (papers.question_structure), to open in edit mode. */
  questionStructure: string;
  convention: ParsedPaper["convention"];
  /** Whether a model reviewed the offline result. */
  refinedByModel: boolean;
}

export function summarise(sections: StructureSection[]): AnalyzedStructure {
  const out = sections.map((s) => ({
    name: s.name,
    questionCount: s.questions.length,
    marks: s.questions.reduce((n, q) => n + (q.marks ?? 0), 0),
    questionTypes: [...new Set(s.questions.map((q) => q.type))],
    questionMarks: s.questions.map((q) => q.marks),
    questionIds: s.questions.map((q) => q.displayName ?? q.id),
  }));
  return {
    totalSections: out.length,
    totalQuestions: out.reduce((n, s) => n + s.questionCount, 0),
    totalMarks: out.reduce((n, s) => n + s.marks, 0),
    sections: out,
  };
}

const refinementSchema = z.object({
  questions: z.array(z.object({ number: z.string(), type: z.enum(QUESTION_TYPES), marks: z.number().int() })),
});

const REFINE_SYSTEM = [
  "You check the structure an offline parser read from a UK exam paper's text.",
  "For each question number it found, give the question type and the marks the paper prints for it.",
  "Use only the numbers you are given: never add, split or merge questions.",
].join(" ");

/** A model's corrections of types and marks, applied only to the numbers the parser found. */
export async function refineWithModel(mc: ModelClient, parsed: ParsedPaper, paperText: string): Promise<ParsedPaper> {
  const numbers = parsed.sections.flatMap((s) => s.questions.map((q) => ({ number: q.number, type: q.type, marks: q.marks, text: q.text.slice(0, 300) })));
  const answer = await completeStructured(mc, "paper_structure", refinementSchema, REFINE_SYSTEM, JSON.stringify({ questions: numbers, paperText: paperText.slice(0, 30_000) }));
  const byNumber = new Map(answer.questions.map((q) => [q.number, q]));
  return {
    ...parsed,
    sections: parsed.sections.map((s) => ({
      ...s,
      questions: s.questions.map((q) => {
        const fix = byNumber.get(q.number);
        if (!fix) return q;
        return { ...q, type: fix.type, marks: fix.marks >= 1 && fix.marks <= 50 ? fix.marks : q.marks };
      }),
    })),
  };
}

export async function analyzePaperStructure(deps: Deps, paperId: number, documentId: number): Promise<AnalyzeResult> {
  await requirePaper(deps.db, paperId);
  const doc = await deps.db.select({ type: documents.type }).from(documents).where(and(eq(documents.id, documentId), eq(documents.paperId, paperId))).get();
  if (!doc) throw new HttpError(404, "That document is not one of this paper's documents.");
  if (doc.type !== "pastPaper") throw new HttpError(400, "Please select a past paper to analyze: this document is not a past paper.");
  const bytes = await documentBytes(deps.db, documentId);
  let lines;
  try {
    lines = await pdfLines(new Uint8Array(bytes));
  } catch (err) {
    throw new HttpError(422, `The PDF could not be read: ${(err as Error).message}`);
  }
  if (!lines.length) throw new HttpError(422, "The PDF has no text to read (it may be scanned images): the structure has to be entered by hand.");
  let parsed = parsePaper(lines);
  if (!parsed.sections.length) {
    throw new HttpError(422, "No numbered questions with marks were found in this PDF (AQA 01.1 … [4 marks], Edexcel 1 (a) … (4), OCR 1 (a) … [4]).");
  }
  let refinedByModel = false;
  const mc = modelClient(deps.env);
  if (mc) {
    try {
      parsed = await refineWithModel(mc, parsed, lines.map((l) => l.text).join("\n"));
      refinedByModel = true;
    } catch (err) {
      // The offline result stands; the model's failure is only logged.
      currentLog().warn("structure refinement by the model failed", { error: (err as Error).message });
    }
  }
  const sections = toStructureSections(parsed);
  return {
    success: true,
    paperStructure: summarise(sections),
    questionStructure: JSON.stringify({ sections }),
    convention: parsed.convention,
    refinedByModel,
  };
}
