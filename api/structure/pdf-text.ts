// A PDF's text as lines with positions (unpdf: pdf.js built for servers). Items on the same baseline
// are joined left to right into one line; each line keeps its items' x positions, so a reader can tell
// a mark printed at the right margin, as Edexcel prints "(4)", from a number inside the text.
import { getDocumentProxy } from "unpdf";

export interface LineItem {
  x: number;
  /** x of the item's right edge. */
  right: number;
  text: string;
}
export interface TextLine {
  page: number;
  /** Baseline, from the bottom of the page (PDF coordinates). */
  y: number;
  pageWidth: number;
  pageHeight: number;
  items: LineItem[];
  text: string;
}

/** Items whose baselines differ by less than this (points) are on one line. */
const SAME_LINE = 2.5;

/** `sideways`: keep text printed sideways too (a test of the page furniture wants it; a reader does not). */
export async function pdfLines(bytes: Uint8Array, { sideways = false } = {}): Promise<TextLine[]> {
  return (await pdfText(bytes, { sideways })).lines;
}

/** The PDF's text lines and its number of pages (a page of a scan has none of the lines). */
export async function pdfText(bytes: Uint8Array, { sideways = false } = {}): Promise<{ lines: TextLine[]; pages: number }> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const lines: TextLine[] = [];
  const pages = pdf.numPages;
  try {
    for (let p = 1; p <= pdf.numPages; p++) {
      const page = await pdf.getPage(p);
      const { width, height } = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const pageLines: TextLine[] = [];
      for (const raw of content.items) {
        if (!("str" in raw) || !raw.str.trim()) continue;
        // Text printed sideways (Edexcel's "DO NOT WRITE IN THIS AREA" down the margins) is furniture,
        // and would otherwise join whatever line shares its baseline.
        if (!sideways && (Math.abs(raw.transform[1]) > 0.01 || Math.abs(raw.transform[2]) > 0.01)) continue;
        const x = raw.transform[4];
        const y = raw.transform[5];
        const item = { x, right: x + raw.width, text: raw.str };
        const line = pageLines.find((l) => Math.abs(l.y - y) < SAME_LINE);
        if (line) line.items.push(item);
        else pageLines.push({ page: p, y, pageWidth: width, pageHeight: height, items: [item], text: "" });
      }
      pageLines.sort((a, b) => b.y - a.y);
      for (const line of pageLines) {
        line.items.sort((a, b) => a.x - b.x);
        line.text = joinItems(line.items);
      }
      lines.push(...pageLines);
    }
  } finally {
    await pdf.destroy();
  }
  return { lines, pages };
}

/** Items joined with a space where a gap separates them (pdf.js often splits a word into pieces). */
function joinItems(items: LineItem[]): string {
  let out = "";
  let lastRight = -Infinity;
  for (const item of items) {
    const gap = item.x - lastRight;
    out += out && gap > 1 && !out.endsWith(" ") && !item.text.startsWith(" ") ? ` ${item.text}` : item.text;
    lastRight = item.right;
  }
  return out.replace(/\s+/g, " ").trim();
}
