// Extraction of a catalogue paper's document (admin-tools.md §4 past-paper extraction status, §7
// POST /api/extract-paper-content/{fileId}): the offline extractor reads the PDF, the paper's mark
// scheme of the same year (and tier) is matched to it by number, and the result is stored as the
// document's extraction JSON and, for a past paper, as its review list (one item per question
// number, with a topic suggested from the paper's topics). Extracting again replaces what is still
// pending; questions the admin published or rejected keep the admin's decision.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { documentExtractions, documents, extractedQuestions, paperTopics, papers } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import { documentBytes } from "../documents/service.ts";
import { readBlueprint } from "../papers/bank.ts";
import { slugs } from "../structure/blueprint.ts";
import { pdfText } from "../structure/pdf-text.ts";
import { DOCUMENT_TYPE_LABELS, type DocumentType } from "../../shared/documents.ts";
import type { Topic } from "../../shared/papers.ts";
import type { ExtractionStatus, ReviewPart } from "../../shared/extraction-review.ts";
import { extractPdf, type ExtractedQuestion, type PaperExtraction } from "./extract.ts";
import { tidyLowConfidencePages } from "./tidy.ts";
import type { ModelClient } from "../ai/client.ts";
import { currentLog } from "../log.ts";
import { extractMarkScheme, type SchemeAnswer } from "./mark-scheme.ts";
import { suggestTopic } from "./topic-match.ts";

/** §4: extraction is tracked only for past papers and examiner reports. */
export const EXTRACTABLE: readonly DocumentType[] = ["pastPaper", "examinerReport"];

/** The stored extraction JSON (/extracted-content/{fileId}.json). */
export interface StoredExtraction extends PaperExtraction {
  document: { id: number; title: string; type: string; year: number | null; tier: string | null };
  markScheme: { documentId: number; title: string; answers: SchemeAnswer[] } | null;
  extractedAt: string;
}

/** Documents being extracted in this process: a second request for one waits for none (409). */
const running = new Set<number>();

export async function requireDocument(db: Database, id: number) {
  const doc = await db.select().from(documents).where(eq(documents.id, id)).get();
  if (!doc) throw new HttpError(404, "Document not found");
  return doc;
}

/** The topics a paper's questions are tagged with: its blueprint's, else the admin's study topics (with the ids its blueprint will give them). */
export async function paperTopicsFor(db: Database, paperId: number): Promise<Topic[]> {
  const paper = await db.select({ blueprint: papers.blueprint }).from(papers).where(eq(papers.id, paperId)).get();
  const bp = readBlueprint(paper?.blueprint ?? null);
  if (bp) return bp.topics;
  const stored = await db.select({ name: paperTopics.name, description: paperTopics.description }).from(paperTopics)
    .where(eq(paperTopics.paperId, paperId)).orderBy(asc(paperTopics.sortOrder), asc(paperTopics.id)).all();
  const ids = slugs(stored.map((t) => t.name));
  return stored.map((t, i) => ({ id: ids[i], name: t.name, description: t.description }));
}

/** The question number a part belongs to, as printed: "02.1" → "02", "1(a)(ii)" → "1", "05" → "05". */
export const questionNumberOf = (partNumber: string) => /^(\d{2})\./.exec(partNumber)?.[1] ?? /^\d+/.exec(partNumber)?.[0] ?? partNumber;

/** The paper's mark scheme for this document: same year, and the same tier when either names one. */
async function markSchemeFor(db: Database, doc: typeof documents.$inferSelect) {
  if (doc.type !== "pastPaper" || doc.year === null) return null;
  const schemes = await db.select({ id: documents.id, title: documents.title, tier: documents.tier }).from(documents)
    .where(and(eq(documents.paperId, doc.paperId), eq(documents.type, "markScheme"), eq(documents.year, doc.year))).orderBy(asc(documents.id)).all();
  return schemes.find((s) => s.tier === doc.tier) ?? schemes.find((s) => !s.tier || !doc.tier) ?? null;
}

/** Review items from an extraction: its parts grouped by question number, with answers and a suggested topic. */
function reviewItems(questions: ExtractedQuestion[], answers: SchemeAnswer[], topics: Topic[]) {
  const answerOf = new Map(answers.map((a) => [a.number, a.answer]));
  const groups = new Map<string, ExtractedQuestion[]>();
  for (const q of questions) {
    const n = questionNumberOf(q.number);
    groups.set(n, [...(groups.get(n) ?? []), q]);
  }
  return [...groups].map(([number, qs], position) => {
    const parts: ReviewPart[] = qs.map((q) => ({
      number: q.number,
      marks: q.marks,
      text: q.text,
      options: q.options,
      table: q.table,
      answer: answerOf.get(q.number) ?? "",
      page: q.page,
      confidence: q.confidence,
    }));
    const stem = qs[0].stem;
    const words = [stem ?? "", ...parts.flatMap((p) => [p.text, ...(p.options ?? []), ...(p.table ? [p.table.header.join(" "), ...p.table.rows.flat()] : []), p.answer])].join(" ");
    const suggestion = suggestTopic(words, topics);
    return { number, position, page: qs[0].page, stem, parts, suggestedTopic: suggestion.topic, topicReason: suggestion.reason, topic: suggestion.topic };
  });
}

/** POST /api/extract-paper-content/{fileId}: extracts the document and stores the result. */
export async function extractDocument(db: Database, userId: number, documentId: number, model: ModelClient | null = null): Promise<{ success: true; extraction: StoredExtraction; questions: number }> {
  const doc = await requireDocument(db, documentId);
  if (!EXTRACTABLE.includes(doc.type as DocumentType)) {
    throw new HttpError(400, `Extraction is for past papers and examiner reports: this document is a ${(DOCUMENT_TYPE_LABELS[doc.type as DocumentType] ?? doc.type).toLowerCase()}.`);
  }
  if (running.has(documentId)) throw new HttpError(409, "This document is already being extracted: wait for it to finish.");
  running.add(documentId);
  try {
    const extraction = await extractPdf(await documentBytes(db, documentId));
    // With a model configured, pages read with Low confidence are tidied, checked against this reading.
    if (model) {
      for (const o of await tidyLowConfidencePages(model, extraction)) {
        currentLog().info(o.used ? "extraction: a model tidied a page" : "extraction: a model's tidying was refused", { documentId, page: o.page, problems: o.problems.join(" ") });
      }
    }
    const scheme = await markSchemeFor(db, doc);
    const answers = scheme ? extractMarkScheme((await pdfText(await documentBytes(db, scheme.id))).lines, extraction.questions.map((q) => q.number)) : [];
    const stored: StoredExtraction = {
      document: { id: doc.id, title: doc.title, type: doc.type, year: doc.year, tier: doc.tier },
      ...extraction,
      markScheme: scheme ? { documentId: scheme.id, title: scheme.title, answers } : null,
      extractedAt: new Date().toISOString(),
    };
    const items = doc.type === "pastPaper" ? reviewItems(extraction.questions, answers, await paperTopicsFor(db, doc.paperId)) : [];
    await db.transaction(async (tx) => {
      // The document may have been deleted while it was read.
      if (!await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, documentId)).get()) throw new HttpError(404, "Document not found");
      const values = { result: JSON.stringify(stored), markSchemeId: scheme?.id ?? null, extractedBy: userId, extractedAt: stored.extractedAt };
      await tx.insert(documentExtractions).values({ documentId, ...values }).onConflictDoUpdate({ target: documentExtractions.documentId, set: values });
      // The admin's decisions stand: published and rejected questions are kept as they are.
      const decided = await tx.select({ number: extractedQuestions.number }).from(extractedQuestions)
        .where(and(eq(extractedQuestions.documentId, documentId), inArray(extractedQuestions.status, ["published", "rejected"]))).all();
      const keep = new Set(decided.map((d) => d.number));
      await tx.delete(extractedQuestions).where(and(eq(extractedQuestions.documentId, documentId), eq(extractedQuestions.status, "pending")));
      for (const item of items.filter((i) => !keep.has(i.number))) {
        await tx.insert(extractedQuestions).values({ documentId, ...item, parts: JSON.stringify(item.parts) });
      }
      await recordAudit(tx, {
        userId,
        action: "document.extract",
        entity: "document",
        entityId: documentId,
        after: { questions: extraction.questions.length, reviewItems: items.length, markScheme: scheme?.id ?? null },
      });
    });
    return { success: true, extraction: stored, questions: extraction.questions.length };
  } finally {
    running.delete(documentId);
  }
}

/** GET /api/extraction-status/{fileId} (§4): processed once an extraction is stored. */
export async function extractionStatus(db: Database, documentId: number): Promise<ExtractionStatus> {
  await requireDocument(db, documentId);
  const row = await db.select({ at: documentExtractions.extractedAt, result: documentExtractions.result }).from(documentExtractions)
    .where(eq(documentExtractions.documentId, documentId)).get();
  const items = await db.select({ status: extractedQuestions.status }).from(extractedQuestions).where(eq(extractedQuestions.documentId, documentId)).all();
  return {
    processed: Boolean(row),
    extracting: running.has(documentId),
    extractedAt: row?.at ?? null,
    questions: row ? (JSON.parse(row.result) as StoredExtraction).questions.length : 0,
    published: items.filter((i) => i.status === "published").length,
  };
}

/** /extracted-content/{fileId}.json: the stored extraction, as stored. */
export async function extractedContent(db: Database, documentId: number): Promise<string> {
  await requireDocument(db, documentId);
  const row = await db.select({ result: documentExtractions.result }).from(documentExtractions).where(eq(documentExtractions.documentId, documentId)).get();
  if (!row) throw new HttpError(404, "This document has not been extracted yet.");
  return row.result;
}
