// A past paper's cover, read from its first page's text: the board, subject, level, tier, series and
// year, paper code, maximum mark and time, as AQA, Pearson Edexcel and OCR print them. A fact the
// cover does not state is null, never guessed.
import type { TextLine } from "../structure/pdf-text.ts";

export interface CoverFacts {
  board: "AQA" | "Edexcel" | "OCR" | null;
  subject: string | null;
  level: "GCSE" | "A-Level" | "AS" | null;
  tier: "Foundation" | "Higher" | null;
  series: "June" | "November" | "January" | null;
  year: number | null;
  paperCode: string | null;
  totalMarks: number | null;
  timeMinutes: number | null;
  /** The page the cover is on (1), or null when the first page is already questions. */
  coverPage: number | null;
}

const SUBJECTS = [
  "Combined Science", "Biology", "Chemistry", "Physics", "Mathematics", "Computer Science", "Religious Studies", "Geography", "History",
  "English Language", "English Literature", "Business", "Economics", "Psychology", "Sociology", "French", "Spanish", "German",
];
const MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December";
// Paper codes as the boards print them: AQA 8461/1H, 8300/2F, 7402/1; Edexcel 1MA1/1F, 1SC0/1BH; OCR J277/01, H420/02.
const PAPER_CODE = /\b(\d{4}\/[0-9][A-Z0-9]{0,3}|\d[A-Z]{2}\d\/[0-9][A-Z]{0,3}|[A-Z]\d{3}\/\d{2}[A-Z]?)\b/;

/** Minutes from "1 hour 45 minutes", "1 hour", "90 minutes", "1½ hours". */
export function minutesOf(text: string): number | null {
  const m = /(?:(\d)\s*(½)?\s*hours?)?\s*(?:(\d{1,3})\s*minutes?)?/i;
  const t = /time(?: allowed)?\s*:?\s*([^.\n]*?(?:hours?|minutes?)(?:\s*\d{1,3}\s*minutes?)?)/i.exec(text);
  if (!t) return null;
  const parts = m.exec(t[1].trim());
  if (!parts) return null;
  const hours = parts[1] ? Number(parts[1]) + (parts[2] ? 0.5 : 0) : 0;
  const minutes = parts[3] ? Number(parts[3]) : 0;
  const total = Math.round(hours * 60 + minutes);
  return total > 0 ? total : null;
}

/**
 * Specifications by code, for a cover whose title a scan lost (OCR misses large display type): the
 * GCSE sciences, mathematics, computer science and religious studies of the three boards.
 */
const SPECIFICATIONS: Record<string, string> = {
  "8461": "Biology", "8462": "Chemistry", "8463": "Physics", "8464": "Combined Science", "8300": "Mathematics", "8525": "Computer Science",
  "8062": "Religious Studies", "1BI0": "Biology", "1CH0": "Chemistry", "1PH0": "Physics", "1SC0": "Combined Science", "1MA1": "Mathematics",
  "1CP2": "Computer Science", "1RB0": "Religious Studies", "J247": "Biology", "J248": "Chemistry", "J249": "Physics", "J250": "Combined Science",
  "J560": "Mathematics", "J277": "Computer Science", "J625": "Religious Studies",
};
/** The board a paper code's form belongs to: AQA 8461/1H, Edexcel 1MA1/1F, OCR J277/01. */
const boardOfCode = (code: string): CoverFacts["board"] => (/^\d{4}\//.test(code) ? "AQA" : /^\d[A-Z]{2}\d\//.test(code) ? "Edexcel" : /^[A-Z]\d{3}\//.test(code) ? "OCR" : null);

export function readCover(lines: TextLine[]): CoverFacts {
  const first = lines.filter((l) => l.page === 1);
  const text = first.map((l) => l.text).join("\n");
  const isCover = /time allowed|time:\s*\d|instructions|information|candidate number|maximum mark/i.test(text);
  const paperCode = PAPER_CODE.exec(text)?.[1] ?? null;
  const board = /\bAQA\b/.test(text) ? "AQA" : /\bEdexcel\b|\bPearson\b/i.test(text) ? "Edexcel" : /\bOCR\b|Oxford Cambridge and RSA/i.test(text) ? "OCR" : paperCode ? boardOfCode(paperCode) : null;
  const subject = SUBJECTS.find((s) => new RegExp(`\\b${s}\\b`, "i").test(text)) ?? (paperCode ? SPECIFICATIONS[paperCode.split("/")[0]] ?? null : null);
  const level = /\bA-?level\b|Advanced Level/i.test(text) ? "A-Level" : /\bAS\b/.test(text) ? "AS" : /\bGCSE\b/i.test(text) ? "GCSE" : null;
  const tier = /\bHigher Tier\b/i.test(text) ? "Higher" : /\bFoundation Tier\b/i.test(text) ? "Foundation" : null;
  const when = new RegExp(`\\b(${MONTHS})\\s+(20\\d\\d)\\b`).exec(text);
  const month = when?.[1];
  // Boards name a series by its main month: papers sat in May belong to the June series.
  const series = month === "November" || month === "January" ? month : month && /October|December/.test(month) ? "November" : month ? "June" : null;
  const marks = /(?:maximum|total) marks? (?:for|of) this paper is (\d{1,3})|total marks\s*:?\s*(\d{1,3})|this paper is out of (\d{1,3})/i.exec(text);
  return {
    board,
    subject,
    level,
    tier,
    series: series as CoverFacts["series"],
    year: when ? Number(when[2]) : null,
    paperCode,
    totalMarks: marks ? Number(marks[1] ?? marks[2] ?? marks[3]) : null,
    timeMinutes: minutesOf(text),
    coverPage: isCover ? 1 : null,
  };
}
