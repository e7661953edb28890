// What the hand-in dialog calls missing. On a paper where the candidate answers some of its sections
// (RS thematic studies: two themes of four), the sections left alone are the student's choice, not
// gaps: only the parts of the sections they started count, and too few sections started is said.
import { type AnswerValue, isAnswered, type SittingView } from "../../../shared/sittings.ts";
import { partsOf } from "./QuestionNavigator.tsx";

export function unansweredParts(view: Pick<SittingView, "sections" | "answerSections">, answers: Record<string, AnswerValue>): { parts: string[]; note: string } {
  const partsOfSection = view.sections.map((s) => s.questions.flatMap(partsOf));
  const started = partsOfSection.map((parts) => parts.some((p) => isAnswered(answers[p.number])));
  const counted = view.answerSections ? partsOfSection.filter((_, i) => started[i]) : partsOfSection;
  const parts = counted.flat().filter((p) => !isAnswered(answers[p.number])).map((p) => p.number);
  const startedCount = started.filter(Boolean).length;
  const note = view.answerSections && startedCount < view.answerSections
    ? `You have started ${startedCount} of the ${view.answerSections} sections the paper asks you to answer.`
    : "";
  return { parts, note };
}
