// The questions: sections, numbered parts in the board's boxes, marks at the right, options and answer lines.
import type { DocItem, DocPart, PaperDocument } from "../../../shared/generation.ts";
import { parseBlocks } from "../html.ts";
import { drawFigure, figureHeight } from "./figures.ts";
import { widthOfB } from "./fonts.ts";
import { A4, GREY, INK, LABEL_WIDTH, MARGIN, MARKS_WIDTH, type Writer } from "./writer.ts";
import { type OptionStyle, optionsLettered } from "../../../shared/papers.ts";

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
      // The suggested time stays with the question it belongs to.
      w.ensure(w.lineHeight() + itemOpening(w, doc, question.items[0], textWidth));
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
  const { s } = w;
  if (doc.options.includeTopicWeighting && doc.evidence) {
    const ev = doc.evidence.topics.find((t) => t.topic === item.topic);
    const weight = ev && doc.evidence.recorded ? ` (predicted weight ${ev.score}/100)` : "";
    const topicLine = [{ text: `Topic: ${item.topicName}${weight}`, italic: true }];
    // The topic line is never split over a page, and stays with the question it introduces.
    w.ensure(w.wrap(w.tokens(topicLine, s.small), textWidth).length * w.lineHeight(s.small) + s.body * 3);
    w.paragraph(topicLine, textX, textWidth, s.small);
  }
  if (item.stem) {
    // A stem stays on the page of its figure.
    w.ensure(s.body * 3 + (item.stemFigure ? figureHeight(w, item.stemFigure, textWidth) : 0));
    w.blocks(parseBlocks(item.stem), textX, textWidth);
  }
  if (item.stemFigure) drawFigure(w, item.stemFigure, textX, textWidth);
  // The source line stays on the page of the question's last answer line, never alone on the next.
  const sourceWidth = w.right - textX;
  const sourceLines = w.wrap(w.tokens([{ text: item.attribution, italic: true }], s.script), sourceWidth);
  const sourceHeight = sourceLines.length * w.lineHeight(s.script);
  item.parts.forEach((part, i) => partBlock(w, doc, part, x, textX, textWidth, i === item.parts.length - 1 ? sourceHeight + s.body * 0.6 : 0));
  // The source, set small and grey at the right under the question it belongs to, with the space
  // of a question break after it, so that it never reads as the next question's heading.
  for (const line of sourceLines) {
    w.ensure(w.lineHeight(s.script));
    w.y -= s.script;
    w.drawLine(line, w.right - line.reduce((n, t) => n + t.width, 0), GREY);
    w.y -= w.lineHeight(s.script) - s.script;
  }
  w.y -= s.body * 1.6;
}

/** A part that asks for a calculation gets working space and an answer line rather than ruled lines. */
export const CALCULATION = /\b(calculate|work out|show (clearly )?(how you work out|your working))\b/i;

/** Height of a part's options as partBlock draws them. */
function optionsHeight(w: Writer, part: DocPart, style: OptionStyle, textWidth: number): number {
  if (!part.options) return 0;
  const { s } = w;
  if (style === "circle") return w.lineHeight(s.body) * (circleRows(w, part.options, textWidth).length) + s.body;
  return part.options.reduce((n, o) => n + Math.max(s.body * 1.1 + 5, w.wrap(w.tokens([{ text: o }], s.body), textWidth - s.body * 4).length * w.lineHeight(s.body)), 0);
}

/** Options to circle, in a row (two or more rows when they do not fit in one). */
function circleRows(w: Writer, options: readonly string[], width: number): string[][] {
  const gap = w.s.body * 3;
  const rows: string[][] = [[]];
  let used = 0;
  for (const o of options) {
    const ow = widthOfB(w.fonts.regular, o, w.s.body) + gap;
    if (used + ow > width && rows.at(-1)!.length) {
      rows.push([]);
      used = 0;
    }
    rows.at(-1)!.push(o);
    used += ow;
  }
  return rows;
}

function optionsBlock(w: Writer, part: DocPart, style: OptionStyle, textX: number, textWidth: number) {
  const { s, fonts } = w;
  const options = part.options!;
  if (style === "circle") {
    // Maths: "Circle your answer." The options in a row, evenly spaced.
    w.y -= s.body * 0.4;
    for (const row of circleRows(w, options, textWidth)) {
      w.ensure(w.lineHeight(s.body));
      w.y -= s.body;
      const cell = textWidth / row.length;
      row.forEach((o, i) => w.text(o, textX + cell * i + (cell - widthOfB(fonts.regular, o, s.body)) / 2, s.body));
      w.y -= w.lineHeight(s.body) - s.body;
    }
    w.y -= s.body * 0.6;
    return;
  }
  const box = s.body * 1.1;
  const lettered = optionsLettered(style);
  options.forEach((option, i) => {
    w.ensure(box + 6);
    const rowTop = w.y;
    const optionX = textX + 8 + (lettered ? s.body * 1.8 : 0);
    w.paragraph([{ text: option }], optionX, textX + textWidth - box - 12 - optionX, s.body, lettered ? () => w.text(String.fromCharCode(65 + i), textX + 8, s.body, fonts.bold) : undefined);
    const boxY = rowTop - box - 1;
    if (style === "lozenges") {
      w.page.drawEllipse({ x: textX + textWidth - box / 2, y: boxY + box / 2, xScale: box * 0.75, yScale: box * 0.42, borderColor: INK, borderWidth: 0.8 });
    } else w.page.drawRectangle({ x: textX + textWidth - box, y: boxY, width: box, height: box, borderColor: INK, borderWidth: 0.8 });
    w.y = Math.min(w.y, boxY - 4);
  });
}

const PAGE_SPACE = A4.height - MARGIN.top - MARGIN.bottom;

/**
 * The height a part needs on its first page: its text, figure, options, marks and the start of its
 * answer space stay together, as on the board's papers (a part longer than a page just starts).
 */
function partOpening(w: Writer, doc: PaperDocument, part: DocPart, textWidth: number): number {
  const { s } = w;
  const opening = w.blocksHeight(parseBlocks(part.content), textWidth) + (part.figure ? figureHeight(w, part.figure, textWidth) : 0) +
    optionsHeight(w, part, doc.optionStyle ?? "lettered-boxes", textWidth) + s.body * 2 + Math.min(part.answerLines, 3) * s.answerGap;
  return Math.min(opening, PAGE_SPACE - s.body * 2);
}

/** What must share a page with a question's heading lines: its stem (and figure) and its first part's opening. */
function itemOpening(w: Writer, doc: PaperDocument, item: DocItem, textWidth: number): number {
  const stem = (item.stem ? w.blocksHeight(parseBlocks(item.stem), textWidth) : 0) + (item.stemFigure ? figureHeight(w, item.stemFigure, textWidth) : 0);
  return Math.min(stem + partOpening(w, doc, item.parts[0], textWidth), PAGE_SPACE - w.s.body * 2);
}

function partBlock(w: Writer, doc: PaperDocument, part: DocPart, x: number, textX: number, textWidth: number, keepWithEnd: number) {
  const { s, fonts } = w;
  const style = doc.optionStyle ?? "lettered-boxes";
  const blocks = parseBlocks(part.content);
  w.ensure(partOpening(w, doc, part, textWidth));
  const top = w.y;
  w.y -= s.body;
  boxedLabel(w, part.number, x);
  w.y = top;
  w.blocks(blocks, textX, textWidth);
  if (part.figure) drawFigure(w, part.figure, textX, textWidth);
  if (part.options) optionsBlock(w, part, style, textX, textWidth);
  // Marks at the right, level with the end of the question text.
  const marks = partMarksLabel(part);
  w.ensure(s.body * 1.5);
  w.y -= s.body;
  w.text(marks, w.right - widthOfB(fonts.bold, marks, s.body), s.body, fonts.bold);
  w.y -= s.body * 0.3;
  if (part.answerLines > 0 && !part.options && CALCULATION.test(part.content) && part.answerLines >= 3) {
    // Working space, then the answer line: the board's layout for a calculation.
    w.ensure(s.answerGap * (part.answerLines - 1));
    w.y -= s.answerGap * (part.answerLines - 1);
    w.ensure(s.answerGap + keepWithEnd);
    w.y -= s.answerGap;
    const label = "Answer";
    const labelX = w.right - 190;
    w.text(label, labelX - widthOfB(fonts.regular, label, s.body) - 6, s.body);
    w.page.drawLine({ start: { x: labelX, y: w.y }, end: { x: w.right, y: w.y }, thickness: 0.6, color: INK });
    w.y -= s.answerGap * 0.4;
  } else if (part.answerLines > 0) w.answerLines(part.answerLines, textX, keepWithEnd);
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
