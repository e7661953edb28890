// A paper's exam dates by series (issue 17): read for the pages, replaced as a whole by an admin, and
// the single date of the spec's paper form kept as the date of its series. Every change is audited in
// the same transaction, and the cached catalogue lists are dropped after it.
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { examDates, papers } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import { invalidateCatalogue } from "./service.ts";
import { ADMIN_ENTERED_SOURCE, type ExamDate, seriesOf } from "../../shared/exam-dates.ts";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function readExamDates(db: Database | Tx, paperId: number): Promise<ExamDate[]> {
  return await db.select({ series: examDates.series, date: examDates.date, source: examDates.source }).from(examDates)
    .where(eq(examDates.paperId, paperId)).orderBy(asc(examDates.date)).all();
}

async function requirePaper(db: Database | Tx, paperId: number): Promise<void> {
  const paper = await db.select({ id: papers.id }).from(papers).where(eq(papers.id, paperId)).get();
  if (!paper) throw new HttpError(404, "Paper not found");
}

/** GET /api/papers/:id/exam-dates: a paper's dates (404 for no such paper). */
export async function paperExamDates(db: Database, paperId: number): Promise<ExamDate[]> {
  await requirePaper(db, paperId);
  return await readExamDates(db, paperId);
}

/** PUT /api/papers/:id/exam-dates: the paper's list becomes exactly `list`. */
export async function replaceExamDates(db: Database, userId: number, paperId: number, list: ExamDate[]): Promise<ExamDate[]> {
  const after = await db.transaction(async (tx) => {
    await requirePaper(tx, paperId);
    const before = await readExamDates(tx, paperId);
    await tx.delete(examDates).where(eq(examDates.paperId, paperId));
    if (list.length) await tx.insert(examDates).values(list.map((d) => ({ paperId, ...d })));
    const saved = await readExamDates(tx, paperId);
    await recordAudit(tx, { userId, action: "paper.exam-dates", entity: "paper", entityId: paperId, before: { examDates: before }, after: { examDates: saved } });
    return saved;
  });
  invalidateCatalogue(db);
  return after;
}

/**
 * The paper form's one exam date (admin-tools.md §5) is the date of its series: it replaces that
 * series' date, or adds the series, with the admin as its source. The caller's transaction audits it
 * with the rest of the form. Leaving the field empty changes no date: the dates list removes one.
 */
export async function recordFormExamDate(tx: Tx, paperId: number, date: string | undefined): Promise<void> {
  if (!date) return;
  const series = seriesOf(date);
  await tx.insert(examDates).values({ paperId, series, date, source: ADMIN_ENTERED_SOURCE })
    .onConflictDoUpdate({ target: [examDates.paperId, examDates.series], set: { date, source: ADMIN_ENTERED_SOURCE } });
}
