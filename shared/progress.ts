// Progress that is real (issue 15): what the marks of a student's sittings say about each topic, the
// shapes of GET /api/progress and of the home page's Recent Activity. The formulas are in
// api/progress/mastery.ts.

/** How far one topic is mastered, with the evidence behind the figure. */
export interface TopicMastery {
  subject: string;
  topic: string;
  topicName: string;
  /** 0–1: the recency-weighted share of the topic's marks the student earned (api/progress/mastery.ts). */
  mastery: number;
  /** Marks earned and available on the topic over every marked sitting, unweighted. */
  awarded: number;
  max: number;
  /** Marked sittings that had the topic. */
  sittings: number;
  /** When the latest of them was submitted (ISO). */
  lastSat: string;
}

/** Mastery over a set of topics: each topic counts for the marks it has been marked on. */
export interface MasterySummary {
  /** 0–1. */
  mastery: number;
  topics: number;
  sittings: number;
  /** Marks available over the topics' sittings: the weight behind the figure. */
  max: number;
}

export interface SubjectProgress extends MasterySummary {
  subject: string;
}

/** GET /api/progress: the signed-in student's own figures; `overall` is null before any marked sitting. */
export interface StudentProgress {
  overall: MasterySummary | null;
  subjects: SubjectProgress[];
  /** Weakest first. */
  topics: TopicMastery[];
}

/** One line of the home page's Recent Activity: a generated paper or a sitting, newest first. */
export type ActivityItem =
  | { kind: "paper"; id: number; name: string; at: string; href: string }
  | {
    kind: "sitting";
    id: number;
    name: string;
    at: string;
    href: string;
    status: "in_progress" | "submitted";
    /** Marks awarded so far out of the paper's total (null while the sitting is open). */
    awarded: number | null;
    totalMarks: number;
    pending: number;
  };

/** A share as a whole percentage: 0.625 → "63%". */
export const percent = (share: number) => `${Math.round(share * 100)}%`;

/** A sitting's score as the lists show it: "34 / 60 marks", "34 / 60 marks (2 parts still to self-mark)", "In progress". */
export function sittingScore(s: { status: "in_progress" | "submitted"; awarded: number | null; totalMarks: number; pending: number }): string {
  if (s.status === "in_progress" || s.awarded === null) return "In progress";
  const pending = s.pending ? ` (${s.pending} part${s.pending === 1 ? "" : "s"} still to self-mark)` : "";
  return `${s.awarded} / ${s.totalMarks} marks${pending}`;
}
