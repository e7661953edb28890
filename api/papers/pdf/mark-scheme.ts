// The mark scheme after the questions: marking points, SPaG bands and a model answer for every part.
import type { PaperDocument } from "../../../shared/generation.ts";
import { type Block, parseBlocks } from "../html.ts";
import { widthOfB } from "./fonts.ts";
import { boardLabel, marksLabel } from "./questions.ts";
import { LABEL_WIDTH, MARGIN, MARKS_WIDTH, type Writer } from "./writer.ts";

export function markSchemePart(w: Writer, doc: PaperDocument) {
  const { s } = w;
  const x = MARGIN.left;
  const textX = x + LABEL_WIDTH;
  w.newPage();
  w.paragraph([{ text: "Mark scheme", bold: true }], x, w.right - x, s.h2);
  w.paragraph([{ text: `${doc.examBoard} ${doc.qualification} ${doc.title} ${doc.paperTitle}${doc.tier ? ` (${doc.tier} Tier)` : ""}` }], x, w.right - x);
  w.y -= s.body;
  for (const section of doc.sections) {
    w.ensure(s.h3 * 4);
    w.paragraph([{ text: section.name, bold: true }], x, w.right - x, s.h3);
    for (const question of section.questions) {
      for (const item of question.items) {
        for (const part of item.parts) {
          w.ensure(s.body * 4);
          const top = w.y;
          w.y -= s.body;
          w.text(boardLabel(part.number), x, s.body, w.fonts.bold);
          const marks = marksLabel(part.marks);
          w.text(marks, w.right - widthOfB(w.fonts.bold, marks, s.body), s.body, w.fonts.bold);
          // The text keeps clear of the marks, however wide they print (large text).
          const textWidth = w.right - Math.max(MARKS_WIDTH, widthOfB(w.fonts.bold, marks, s.body) + 10) - textX;
          w.y = top;
          w.blocks(parseBlocks(part.markScheme), textX, textWidth);
          // The SPaG levels, unless the question's own mark scheme gives them (the seeded banks' do).
          if (part.spagMarks && !/spelling, punctuation and grammar/i.test(part.markScheme)) {
            w.paragraph([{ text: `Spelling, punctuation and grammar (SPaG): ${part.spagMarks} mark${part.spagMarks === 1 ? "" : "s"}`, bold: true }], textX, w.right - textX, s.small);
            w.blocks(spagBands(part.spagMarks), textX, textWidth, Math.max(s.small, s.body * 0.92));
          }
          // The label stays on the page of the answer it introduces.
          w.ensure(w.lineHeight(s.small) + w.lineHeight(s.body) * 2);
          w.paragraph([{ text: "Model answer", bold: true }], textX, w.right - textX, s.small);
          w.blocks(parseBlocks(part.modelAnswer), textX, textWidth, Math.max(s.small, s.body * 0.92));
          w.y -= s.body * 0.6;
        }
      }
    }
  }
}

/** The performance descriptions SPaG is marked by, as bullet blocks (three bands for the usual 3 marks). */
function spagBands(marks: number): Block[] {
  const bands = marks === 3
    ? [
      "High performance (3 marks): spelling and punctuation are consistently accurate; grammar controls the meaning throughout; a wide range of specialist terms is used precisely.",
      "Intermediate performance (2 marks): spelling and punctuation are considerably accurate; grammar generally controls the meaning; a good range of specialist terms is used appropriately.",
      "Threshold performance (1 mark): spelling and punctuation are reasonably accurate; grammar does not seriously obscure the meaning; a limited range of specialist terms is used.",
      "No marks: nothing written, the answer does not relate to the question, or the writing falls below the threshold.",
    ]
    : [`Up to ${marks} marks for accurate spelling, punctuation and grammar, control of meaning and the precise use of specialist terms.`];
  return bands.map((text) => ({ kind: "para", runs: [{ text }], indent: 0, bullet: "•" }));
}
