// 'Sit again with new questions on my weak topics' (issue 15): a new predicted paper of the same
// catalogue paper and tier, weighted to the topics the student scored lowest on in this sitting,
// generated as any paper is (one credit) and opened for sitting at once with the same extra time.
import type { Deps } from "../context.ts";
import type { SessionUser } from "../auth/session.ts";
import { HttpError } from "../http.ts";
import { documentOf, generateForUser, ownPaper } from "../papers/service.ts";
import { DEFAULT_GENERATION_OPTIONS } from "../../shared/generation.ts";
import type { ExtraTime, SittingView, TopicResult } from "../../shared/sittings.ts";
import { resultOf } from "./marks.ts";
import { ownSitting, startSitting } from "./service.ts";

/** Below this share of a topic's marks it counts as weak. */
const WEAK_SHARE = 0.6;
const MAX_FOCUS = 4;

/**
 * The weakest topics of a sitting: those under 60% of their marks, lowest first (at most four); when
 * every topic reached 60%, the two lowest, so 'weak' always means the student's own weakest.
 */
export function weakTopics(topics: TopicResult[]): TopicResult[] {
  const ranked = topics.filter((t) => t.max > 0).sort((a, b) => a.awarded / a.max - b.awarded / b.max || b.max - a.max);
  const weak = ranked.filter((t) => t.awarded / t.max < WEAK_SHARE).slice(0, MAX_FOCUS);
  return weak.length ? weak : ranked.slice(0, 2);
}

export async function sitAgain(deps: Deps, user: SessionUser, sittingId: number): Promise<SittingView> {
  const row = await ownSitting(deps, user.id, sittingId);
  if (!row.submittedAt) throw new HttpError(409, "This paper is still being sat: submit it first.");
  const result = await resultOf(deps, row);
  const focus = weakTopics(result.topics);
  if (!focus.length) throw new HttpError(409, "No topic of this paper has been marked yet: mark your answers first.");
  const doc = documentOf(await ownPaper(deps, user.id, row.generatedPaperId));
  const { paper } = await generateForUser(deps, user, {
    subject: doc.subject,
    examBoard: doc.examBoard,
    level: doc.level,
    paperName: doc.paperName,
    isPredicted: true,
    ...(doc.tier === "Foundation" || doc.tier === "Higher" ? { tier: doc.tier } : {}),
    options: { ...DEFAULT_GENERATION_OPTIONS, includeMarkScheme: true, focusTopics: focus.map((t) => t.topic) },
  });
  return (await startSitting(deps, user.id, { generatedPaperId: paper.id, extraTime: row.extraTime as ExtraTime })).view;
}
