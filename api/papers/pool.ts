// The bank rows a catalogue paper may use: its own questions and, for a paper that draws from
// others (Combined Science: Trilogy, issue 18), their practice questions tagged for its
// specification on one of its topics. The generator, the revision decks, the bank-shortfall note and
// the public pages all read a paper's questions through this one function.
import { and, eq, inArray, like, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { papers, questions } from "../db/schema.ts";
import { type Blueprint, tagsFor } from "../../shared/papers.ts";
import { sharedAttribution } from "./bank.ts";

export type QuestionRow = typeof questions.$inferSelect;

export async function paperQuestionRows(db: Database, paperId: number, bp: Pick<Blueprint, "code" | "drawsFrom" | "topics"> | null): Promise<QuestionRow[]> {
  const own = await db.select().from(questions).where(eq(questions.paperId, paperId)).all();
  if (!bp?.drawsFrom?.length) return own;
  const tags = tagsFor(bp.code);
  const topics = new Set(bp.topics.map((t) => t.id));
  const shared = await db.select({ q: questions, writtenFor: papers.subjectCode }).from(questions).innerJoin(papers, eq(papers.id, questions.paperId))
    .where(and(inArray(papers.subjectCode, bp.drawsFrom), eq(questions.origin, "practice"), or(...tags.map((t) => like(questions.alsoFor, `%"${t}"%`))))).all();
  return [
    ...own,
    ...shared
      .filter(({ q }) => topics.has(q.topic) && q.paperId !== paperId)
      // Its attribution on this paper says where it was written and what it was tagged to fit here.
      .map(({ q, writtenFor }) => {
        const tag = tags.find((t) => (JSON.parse(q.alsoFor ?? "[]") as string[]).includes(t))!;
        return { ...q, attribution: sharedAttribution(q.examBoard, writtenFor ?? "", tag) };
      }),
  ];
}
