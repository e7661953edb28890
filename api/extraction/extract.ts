// Extraction of a past paper's questions from its PDF, offline (issue 13). The structure parser
// (api/structure/parse.ts) finds the numbers, sections and marks in the three conventions boards
// print; this reads each part fully: its shared context (stem), its own text without the answer
// space, multiple-choice options and tables from the printed lines' positions, and the paper's cover
// (board, subject, level, tier, series and year, paper code, total marks, time). Every question gets
// a confidence from what could be read of it, and the paper its statistics.
import type { QuestionType } from "../../shared/structure.ts";
import { pdfText, type TextLine } from "../structure/pdf-text.ts";
import { type ParsedQuestion, parsePaper } from "../structure/parse.ts";
import { type CoverFacts, readCover } from "./cover.ts";

export interface ExtractedTable {
  header: string[];
  rows: string[][];
}

export interface ExtractedQuestion {
  /** As printed, normalised: "01.1", "1(a)(ii)", "3". */
  number: string;
  question: number;
  section: string;
  marks: number | null;
  type: QuestionType;
  /** Context printed under the question's number before its first part (on the first part only). */
  stem: string | null;
  text: string;
  options: string[] | null;
  table: ExtractedTable | null;
  /** The page its number is printed on (1-based). */
  page: number;
  /** 0 to 1: how completely it was read (§4's bands: 0.8 High, 0.6 Medium, below Low). */
  confidence: number;
  /** What lowered the confidence, in words. */
  issues: string[];
}

export interface ExtractionStatistics {
  questions: number;
  withMarks: number;
  totalMarks: number;
  /** The cover's maximum mark, when it states one. */
  coverTotalMarks: number | null;
  averageConfidence: number;
  bands: { high: number; medium: number; low: number };
  pages: number;
  /** Pages read by OCR (no text layer). */
  ocrPages: number;
  /** Bytes (UTF-8) of the text read from every page, cover and furniture included. */
  textBytes: number;
}

export interface PaperExtraction {
  convention: "AQA" | "Edexcel" | "OCR" | "unknown";
  cover: CoverFacts;
  questions: ExtractedQuestion[];
  statistics: ExtractionStatistics;
}

const utf8 = new TextEncoder();
/** Bytes (UTF-8) of the lines' text, a line break after each. */
export const textBytesOf = (lines: { text: string }[]) => lines.reduce((n, l) => n + utf8.encode(l.text).length + 1, 0);

/** Confidence bands of admin-tools.md §4. */
export const confidenceBand = (c: number) => (c >= 0.8 ? "High" : c >= 0.6 ? "Medium" : "Low");

// The answer space and instructions to the candidate that are not the question.
const ANSWER_SPACE = [
  /[._]{4,}(\s*[^\s.]{1,5}(?=\s|$))?/g, // dotted or ruled answer lines, with a unit after them ("...... cm")
  /^\s*Answer\s*$/g,
  /^\s*Your answer\s*(\[\s*\d{1,2}\s*\])?\s*$/g, // OCR's answer box
  /\[\s*\d{1,2}\s+marks?\s*\]/gi,
  /\[\s*\d{1,2}\s*\]\s*$/g,
  /\(\s*\d{1,2}\s*\)\s*$/g, // Edexcel's mark at the end of a line
  /\(\s*total for question \d+ is \d+ marks?\s*\)/gi,
];
const OPTION_CUE = /tick\s*(\(\s*\S{0,2}\s*\)\s*)?one\s+box(?!\s+in each row)|circle your answer|shade one lozenge|put a (tick|cross)|which one of the following/i;
/** A gap (points) between items of one line that separates columns (of options or a table). */
const COLUMN_GAP = 18;

/** A line's items grouped into columns: runs of items closer than COLUMN_GAP. */
function columns(line: TextLine): { x: number; right: number; text: string }[] {
  const out: { x: number; right: number; text: string }[] = [];
  for (const item of line.items) {
    const last = out.at(-1);
    if (last && item.x - last.right < COLUMN_GAP) {
      last.text += (item.x - last.right > 1 && !last.text.endsWith(" ") ? " " : "") + item.text;
      last.right = item.right;
    } else out.push({ x: item.x, right: item.right, text: item.text });
  }
  return out.map(({ x, right, text }) => ({ x, right, text: text.replace(/\s+/g, " ").trim() })).filter((c) => c.text);
}

const clean = (text: string) => ANSWER_SPACE.reduce((t, re) => t.replace(re, " "), text).replace(/\s+/g, " ").trim();
const LETTERED = /^([A-F])[\s.)]\s*(\S.*)$/;
const END_OF_OPTIONS = /^\s*Your answer\s*(\[|$)|^\s*\(\s*\d{1,2}\s*\)\s*$|^\s*\[\s*\d{1,2}(\s+marks?)?\s*\]\s*$/i;

/**
 * Options of a multiple-choice part: the short cells after its cue ("Tick (✓) one box."), read in
 * print order (row by row, left to right), with a printed letter A–D dropped.
 */
function optionsOf(lines: TextLine[], text: string): { options: string[]; used: Set<TextLine> } | null {
  // The cue may run over two lines ("Tick (✓) one" / "box."): the line that completes it.
  const cue = lines.findIndex((_, i) => OPTION_CUE.test(lines.slice(0, i + 1).map((l) => l.text).join(" ")));
  const lettered = lines.filter((l) => columns(l).every((c) => LETTERED.test(c.text)));
  const from = cue >= 0 ? cue + 1 : lettered.length >= 2 ? lines.indexOf(lettered[0]) : -1;
  if (from < 0 || (cue < 0 && !/\bA\b/.test(text))) return null;
  const options: string[] = [];
  const used = new Set<TextLine>();
  let letteredOptions: boolean | null = null;
  for (const line of lines.slice(from)) {
    // The answer space or the mark ends the options ("Your answer [1]", "(1)", "[1 mark]").
    if (END_OF_OPTIONS.test(line.text)) break;
    const cells = columns(line).map((c) => clean(c.text)).filter(Boolean);
    if (!cells.length) continue;
    // The cue's sentence running on ("… in the box next to" / "your answer.") is not an option.
    if (!options.length && cells.length === 1 && /[.?:]$/.test(cells[0]) && !LETTERED.test(cells[0])) continue;
    letteredOptions ??= LETTERED.test(cells[0]);
    if (letteredOptions && !cells.every((c) => LETTERED.test(c))) break;
    if (cells.some((c) => c.length > 90) || (options.length && /[.?]$/.test(cells.join(" ")) && cells.length === 1 && cells[0].split(" ").length > 10)) break;
    for (const c of cells) options.push(c.replace(LETTERED, "$2"));
    used.add(line);
    if (options.length >= 6) break;
  }
  return options.length >= 3 && options.length <= 6 ? { options, used } : null;
}

/**
 * A table: a line of two or more columns (its header) and the lines under it whose cells fall within
 * its columns, each cell put in the column it is printed under (a cell left blank to fill in stays an
 * empty string).
 */
function tableOf(lines: TextLine[], exclude: Set<TextLine>): { table: ExtractedTable; used: Set<TextLine> } | null {
  // The part's text margin: a table is printed indented from it, so a line back at it is text.
  const margin = Math.min(...lines.map((l) => l.items[0]?.x ?? Infinity));
  for (let i = 0; i < lines.length; i++) {
    const head = columns(lines[i]);
    if (exclude.has(lines[i]) || head.length < 2 || head[0].x <= margin + CELL_SLACK) continue;
    const starts = head.map((c) => c.x);
    const right = lines[i].items.at(-1)!.right;
    const rows: string[][] = [];
    const used = new Set([lines[i]]);
    for (const line of lines.slice(i + 1)) {
      const cells = columns(line);
      // A row's cells lie under the header's span (a cell may be right-aligned under its heading).
      const inside = cells.length > 0 && cells.every((c) => c.x > margin + CELL_SLACK && c.right >= starts[0] - CELL_SLACK && c.x <= right + CELL_SLACK);
      if (exclude.has(line) || !inside || cells.some((c) => /^[._]{4,}/.test(c.text))) break;
      const row = head.map(() => "");
      for (const c of cells) {
        // The column it overlaps most: the first reaches left without end, the last right.
        const span = (k: number): [number, number] => [k === 0 ? -Infinity : starts[k] - CELL_SLACK, k === starts.length - 1 ? Infinity : starts[k + 1] - CELL_SLACK];
        const overlap = (k: number) => Math.min(c.right, span(k)[1]) - Math.max(c.x, span(k)[0]);
        const col = starts.reduce((best, _, k) => (overlap(k) > overlap(best) ? k : best), 0);
        row[col] = row[col] ? `${row[col]} ${c.text}` : c.text;
      }
      rows.push(row);
      used.add(line);
    }
    if (rows.length) return { table: { header: head.map((c) => c.text), rows }, used };
  }
  return null;
}
/** How far (points) left of its column's heading a cell may start and still be under it. */
const CELL_SLACK = 12;

function confidenceOf(q: ParsedQuestion, text: string, previous: ExtractedQuestion | undefined): { confidence: number; issues: string[] } {
  const issues: string[] = [];
  let c = 1;
  if (q.marks === null) {
    c -= 0.35;
    issues.push("no marks found");
  }
  if (text.length < 12) {
    c -= 0.3;
    issues.push("very little text");
  }
  if (previous && q.question > previous.question + 1) {
    c -= 0.15;
    issues.push(`question ${previous.question + 1} not found before it`);
  }
  if (q.marks !== null && q.marks > 20) {
    c -= 0.2;
    issues.push("unusually many marks for one part");
  }
  return { confidence: Math.max(0, Math.round(c * 100) / 100), issues };
}

/** The questions, cover and statistics of a past paper from its text lines (pdfLines, or OCR). */
export function extractFromLines(lines: TextLine[], pages: number, ocrPages = 0): PaperExtraction {
  const cover = readCover(lines);
  // The cover's own lines ("1 hour 45 minutes", the instructions) are not questions.
  const body = cover.coverPage ? lines.filter((l) => l.page !== cover.coverPage) : lines;
  const parsed = parsePaper(body);
  const questions: ExtractedQuestion[] = [];
  for (const section of parsed.sections) {
    for (const q of section.questions) {
      const kept = q.lines;
      const opts = optionsOf(kept, q.text);
      const tab = tableOf(kept, opts?.used ?? new Set());
      const skip = new Set([...(opts?.used ?? []), ...(tab?.used ?? [])]);
      // The part's own text: its lines but the options and table, without the number it starts with.
      const ownLines = kept.filter((l) => !skip.has(l));
      const text = clean(ownLines.map((l) => clean(l.text)).join(" "));
      const { confidence, issues } = confidenceOf(q, text, questions.at(-1));
      questions.push({
        number: q.number,
        question: q.question,
        section: section.name,
        marks: q.marks,
        type: q.type,
        stem: q.stem ? clean(q.stem) : null,
        text,
        options: opts?.options ?? null,
        table: tab?.table ?? null,
        page: q.lines[0].page,
        confidence,
        issues,
      });
    }
  }
  const withMarks = questions.filter((q) => q.marks !== null);
  const totalMarks = withMarks.reduce((n, q) => n + q.marks!, 0);
  const average = questions.length ? questions.reduce((n, q) => n + q.confidence, 0) / questions.length : 0;
  const band = (name: string) => questions.filter((q) => confidenceBand(q.confidence) === name).length;
  return {
    convention: parsed.convention,
    cover,
    questions,
    statistics: {
      questions: questions.length,
      withMarks: withMarks.length,
      totalMarks,
      coverTotalMarks: cover.totalMarks,
      averageConfidence: Math.round(average * 100) / 100,
      bands: { high: band("High"), medium: band("Medium"), low: band("Low") },
      pages,
      ocrPages,
      textBytes: textBytesOf(lines),
    },
  };
}

/** A page with fewer text lines than this has no real text layer (a scan may carry a stray word). */
const TEXT_PAGE_LINES = 3;

/** A stage of readPdfLines and extractPdf, reported as it starts (the slow one, OCR, once per page). */
export type ExtractionProgress =
  | { stage: "text" }
  | { stage: "ocr"; page: number; done: number; of: number }
  | { stage: "questions" };

interface ReadOptions {
  /** Off when the caller cannot spare the time: pages without a text layer then give nothing. */
  ocr?: boolean;
  /** Hears each stage as it starts, so a caller can show the real progress. */
  onProgress?: (p: ExtractionProgress) => void;
}

/**
 * A PDF's text lines: its text layer, and OCR for the pages without one (a scan). Any PDF: a paper,
 * a mark scheme. `ocrPages` is how many pages were read by OCR.
 */
export async function readPdfLines(bytes: Uint8Array, { ocr = true, onProgress }: ReadOptions = {}): Promise<{ lines: TextLine[]; pages: number; ocrPages: number }> {
  onProgress?.({ stage: "text" });
  const { lines, pages } = await pdfText(bytes);
  const perPage = new Map<number, number>();
  for (const l of lines) perPage.set(l.page, (perPage.get(l.page) ?? 0) + 1);
  const bare = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => (perPage.get(p) ?? 0) < TEXT_PAGE_LINES);
  if (!ocr || !bare.length) return { lines, pages, ocrPages: 0 };
  const { ocrLines, withOcr } = await import("./ocr.ts");
  const onPage = onProgress && ((page: number, done: number) => onProgress({ stage: "ocr", page, done, of: bare.length }));
  const read = await withOcr((worker) => ocrLines(bytes, bare, worker, onPage));
  const all = [...lines.filter((l) => !bare.includes(l.page)), ...read].sort((a, b) => a.page - b.page || b.y - a.y);
  return { lines: all, pages, ocrPages: bare.length };
}

/** A past paper's PDF extracted: its lines (readPdfLines, OCR for a scan's pages), then its questions. */
export async function extractPdf(bytes: Uint8Array, options: ReadOptions = {}): Promise<PaperExtraction> {
  const { lines, pages, ocrPages } = await readPdfLines(bytes, options);
  options.onProgress?.({ stage: "questions" });
  return extractFromLines(lines, pages, ocrPages);
}
