// The questions: sections, numbered parts in the board's boxes, marks at the right, options and answer lines.
import type { DocItem, DocPart, PaperDocument } from "../../../shared/generation.ts";
import { parseBlocks } from "../html.ts";
import { drawFigure, figureHeight } from "./figures.ts";
import { widthOfB } from "./fonts.ts";
import { A4, INK, LABEL_WIDTH, MARGIN, MARKS_WIDTH, type Writer } from "./writer.ts";

export const marksLabel = (marks: number) => `[${marks} mark${marks === 1 ? "" : "s"}]`;
/** A part's marks as the board prints them, with the SPaG marks assessed on it: "[12 marks] [SPaG: 3 marks]". */
export const partMarksLabel = (part: Pick<DocPart, "marks" | "spagMarks">) =>
  part.spagMarks ? `${marksLabel(part.marks)} [SPaG: ${part.spagMarks} mark${part.spagMarks === 1 ? "" : "s"}]` : marksLabel(part.marks);
/** AQA's spaced numbering: question 1 part 2 is "0 1 . 2". */
export const boardLabel = (number: string) => {
  const [q, p] = number.split(".");
  const spaced = q.padStart(2, "0").split("").join(" ");
  return p ? `${spaced} . ${p}` : spaced;
};

export function questionsPart(w: Writer, doc: PaperDocument) {
  const { s, fonts } = w;
  const x = MARGIN.left;
  const textX = x + LABEL_WIDTH * (s.body / 11 > 1.2 ? 1.35 : 1);
  const textWidth = w.right - MARKS_WIDTH - textX;
  w.newPage();
  const firstPage = w.pages.length - 1;
  for (const section of doc.sections) {
    w.ensure(s.h2 * 4);
    w.paragraph([{ text: section.name, bold: true }], x, w.right - x, s.h2);
    if (section.instructions) w.paragraph([{ text: section.instructions, italic: true }], x, w.right - x);
    w.y -= s.body * 0.6;
    for (const question of section.questions) {
      w.ensure(s.h3 * 6);
      if (question.minutes !== undefined) {
        w.paragraph([{ text: `Suggested time: ${question.minutes} minute${question.minutes === 1 ? "" : "s"}`, italic: true }], textX, textWidth);
      }
      for (const item of question.items) itemBlock(w, doc, item, x, textX, textWidth);
    }
  }
  w.ensure(s.h3 * 3);
  w.y -= s.h3 * 1.5;
  const end = "END OF QUESTIONS";
  w.text(end, (A4.width - widthOfB(fonts.bold, end, s.h3)) / 2, s.h3, fonts.bold);
  w.y -= s.h3;
  for (const page of w.pages.slice(firstPage)) w.questionPages.add(page);
  return w.page;
}

function itemBlock(w: Writer, doc: PaperDocument, item: DocItem, x: number, textX: number, textWidth: number) {
  const { s, fonts } = w;
  if (doc.options.includeTopicWeighting && doc.evidence) {
    const ev = doc.evidence.topics.find((t) => t.topic === item.topic);
    const weight = ev && doc.evidence.recorded ? ` (predicted weight ${ev.score}/100)` : "";
    w.paragraph([{ text: `Topic: ${item.topicName}${weight}`, italic: true }], textX, textWidth, s.small);
  }
  if (item.stem) {
    // A stem stays on the page of its figure.
    w.ensure(s.body * 3 + (item.stemFigure ? figureHeight(w, item.stemFigure, textWidth) : 0));
    w.blocks(parseBlocks(item.stem), textX, textWidth);
  }
  if (item.stemFigure) drawFigure(w, item.stemFigure, textX, textWidth);
  // The source line stays on the page of the question's last answer line, never alone on the next.
  const sourceHeight = w.wrap(w.tokens([{ text: item.attribution, italic: true }], s.small), w.right - textX).length * w.lineHeight(s.small);
  item.parts.forEach((part, i) => partBlock(w, part, x, textX, textWidth, i === item.parts.length - 1 ? sourceHeight + s.body * 0.6 : 0));
  w.paragraph([{ text: item.attribution, italic: true }], textX, w.right - textX, s.small);
  w.y -= s.body * 0.8;
  void fonts;
}

function partBlock(w: Writer, part: DocPart, x: number, textX: number, textWidth: number, keepWithEnd: number) {
  const { s, fonts } = w;
  // A part's opening lines stay on the page of its figure.
  w.ensure(s.body * 4 + (part.figure ? figureHeight(w, part.figure, textWidth) : 0));
  const top = w.y;
  w.y -= s.body;
  boxedLabel(w, part.number, x);
  w.y = top;
  w.blocks(parseBlocks(part.content), textX, textWidth);
  if (part.figure) drawFigure(w, part.figure, textX, textWidth);
  if (part.options) {
    const box = s.body * 1.1;
    part.options.forEach((option, i) => {
      const letter = String.fromCharCode(65 + i);
      w.ensure(box + 6);
      const rowTop = w.y;
      const optionX = textX + 8 + s.body * 1.8;
      w.paragraph([{ text: option }], optionX, textX + textWidth - box - 12 - optionX, s.body, () => w.text(letter, textX + 8, s.body, fonts.bold));
      const boxY = rowTop - box - 1;
      w.page.drawRectangle({ x: textX + textWidth - box, y: boxY, width: box, height: box, borderColor: INK, borderWidth: 0.8 });
      w.y = Math.min(w.y, boxY - 4);
    });
  }
  // Marks at the right, level with the end of the question text.
  const marks = partMarksLabel(part);
  w.ensure(s.body * 1.5);
  w.y -= s.body;
  w.text(marks, w.right - widthOfB(fonts.bold, marks, s.body), s.body, fonts.bold);
  w.y -= s.body * 0.3;
  if (part.answerLines > 0) w.answerLines(part.answerLines, textX, keepWithEnd);
  else w.ensure(keepWithEnd);
  w.y -= s.body * 0.6;
}

/** AQA's question number: each digit in a box, "0 1 . 2". */
function boxedLabel(w: Writer, number: string, x: number) {
  const { s, fonts } = w;
  const size = s.body;
  const box = size * 1.25;
  let cx = x;
  for (const ch of boardLabel(number).split(" ")) {
    if (ch === ".") {
      w.text(".", cx + size * 0.15, size, fonts.bold);
      cx += size * 0.6;
      continue;
    }
    w.page.drawRectangle({ x: cx, y: w.y - size * 0.3, width: box, height: box, borderColor: INK, borderWidth: 0.6 });
    w.text(ch, cx + (box - widthOfB(fonts.bold, ch, size)) / 2, size, fonts.bold);
    cx += box;
  }
}
