// A generated paper as a sitting sees it: its parts in order with their topics, the exam page's view
// of them (never the mark scheme), and which sections count on a paper where the student answers
// some of them. Pure functions of the stored PaperDocument.
import type { DocPart, PaperDocument } from "../../shared/generation.ts";
import type { SittingSection } from "../../shared/sittings.ts";
import { answerFieldFor } from "./marking/index.ts";

/** One part of the paper with where it sits: its section and topic. */
export interface PlacedPart {
  part: DocPart;
  section: number;
  topic: string;
  topicName: string;
}

export function partsOf(doc: PaperDocument): PlacedPart[] {
  return doc.sections.flatMap((section, si) =>
    section.questions.flatMap((q) =>
      q.items.flatMap((item) => item.parts.map((part) => ({ part, section: si, topic: item.topic, topicName: item.topicName })))
    )
  );
}

/** The exam page's sections: every question and part with its answer field, and nothing of the mark scheme. */
export function sittingSections(doc: PaperDocument): SittingSection[] {
  return doc.sections.map((section) => ({
    name: section.name,
    instructions: section.instructions,
    questions: section.questions.map((q) => ({
      number: q.number,
      marks: q.marks,
      items: q.items.map((item) => ({
        topic: item.topic,
        topicName: item.topicName,
        attribution: item.attribution,
        stem: item.stem,
        stemFigure: item.stemFigure,
        parts: item.parts.map((p) => ({
          number: p.number,
          marks: p.marks,
          spagMarks: p.spagMarks,
          content: p.content,
          figure: p.figure,
          options: p.options,
          ...answerFieldFor(p),
        })),
      })),
    })),
  }));
}

/**
 * The sections whose marks count. On a paper where the candidate answers `answerSections` of the
 * sections (RS thematic studies: two themes of four), a section left blank is not counted against
 * them, and when more than that many were attempted the best ones count, as the board counts the
 * best of the answered questions. Every section counts on any other paper.
 */
export function countedSections(doc: PaperDocument, awardedBySection: number[], attempted: boolean[]): Set<number> {
  const all = doc.sections.map((_, i) => i);
  if (!doc.answerSections) return new Set(all);
  const tried = all.filter((i) => attempted[i]);
  const best = tried.sort((a, b) => awardedBySection[b] - awardedBySection[a] || a - b).slice(0, doc.answerSections);
  return new Set(best);
}
