// Tables the student fills in, marked cell by cell where the mark scheme prints the completed table
// in the question's shape (truth tables, tick tables, test plans): each blank cell of the question
// has the scheme's value in the same place. Trace tables are not marked this way ("you may not
// need to use all the rows": a correct trace may sit in other rows), nor tables the scheme
// describes in words; those are marked by their points.
import { compact, htmlToText } from "./text.ts";

export interface CellKey {
  /** The scheme's value for each blank cell of the question, in reading order ("" for a box left empty). */
  expected: string[];
  /** The row (0-based, among rows with blanks) of each blank cell. */
  row: number[];
  /** What a mark is given for, as the scheme counts: whole rows, or cells. */
  unit: "row" | "cell";
}

interface Cell {
  header: boolean;
  html: string;
}
const rowsOf = (html: string): Cell[][] =>
  [...html.matchAll(/<tr>([\s\S]*?)<\/tr>/gi)].map((r) => [...r[1].matchAll(/<t([dh])>([\s\S]*?)<\/t[dh]>/gi)].map((c) => ({ header: c[1] === "h", html: c[2] })));

/** The cell key of a part whose scheme prints its table completed, or undefined. */
export function cellKey(content: string, markScheme: string): CellKey | undefined {
  if (/trace table|may not need (?:to use )?all the rows/i.test(htmlToText(content))) return undefined;
  const asked = rowsOf(content);
  const answered = rowsOf(markScheme);
  if (!asked.length || asked.length !== answered.length || asked.some((r, i) => r.length !== answered[i].length)) return undefined;
  const expected: string[] = [];
  const row: number[] = [];
  let rowIndex = -1;
  asked.forEach((cells, r) => {
    let counted = false;
    cells.forEach((cell, c) => {
      if (cell.header || cell.html.trim()) return;
      if (!counted) {
        rowIndex++;
        counted = true;
      }
      expected.push(htmlToText(answered[r][c].html));
      row.push(rowIndex);
    });
  });
  if (!expected.length || expected.every((e) => !e)) return undefined;
  const text = htmlToText(markScheme);
  return { expected, row, unit: /\brows?\b/i.test(text) && !/\bcolumns?\b/i.test(text) ? "row" : "cell" };
}

/** A cell's value as compared: compact, with ticks and filled squares in any of their usual forms. */
function cellValue(value: string): string {
  const v = compact(value);
  if (/^(?:✓|✔|✅|tick|ticked|yes|y|x|×)$/.test(v)) return "✓";
  if (/^(?:■|█|#|filled|shaded|black)$/.test(v)) return "■";
  return v.replace(/^["']|["']$/g, "");
}

/**
 * Marks in proportion to the rows (or cells) entirely right, rounded down: the scheme's "all four
 * rows correct (2 marks); two or three rows correct (1 mark)" and "1 mark for each correct row" as
 * one rule. A scheme that gives column marks is approximated by the share of cells right.
 */
export function markCells(key: CellKey, answer: readonly string[], max: number): { awarded: number; reasons: string[] } {
  const right = key.expected.map((e, i) => cellValue(answer[i] ?? "") === cellValue(e));
  const units = key.unit === "row" ? [...new Set(key.row)].map((r) => key.row.every((x, i) => x !== r || right[i])) : right;
  const correct = units.filter(Boolean).length;
  const awarded = Math.floor((max * correct) / units.length);
  const reasons = [`${correct} of ${units.length} ${key.unit}s right (${awarded})`];
  key.expected.forEach((e, i) => {
    if (!right[i] && reasons.length < 9) reasons.push(`Not credited: cell ${i + 1} (row ${key.row[i] + 1}) should be '${e || "left empty"}', not '${answer[i]?.trim() || "empty"}'`);
  });
  return { awarded, reasons };
}
