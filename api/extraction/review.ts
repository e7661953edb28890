// The review list of a past paper's extracted questions and their way into the bank (issue 13): the
// admin edits a question's text, marks, topic and answers, then publishes it; published, it becomes
// real past questions (origin 'past') with a true attribution: the board, the paper code, the series
// and year, and the question number. Unpublishing, rejecting or deleting the document takes its bank
// rows out, so no future paper uses them; papers already generated keep their own copy.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { documentExtractions, documents, extractedQuestions, papers, questions } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import { questionType, readBlueprint } from "../papers/bank.ts";
import { applyStructureToBlueprint } from "../structure/blueprint.ts";
import { allSlots, type Blueprint, type Part, questionMarks } from "../../shared/papers.ts";
import { REVIEW_MESSAGES, type ReviewEdit, type ReviewItem, type ReviewPart, type ReviewStatus } from "../../shared/extraction-review.ts";
import { paperTopicsFor, requireDocument, type StoredExtraction } from "./document-extraction.ts";

type Row = typeof extractedQuestions.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

const toItem = (r: Row): ReviewItem => ({
  id: r.id,
  documentId: r.documentId,
  number: r.number,
  page: r.page,
  stem: r.stem,
  parts: JSON.parse(r.parts) as ReviewPart[],
  suggestedTopic: r.suggestedTopic,
  topicReason: r.topicReason,
  topic: r.topic,
  status: r.status as ReviewStatus,
  bankIds: JSON.parse(r.bankIds) as string[],
});

async function requireItem(db: Database | Tx, id: number): Promise<Row> {
  const row = await db.select().from(extractedQuestions).where(eq(extractedQuestions.id, id)).get();
  if (!row) throw new HttpError(404, "Extracted question not found");
  return row;
}

/** GET /api/extracted-questions?documentId=: the review list, with the topics to choose from. */
export async function reviewList(db: Database, documentId: number) {
  const doc = await requireDocument(db, documentId);
  const rows = await db.select().from(extractedQuestions).where(eq(extractedQuestions.documentId, documentId)).orderBy(asc(extractedQuestions.position)).all();
  const pages = await db.select({ result: documentExtractions.result }).from(documentExtractions).where(eq(documentExtractions.documentId, documentId)).get();
  return {
    document: { id: doc.id, title: doc.title, year: doc.year, tier: doc.tier, pages: pages ? (JSON.parse(pages.result) as StoredExtraction).statistics.pages : 0 },
    topics: (await paperTopicsFor(db, doc.paperId)).map(({ id, name }) => ({ id, name })),
    items: rows.map(toItem),
  };
}

const escape = (s: string) => s.replace(/[&<>]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;" })[c]!);
const paragraphs = (s: string) => s.split(/\n+/).map((p) => p.trim()).filter(Boolean).map((p) => `<p>${escape(p)}</p>`).join("");

/** A part as the bank stores it: the text, its table and options as safe HTML; the mark scheme's answer. */
function bankPart(p: ReviewPart): Part {
  const table = p.table
    ? `<table><thead><tr>${p.table.header.map((h) => `<th>${escape(h)}</th>`).join("")}</tr></thead><tbody>${
      p.table.rows.map((r) => `<tr>${r.map((c) => `<td>${escape(c)}</td>`).join("")}</tr>`).join("")
    }</tbody></table>`
    : "";
  // The engine prints exactly four options as a multiple-choice part; any other number stays a list in the text.
  const choice = p.options?.length === 4 && p.marks === 1;
  const list = p.options && !choice ? `<ul>${p.options.map((o) => `<li>${escape(o)}</li>`).join("")}</ul>` : "";
  return {
    content: paragraphs(p.text) + table + list,
    marks: p.marks!,
    ...(choice ? { options: p.options! } : {}),
    markScheme: paragraphs(p.answer),
    // A past paper publishes no model answer: the mark scheme's answer is what the board expects.
    modelAnswer: paragraphs(p.answer),
  };
}

/** Why an item cannot be published yet, or null. */
function unready(item: ReviewItem, topics: Set<string>): string | null {
  if (!item.topic || !topics.has(item.topic)) return REVIEW_MESSAGES.topicRequired;
  for (const p of item.parts) {
    if (!p.text.trim()) return REVIEW_MESSAGES.textRequired(p.number);
    if (!p.marks) return REVIEW_MESSAGES.marksRequired(p.number);
    if (!p.answer.trim()) return REVIEW_MESSAGES.answerRequired(p.number);
  }
  return null;
}

/**
 * Whether the paper's slots are single parts (RS: a slot per part, with its style) rather than whole
 * questions (the sciences, maths: a slot per question number): the bank rows then follow suit.
 */
const slotsArePart = (bp: Blueprint | null) => {
  if (!bp) return false;
  const perNumber = new Map<string, number>();
  bp.sections.forEach((s, si) => s.slots.forEach((slot) => perNumber.set(`${si}:${slot.question}`, (perNumber.get(`${si}:${slot.question}`) ?? 0) + 1)));
  return [...perNumber.values()].some((n) => n > 1);
};
/** The style the paper's slots of these marks all have, if they agree on one (RS: a 12-mark part is 'evaluate'). */
function styleFor(bp: Blueprint | null, marks: number): string | null {
  const styles = new Set(bp ? allSlots(bp).filter((s) => s.marks === marks).map((s) => s.style ?? null) : []);
  return styles.size === 1 ? [...styles][0] : null;
}

const rowId = (documentId: number, number: string) => `past-${documentId}-${number.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;

/** The bank rows a published item is: one per question, or one per part where the paper's slots are parts. */
async function bankRowsFor(tx: Tx, item: ReviewItem) {
  const doc = (await tx.select().from(documents).where(eq(documents.id, item.documentId)).get())!;
  const paper = (await tx.select().from(papers).where(eq(papers.id, doc.paperId)).get())!;
  const stored = await tx.select({ result: documentExtractions.result }).from(documentExtractions).where(eq(documentExtractions.documentId, doc.id)).get();
  const cover = stored ? (JSON.parse(stored.result) as StoredExtraction).cover : null;
  const bp = readBlueprint(paper.blueprint);
  const common = {
    paperId: paper.id,
    examBoard: paper.examBoard,
    subject: paper.subject,
    level: paper.level,
    tier: doc.tier ?? cover?.tier ?? "Both",
    topic: item.topic!,
    origin: "past",
    attribution: "",
    // The paper's code as its cover prints it (8461/1H), else the catalogue's; the series as the cover dates it.
    paperCode: cover?.paperCode ?? paper.subjectCode ?? null,
    series: cover?.series ?? null,
    year: doc.year ?? cover?.year ?? null,
  };
  const stem = item.stem?.trim() ? paragraphs(item.stem) : null;
  const groups = slotsArePart(bp) ? item.parts.map((p) => ({ number: p.number, parts: [p] })) : [{ number: item.number, parts: item.parts }];
  return groups.map((g) => {
    const parts = g.parts.map(bankPart);
    return {
      ...common,
      id: rowId(doc.id, g.number),
      style: g.parts.length === 1 ? styleFor(bp, parts[0].marks) : null,
      type: questionType({ parts }),
      marks: questionMarks({ parts }),
      stem,
      parts: JSON.stringify(parts),
      questionNumber: g.number,
    };
  });
}

/** After the bank changed: a paper built from an admin's structure has its shortfall note brought up to date. */
async function refreshPaper(db: Database, documentId: number) {
  const row = await db.select({ paperId: documents.paperId, blueprint: papers.blueprint }).from(documents).innerJoin(papers, eq(papers.id, documents.paperId))
    .where(eq(documents.id, documentId)).get();
  if (row && readBlueprint(row.blueprint)?.fromStructure) await applyStructureToBlueprint(db, row.paperId);
}

/** Writes an item's status and bank rows in one go: its old rows out, its new ones (if published) in. */
async function settle(tx: Tx, userId: number, before: Row, next: ReviewItem, action: string) {
  const old = JSON.parse(before.bankIds) as string[];
  if (old.length) await tx.delete(questions).where(inArray(questions.id, old));
  let bankIds: string[] = [];
  if (next.status === "published") {
    const rows = await bankRowsFor(tx, next);
    // A row of that id from elsewhere (never expected) is not overwritten silently.
    const clash = await tx.select({ id: questions.id }).from(questions).where(inArray(questions.id, rows.map((r) => r.id))).all();
    if (clash.length) throw new HttpError(409, `The bank already has a question ${clash[0].id}.`);
    await tx.insert(questions).values(rows);
    bankIds = rows.map((r) => r.id);
  }
  const after = { ...next, bankIds };
  await tx.update(extractedQuestions).set({
    stem: after.stem,
    parts: JSON.stringify(after.parts),
    topic: after.topic,
    status: after.status,
    bankIds: JSON.stringify(bankIds),
    updatedAt: new Date().toISOString(),
  }).where(eq(extractedQuestions.id, before.id));
  await recordAudit(tx, { userId, action, entity: "extracted_question", entityId: before.id, before: toItem(before), after });
  return after;
}

/** PATCH /api/extracted-questions/{id}: the admin's edits; a published question's bank rows follow them. */
export async function editItem(db: Database, userId: number, id: number, edit: ReviewEdit): Promise<ReviewItem> {
  const before = await requireItem(db, id);
  const item = toItem(before);
  const topics = new Set((await paperTopicsFor(db, (await requireDocument(db, item.documentId)).paperId)).map((t) => t.id));
  if (edit.topic !== undefined && edit.topic !== null && !topics.has(edit.topic)) throw new HttpError(400, "That topic is not one of the paper's topics.");
  const parts = item.parts.map((p) => ({ ...p }));
  for (const change of edit.parts ?? []) {
    const part = parts.find((p) => p.number === change.number);
    if (!part) throw new HttpError(400, `Question ${item.number} has no part ${change.number}.`);
    Object.assign(part, { text: change.text.trim(), marks: change.marks, answer: change.answer.trim() });
  }
  const next: ReviewItem = { ...item, parts, stem: edit.stem === undefined ? item.stem : edit.stem?.trim() || null, topic: edit.topic === undefined ? item.topic : edit.topic };
  if (next.status === "published") {
    const why = unready(next, topics);
    if (why) throw new HttpError(400, `${why} (It is published, so its edits must keep it publishable.)`);
  }
  const saved = await db.transaction((tx) => settle(tx, userId, before, next, "extracted_question.edit"));
  if (saved.status === "published") await refreshPaper(db, item.documentId);
  return saved;
}

/** Publish, unpublish (back to pending) or reject one question. */
export async function setStatus(db: Database, userId: number, id: number, status: ReviewStatus): Promise<ReviewItem> {
  const before = await requireItem(db, id);
  const item = toItem(before);
  if (status === "published") {
    const why = unready(item, new Set((await paperTopicsFor(db, (await requireDocument(db, item.documentId)).paperId)).map((t) => t.id)));
    if (why) throw new HttpError(400, why);
  }
  const action = status === "published" ? "extracted_question.publish" : status === "rejected" ? "extracted_question.reject" : "extracted_question.unpublish";
  const saved = await db.transaction((tx) => settle(tx, userId, before, { ...item, status }, action));
  await refreshPaper(db, item.documentId);
  return saved;
}

/** POST /api/extracted-questions/publish-all: every pending question that is ready; the others are named with why. */
export async function publishAll(db: Database, userId: number, documentId: number) {
  const doc = await requireDocument(db, documentId);
  const topics = new Set((await paperTopicsFor(db, doc.paperId)).map((t) => t.id));
  const pending = await db.select().from(extractedQuestions).where(and(eq(extractedQuestions.documentId, documentId), eq(extractedQuestions.status, "pending")))
    .orderBy(asc(extractedQuestions.position)).all();
  const skipped: { number: string; reason: string }[] = [];
  let published = 0;
  await db.transaction(async (tx) => {
    for (const row of pending) {
      const item = toItem(row);
      const why = unready(item, topics);
      if (why) skipped.push({ number: item.number, reason: why });
      else {
        await settle(tx, userId, row, { ...item, status: "published" }, "extracted_question.publish");
        published++;
      }
    }
  });
  await refreshPaper(db, documentId);
  return { published, skipped };
}

/** Before a document is deleted: the bank rows its published questions are (its review list goes with it by cascade). */
export async function removeBankRowsOf(tx: Tx, documentId: number) {
  const rows = await tx.select({ bankIds: extractedQuestions.bankIds }).from(extractedQuestions).where(eq(extractedQuestions.documentId, documentId)).all();
  const ids = rows.flatMap((r) => JSON.parse(r.bankIds) as string[]);
  if (ids.length) await tx.delete(questions).where(inArray(questions.id, ids));
  return ids.length;
}
