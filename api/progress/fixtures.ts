// Test data for progress: generated papers, sittings and their topic marks written straight into the
// tables, as the sittings API writes them (shared/sittings.ts PartMark lists, one topic_marks row per
// topic of a marked sitting). Used by the API tests and the browser tests.
import type { Database } from "../db/client.ts";
import { generatedPapers, sittings, topicMarks } from "../db/schema.ts";
import type { MarkMethod, PartMark } from "../../shared/sittings.ts";

export async function generatedPaper(db: Database, userId: number, fields: { subject?: string; name?: string; totalMarks?: number; createdAt?: string } = {}) {
  const subject = fields.subject ?? "Physics";
  const row = await db.insert(generatedPapers).values({
    userId,
    name: fields.name ?? `AQA GCSE ${subject} Paper 1`,
    subject,
    examBoard: "AQA",
    level: "GCSE",
    document: JSON.stringify({ totalMarks: fields.totalMarks ?? 100, sections: [] }),
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  }).returning({ id: generatedPapers.id }).get();
  return row.id;
}

const mark = (awarded: number | null, max: number, method: MarkMethod, markedAt: string): PartMark => ({ awarded, max, method, reasons: [], markedAt });

/**
 * A sitting of a generated paper. `parts`: the latest mark per part as [awarded, max] (awarded null:
 * pending self-marking); a part given as [[…], […]] was re-marked, the last one counting.
 */
export async function sitting(
  db: Database,
  userId: number,
  generatedPaperId: number,
  { startedAt, submittedAt = null, parts = {} }: { startedAt: string; submittedAt?: string | null; parts?: Record<string, [number | null, number] | [number | null, number][]> },
) {
  const at = submittedAt ?? startedAt;
  const marks = Object.fromEntries(
    Object.entries(parts).map(([part, m]) => {
      const list = (Array.isArray(m[0]) ? m : [m]) as [number | null, number][];
      return [part, list.map(([awarded, max]) => mark(awarded, max, awarded === null ? "pending" : "exact", at))];
    }),
  );
  const deadline = new Date(Date.parse(startedAt) + 90 * 60_000).toISOString();
  const row = await db.insert(sittings).values({ userId, generatedPaperId, startedAt, deadline, submittedAt, marks: JSON.stringify(marks) })
    .returning({ id: sittings.id }).get();
  return row.id;
}

/** [topic id, awarded, max, topic name (the id when absent)]. */
export type TopicRow = [string, number, number, string?];

/** The topic_marks rows of a marked sitting. */
export async function topicRows(db: Database, userId: number, sittingId: number, subject: string, markedAt: string, rows: TopicRow[]) {
  await db.insert(topicMarks).values(rows.map(([topic, awarded, max, name]) => ({ sittingId, userId, subject, topic, topicName: name ?? topic, awarded, max, markedAt })));
}

/** A submitted sitting with its topic marks, in one call: a new paper in the subject, sat and marked at `at`. */
export async function markedSitting(db: Database, userId: number, subject: string, at: string, rows: TopicRow[], name?: string) {
  const paperId = await generatedPaper(db, userId, { subject, name, totalMarks: rows.reduce((n, r) => n + r[2], 0), createdAt: at });
  const parts = Object.fromEntries(rows.map(([, awarded, max], i) => [`0${i + 1}.1`, [awarded, max] as [number, number]]));
  const sittingId = await sitting(db, userId, paperId, { startedAt: new Date(Date.parse(at) - 3600_000).toISOString(), submittedAt: at, parts });
  await topicRows(db, userId, sittingId, subject, at, rows);
  return { paperId, sittingId };
}
