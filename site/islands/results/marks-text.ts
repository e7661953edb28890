// How the results page words a mark: the method that reached it, said honestly (a model's mark says
// so), the student's answer as text, and time spent.
import type { AnswerValue, MarkMethod, PartMark } from "../../../shared/sittings.ts";

export const METHOD_LABEL: Record<MarkMethod, string> = {
  exact: "Marked exactly from the mark scheme",
  points: "Marked point by point",
  model: "Marked by AI against the level descriptors",
  self: "Your own mark",
  pending: "Waiting for your mark",
};

export const marksText = (marks: number) => `${marks} ${marks === 1 ? "mark" : "marks"}`;

/** "3 / 4 marks", "Level 2, 4 / 6 marks", or "Not marked yet (6 marks)". */
export function markText(mark: PartMark): string {
  if (mark.awarded === null) return `Not marked yet (${marksText(mark.max)})`;
  return `${mark.level !== undefined ? `Level ${mark.level}, ` : ""}${mark.awarded} / ${marksText(mark.max)}`;
}

/** The answer as the student gave it: a table's cells joined, nothing when blank. */
export function answerText(answer: AnswerValue | null): string {
  if (answer === null) return "";
  return Array.isArray(answer) ? answer.map((v) => v.trim() || "–").join(" | ") : answer.trim();
}

/** "45 s", "3 min 05 s", "1 h 02 min". */
export function durationText(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  if (s < 60) return `${s} s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h) return `${h} h ${String(m).padStart(2, "0")} min`;
  return `${m} min ${String(s % 60).padStart(2, "0")} s`;
}

export const percent = (awarded: number, max: number) => (max > 0 ? Math.round((awarded / max) * 100) : 0);
