// Smart Document Extraction (admin-tools.md §2, §3, §7 POST /api/extract/smart): a PDF's questions,
// cover and statistics in the shape of §3's result, read by the offline extractor (extract.ts), with
// each stage reported as it starts so the page shows the server's real progress. The bytes are only
// held in memory for the call: nothing is written to the database or to disk.
import * as mupdf from "mupdf";
import { HttpError } from "../http.ts";
import { type ExtractedQuestion, extractPdf, type ExtractionProgress, type PaperExtraction } from "./extract.ts";
import {
  SMART_EXTRACTION_MAX_PAGES,
  SMART_EXTRACTION_MESSAGES,
  type SmartExtractionResult,
  type SmartExtractionStep,
  type SmartMetadata,
  type SmartQuestion,
} from "../../shared/smart-extraction.ts";

/** The PDF's number of pages (MuPDF opens a document in milliseconds); 400 when it cannot be read or is too long. */
export function checkedPageCount(bytes: Uint8Array): number {
  let pages: number;
  try {
    const doc = mupdf.Document.openDocument(bytes, "application/pdf");
    try {
      if (doc.needsPassword()) throw new Error("encrypted");
      pages = doc.countPages();
    } finally {
      doc.destroy();
    }
  } catch {
    throw new HttpError(400, SMART_EXTRACTION_MESSAGES.unreadable);
  }
  if (pages < 1) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.unreadable);
  if (pages > SMART_EXTRACTION_MAX_PAGES) throw new HttpError(400, SMART_EXTRACTION_MESSAGES.tooManyPages(pages));
  return pages;
}

/** A stage of the extractor as the page shows it, with how far along the whole run it is. */
export function stepOf(p: ExtractionProgress, pages: number): SmartExtractionStep {
  switch (p.stage) {
    case "text":
      return { step: `Reading the PDF (${pages} ${pages === 1 ? "page" : "pages"})`, progress: 5 };
    case "ocr":
      // OCR is nearly all of a scan's time: it fills the bar from 10% to 85%, page by page.
      return { step: `Reading page ${p.page} by OCR (scanned page ${p.done + 1} of ${p.of})`, progress: Math.round(10 + (75 * p.done) / p.of) };
    case "questions":
      return { step: "Finding the questions, their marks and the cover's details", progress: 90 };
  }
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

function questionOf(q: ExtractedQuestion): SmartQuestion {
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

/**
 * Extracts an uploaded PDF (already checked: a PDF, within the limits) into §3's result. `onStep`
 * hears each stage as it starts; if it throws (the browser went away), the extraction stops there.
 */
export async function smartExtract(bytes: Uint8Array, fileName: string, onStep: (step: SmartExtractionStep) => void = () => {}): Promise<SmartExtractionResult> {
  const started = performance.now();
  const pages = checkedPageCount(bytes);
  const extraction = await extractPdf(bytes, { onProgress: (p) => onStep(stepOf(p, pages)) });
  const { statistics } = extraction;
  return {
    success: true,
    error: null,
    fileName,
    questions: extraction.questions.map(questionOf),
    metadata: metadataOf(extraction),
    extractionStats: {
      confidence: statistics.averageConfidence,
      pagesProcessed: statistics.pages,
      processingTime: Math.round(performance.now() - started),
      textExtracted: statistics.textBytes,
      imagesProcessed: statistics.ocrPages,
    },
  };
}
