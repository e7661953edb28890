// One student's sittings as lists show them (the history, the home page's Recent Activity): the
// score is the sum of the sitting's topic marks, which count exactly the marks its results count.
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPapers, sittings, topicMarks } from "../db/schema.ts";
import type { PartMark, SittingSummary } from "../../shared/sittings.ts";

export async function sittingSummaries(db: Database, userId: number, limit = 100): Promise<SittingSummary[]> {
  const rows = await db
    .select({
      id: sittings.id,
      generatedPaperId: sittings.generatedPaperId,
      paperName: generatedPapers.name,
      totalMarks: sql<number>`json_extract(${generatedPapers.document}, '$.totalMarks')`,
      startedAt: sittings.startedAt,
      submittedAt: sittings.submittedAt,
      marks: sittings.marks,
      awarded: sql<number | null>`(select sum(${topicMarks.awarded}) from ${topicMarks} where ${topicMarks.sittingId} = ${sittings.id})`,
    })
    .from(sittings)
    .innerJoin(generatedPapers, eq(generatedPapers.id, sittings.generatedPaperId))
    .where(eq(sittings.userId, userId))
    .orderBy(desc(sittings.startedAt), desc(sittings.id))
    .limit(limit)
    .all();
  return rows.map((r) => {
    const marks = JSON.parse(r.marks) as Record<string, PartMark[]>;
    return {
      id: r.id,
      generatedPaperId: r.generatedPaperId,
      paperName: r.paperName,
      status: r.submittedAt ? "submitted" : "in_progress",
      startedAt: r.startedAt,
      submittedAt: r.submittedAt,
      awarded: r.submittedAt ? Number(r.awarded ?? 0) : null,
      totalMarks: Number(r.totalMarks),
      pending: Object.values(marks).filter((history) => history.at(-1)?.awarded === null).length,
    };
  });
}
