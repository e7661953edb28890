// Admin changes to the catalogue (admin-tools.md §2 Exam Papers, §5, §7): subjects, boards and levels
// as records, the offerings (which boards offer a subject at a level), and papers created, edited,
// restructured and deleted. Each change and its audit entry are written in one transaction, and the
// cached public lists are dropped after it, so the change shows at once on this server.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { adminDefaults, auditLog, documentContents, documents, examBoards, generatedPapers, levels, offerings, papers, paperTopics, questions, subjects, users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import { applyStructureToBlueprint } from "../structure/blueprint.ts";
import { readExamDates, recordFormExamDate } from "./exam-dates.ts";
import { nextExamDay } from "../../shared/exam-dates.ts";
import { invalidateCatalogue, listExamBoards, listLevels, listPapers, listSubjects } from "./service.ts";
import { type AdminDefaults, adminDefaultsSchema, type OfferingInput, type PaperDetails, type StructureSection } from "../../shared/catalogue.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Everything the /exam-papers columns need, read fresh (never from the 5-minute list cache). */
export async function adminCatalogue(db: Database) {
  const [subjectRows, boardRows, levelRows, offeringRows, paperRows] = await Promise.all([
    listSubjects(db),
    listExamBoards(db),
    listLevels(db),
    db.select({ id: offerings.id, subjectId: offerings.subjectId, examBoardId: offerings.examBoardId, levelId: offerings.levelId }).from(offerings).orderBy(asc(offerings.id)).all(),
    listPapers(db),
  ]);
  return { subjects: subjectRows, examBoards: boardRows.map(({ id, name }) => ({ id, name })), levels: levelRows, offerings: offeringRows, papers: paperRows };
}

const RECORD_TABLES = { subject: subjects, examBoard: examBoards, level: levels } as const;
type RecordKind = keyof typeof RECORD_TABLES;
const KIND_LABEL: Record<RecordKind, string> = { subject: "subject", examBoard: "exam board", level: "level" };

/** Adds a subject, exam board or level; names are unique case-insensitively (409 otherwise). */
export async function addRecord(db: Database, userId: number, kind: RecordKind, name: string) {
  const table = RECORD_TABLES[kind];
  const row = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: table.id }).from(table).where(sql`lower(${table.name}) = lower(${name})`).get();
    if (existing) throw new HttpError(409, `The ${KIND_LABEL[kind]} '${name}' already exists`);
    const last = await tx.select({ n: sql<number>`coalesce(max(${table.sortOrder}), -1)` }).from(table).get();
    const created = await tx.insert(table).values({ name, sortOrder: (last?.n ?? -1) + 1 }).returning({ id: table.id, name: table.name }).get();
    await recordAudit(tx, { userId, action: `${kind}.add`, entity: kind, entityId: created.id, after: created });
    return created;
  });
  invalidateCatalogue(db);
  return row;
}

/** The ids of an offering's three records, by name (404 naming the one that is missing). */
async function recordIds(tx: Tx | Database, input: OfferingInput) {
  const find = async (kind: RecordKind, name: string) => {
    const table = RECORD_TABLES[kind];
    const row = await tx.select({ id: table.id, name: table.name }).from(table).where(eq(table.name, name)).get();
    if (!row) throw new HttpError(404, `There is no ${KIND_LABEL[kind]} '${name}' in the catalogue: add it first.`);
    return row.id;
  };
  return { subjectId: await find("subject", input.subject), examBoardId: await find("examBoard", input.examBoard), levelId: await find("level", input.level) };
}

/** The offering of a subject, board and level, created (with its audit entry) when missing. */
async function ensureOffering(tx: Tx, userId: number, input: OfferingInput) {
  const ids = await recordIds(tx, input);
  const existing = await tx.select({ id: offerings.id }).from(offerings)
    .where(and(eq(offerings.subjectId, ids.subjectId), eq(offerings.examBoardId, ids.examBoardId), eq(offerings.levelId, ids.levelId))).get();
  if (existing) return { id: existing.id, created: false };
  const row = await tx.insert(offerings).values(ids).returning({ id: offerings.id }).get();
  await recordAudit(tx, { userId, action: "offering.add", entity: "offering", entityId: row.id, after: { ...input, ...ids } });
  return { id: row.id, created: true };
}

/** POST /api/offerings: the board offers the subject at the level (409 when it already does). */
export async function addOffering(db: Database, userId: number, input: OfferingInput) {
  const result = await db.transaction(async (tx) => {
    const made = await ensureOffering(tx, userId, input);
    if (!made.created) throw new HttpError(409, `${input.examBoard} already offers ${input.subject} at ${input.level}`);
    return { id: made.id, ...(await recordIds(tx, input)) };
  });
  invalidateCatalogue(db);
  return result;
}

/** DELETE /api/offerings/:id: refused while papers of that subject, board and level exist. */
export async function deleteOffering(db: Database, userId: number, id: number) {
  await db.transaction(async (tx) => {
    const row = await tx.select({ id: offerings.id, subject: subjects.name, examBoard: examBoards.name, level: levels.name }).from(offerings)
      .innerJoin(subjects, eq(subjects.id, offerings.subjectId)).innerJoin(examBoards, eq(examBoards.id, offerings.examBoardId))
      .innerJoin(levels, eq(levels.id, offerings.levelId)).where(eq(offerings.id, id)).get();
    if (!row) throw new HttpError(404, "Offering not found");
    const used = await tx.select({ id: papers.id }).from(papers)
      .where(and(eq(papers.subject, row.subject), eq(papers.examBoard, row.examBoard), eq(papers.level, row.level))).get();
    if (used) throw new HttpError(409, `${row.examBoard} ${row.subject} at ${row.level} still has papers: delete them first.`);
    await tx.delete(offerings).where(eq(offerings.id, id));
    await recordAudit(tx, { userId, action: "offering.delete", entity: "offering", entityId: id, before: row });
  });
  invalidateCatalogue(db);
}

const paperColumns = {
  id: papers.id,
  name: papers.name,
  subject: papers.subject,
  examBoard: papers.examBoard,
  level: papers.level,
  description: papers.description,
  subjectCode: papers.subjectCode,
  sectionCount: papers.sectionCount,
  questionStructure: papers.questionStructure,
};
async function paperRow(tx: Tx | Database, id: number) {
  const row = await tx.select(paperColumns).from(papers).where(eq(papers.id, id)).get();
  if (!row) throw new HttpError(404, "Paper not found");
  return row;
}

const detailsRow = (d: PaperDetails) => ({
  name: d.name,
  subject: d.subject,
  examBoard: d.examBoard,
  level: d.level,
  description: d.description ?? null,
  subjectCode: d.subjectCode ?? null,
});

/** A paper as the admin routes return it: its columns, exam dates and next exam date. */
async function withExamDates(tx: Tx | Database, row: Awaited<ReturnType<typeof paperRow>>) {
  const dates = await readExamDates(tx, row.id);
  return { ...row, examDate: nextExamDay(dates), examDates: dates };
}

async function refuseDuplicate(tx: Tx, d: PaperDetails, exceptId?: number) {
  const same = await tx.select({ id: papers.id }).from(papers)
    .where(and(eq(papers.subject, d.subject), eq(papers.examBoard, d.examBoard), eq(papers.level, d.level), eq(papers.name, d.name))).get();
  if (same && same.id !== exceptId) throw new HttpError(409, `${d.examBoard} ${d.subject} ${d.level} already has a paper named '${d.name}'`);
}

/** POST /api/papers: a new paper of an offering (made when missing), with no structure yet. */
export async function createPaper(db: Database, userId: number, details: PaperDetails) {
  const row = await db.transaction(async (tx) => {
    await ensureOffering(tx, userId, details);
    await refuseDuplicate(tx, details);
    const inserted = await tx.insert(papers).values({ ...detailsRow(details), sectionCount: 1, questionStructure: "" }).returning(paperColumns).get();
    await recordFormExamDate(tx, inserted.id, details.examDate);
    const created = await withExamDates(tx, inserted);
    await recordAudit(tx, { userId, action: "paper.add", entity: "paper", entityId: created.id, after: created });
    return created;
  });
  invalidateCatalogue(db);
  return row;
}

/** PATCH /api/papers/:id with details: name, subject, board, level, description, code, date. */
export async function updatePaperDetails(db: Database, userId: number, id: number, details: PaperDetails) {
  const row = await db.transaction(async (tx) => {
    const before = await withExamDates(tx, await paperRow(tx, id));
    await ensureOffering(tx, userId, details);
    await refuseDuplicate(tx, details, id);
    const updated = await tx.update(papers).set(detailsRow(details)).where(eq(papers.id, id)).returning(paperColumns).get();
    await recordFormExamDate(tx, id, details.examDate);
    const after = await withExamDates(tx, updated);
    await recordAudit(tx, { userId, action: "paper.update", entity: "paper", entityId: id, before, after });
    return after;
  });
  invalidateCatalogue(db);
  return row;
}

/** PATCH /api/papers/:id with {questionStructure, sectionCount}: the admin's structure (no 'seeded' mark, so the seed keeps it). */
export async function savePaperStructure(db: Database, userId: number, id: number, sections: StructureSection[]) {
  const row = await db.transaction(async (tx) => {
    const before = await paperRow(tx, id);
    const after = await withExamDates(tx, await tx.update(papers).set({ questionStructure: JSON.stringify({ sections }), sectionCount: sections.length })
      .where(eq(papers.id, id)).returning(paperColumns).get());
    await recordAudit(tx, {
      userId,
      action: "paper.structure",
      entity: "paper",
      entityId: id,
      before: { questionStructure: before.questionStructure, sectionCount: before.sectionCount },
      after: { questionStructure: after.questionStructure, sectionCount: after.sectionCount },
    });
    return after;
  });
  // The engine's blueprint follows the saved structure (and whether it can be generated, with why not).
  await applyStructureToBlueprint(db, id);
  invalidateCatalogue(db);
  return row;
}

/**
 * DELETE /api/papers/:id: the paper, its documents (and their bytes), its structure and its bank
 * questions, in one transaction. Students' generated papers are not touched: each keeps its own
 * stored document (its PDF is rendered from it) and only loses the link to the catalogue paper
 * (generated_papers.paper_id becomes null); the credit ledger is never read here.
 */
export async function deleteCataloguePaper(db: Database, userId: number, id: number) {
  const removed = await db.transaction(async (tx) => {
    const before = await paperRow(tx, id);
    const docs = await tx.select({ id: documents.id }).from(documents).where(eq(documents.paperId, id)).all();
    for (const d of docs) await tx.delete(documentContents).where(eq(documentContents.documentId, d.id));
    await tx.delete(documents).where(eq(documents.paperId, id));
    const bank = await tx.delete(questions).where(eq(questions.paperId, id)).returning({ id: questions.id }).all();
    const topics = await tx.delete(paperTopics).where(eq(paperTopics.paperId, id)).returning({ id: paperTopics.id }).all();
    // The schema says generated_papers.paper_id is `on delete set null`, but migration 0003 added the
    // column with ALTER TABLE, which cannot carry that action: the link is cut here, as the schema
    // means. Only the link: the student's paper, its document and its PDF stay as they are.
    await tx.update(generatedPapers).set({ paperId: null }).where(eq(generatedPapers.paperId, id));
    await tx.delete(papers).where(eq(papers.id, id));
    const counts = { documents: docs.length, questions: bank.length, topics: topics.length };
    // `before` identifies the paper, so the seed never brings a deleted seeded paper back.
    await recordAudit(tx, { userId, action: "paper.delete", entity: "paper", entityId: id, before: { ...before, removed: counts } });
    return counts;
  });
  invalidateCatalogue(db);
  return removed;
}

/** Identities (subject|board|level|name) of papers an admin deleted: the seed does not recreate them. */
export async function deletedPaperIdentities(db: Database): Promise<Set<string>> {
  const rows = await db.select({ before: auditLog.before }).from(auditLog).where(eq(auditLog.action, "paper.delete")).all();
  const out = new Set<string>();
  for (const r of rows) {
    try {
      const p = JSON.parse(r.before ?? "{}") as { subject?: string; examBoard?: string; level?: string; name?: string };
      if (p.name) out.add(paperIdentityKey(p as Required<typeof p>));
    } catch {
      // an unreadable entry names no paper
    }
  }
  return out;
}
export const paperIdentityKey = (p: { subject: string; examBoard: string; level: string; name: string }) => [p.subject, p.examBoard, p.level, p.name].join("|");

/** GET /api/audit-log: the newest entries first, with who made them. */
export async function listAudit(db: Database, q: { entity?: string; entityId?: number; limit: number }) {
  const where = and(q.entity ? eq(auditLog.entity, q.entity) : undefined, q.entityId ? eq(auditLog.entityId, q.entityId) : undefined);
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, entity: auditLog.entity, entityId: auditLog.entityId, before: auditLog.before, after: auditLog.after, createdAt: auditLog.createdAt, userId: auditLog.userId, username: users.username })
    .from(auditLog).leftJoin(users, eq(users.id, auditLog.userId)).where(where).orderBy(desc(auditLog.id)).limit(q.limit).all();
  const parse = (s: string | null) => (s === null ? null : JSON.parse(s));
  return rows.map((r) => ({ ...r, before: parse(r.before), after: parse(r.after) }));
}

/** An admin's default settings (§3), the form's defaults when none are stored. */
export async function readAdminDefaults(db: Database, userId: number): Promise<AdminDefaults> {
  const row = await db.select({ value: adminDefaults.value }).from(adminDefaults).where(eq(adminDefaults.userId, userId)).get();
  let stored: unknown = {};
  try {
    stored = row ? JSON.parse(row.value) : {};
  } catch {
    // unreadable: the defaults
  }
  const parsed = adminDefaultsSchema.safeParse(stored);
  return parsed.success ? parsed.data : adminDefaultsSchema.parse({});
}

export async function saveAdminDefaults(db: Database, userId: number, value: AdminDefaults): Promise<AdminDefaults> {
  const json = JSON.stringify(value);
  await db.insert(adminDefaults).values({ userId, value: json })
    .onConflictDoUpdate({ target: adminDefaults.userId, set: { value: json, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` } });
  return value;
}
