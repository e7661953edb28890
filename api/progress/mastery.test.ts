// The mastery formulas pinned on a small table of examples: recency weighting, marks weighting, the
// overall figure, and the edges (no marks, marks above the maximum, two sittings at one instant).
import { describe, expect, it } from "vitest";
import { masteryByTopic, RECENCY_DECAY, summarise, type TopicMarkRow, topicMastery } from "./mastery.ts";

/** Rows of one topic, oldest first: [awarded, max] per sitting, a day apart. */
function sat(marks: [number, number][], topic = "efficiency", subject = "Physics"): TopicMarkRow[] {
  return marks.map(([awarded, max], i) => ({
    sittingId: i + 1,
    subject,
    topic,
    topicName: topic,
    awarded,
    max,
    markedAt: new Date(Date.UTC(2026, 9, 1 + i, 10)).toISOString(),
  }));
}

describe("topic mastery: Σ dᵏ·aₖ / Σ dᵏ·mₖ, newest sitting k = 0, d = 0.5", () => {
  it("is pinned on a table of examples", () => {
    expect(RECENCY_DECAY).toBe(0.5);
    const table: { rows: [number, number][]; mastery: number; why: string }[] = [
      { rows: [[3, 5]], mastery: 0.6, why: "one sitting: its share" },
      { rows: [[2, 10], [8, 10]], mastery: 9 / 15, why: "improved: (8 + 0.5·2) / (10 + 0.5·10)" },
      { rows: [[8, 10], [2, 10]], mastery: 6 / 15, why: "fell back: (2 + 0.5·8) / 15" },
      { rows: [[0, 4], [2, 4], [4, 4]], mastery: 5 / 7, why: "three sittings: (4 + 0.5·2 + 0.25·0) / (4 + 2 + 1)" },
      { rows: [[0, 6], [1, 1]], mastery: 0.25, why: "a 1-mark question weighs less than a 6-mark one: (1 + 0) / (1 + 3)" },
      { rows: [[7, 5]], mastery: 1, why: "awarded above the maximum counts as the maximum" },
      { rows: [[-2, 5], [5, 5]], mastery: 5 / 7.5, why: "a negative mark counts as 0" },
    ];
    for (const { rows, mastery, why } of table) expect(topicMastery(sat(rows))!.mastery, why).toBeCloseTo(mastery, 10);
  });

  it("gives the evidence: marks unweighted, sittings, the latest submission", () => {
    expect(topicMastery(sat([[2, 10], [8, 10]]))).toEqual({
      subject: "Physics",
      topic: "efficiency",
      topicName: "efficiency",
      mastery: 0.6,
      awarded: 10,
      max: 20,
      sittings: 2,
      lastSat: "2026-10-02T10:00:00.000Z",
    });
  });

  it("orders by submission time whatever order the rows come in, the higher sitting id first at one instant", () => {
    const rows = sat([[2, 10], [8, 10]]);
    expect(topicMastery([...rows].reverse())!.mastery).toBeCloseTo(0.6, 10);
    const sameInstant = rows.map((r) => ({ ...r, markedAt: "2026-10-01T10:00:00.000Z" }));
    expect(topicMastery(sameInstant)!.mastery).toBeCloseTo(0.6, 10);
  });

  it("has no figure without marks to go on", () => {
    expect(topicMastery([])).toBeNull();
    expect(topicMastery(sat([[0, 0]]))).toBeNull();
  });
});

describe("mastery over several topics: Σ masteryₜ·Mₜ / Σ Mₜ, Mₜ the marks available on the topic", () => {
  it("lists each topic weakest first and weights the summary by marks available", () => {
    const rows = [...sat([[5, 10]], "a"), ...sat([[12, 15], [15, 15]], "b"), ...sat([[1, 4]], "c", "Biology")];
    const topics = masteryByTopic(rows);
    expect(topics.map((t) => [t.subject, t.topic, t.mastery])).toEqual([["Biology", "c", 0.25], ["Physics", "a", 0.5], ["Physics", "b", 1 * (15 + 0.5 * 12) / 22.5]]);
    // a: 0.5 over 10 marks, b: 0.9333… over 30 marks, c: 0.25 over 4 marks.
    const overall = summarise(topics, rows.map((r) => r.sittingId));
    expect(overall!.mastery).toBeCloseTo((0.5 * 10 + (21 / 22.5) * 30 + 0.25 * 4) / 44, 10);
    expect(overall).toMatchObject({ topics: 3, sittings: 2, max: 44 });
    expect(summarise([], [])).toBeNull();
  });

  it("keeps the same topic id in two subjects apart", () => {
    const rows = [...sat([[1, 2]], "energy", "Physics"), ...sat([[2, 2]], "energy", "Combined Science")];
    expect(masteryByTopic(rows).map((t) => [t.subject, t.mastery])).toEqual([["Physics", 0.5], ["Combined Science", 1]]);
  });
});
