// What Document AI found, as §3's Process result: its elements counted, its confidence as a percent,
// and the questions our own segmenter (api/structure/parse.ts) finds in its text. The segmenter reads
// positioned lines, so Document AI's page layout (lines, and the tokens inside them, with normalised
// bounding boxes) is turned into the same TextLine shape the PDF text layer gives.
import type { TextLine } from "../structure/pdf-text.ts";
import { parsePaper } from "../structure/parse.ts";
import type { FoundQuestion, ProcessResult } from "../../shared/diagnostics.ts";
import type { DocumentAiDocument, Layout, TextAnchor } from "./document-ai.ts";

/** A page whose size comes in pixels is scaled to this width in points, the unit the segmenter's margins are in. */
const POINTS_WIDE = 612;
/** A question's text as the Results tab shows it. */
const TEXT_LIMIT = 300;

const range = (anchor: TextAnchor | undefined): [number, number] | null => {
  const segments = anchor?.textSegments ?? [];
  if (!segments.length) return null;
  return [Number(segments[0].startIndex ?? 0), Number(segments.at(-1)!.endIndex ?? 0)];
};
const textOf = (text: string, anchor: TextAnchor | undefined) =>
  (anchor?.textSegments ?? []).map((s) => text.slice(Number(s.startIndex ?? 0), Number(s.endIndex ?? 0))).join("");

function box(layout: Layout | undefined) {
  const v = layout?.boundingPoly?.normalizedVertices ?? [];
  if (!v.length) return null;
  const xs = v.map((p) => p.x ?? 0);
  const ys = v.map((p) => p.y ?? 0);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

/** Document AI's lines as positioned text lines (baseline from the page's foot, in points). */
export function documentLines(doc: DocumentAiDocument): TextLine[] {
  const text = doc.text ?? "";
  const out: TextLine[] = [];
  for (const [i, page] of (doc.pages ?? []).entries()) {
    const rawWidth = page.dimension?.width || POINTS_WIDE;
    const rawHeight = page.dimension?.height || rawWidth * (842 / 595);
    const scale = page.dimension?.unit === "points" ? 1 : POINTS_WIDE / rawWidth;
    const [width, height] = [rawWidth * scale, rawHeight * scale];
    const tokens = (page.tokens ?? []).map((t) => ({ at: range(t.layout?.textAnchor), box: box(t.layout), text: textOf(text, t.layout?.textAnchor).trim() }));
    for (const line of page.lines ?? []) {
      const lineText = textOf(text, line.layout?.textAnchor).replace(/\s+$/, "");
      const lineBox = box(line.layout);
      const at = range(line.layout?.textAnchor);
      if (!lineText.trim() || !lineBox || !at) continue;
      const inside = tokens.filter((t) => t.at && t.box && t.text && t.at[0] >= at[0] && t.at[1] <= at[1]);
      const items = inside.length
        ? inside.map((t) => ({ x: t.box!.left * width, right: t.box!.right * width, text: t.text }))
        : [{ x: lineBox.left * width, right: lineBox.right * width, text: lineText.trim() }];
      out.push({ page: page.pageNumber ?? i + 1, y: height * (1 - lineBox.bottom), pageWidth: width, pageHeight: height, items, text: lineText.trim() });
    }
  }
  return out;
}

/** The questions the segmenter finds in Document AI's text, every part with its number and marks. */
export function documentQuestions(doc: DocumentAiDocument): FoundQuestion[] {
  const paper = parsePaper(documentLines(doc));
  return paper.sections.flatMap((s) => s.questions).map((q) => ({
    number: q.number,
    marks: q.marks,
    text: q.text.length > TEXT_LIMIT ? `${q.text.slice(0, TEXT_LIMIT - 1)}…` : q.text,
  }));
}

/** §3 Process result of a processed PDF. */
export function processResult(doc: DocumentAiDocument, { processor, size, processingTime }: { processor: string; size: number; processingTime: number }): ProcessResult {
  const pages = doc.pages ?? [];
  const count = (pick: (p: (typeof pages)[number]) => unknown[] | undefined) => pages.reduce((n, p) => n + (pick(p)?.length ?? 0), 0);
  const results = {
    pages: pages.length,
    paragraphs: count((p) => p.paragraphs),
    lines: count((p) => p.lines),
    tokens: count((p) => p.tokens),
    tables: count((p) => p.tables),
    formFields: count((p) => p.formFields),
    entities: doc.entities?.length ?? 0,
  };
  // The paragraphs' confidence, or the pages' when a processor gives no paragraphs.
  const confidences = pages.flatMap((p) => (p.paragraphs?.length ? p.paragraphs.map((x) => x.layout?.confidence) : [p.layout?.confidence]))
    .filter((c): c is number => typeof c === "number");
  const confidence = confidences.length ? Math.round((confidences.reduce((a, b) => a + b, 0) / confidences.length) * 1000) / 10 : 0;
  return {
    success: true,
    confidence,
    elementsFound: results.paragraphs + results.tables + results.formFields + results.entities,
    processingTime,
    metadata: { pages: pages.length, textLength: (doc.text ?? "").length, processor, mimeType: doc.mimeType ?? "application/pdf", size },
    questions: documentQuestions(doc),
    results,
  };
}
