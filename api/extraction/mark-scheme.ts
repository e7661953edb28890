// A mark scheme's answers, by question number, from its text lines (issue 13). Boards print mark
// schemes as tables: Question | Answer(s) | Marks | Guidance (or AO). A row starts with the part's
// number as the paper prints it ("01.1", "1(a)(i)", "1 (a)", "3"); its answer runs on over the next
// lines until the next number; its marks are the last whole number standing alone in a column.
import type { TextLine } from "../structure/pdf-text.ts";
import { dropFurniture } from "../structure/parse.ts";

export interface SchemeAnswer {
  number: string;
  answer: string;
  marks: number | null;
}

const ROW_NUMBER = /^(?:(\d)\s?(\d)\s?\.\s?(\d{1,2})|(\d{1,2})\s*((?:\(\s*[a-z]{1,4}\s*\)\s*){0,3}))(?=\s|$)/;
/** A number as the extractor prints it: "0 1 . 1" → "01.1", "1 (a) (ii)" → "1(a)(ii)". */
export const normaliseNumber = (printed: string) => printed.replace(/\s+/g, "");

/** Column cells of a line: items separated by a clear gap. */
function cells(line: TextLine): string[] {
  const out: { right: number; text: string }[] = [];
  for (const item of line.items) {
    const last = out.at(-1);
    if (last && item.x - last.right < 12) {
      last.text += (item.x - last.right > 1 ? " " : "") + item.text;
      last.right = item.right;
    } else out.push({ right: item.right, text: item.text });
  }
  return out.map((c) => c.text.replace(/\s+/g, " ").trim()).filter(Boolean);
}

export function extractMarkScheme(lines: TextLine[], questionNumbers: readonly string[]): SchemeAnswer[] {
  const known = new Set(questionNumbers);
  const answers: SchemeAnswer[] = [];
  let current: SchemeAnswer | null = null;
  for (const line of dropFurniture(lines)) {
    const row = cells(line);
    if (!row.length) continue;
    const m = ROW_NUMBER.exec(row[0]);
    const number = m ? normaliseNumber(m[1] ? `${m[1]}${m[2]}.${m[3]}` : `${m[4]}${m[5] ?? ""}`) : null;
    // A row is a number the paper has, in the first column, with the rest of the row after it.
    if (number && known.has(number) && line.items[0].x < line.pageWidth * 0.25) {
      const rest = [row[0].slice(m![0].length).trim(), ...row.slice(1)].filter(Boolean);
      current = { number, answer: "", marks: null };
      answers.push(current);
      take(current, rest);
    } else if (current) {
      take(current, row);
    }
  }
  for (const a of answers) a.answer = a.answer.replace(/\s+/g, " ").trim();
  return answers;
}

/** Adds a row's cells to an answer: a lone whole number after the answer is its marks (the first seen). */
function take(answer: SchemeAnswer, row: string[]) {
  row.forEach((cell, i) => {
    // Edexcel prints the marks in brackets in the last column: "(2)".
    const marks = /^\d{1,2}$/.test(cell) ? cell : i === row.length - 1 ? /^\(\s*(\d{1,2})\s*\)$/.exec(cell)?.[1] : undefined;
    if (i > 0 && marks !== undefined && answer.marks === null) answer.marks = Number(marks);
    else if (i > 0 && /^(AO\d|A0\d)[\d./ ]*$/i.test(cell)) return; // assessment objectives
    else if (i === 0 || answer.marks === null) answer.answer += ` ${cell}`;
  });
}
