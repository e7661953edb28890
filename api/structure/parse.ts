// Reads a past paper's structure from its text lines, offline: sections ('Section A' headings),
// question numbers, parts and marks in the three conventions boards print:
//   AQA      01.1 … [4 marks]        (also "0 1 . 1", as AQA's boxed digits come out of a PDF)
//   Edexcel  1 (a)(i) … (4)          (the mark in brackets at the right margin)
//   OCR      1 (a) … [4]
// Page furniture is dropped first: lines repeated on most pages (running headers, footers, barcodes),
// page numbers, 'Turn over', 'Do not write outside the box', totals. Each markable part becomes one
// question of the structure, with the number as printed as its displayName.
import type { QuestionType, StructureSection } from "../../shared/structure.ts";
import type { TextLine } from "./pdf-text.ts";

export interface ParsedQuestion {
  /** As printed: "01.1", "1(a)(ii)", "3". */
  number: string;
  /** The question number it belongs to (1 for 01.1 and 1(a)(ii)). */
  question: number;
  marks: number | null;
  type: QuestionType;
  text: string;
  /** Text printed under the question's number before this part's own number (shared context), if any. */
  stem: string;
  /** The printed lines of this part (its number's line first, its text without the number), for a reader of options and tables. */
  lines: TextLine[];
}
export interface ParsedSection {
  name: string;
  questions: ParsedQuestion[];
}
export interface ParsedPaper {
  convention: "AQA" | "Edexcel" | "OCR" | "unknown";
  sections: ParsedSection[];
}

const FURNITURE = [
  /\bturn over\b/i,
  /do not write (outside|in) (the|this) (box|margin|area)/i,
  /^\s*(page\s*)?\d{1,3}\s*(of\s*\d{1,3})?\s*$/i,
  /^\s*\*[A-Z0-9 ]+\*(\s+\d{1,3})?\s*$/, // barcodes such as *P12345A0124* (with the page number beside it)
  /total for (question|section|paper)/i,
  /^\s*(end of (questions|paper|section)|blank page|there are no questions printed on this page)/i,
  /copyright|©/i,
  /answer (all|each) questions? in the spaces provided/i,
  /^\s*(extra space|question number)\b/i,
  /\bdo not write\b|^[\W\d]*outside the\W*$|^\s*box\s*$/i, // AQA's margin note ("Do not write outside the box"), printed over three lines
  /\b[I1l]B\/[A-Z]\/[A-Z][a-z]{2}\d{2}\//, // AQA's job code at the foot of a page ("IB/M/Jun24/E3")
];

/** Lines with their digits masked, so "Page 3" and "Page 4" count as one repeated line; a footer is the
 * same line with or without the "Turn over" the last page leaves out. */
const shape = (text: string) => text.replace(/\bturn over\W*/i, "").replace(/\d+/g, "#").toLowerCase().trim();

/** Drops page furniture: known phrases, and any line repeated on at least half the pages (3 or more). */
export function dropFurniture(lines: TextLine[]): TextLine[] {
  const pages = new Set(lines.map((l) => l.page)).size;
  const pagesOf = new Map<string, Set<number>>();
  for (const l of lines) {
    const k = shape(l.text);
    if (!pagesOf.has(k)) pagesOf.set(k, new Set());
    pagesOf.get(k)!.add(l.page);
  }
  // A mark alone on its line ("[2 marks]") repeats from page to page too, but is never furniture.
  const repeated = (l: TextLine) =>
    pages >= 3 && !marksOf(l) && (pagesOf.get(shape(l.text))?.size ?? 0) >= Math.max(3, pages / 2);
  return lines.filter((l) => !FURNITURE.some((re) => re.test(l.text)) && !repeated(l));
}

// A number at the start of a line. AQA: "01.1" or "0 1 . 1"; Edexcel/OCR: "1 (a)(i)", "1 (a)", "(b)", "(ii)", "12".
const AQA_NUMBER = /^(\d)\s?(\d)\s?\.\s?(\d{1,2})(?!\d)\s*/;
const AQA_WHOLE = /^(\d)\s?(\d)(?=\s+[A-Z])\s*/; // "03 Describe…" (a question without parts)
const BOARD_NUMBER = /^(\d{1,2})(?!\d|\.\d)\s*((?:\(\s*[a-z]{1,4}\s*\)\s*){0,2})/;
const PART_ONLY = /^((?:\(\s*[a-z]{1,4}\s*\)\s*){1,2})(?=\S)/;
const LETTER = /^[a-h]$/;
const ROMAN = /^(i|ii|iii|iv|v|vi|vii|viii|ix|x)$/;

// Marks: "[4 marks]" / "[1 mark]" (AQA), "[4]" (OCR), "(4)" at the right margin (Edexcel).
const AQA_MARKS = /\[\s*(\d{1,2})\s+marks?\s*\]/i;
const OCR_MARKS = /\[\s*(\d{1,2})\s*\]\s*$/;
const EDEXCEL_MARKS = /^\(\s*(\d{1,2})\s*\)$/;

/** Edexcel's mark: the last item of the line, "(n)", in the right third of the page. */
function edexcelMark(line: TextLine): number | null {
  const last = line.items.at(-1);
  if (!last) return null;
  const m = EDEXCEL_MARKS.exec(last.text.trim());
  return m && last.x > line.pageWidth * 0.66 ? Number(m[1]) : null;
}

function marksOf(line: TextLine): { marks: number; convention: ParsedPaper["convention"] } | null {
  const aqa = AQA_MARKS.exec(line.text);
  if (aqa) return { marks: Number(aqa[1]), convention: "AQA" };
  const ocr = OCR_MARKS.exec(line.text);
  if (ocr) return { marks: Number(ocr[1]), convention: "OCR" };
  const edexcel = edexcelMark(line);
  if (edexcel !== null) return { marks: edexcel, convention: "Edexcel" };
  return null;
}

const labels = (group: string) => [...group.matchAll(/\(\s*([a-z]{1,4})\s*\)/g)].map((m) => m[1]);

/** Infers the type of a part from its text and marks (mapped to §5's types). */
export function inferType(text: string, marks: number | null): QuestionType {
  const t = text.toLowerCase();
  const options = new Set([...text.matchAll(/(?:^|\s)([A-D])\s+(?=\S)/g)].map((m) => m[1]));
  if (/tick (one|\(✓\) one)|shade one|circle one|which one of the following/.test(t) || options.size >= 4) return "Multiple Choice";
  if (/\btrue or false\b/.test(t)) return "True/False";
  if (/complete the (sentence|table|passage)|fill in the (gap|blank)/.test(t)) return "Fill in the Blank";
  if (/draw (one )?lines? from each|match each/.test(t)) return "Matching";
  if (marks !== null && marks >= 12) return "Essay";
  if (marks !== null && marks >= 6) return "Long Answer";
  return "Short Answer";
}

/**
 * The left edge the paper prints its question numbers at: the leftmost x that starts a good share of
 * its lines (a number further in is a table cell or a quantity in the text, not a question).
 */
function leftEdge(lines: TextLine[]): number {
  const xs = lines.map((l) => l.items[0]?.x ?? Infinity).filter(Number.isFinite).sort((a, b) => a - b);
  return xs.find((x) => xs.filter((y) => Math.abs(y - x) < 3).length >= Math.max(2, xs.length * 0.05)) ?? xs[0] ?? 0;
}

/** A numbered line as its text after the number: the text, and the items from the one it starts in. */
function withoutNumber(line: TextLine, rest: string): TextLine {
  const start = rest.trim().slice(0, 6);
  // The item the text starts in: it holds the text's first characters (pdf.js may split a word, so
  // an item that is the start of them counts too, unless it is a digit, dot or bracket of the number).
  const startsText = (text: string) => text.includes(start) || (text.trim() !== "" && start.startsWith(text.trim()) && !/^[\d.()\s]+$/.test(text));
  const from = start ? line.items.findIndex((i) => startsText(i.text)) : -1;
  return { ...line, text: rest, items: from >= 0 ? line.items.slice(from) : [] };
}

/** The structure of a past paper from its text lines. */
export function parsePaper(allLines: TextLine[]): ParsedPaper {
  const lines = dropFurniture(allLines);
  const left = leftEdge(lines);
  /** Whether a line starts within the band where the paper prints numbers: questions at its left edge, parts a little in. */
  const atLeft = (line: TextLine, band: number) => (line.items[0]?.x ?? 0) <= left + band;
  // A paper numbered as AQA numbers (01.1) has no "1 (a)" numbers: a line starting "5 140" is a table row.
  const aqa = lines.filter((l) => atLeft(l, 20) && AQA_NUMBER.test(l.text)).length >= 2;
  const sections: ParsedSection[] = [];
  let section = null as ParsedSection | null;
  let current = null as ParsedQuestion | null;
  // The open number: its question and its part labels (letter, roman), to complete "(ii)" after "1 (a)(i)".
  let question = 0;
  let letter: string | null = null;
  const votes = { AQA: 0, Edexcel: 0, OCR: 0 };

  const ensureSection = () => {
    if (!section) {
      section = { name: "Section A", questions: [] };
      sections.push(section);
    }
    return section as ParsedSection;
  };
  const open = (number: string, q: number, rest: string, line: TextLine) => {
    // A number met again with no marks since (a heading such as "1 (a)" above "(i)") is replaced; its
    // text is the context the part is asked in.
    let stem = "";
    if (current && current.marks === null && current.question === q && number.startsWith(current.number)) {
      ensureSection().questions.pop();
      stem = `${current.stem} ${current.text}`.trim();
    }
    current = { number, question: q, marks: null, type: "Short Answer", text: rest, stem, lines: [withoutNumber(line, rest)] };
    ensureSection().questions.push(current);
  };

  for (const line of lines) {
    let text = line.text;
    const heading = /^section\s+([A-Z])\b\s*[:.\-–—]?\s*(.*)$/i.exec(text);
    if (heading && !AQA_MARKS.test(text)) {
      const rest = heading[2].trim();
      const name = `Section ${heading[1].toUpperCase()}${rest && rest.length <= 60 && !/^(answer|you|this|in this)/i.test(rest) ? `: ${rest}` : ""}`;
      // A paper may repeat its section heading on the next page; one section per letter.
      if (!sections.some((s) => s.name.split(":")[0] === name.split(":")[0])) {
        section = { name, questions: [] };
        sections.push(section);
        current = null;
      }
      continue;
    }

    let m: RegExpExecArray | null;
    if (atLeft(line, 20) && (m = AQA_NUMBER.exec(text))) {
      const q = Number(m[1] + m[2]);
      if (q >= 1) {
        question = q;
        open(`${m[1]}${m[2]}.${m[3]}`, q, text.slice(m[0].length), line);
        text = text.slice(m[0].length);
        votes.AQA++;
      }
    } else if ((m = AQA_WHOLE.exec(text)) && m[1] === "0") {
      question = Number(m[1] + m[2]);
      open(`${m[1]}${m[2]}`, question, text.slice(m[0].length), line);
      text = text.slice(m[0].length);
    } else if (!aqa && atLeft(line, 20) && (m = BOARD_NUMBER.exec(text)) && (m[2] || /^\d{1,2}\s+\S/.test(text)) && Number(m[1]) >= 1 && Number(m[1]) <= question + 3) {
      // (A number more than 3 past the open question is a quantity in the text, not the next question.)
      const q = Number(m[1]);
      const parts = labels(m[2]);
      question = q;
      letter = parts.find((p) => LETTER.test(p)) ?? null;
      open(`${q}${parts.map((p) => `(${p})`).join("")}`, q, text.slice(m[0].length), line);
      text = text.slice(m[0].length);
    } else if (!aqa && atLeft(line, 75) && (m = PART_ONLY.exec(text)) && question > 0) {
      const parts = labels(m[1]);
      const first = parts[0];
      // Part letters run a to h and sub-parts are roman (i, ii, …): the two sets do not overlap.
      if (LETTER.test(first)) {
        letter = first;
        open(`${question}${parts.map((p) => `(${p})`).join("")}`, question, text.slice(m[0].length), line);
      } else if (ROMAN.test(first)) {
        open(`${question}${letter ? `(${letter})` : ""}(${first})`, question, text.slice(m[0].length), line);
      }
      text = text.slice(m[0].length);
    } else if (current) {
      current.text += ` ${text}`;
      current.lines.push(line);
    }

    const found = marksOf(line);
    if (found && current) {
      votes[found.convention as keyof typeof votes]++;
      // A second mark for the same part (a mark repeated at the foot of its answer space) is not added.
      if (current.marks === null) current.marks = found.marks;
      else if (current.marks !== found.marks) current.marks += found.marks;
    }
  }

  for (const s of sections) {
    s.questions = s.questions.filter((q) => q.marks !== null || q.text.trim().length > 0);
    for (const q of s.questions) {
      q.text = q.text.replace(/\s+/g, " ").trim();
      q.type = inferType(q.text, q.marks);
    }
  }
  const kept = sections.filter((s) => s.questions.length > 0);
  const best = (Object.entries(votes) as [keyof typeof votes, number][]).sort((a, b) => b[1] - a[1])[0];
  return { convention: best[1] > 0 ? best[0] : "unknown", sections: kept };
}

/** The editor's sections (the stored questionStructure format) for a parsed paper. */
export function toStructureSections(paper: ParsedPaper): StructureSection[] {
  return paper.sections.map((s, si) => ({
    name: s.name,
    questionCount: s.questions.length,
    questionTypes: [...new Set(s.questions.map((q) => q.type))],
    marks: [...new Set(s.questions.flatMap((q) => (q.marks === null ? [] : [q.marks])))].sort((a, b) => a - b),
    questions: s.questions.map((q, qi) => ({ id: `${si + 1}.${qi + 1}`, type: q.type, marks: q.marks, displayName: q.number })),
  }));
}
