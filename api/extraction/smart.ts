// Smart Document Extraction (admin-tools.md §2, §3, §7 POST /api/extract/smart): a PDF's questions,
// cover and statistics in the shape of §3's result, read by the offline extractor (extract.ts), with
// each stage reported as it starts so the page shows the server's real progress. The bytes are only
// held in memory for the call: nothing is written to the database or to disk.
import { withPdf } from "./page-image.ts";
import { HttpError } from "../http.ts";
import { lowConfidencePages, tidyLowConfidencePages } from "./tidy.ts";
import type { ModelClient } from "../ai/client.ts";
import { type ExtractedQuestion, extractFromLines, type ExtractionProgress, type PaperExtraction, readPdfLines, textBytesOf } from "./extract.ts";
import { extractMarkScheme, type SchemeAnswer } from "./mark-scheme.ts";
import {
  SMART_EXTRACTION_MAX_PAGES,
  SMART_EXTRACTION_MESSAGES,
  type SmartExtractionResult,
  type SmartExtractionStep,
  type SmartMetadata,
  type SmartQuestion,
} from "../../shared/smart-extraction.ts";

/** The PDF's number of pages (MuPDF opens a document in milliseconds); 400 when it cannot be read or is too long. */
export async function checkedPageCount(bytes: Uint8Array): Promise<number> {
  let pages: number;
  try {
    pages = await withPdf(bytes, (doc) => {
      if (doc.needsPassword()) throw new Error("encrypted");
      return doc.countPages();
    });
  } catch {
    throw new HttpError(400, SMART_EXTRACTION_MESSAGES.unreadable);
  }
  if (pages < 1) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.unreadable);
  if (pages > SMART_EXTRACTION_MAX_PAGES) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.tooManyPages(pages));
  return pages;
}

/** The share of the progress bar each document's reading fills: the paper's, then the mark scheme's. */
interface Span {
  from: number;
  to: number;
  /** "" for the paper, "mark scheme " for the mark scheme. */
  what: string;
}
const PAPER_ALONE: Span = { from: 5, to: 85, what: "" };
const PAPER_WITH_SCHEME: Span = { from: 5, to: 55, what: "" };
const SCHEME: Span = { from: 60, to: 88, what: "mark scheme " };

/** A stage of reading a document as the page shows it, with how far along the whole run it is. */
export function stepOf(p: Exclude<ExtractionProgress, { stage: "questions" }>, pages: number, span: Span = PAPER_ALONE): SmartExtractionStep {
  if (p.stage === "text") {
    const name = span.what ? "the mark scheme" : "the PDF";
    return { step: `Reading ${name} (${pages} ${pages === 1 ? "page" : "pages"})`, progress: span.from };
  }
  // OCR is nearly all of a scan's time: it fills the document's share of the bar, page by page.
  const at = span.from + 5 + ((span.to - span.from - 5) * p.done) / p.of;
  return { step: `Reading ${span.what}page ${p.page} by OCR (scanned page ${p.done + 1} of ${p.of})`, progress: Math.round(at) };
}

// Symbols beyond plain words that exam questions print; a chemical formula is found by its elements.
const SYMBOLS = /[²³¹⁰⁴-⁹⁺⁻√∛π°±×÷≤≥≠≈∞→⇌ΔθλμΩΣ∑∫∝ℓ£€]/gu;
const ELEMENT = "(?:He|Li|Be|Ne|Na|Mg|Al|Si|Cl|Ar|Ca|Fe|Cu|Zn|Ag|Br|Pb|Mn|Cr|Ba|Sn|Au|Hg|Co|Ni|H|B|C|N|O|F|P|S|K|I)";
const FORMULA = new RegExp(`(?<![\\p{L}\\d])(?:${ELEMENT}[\\d₀-₉]*){2,}(?:[²³⁺⁻]+|\\d?[+-](?![\\d\\p{L}]))?(?![\\p{L}\\d])`, "gu");

/** The special notation a question's content uses: its symbols, then its chemical formulae, each once. */
export function specialNotation(content: string): string[] {
  const symbols = content.match(SYMBOLS) ?? [];
  // A formula has a count (H2O, CO₂) or a two-letter element (NaCl): capitals alone ("NO", "CH") are words.
  const formulae = (content.match(FORMULA) ?? []).filter((f) => /[\d₀-₉]/.test(f) || /[A-Z][a-z]/.test(f));
  return [...new Set([...symbols, ...formulae])];
}

/** A question's words in reading order: its shared context, its own text, its options, its table. */
function contentOf(q: ExtractedQuestion): string {
  const parts = [q.stem, q.text].filter((t): t is string => Boolean(t));
  if (q.options) parts.push(q.options.map((o, i) => `${String.fromCharCode(65 + i)}. ${o}`).join("\n"));
  if (q.table) parts.push([q.table.header, ...q.table.rows].map((row) => row.join(" | ")).join("\n"));
  return parts.join("\n");
}

function questionOf(q: ExtractedQuestion, answers: Map<string, SchemeAnswer>): SmartQuestion {
  const content = contentOf(q);
  return {
    number: q.number,
    marks: q.marks,
    // Options read from the page make it multiple choice, whatever its wording suggested.
    type: q.options ? "Multiple Choice" : q.type,
    section: q.section,
    content,
    specialNotation: specialNotation(content),
    page: q.page,
    confidence: q.confidence,
    options: q.options,
    table: q.table,
    answer: answers.get(q.number)?.answer || null,
  };
}

function metadataOf({ cover, statistics }: PaperExtraction): SmartMetadata {
  const tier = cover.tier ? `${cover.tier} tier` : null;
  const paperType = [tier, cover.paperCode].filter(Boolean).join(", ") || null;
  return {
    subject: cover.subject,
    examBoard: cover.board,
    paperType,
    level: cover.level,
    year: cover.year,
    totalMarks: cover.totalMarks ?? (statistics.withMarks ? statistics.totalMarks : null),
    series: cover.series,
    paperCode: cover.paperCode,
    tier: cover.tier,
    timeMinutes: cover.timeMinutes,
  };
}

export interface UploadedPdf {
  name: string;
  bytes: Uint8Array;
  /** Its number of pages, counted when it was checked (checkedPageCount). */
  pages: number;
}

/**
 * Extracts an uploaded paper (already checked: a PDF, within the limits, its pages counted) into §3's result, with its
 * mark scheme's answers matched by number when one came with it. `onStep` hears each stage as it
 * starts; if it throws (the browser went away), the extraction stops there.
 */
export async function smartExtract(
  { paper, markScheme = null, model = null }: { paper: UploadedPdf; markScheme?: UploadedPdf | null; model?: ModelClient | null },
  onStep: (step: SmartExtractionStep) => void = () => {},
): Promise<SmartExtractionResult> {
  const started = performance.now();
  const pages = paper.pages;
  const schemePages = markScheme?.pages ?? 0;
  const span = markScheme ? PAPER_WITH_SCHEME : PAPER_ALONE;
  const read = await readPdfLines(paper.bytes, { onProgress: (p) => p.stage !== "questions" && onStep(stepOf(p, pages, span)) });
  onStep({ step: "Finding the questions, their marks and the cover's details", progress: span.to + 2 });
  const extraction = extractFromLines(read.lines, read.pages, read.ocrPages);
  // With a model configured, the pages read with Low confidence are tidied, checked against this reading.
  const unsure = model ? lowConfidencePages(extraction) : [];
  if (model && unsure.length) {
    onStep({ step: `Tidying ${unsure.length} page${unsure.length === 1 ? "" : "s"} the reading was unsure of, with the AI model (checked against the reading)`, progress: span.to + 4 });
    await tidyLowConfidencePages(model, extraction);
  }
  let answers = new Map<string, SchemeAnswer>();
  let scheme: { pages: number; ocrPages: number; textBytes: number } | null = null;
  if (markScheme) {
    const ms = await readPdfLines(markScheme.bytes, { onProgress: (p) => p.stage !== "questions" && onStep(stepOf(p, schemePages, SCHEME)) });
    onStep({ step: "Matching the mark scheme's answers to the questions", progress: 92 });
    answers = new Map(extractMarkScheme(ms.lines, extraction.questions.map((q) => q.number)).map((a) => [a.number, a]));
    scheme = { pages: ms.pages, ocrPages: ms.ocrPages, textBytes: textBytesOf(ms.lines) };
  }
  const { statistics } = extraction;
  const questions = extraction.questions.map((q) => questionOf(q, answers));
  return {
    success: true,
    error: null,
    fileName: paper.name,
    markScheme: markScheme && scheme ? { fileName: markScheme.name, pagesProcessed: scheme.pages, answersMatched: questions.filter((q) => q.answer).length } : null,
    questions,
    metadata: metadataOf(extraction),
    extractionStats: {
      confidence: statistics.averageConfidence,
      // Everything read: the paper's pages and the mark scheme's.
      pagesProcessed: statistics.pages + (scheme?.pages ?? 0),
      processingTime: Math.round(performance.now() - started),
      textExtracted: statistics.textBytes + (scheme?.textBytes ?? 0),
      imagesProcessed: statistics.ocrPages + (scheme?.ocrPages ?? 0),
    },
  };
}
