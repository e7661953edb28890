// Smart Document Extraction (admin-tools.md §2, §3 Smart extraction result, §5, §7 POST
// /api/extract/smart, §8): the result's shape, the messages and limits, shared by the API and the page.
import { DOCUMENT_MAX_BYTES } from "./documents.ts";
import type { QuestionType } from "./structure.ts";

/** The same limit as an admin's document upload: board PDFs are 0.2 to 5 MB. */
export const SMART_EXTRACTION_MAX_BYTES = DOCUMENT_MAX_BYTES;
/** Pages one extraction reads at most: a past paper has up to ~40; a scanned page costs ~2 s of OCR. */
export const SMART_EXTRACTION_MAX_PAGES = 80;
/** Extractions one account may run in an hour (each may be minutes of OCR on the server). */
export const SMART_EXTRACTIONS_PER_HOUR = 10;
/** Extractions the server runs at once, for everyone: OCR takes a core, and pages for others must still be served. */
export const SMART_EXTRACTIONS_AT_ONCE = 2;
/** The Questions tab shows a question's content up to this many characters (§2). */
export const QUESTION_PREVIEW_CHARS = 200;

export const SMART_EXTRACTION_MESSAGES = {
  /** §5: a file that is not a PDF (the toast's title and description; the API answers the description). */
  invalidTypeTitle: "Invalid file type",
  invalidType: "Please select a PDF file.",
  tooLarge: `The PDF is too large: smart extraction reads files of at most ${SMART_EXTRACTION_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyPages: (pages: number) => `This PDF has ${pages} pages: smart extraction reads at most ${SMART_EXTRACTION_MAX_PAGES}.`,
  unreadable: "This PDF could not be read: it may be damaged or protected by a password.",
  tooMany: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    return `You have run ${SMART_EXTRACTIONS_PER_HOUR} extractions in the last hour, the most an account may. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  },
  busy: "The server is reading other PDFs just now. Please try again in a minute.",
  alreadyRunning: "One of your extractions is still running. Please wait for it to finish before starting another.",
  /** §8 */
  failedTitle: "Extraction failed",
  unknownError: "Unknown error occurred",
  successTitle: "Extraction successful",
  success: (questions: number, confidencePercent: number) => `Found ${questions} questions with ${confidencePercent}% confidence.`,
} as const;

/** §3 Smart extraction result: one question. */
export interface SmartQuestion {
  /** As printed, normalised: "01.1", "1(a)(ii)", "3". */
  number: string;
  marks: number | null;
  type: QuestionType;
  section: string;
  /** The question's words: its shared context, its text, its options and its table. */
  content: string;
  /** Notation beyond plain words the content uses: symbols (², π, √, °…) and chemical formulae. */
  specialNotation: string[];
  /** The page its number is printed on (1-based). */
  page: number;
  /** 0 to 1: how completely it was read. */
  confidence: number;
  options: string[] | null;
  table: { header: string[]; rows: string[][] } | null;
  /** The mark scheme's answer for this number, when one was uploaded and has it. */
  answer: string | null;
}

/** §3 metadata: what the paper's cover says (null when it does not say). */
export interface SmartMetadata {
  subject: string | null;
  examBoard: string | null;
  /** The paper's tier and code as the cover prints them: "Higher tier, 8461/1H". */
  paperType: string | null;
  level: string | null;
  year: number | null;
  /** The cover's maximum mark, else the sum of the marks read. */
  totalMarks: number | null;
  series: string | null;
  paperCode: string | null;
  tier: string | null;
  timeMinutes: number | null;
}

/** §3 extractionStats. */
export interface SmartExtractionStats {
  /** 0 to 1: the questions' average confidence. */
  confidence: number;
  pagesProcessed: number;
  /** Milliseconds the server spent. */
  processingTime: number;
  /** Bytes (UTF-8) of the text read from the pages. */
  textExtracted: number;
  /** Pages read as images (by OCR: they had no text layer). */
  imagesProcessed: number;
}

export interface SmartExtractionResult {
  success: true;
  error: null;
  fileName: string;
  /** The mark scheme uploaded with the paper: its pages and how many questions it gave an answer. */
  markScheme: { fileName: string; pagesProcessed: number; answersMatched: number } | null;
  questions: SmartQuestion[];
  metadata: SmartMetadata;
  extractionStats: SmartExtractionStats;
}

/** One step of the server's progress (the SSE "step" event): its words and how far it is (0–100). */
export interface SmartExtractionStep {
  step: string;
  progress: number;
}

/** The spec's test of a chosen file (§5): a PDF by its type or, when the browser gives none, its name. */
export const looksLikePdf = (file: { name: string; type: string }) => file.type === "application/pdf" || (!file.type && /\.pdf$/i.test(file.name));

/** Bytes as megabytes for the upload area: "1.25 MB". */
export const megabytes = (bytes: number) => (bytes && bytes < 5243 ? "under 0.01 MB" : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

/** §4 Confidence bands: 0.8 or more High, 0.6 or more Medium, below that Low. */
export const confidenceBandOf = (c: number) => (c >= 0.8 ? "High" : c >= 0.6 ? "Medium" : "Low");

/** A question's content for the Questions tab: at most QUESTION_PREVIEW_CHARS characters (§2), then an ellipsis. */
export const previewOf = (content: string) => (content.length > QUESTION_PREVIEW_CHARS ? `${content.slice(0, QUESTION_PREVIEW_CHARS).trimEnd()}…` : content);
