// 'Sit again with new questions on my weak topics' (issue 15): a new predicted paper of the same
// catalogue paper and tier, weighted to the student's weakest topics on it,
// generated as any paper is (one credit) and opened for sitting at once with the same extra time.
import type { Deps } from "../context.ts";
import type { SessionUser } from "../auth/session.ts";
import { HttpError } from "../http.ts";
import { documentOf, generateForUser, ownPaper } from "../papers/service.ts";
import { DEFAULT_GENERATION_OPTIONS } from "../../shared/generation.ts";
import type { ExtraTime, SittingResult, SittingView, TopicResult } from "../../shared/sittings.ts";
import { weakTopicsForPaper } from "../progress/service.ts";
import { resultOf } from "./marks.ts";
import { ownSitting, startSitting } from "./service.ts";

const MAX_FOCUS = 4;

/** A sitting's two lowest-scoring topics (by share of their marks, the larger topic first on a tie). */
export function lowestTopics(topics: TopicResult[], n = 2): TopicResult[] {
  return topics.filter((t) => t.max > 0).sort((a, b) => a.awarded / a.max - b.awarded / b.max || b.max - a.max).slice(0, n);
}

/**
 * The topics to work on: the paper's topics the student's mastery puts below secure (every marked
 * sitting of the subject counts, this one the most: api/progress), weakest first; when every topic
 * is secure, this sitting's two lowest, so 'weak' always means the student's own weakest.
 */
export async function focusTopicsFor(deps: Deps, userId: number, cataloguePaperId: number, result: SittingResult): Promise<string[]> {
  const weak = await weakTopicsForPaper(deps.db, userId, cataloguePaperId, { limit: MAX_FOCUS });
  return (weak.length ? weak : lowestTopics(result.topics)).map((t) => t.topic);
}

export async function sitAgain(deps: Deps, user: SessionUser, sittingId: number): Promise<SittingView> {
  const row = await ownSitting(deps, user.id, sittingId);
  if (!row.submittedAt) throw new HttpError(409, "This paper is still being sat: submit it first.");
  const generated = await ownPaper(deps, user.id, row.generatedPaperId);
  if (generated.paperId === null) throw new HttpError(409, "This paper is no longer offered, so it cannot be sat again.");
  const focus = await focusTopicsFor(deps, user.id, generated.paperId, await resultOf(deps, row));
  if (!focus.length) throw new HttpError(409, "No topic of this paper has been marked yet: mark your answers first.");
  const doc = documentOf(generated);
  const { paper } = await generateForUser(deps, user, {
    subject: doc.subject,
    examBoard: doc.examBoard,
    level: doc.level,
    paperName: doc.paperName,
    isPredicted: true,
    ...(doc.tier === "Foundation" || doc.tier === "Higher" ? { tier: doc.tier } : {}),
    options: { ...DEFAULT_GENERATION_OPTIONS, includeMarkScheme: true, focusTopics: focus },
  });
  return (await startSitting(deps, user.id, { generatedPaperId: paper.id, extraTime: row.extraTime as ExtraTime })).view;
}
