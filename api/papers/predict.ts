// The topic-trend model of predicted papers. It reads how often and how recently each topic was
// examined in the past-paper questions of the bank (weighted by marks), and scores each topic between
// reliability (examined often and recently) and being overdue (examined before, not lately).
import { seriesLabel, type Topic } from "../../shared/papers.ts";
import { type GenerationOptions, TOPIC_BALANCED, type TopicEvidence } from "../../shared/generation.ts";

export interface PastOccurrence {
  topic: string;
  marks: number;
  year: number | null;
  series: string | null;
}

export interface TopicScore {
  topic: Topic;
  /** 0–1. */
  score: number;
  examined: string[];
  marksExamined: number;
  lastYear: number | null;
  reliability: number;
  overdue: number;
}

/** How far predictionConfidence leans from reliable topics (0) to overdue ones (1). */
export const OVERDUE_WEIGHT: Record<GenerationOptions["predictionConfidence"], number> = {
  conservative: 0.1,
  balanced: 0.5,
  speculative: 0.9,
};

export function scoreTopics(topics: Topic[], history: PastOccurrence[], confidence: GenerationOptions["predictionConfidence"]): TopicScore[] {
  const years = history.map((h) => h.year).filter((y): y is number => y !== null);
  const newest = years.length ? Math.max(...years) : null;
  const oldest = years.length ? Math.min(...years) : null;
  const span = newest !== null && oldest !== null ? Math.max(1, newest - oldest + 1) : 1;
  const stats = topics.map((topic) => {
    const seen = history.filter((h) => h.topic === topic.id);
    const marks = seen.reduce((n, h) => n + h.marks, 0);
    const topicYears = seen.map((h) => h.year).filter((y): y is number => y !== null);
    const lastYear = topicYears.length ? Math.max(...topicYears) : null;
    const examined = [...new Set(seen.map((h) => seriesLabel(h.series, h.year) || "undated"))]
      .sort((a, b) => (b.match(/\d{4}/)?.[0] ?? "").localeCompare(a.match(/\d{4}/)?.[0] ?? ""));
    return { topic, marks, lastYear, examined };
  });
  const maxMarks = Math.max(0, ...stats.map((s) => s.marks));
  const w = OVERDUE_WEIGHT[confidence];
  return stats.map(({ topic, marks, lastYear, examined }) => {
    const frequency = maxMarks ? marks / maxMarks : 0;
    // 0 when examined in the newest series, 1 when never examined (or only at the start of the record).
    const gap = newest === null ? 1 : lastYear === null ? 1 : (newest - lastYear) / span;
    const reliability = frequency * (0.5 + 0.5 * (1 - gap));
    const overdue = gap * (0.5 + 0.5 * frequency);
    return { topic, score: (1 - w) * reliability + w * overdue, examined, marksExamined: marks, lastYear, reliability, overdue };
  });
}

export function evidenceFor(
  scores: TopicScore[],
  marksOnPaper: Map<string, number>,
  historySize: number,
  confidence: GenerationOptions["predictionConfidence"],
  /** The student's weak topics the paper was asked to work on (GenerationOptions.focusTopics). */
  focus: ReadonlySet<string> = new Set(),
): { summary: string; topics: TopicEvidence[]; recorded: number } {
  const max = Math.max(1e-9, ...scores.map((s) => s.score));
  const topics = scores
    .filter((s) => marksOnPaper.has(s.topic.id))
    .sort((a, b) => b.score - a.score)
    .map((s): TopicEvidence => ({
      topic: s.topic.id,
      name: s.topic.name,
      covers: s.topic.description,
      score: historySize ? Math.round((100 * s.score) / max) : 50,
      examined: s.examined,
      marksExamined: s.marksExamined,
      marksOnPaper: marksOnPaper.get(s.topic.id) ?? 0,
      reason: focus.has(s.topic.id)
        ? "One of your weakest topics in your marked papers: this paper gives it more questions."
        : !historySize
        ? "Chosen to cover the specification evenly: no past-paper questions are recorded for this paper yet."
        : s.examined.length === 0
        ? "Never examined in the recorded past papers: overdue on the specification."
        : s.reliability >= s.overdue
        ? `Examined regularly (${s.marksExamined} marks over ${s.examined.length} series, last in ${s.lastYear ?? "an undated series"}): a reliable topic.`
        : `Last examined in ${s.lastYear ?? "an undated series"}: due to come up again.`,
    }));
  const lean = { conservative: "the most reliable topics", balanced: "a balance of reliable and overdue topics", speculative: "overdue topics" }[confidence];
  const summary = historySize
    ? `These topics were chosen from ${historySize} past-paper questions recorded for this paper, weighted by marks, favouring ${lean} (prediction confidence: ${confidence}). A prediction is an informed guess, not a promise of what the exam will ask: revise the whole specification.`
    : `${TOPIC_BALANCED.why} No topic can be shown to be more likely than another, so the paper covers the specification as evenly as its structure allows: revise the whole specification.`;
  const onPaper = [...focus].filter((t) => marksOnPaper.has(t)).length;
  const focused = onPaper
    ? ` It gives more questions to ${onPaper === 1 ? "one topic" : `${onPaper} topics`} you scored lowest on in your marked papers.`
    : "";
  return { summary: summary + focused, topics, recorded: historySize };
}
