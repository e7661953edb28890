// The mastery formulas, pure so that a table of examples pins them (mastery.test.ts).
import type { MasterySummary, TopicMastery } from "../../shared/progress.ts";

/**
 * How much each older sitting of a topic counts beside the one after it: the newest counts 1, the
 * one before 0.5, then 0.25, and so on. A student who has improved is credited for it within two or
 * three sittings, while one good or bad day does not wipe out the record.
 */
export const RECENCY_DECAY = 0.5;

/** One topic's marks in one marked sitting (a row of topic_marks). */
export interface TopicMarkRow {
  sittingId: number;
  subject: string;
  topic: string;
  topicName: string;
  awarded: number;
  max: number;
  markedAt: string;
}

/**
 * Mastery of one topic: the recency-weighted share of its marks the student earned,
 *
 *   mastery = Σₖ dᵏ·aₖ / Σₖ dᵏ·mₖ
 *
 * over the topic's marked sittings k = 0 (newest), 1, 2, … with aₖ the marks awarded, mₖ the marks
 * available and d = RECENCY_DECAY. The order is by markedAt, newest first (the higher sitting id
 * first on the same instant). Each sitting counts for its marks too: a topic's 1-mark question
 * weighs less than its 6-mark one. Awarded marks are held within 0…max. Null when there are no
 * marks to go on (no rows, or only rows worth 0 marks).
 */
export function topicMastery(rows: readonly TopicMarkRow[]): TopicMastery | null {
  const newestFirst = [...rows].sort((a, b) => b.markedAt.localeCompare(a.markedAt) || b.sittingId - a.sittingId);
  let earned = 0;
  let available = 0;
  let weight = 1;
  for (const r of newestFirst) {
    const max = Math.max(0, r.max);
    earned += weight * Math.min(max, Math.max(0, r.awarded));
    available += weight * max;
    weight *= RECENCY_DECAY;
  }
  if (!newestFirst.length || available === 0) return null;
  const latest = newestFirst[0];
  return {
    subject: latest.subject,
    topic: latest.topic,
    topicName: latest.topicName,
    mastery: earned / available,
    awarded: newestFirst.reduce((n, r) => n + Math.min(Math.max(0, r.max), Math.max(0, r.awarded)), 0),
    max: newestFirst.reduce((n, r) => n + Math.max(0, r.max), 0),
    sittings: new Set(newestFirst.map((r) => r.sittingId)).size,
    lastSat: latest.markedAt,
  };
}

/** Every topic's mastery from a student's rows (one subject or many), weakest first. */
export function masteryByTopic(rows: readonly TopicMarkRow[]): TopicMastery[] {
  const groups = new Map<string, TopicMarkRow[]>();
  for (const r of rows) {
    const key = `${r.subject}\u0000${r.topic}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()]
    .map(topicMastery)
    .filter((m): m is TopicMastery => m !== null)
    .sort((a, b) => a.mastery - b.mastery || a.subject.localeCompare(b.subject) || a.topicName.localeCompare(b.topicName));
}

/**
 * Mastery over several topics (a subject, or everything the student has been marked on): each
 * topic's mastery weighted by the marks available on it over all its sittings,
 *
 *   overall = Σₜ masteryₜ·Mₜ / Σₜ Mₜ
 *
 * so a topic the student has answered 40 marks on counts four times one they have answered 10 on:
 * the figure leans on the topics it knows most about. `sittings` counts distinct sittings, which
 * `sittingIds` supplies (the topics alone cannot tell two sittings of one topic from one sitting of two).
 */
export function summarise(topics: readonly TopicMastery[], sittingIds: Iterable<number>): MasterySummary | null {
  const max = topics.reduce((n, t) => n + t.max, 0);
  if (!topics.length || max === 0) return null;
  return {
    mastery: topics.reduce((n, t) => n + t.mastery * t.max, 0) / max,
    topics: topics.length,
    sittings: new Set(sittingIds).size,
    max,
  };
}
