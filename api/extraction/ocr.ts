// Pages without a text layer (a scanned paper) read by OCR on the server, offline: each page rendered
// by MuPDF (page-image.ts) and read by Tesseract (tesseract.js, with its English data from npm),
// its words turned into the same text lines with positions as a PDF's text layer gives, so the one
// extractor reads both. Boxed question numbers, as AQA prints them, come out of OCR as "[o]1] [2]":
// they are read back as "01.2".
import { Buffer } from "node:buffer";
import { createRequire } from "node:module";
import { createWorker, type Worker } from "tesseract.js";
import type { LineItem, TextLine } from "../structure/pdf-text.ts";
import { pagePng, withPdf } from "./page-image.ts";

/** Render scale: 2 × 72 dpi, enough for Tesseract on 10–12 pt exam text. */
const SCALE = 2;

const engData = (): { langPath: string } => createRequire(import.meta.url)("@tesseract.js-data/eng");

/** One Tesseract worker for a document's pages (starting one costs about a second). */
export async function withOcr<T>(use: (worker: Worker) => Promise<T>): Promise<T> {
  const worker = await createWorker("eng", 1, { langPath: engData().langPath, gzip: true, cacheMethod: "none" });
  try {
    return await use(worker);
  } finally {
    await worker.terminate();
  }
}

interface OcrWord {
  text: string;
  bbox: { x0: number; y0: number; x1: number; y1: number };
}
interface OcrLine {
  words: OcrWord[];
  bbox: { x0: number; y0: number; x1: number; y1: number };
}

// Characters OCR reads a boxed digit as.
const BOX_DIGIT: Record<string, string> = { o: "0", O: "0", D: "0", z: "2", Z: "2", l: "1", I: "1", i: "1", "|": "1", s: "5", S: "5" };
const BOX_TOKEN = /^[[\](){}|oODzZlIiSs0-9]{1,6}$/;

/**
 * A line's leading boxed number as AQA prints it ("0 1 . 2" in boxes), from the OCR's tokens: its
 * first token holds the 0, and the next tokens up to three digits in all. Null when it is not one.
 */
export function boxedNumber(tokens: string[]): { number: string; used: number } | null {
  if (!tokens.length || !/[oOD0]/.test(tokens[0]) || !/[[\]|]/.test(tokens[0]) || !BOX_TOKEN.test(tokens[0])) return null;
  let digits = "";
  let used = 0;
  for (const t of tokens) {
    if (!BOX_TOKEN.test(t) || digits.length >= 3) break;
    const d = [...t].map((c) => (/\d/.test(c) ? c : BOX_DIGIT[c] ?? "")).join("");
    if (!d) break;
    digits += d;
    used++;
  }
  if (digits.length < 2 || digits[0] !== "0") return null;
  return { number: digits.length === 2 ? digits : `${digits.slice(0, 2)}.${digits.slice(2, 3)}`, used };
}

/**
 * A word OCR makes of a ruled answer line or a box edge: no letter or digit, a run of one character
 * (or of dashes), or a stray pair of capitals or marks.
 */
const junkWord = (w: string) =>
  !/[\p{L}\p{N}]/u.test(w) || /(.)\1{2,}/.test(w) || /[—–_-]{2,}/.test(w) || (w.length <= 3 && /^[A-Z]{2,3}\.?$/.test(w) && !/^(AQA|OCR|DNA|RNA|ATP|pH)$/.test(w)) ||
  (w.length <= 2 && !/^(\d+|[aAI]|[A-Za-z]\.?|[a-z]{2}|\p{P}?\p{N}+\p{P}?)$/u.test(w));
/** A line is answer-space debris when most of its words are. */
const debris = (words: OcrWord[]) => words.filter((w) => junkWord(w.text)).length * 2 > words.length;

const BOX_EDGE = /^[[\]|()]{1,3}$/;

/** Tesseract's lines of one page as text lines (PDF points, y from the page's foot); answer lines dropped. */
function toTextLines(lines: OcrLine[], page: number, pageWidth: number, pageHeight: number): TextLine[] {
  return lines.flatMap((line) => {
    const words = line.words.filter((w) => w.text.trim());
    if (!words.length || debris(words)) return [];
    const boxed = boxedNumber(words.map((w) => w.text));
    // Tick boxes and box edges read as "[]" or "|" are not words.
    let items: LineItem[] = words.filter((w, i) => i === 0 || !BOX_EDGE.test(w.text)).map((w) => ({ x: w.bbox.x0 / SCALE, right: w.bbox.x1 / SCALE, text: w.text }));
    if (boxed) items = [{ x: items[0].x, right: items[boxed.used - 1].right, text: boxed.number }, ...items.slice(boxed.used).filter((i) => !BOX_EDGE.test(i.text))];
    else if (items.length > 1 && BOX_EDGE.test(items[0].text)) items = items.slice(1);
    const text = items.map((i) => i.text).join(" ").replace(/\s+/g, " ").trim();
    return [{ page, y: pageHeight - line.bbox.y1 / SCALE, pageWidth, pageHeight, items, text }];
  });
}

/**
 * Boxed numbers read back in sequence: OCR often misreads a boxed digit ("02.1" for "01.1"), but the
 * numbers run in order. After a question's heading the next part is its first; after a part, the next
 * is the same question's next part or the next question's first, whichever the digits read agree with
 * more (the same question's on a tie).
 */
export function renumberBoxed(lines: TextLine[]): TextLine[] {
  let q = 0;
  let p = 0;
  // Whether a mark was printed since the last number: a heading's first part follows it with none.
  let marked = true;
  const agree = (read: string, candidate: string) => [...candidate].filter((c, i) => read[i] === c).length;
  const two = (n: number) => String(n).padStart(2, "0");
  return lines.map((line) => {
    const read = line.items[0]?.text ?? "";
    if (!/^\d\d(\.\d)?$/.test(read)) {
      if (/\[\s*\d{1,2}\s*marks?\s*\]/i.test(line.text)) marked = true;
      return line;
    }
    // Two digits read right after a heading, no mark between, are its first part with its ".1" lost.
    const heading = !read.includes(".") && !(q > 0 && p === 0 && !marked);
    marked = false;
    let number: string;
    if (heading) {
      q += 1;
      p = 0;
      number = two(q);
    } else {
      const digits = read.replace(".", "");
      const candidates: [number, number][] = q === 0 ? [[1, 1]] : p === 0 ? [[q, 1]] : [[q, p + 1], [q + 1, 1]];
      const best = candidates.reduce((a, b) => (agree(digits, `${two(b[0])}${b[1]}`) > agree(digits, `${two(a[0])}${a[1]}`) ? b : a));
      [q, p] = best;
      number = `${two(q)}.${p}`;
    }
    const items = [{ ...line.items[0], text: number }, ...line.items.slice(1)];
    return { ...line, items, text: [number, ...line.items.slice(1).map((i) => i.text)].join(" ") };
  });
}

/** The text lines of the given pages (1-based) of a PDF, read by OCR; `onPage` hears each page as it starts (with how many are done). */
export async function ocrLines(bytes: Uint8Array, pages: number[], worker: Worker, onPage?: (page: number, done: number) => void): Promise<TextLine[]> {
  const out: TextLine[] = [];
  await withPdf(bytes, async (doc) => {
    for (const [done, p] of pages.entries()) {
      onPage?.(p, done);
      const { png, width, height } = await pagePng(doc, p, SCALE, "grey");
      const { data } = await worker.recognize(Buffer.from(png), {}, { blocks: true, text: false });
      const lines = (data.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((para) => para.lines)) as OcrLine[];
      out.push(...toTextLines(lines, p, width, height).sort((a, b) => b.y - a.y));
    }
  });
  return renumberBoxed(out);
}
