// Renders a built paper (shared/generation.ts PaperDocument) as a PDF laid out like the board's
// paper: cover, numbered questions with marks at the right, answer lines sized to the marks, page
// numbers, 'Turn over', 'END OF QUESTIONS', then the mark scheme and, for predicted papers, the
// evidence page. Text is real, selectable text in embedded (subset) DejaVu fonts.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { DocItem, DocPart, PaperDocument } from "../../shared/generation.ts";
import { type Block, parseBlocks, type Run } from "./html.ts";

const FONT_DIR = "node_modules/dejavu-fonts-ttf/ttf";
const FONT_FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
  mono: "DejaVuSansMono.ttf",
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * fontkit with its parsed fonts kept: parsing a 700 KB TrueType file is most of the cost of a PDF,
 * and every document embeds the same four. Subsetting makes a new subset each time, so sharing the
 * parsed font between documents is safe.
 */
const parsedFonts = new Map<Uint8Array, unknown>();
interface Face {
  glyphForCodePoint(cp: number): unknown;
  layout(text: string): { glyphs: unknown[] };
}
const cachingFontkit = {
  create(buffer: Uint8Array, postscriptName?: string) {
    let font = parsedFonts.get(buffer);
    if (!font) {
      font = withSimpleLayout(fontkit.create(buffer, postscriptName) as unknown as Face);
      parsedFonts.set(buffer, font);
    }
    return font;
  },
} as unknown as typeof fontkit;

/**
 * Maps characters to glyphs one to one instead of running the full OpenType shaper for every
 * string (pdf-lib lays out each drawn string): Latin, Greek and symbols need no shaping, and the
 * shaper made a paper take half a second. The face itself is untouched underneath.
 */
function withSimpleLayout(face: Face): Face {
  const glyphs = new Map<number, unknown>();
  const simple = Object.create(face) as Face;
  simple.layout = (text: string) => ({
    glyphs: [...text].map((ch) => {
      const cp = ch.codePointAt(0)!;
      let g = glyphs.get(cp);
      if (g === undefined) glyphs.set(cp, (g = face.glyphForCodePoint(cp)));
      return g;
    }),
  });
  return simple;
}

let fontBytes: Record<FontName, Uint8Array> | undefined;
/** The font files, read once. They come with the npm package, so no writable disk is needed. */
function loadFontBytes(): Record<FontName, Uint8Array> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([k, file]) => [k, readFileSync(resolve(FONT_DIR, file))]),
  ) as unknown as Record<FontName, Uint8Array>;
  return fontBytes;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { left: 50, right: 50, top: 56, bottom: 64 };
const LABEL_WIDTH = 58;
const MARKS_WIDTH = 64;
const INK = rgb(0, 0, 0);
const GREY = rgb(0.45, 0.45, 0.45);
const RULE = rgb(0.72, 0.72, 0.72);

/** Sizes for the standard and the large-text (modified enlarged) versions: nothing under 16 pt in large text. */
function sizesFor(large: boolean) {
  return large
    ? { body: 16, small: 16, script: 16, h1: 30, h2: 22, h3: 18, line: 1.45, answerGap: 34 }
    : { body: 11, small: 8.5, script: 7.5, h1: 26, h2: 16, h3: 12.5, line: 1.4, answerGap: 25 };
}
type Sizes = ReturnType<typeof sizesFor>;

/**
 * Advance widths a character at a time, cached per font: fontkit's full text layout for every
 * measurement costs more than the rest of the PDF together. (Kerning is left out of measuring.)
 */
interface Metrics {
  has(ch: string): boolean;
  width(ch: string): number;
}
const metrics = new WeakMap<PDFFont, Metrics>();
function metricsOf(font: PDFFont): Metrics {
  let m = metrics.get(font);
  if (!m) {
    const face = (font as unknown as { embedder: { font: { hasGlyphForCodePoint(cp: number): boolean } } }).embedder.font;
    const widths = new Map<string, number>();
    const present = new Map<string, boolean>();
    m = {
      has(ch) {
        let p = present.get(ch);
        if (p === undefined) present.set(ch, (p = ch === "\u00a0" || face.hasGlyphForCodePoint(ch.codePointAt(0)!)));
        return p;
      },
      width(ch) {
        let w = widths.get(ch);
        if (w === undefined) widths.set(ch, (w = font.widthOfTextAtSize(ch, 1000)));
        return w;
      },
    };
    metrics.set(font, m);
  }
  return m;
}
const widthOfB = (font: PDFFont, text: string, size: number) => widthOf(text, font, size);
function widthOf(text: string, font: PDFFont, size: number): number {
  const m = metricsOf(font);
  let w = 0;
  for (const ch of text) w += m.width(ch);
  return (w * size) / 1000;
}

interface Token {
  text: string;
  font: PDFFont;
  size: number;
  rise: number;
  width: number;
  space: boolean;
  newline: boolean;
}

class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  readonly right = A4.width - MARGIN.right;
  /** Pages of the questions part: they carry 'Turn over' (but the last). */
  questionPages = new Set<PDFPage>();
  /** Pages of the cover: all carry 'Turn over' (the large-text cover takes two pages). */
  coverPages = new Set<PDFPage>();

  constructor(readonly pdf: PDFDocument, readonly fonts: Record<FontName, PDFFont>, readonly s: Sizes) {}

  newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.pages.push(this.page);
    this.y = A4.height - MARGIN.top;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number) {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  lineHeight(size = this.s.body) {
    return size * this.s.line;
  }

  text(text: string, x: number, size: number, font: PDFFont = this.fonts.regular, color = INK) {
    this.page.drawText(text, { x, y: this.y, size, font, color });
  }

  fontFor(run: Run): PDFFont {
    if (run.mono) return this.fonts.mono;
    if (run.bold) return this.fonts.bold;
    if (run.italic) return this.fonts.italic;
    return this.fonts.regular;
  }

  tokens(runs: Run[], size: number): Token[] {
    const out: Token[] = [];
    for (const run of runs) {
      const font = this.fontFor(run);
      const runSize = run.script ? Math.max(this.s.script, size * 0.72) : size;
      const rise = run.script === "sup" ? size * 0.35 : run.script === "sub" ? -size * 0.2 : 0;
      for (const piece of run.text.split(/(\n| )/)) {
        if (piece === "") continue;
        if (piece === "\n") {
          out.push({ text: "", font, size: runSize, rise, width: 0, space: false, newline: true });
          continue;
        }
        const safe = this.encodable(piece, font);
        out.push({ text: safe, font, size: runSize, rise, width: widthOf(safe, font, runSize), space: piece === " ", newline: false });
      }
    }
    return out;
  }

  /** Replaces characters the font has no glyph for, so one odd character never prints as a blank box. */
  encodable(text: string, font: PDFFont): string {
    const m = metricsOf(font);
    let out = "";
    for (const ch of text) out += m.has(ch) ? ch : "?";
    return out;
  }

  /** Breaks tokens into lines no wider than `width`; words joined without spaces (e.g. x<sup>2</sup>) stay together. */
  wrap(tokens: Token[], width: number): Token[][] {
    const lines: Token[][] = [[]];
    let lineWidth = 0;
    // Group tokens into words: runs of non-space tokens.
    const words: Token[][] = [];
    let word: Token[] = [];
    for (const t of tokens) {
      if (t.space || t.newline) {
        if (word.length) words.push(word);
        words.push([t]);
        word = [];
      } else word.push(t);
    }
    if (word.length) words.push(word);
    for (const w of words) {
      const first = w[0];
      if (first.newline) {
        lines.push([]);
        lineWidth = 0;
        continue;
      }
      const wWidth = w.reduce((n, t) => n + t.width, 0);
      const line = lines.at(-1)!;
      if (first.space) {
        if (line.length) {
          line.push(first);
          lineWidth += first.width;
        }
        continue;
      }
      if (lineWidth + wWidth > width && line.length) {
        while (line.length && line.at(-1)!.space) lineWidth -= line.pop()!.width;
        lines.push([]);
        lineWidth = 0;
      }
      if (wWidth > width) {
        // A word longer than the line (a long formula or URL): break it by characters.
        for (const t of w) {
          for (const ch of [...t.text]) {
            const cw = widthOf(ch, t.font, t.size);
            if (lineWidth + cw > width && lines.at(-1)!.length) {
              lines.push([]);
              lineWidth = 0;
            }
            lines.at(-1)!.push({ ...t, text: ch, width: cw });
            lineWidth += cw;
          }
        }
        continue;
      }
      lines.at(-1)!.push(...w);
      lineWidth += wWidth;
    }
    return lines.filter((l, i) => l.length || i < lines.length - 1);
  }

  /** Draws a line, one text operation for each run of tokens in the same font, size and baseline. */
  drawLine(line: Token[], x: number) {
    let cx = x;
    let i = 0;
    while (i < line.length) {
      const first = line[i];
      let text = "";
      let width = 0;
      let j = i;
      while (j < line.length && line[j].font === first.font && line[j].size === first.size && line[j].rise === first.rise) {
        text += line[j].space ? " " : line[j].text;
        width += line[j].width;
        j++;
      }
      if (text.trim()) this.page.drawText(text, { x: cx, y: this.y + first.rise, size: first.size, font: first.font, color: INK });
      cx += width;
      i = j;
    }
  }

  /** Flows runs from x to x + width, starting a new page as needed. Returns the last line's right end. */
  paragraph(runs: Run[], x: number, width: number, size = this.s.body, firstLineLead?: () => void): number {
    const lines = this.wrap(this.tokens(runs, size), width);
    const lh = this.lineHeight(size);
    let end = x;
    lines.forEach((line, i) => {
      this.ensure(lh);
      this.y -= size;
      if (i === 0) firstLineLead?.();
      this.drawLine(line, x);
      end = x + line.reduce((n, t) => n + t.width, 0);
      this.y -= lh - size;
    });
    return end;
  }

  /** Renders safe-HTML blocks between x and x + width. */
  blocks(blocks: Block[], x: number, width: number, size = this.s.body) {
    const indentStep = size * 1.6;
    for (const block of blocks) {
      const bx = x + block.indent * indentStep;
      const bw = width - block.indent * indentStep;
      if (block.kind === "para") {
        if (block.bullet) {
          const bullet = block.bullet;
          this.paragraph(block.runs, bx + indentStep, bw - indentStep, size, () => this.text(bullet, bx + size * 0.3, size));
        } else this.paragraph(block.runs, bx, bw, size);
        this.y -= size * 0.35;
      } else if (block.kind === "pre") {
        const mono = Math.max(this.s.small, size * 0.9);
        for (const raw of block.lines) {
          this.paragraph([{ text: raw.replace(/\t/g, "    ").replace(/ /g, "\u00a0"), mono: true }], bx + 8, bw - 8, mono);
        }
        this.y -= size * 0.35;
      } else this.table(block, bx, bw, size);
    }
  }

  /**
   * Draws a table; `widths` are the columns' shares of the width (equal when absent). A row never
   * splits across pages, and a table that continues on a new page repeats its header rows there.
   */
  table(block: Extract<Block, { kind: "table" }>, x: number, width: number, size: number, widths?: number[]) {
    const cols = Math.max(...block.rows.map((r) => r.cells.length));
    const shares = widths?.length === cols ? widths.map((w) => w / widths.reduce((a, b) => a + b, 0)) : Array.from({ length: cols }, () => 1 / cols);
    const colX = shares.map((_, c) => x + width * shares.slice(0, c).reduce((a, b) => a + b, 0));
    const pad = 4;
    const cellSize = Math.max(this.s.small, size * 0.92);
    const lh = this.lineHeight(cellSize);
    const laidRows = block.rows.map((row) => {
      const laid = row.cells.map((cell, c) =>
        this.wrap(this.tokens(cell.map((r) => (row.header ? { ...r, bold: true } : r)), cellSize), width * shares[c] - 2 * pad)
      );
      return { header: row.header, laid, height: Math.max(1, ...laid.map((l) => l.length)) * lh + 2 * pad };
    });
    const headerCount = laidRows.findIndex((r) => !r.header);
    const headers = headerCount === -1 ? [] : laidRows.slice(0, headerCount);
    const headersHeight = headers.reduce((n, r) => n + r.height, 0);
    const draw = (row: (typeof laidRows)[number]) => {
      const top = this.y;
      for (let c = 0; c < cols; c++) {
        this.page.drawRectangle({ x: colX[c], y: top - row.height, width: width * shares[c], height: row.height, borderColor: INK, borderWidth: 0.6 });
        this.y = top - pad;
        for (const line of row.laid[c] ?? []) {
          this.y -= cellSize;
          this.drawLine(line, colX[c] + pad);
          this.y -= lh - cellSize;
        }
      }
      this.y = top - row.height;
    };
    laidRows.forEach((row, i) => {
      // Header rows keep the first body row with them; a body row that moves to a new page takes the headers along.
      const next = row.header ? (laidRows[headerCount]?.height ?? 0) : 0;
      if (this.y - row.height - next < MARGIN.bottom) {
        this.newPage();
        if (!row.header && i > headerCount && headersHeight + row.height < A4.height - MARGIN.top - MARGIN.bottom) headers.forEach(draw);
      }
      draw(row);
    });
    this.y -= size * 0.6;
  }

  /** Ruled answer lines; `keepWithLast` is the height of what must follow the last line on its page. */
  answerLines(count: number, x: number, keepWithLast = 0) {
    for (let i = 0; i < count; i++) {
      this.ensure(this.s.answerGap + (i === count - 1 ? keepWithLast : 0));
      this.y -= this.s.answerGap;
      this.page.drawLine({ start: { x, y: this.y }, end: { x: this.right, y: this.y }, thickness: 0.5, color: RULE });
    }
    this.y -= this.s.answerGap * 0.4;
  }

  rule(thickness = 0.8) {
    this.page.drawLine({ start: { x: MARGIN.left, y: this.y }, end: { x: this.right, y: this.y }, thickness, color: INK });
  }
}

const marksLabel = (marks: number) => `[${marks} mark${marks === 1 ? "" : "s"}]`;
/** A part's marks as the board prints them, with the SPaG marks assessed on it: "[12 marks] [SPaG: 3 marks]". */
const partMarksLabel = (part: Pick<DocPart, "marks" | "spagMarks">) =>
  part.spagMarks ? `${marksLabel(part.marks)} [SPaG: ${part.spagMarks} mark${part.spagMarks === 1 ? "" : "s"}]` : marksLabel(part.marks);
/** AQA's spaced numbering: question 1 part 2 is "0 1 . 2". */
export const boardLabel = (number: string) => {
  const [q, p] = number.split(".");
  const spaced = q.padStart(2, "0").split("").join(" ");
  return p ? `${spaced} . ${p}` : spaced;
};
const formatDuration = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hour${h === 1 ? "" : "s"}` : "", m ? `${m} minutes` : ""].filter(Boolean).join(" ");
};

function cover(w: Writer, doc: PaperDocument) {
  const { s, fonts } = w;
  const x = MARGIN.left;
  w.newPage();
  const firstPage = w.pages.length - 1;
  w.y -= s.h1;
  w.text(doc.examBoard, x, s.h1, fonts.bold);
  const kind = doc.kind === "predicted" ? "Predicted paper" : "Practice paper";
  const kindWidth = widthOfB(fonts.bold, kind, s.h3);
  w.text(kind, w.right - kindWidth, s.h3, fonts.bold);
  w.y -= s.h2 * 1.6;
  w.paragraph([{ text: `${doc.qualification} ${doc.title.toUpperCase()}`, bold: true }], x, w.right - x, s.h2);
  const tierLine = [doc.tier ? `${doc.tier} Tier` : "", doc.paperTitle].filter(Boolean).join("   ");
  w.paragraph([{ text: tierLine, bold: true }], x, w.right - x, s.h3);
  w.paragraph([{ text: `Paper code ${doc.code}${doc.tier ? doc.tier[0] : ""}` }], x, w.right - x, s.body);
  w.y -= s.body * 0.4;
  w.paragraph([{ text: doc.notice, italic: true }], x, w.right - x, s.small);
  w.y -= s.body * 0.2;
  w.rule();
  w.y -= s.body * 0.8;

  // Candidate boxes.
  const boxH = s.body * 1.9;
  for (const label of ["Surname", "Forename(s)", "Candidate signature"]) {
    w.ensure(boxH + 6);
    const labelWidth = widthOfB(fonts.regular, "Candidate signature", s.body) + 12;
    w.y -= boxH;
    w.page.drawRectangle({ x: x + labelWidth, y: w.y, width: w.right - x - labelWidth, height: boxH, borderColor: INK, borderWidth: 0.8 });
    const ty = w.y;
    w.y = ty + boxH / 2 - s.body / 3;
    w.text(label, x, s.body);
    w.y = ty - 6;
  }
  w.paragraph([{ text: "I declare this is my own work.", italic: true }], x, w.right - x, s.small);
  w.y -= s.body * 0.5;

  // The cover's lists in a slightly smaller size, as on the board's covers, so the cover is one page.
  const listSize = Math.max(s.small, s.body * 0.9);
  const section = (heading: string, lines: string[], bullets: boolean) => {
    w.y -= s.body * 0.3;
    w.paragraph([{ text: heading, bold: true }], x, w.right - x, s.h3);
    w.blocks(lines.map((l) => ({ kind: "para", runs: [{ text: l }], indent: bullets ? 1 : 0, bullet: bullets ? "•" : undefined })), x, w.right - x, listSize);
  };
  w.paragraph([{ text: `Time allowed: ${formatDuration(doc.timeMinutes)}`, bold: true }], x, w.right - x, s.h3);
  section("Materials", doc.materials, true);
  const instructions = [...doc.instructions];
  if (doc.options.includeTimeAllocation) instructions.push("The suggested time for each question is shown beside it.");
  section("Instructions", instructions, true);
  const information = [...doc.information];
  if (doc.spagMarks && !information.some((l) => /spelling/i.test(l))) information.push(`Up to ${doc.spagMarks} additional marks are awarded for spelling, punctuation, grammar and the use of specialist terminology.`);
  if (doc.options.includeMarkScheme) information.push("A mark scheme follows the questions.");
  if (doc.evidence) information.push("The last page explains why these topics were chosen.");
  section("Information", information, true);
  for (const page of w.pages.slice(firstPage)) w.coverPages.add(page);
}

function questionsPart(w: Writer, doc: PaperDocument) {
  const { s, fonts } = w;
  const x = MARGIN.left;
  const textX = x + LABEL_WIDTH * (s.body / 11 > 1.2 ? 1.35 : 1);
  const textWidth = w.right - MARKS_WIDTH - textX;
  w.newPage();
  const firstPage = w.pages.length - 1;
  for (const section of doc.sections) {
    w.ensure(s.h2 * 4);
    w.paragraph([{ text: section.name, bold: true }], x, w.right - x, s.h2);
    if (section.instructions) w.paragraph([{ text: section.instructions, italic: true }], x, w.right - x);
    w.y -= s.body * 0.6;
    for (const question of section.questions) {
      w.ensure(s.h3 * 6);
      if (question.minutes !== undefined) {
        w.paragraph([{ text: `Suggested time: ${question.minutes} minute${question.minutes === 1 ? "" : "s"}`, italic: true }], textX, textWidth);
      }
      for (const item of question.items) itemBlock(w, doc, item, x, textX, textWidth);
    }
  }
  w.ensure(s.h3 * 3);
  w.y -= s.h3 * 1.5;
  const end = "END OF QUESTIONS";
  w.text(end, (A4.width - widthOfB(fonts.bold, end, s.h3)) / 2, s.h3, fonts.bold);
  w.y -= s.h3;
  for (const page of w.pages.slice(firstPage)) w.questionPages.add(page);
  return w.page;
}

function itemBlock(w: Writer, doc: PaperDocument, item: DocItem, x: number, textX: number, textWidth: number) {
  const { s, fonts } = w;
  if (doc.options.includeTopicWeighting && doc.evidence) {
    const ev = doc.evidence.topics.find((t) => t.topic === item.topic);
    const weight = ev && doc.evidence.recorded ? ` (predicted weight ${ev.score}/100)` : "";
    w.paragraph([{ text: `Topic: ${item.topicName}${weight}`, italic: true }], textX, textWidth, s.small);
  }
  if (item.stem) {
    w.ensure(s.body * 3);
    w.blocks(parseBlocks(item.stem), textX, textWidth);
  }
  // The source line stays on the page of the question's last answer line, never alone on the next.
  const sourceHeight = w.wrap(w.tokens([{ text: item.attribution, italic: true }], s.small), w.right - textX).length * w.lineHeight(s.small);
  item.parts.forEach((part, i) => partBlock(w, part, x, textX, textWidth, i === item.parts.length - 1 ? sourceHeight + s.body * 0.6 : 0));
  w.paragraph([{ text: item.attribution, italic: true }], textX, w.right - textX, s.small);
  w.y -= s.body * 0.8;
  void fonts;
}

function partBlock(w: Writer, part: DocPart, x: number, textX: number, textWidth: number, keepWithEnd: number) {
  const { s, fonts } = w;
  w.ensure(s.body * 4);
  const top = w.y;
  w.y -= s.body;
  boxedLabel(w, part.number, x);
  w.y = top;
  w.blocks(parseBlocks(part.content), textX, textWidth);
  if (part.options) {
    const box = s.body * 1.1;
    part.options.forEach((option, i) => {
      const letter = String.fromCharCode(65 + i);
      w.ensure(box + 6);
      const rowTop = w.y;
      const optionX = textX + 8 + s.body * 1.8;
      w.paragraph([{ text: option }], optionX, textX + textWidth - box - 12 - optionX, s.body, () => w.text(letter, textX + 8, s.body, fonts.bold));
      const boxY = rowTop - box - 1;
      w.page.drawRectangle({ x: textX + textWidth - box, y: boxY, width: box, height: box, borderColor: INK, borderWidth: 0.8 });
      w.y = Math.min(w.y, boxY - 4);
    });
  }
  // Marks at the right, level with the end of the question text.
  const marks = partMarksLabel(part);
  w.ensure(s.body * 1.5);
  w.y -= s.body;
  w.text(marks, w.right - widthOfB(fonts.bold, marks, s.body), s.body, fonts.bold);
  w.y -= s.body * 0.3;
  if (part.answerLines > 0) w.answerLines(part.answerLines, textX, keepWithEnd);
  else w.ensure(keepWithEnd);
  w.y -= s.body * 0.6;
}

/** AQA's question number: each digit in a box, "0 1 . 2". */
function boxedLabel(w: Writer, number: string, x: number) {
  const { s, fonts } = w;
  const size = s.body;
  const box = size * 1.25;
  let cx = x;
  for (const ch of boardLabel(number).split(" ")) {
    if (ch === ".") {
      w.text(".", cx + size * 0.15, size, fonts.bold);
      cx += size * 0.6;
      continue;
    }
    w.page.drawRectangle({ x: cx, y: w.y - size * 0.3, width: box, height: box, borderColor: INK, borderWidth: 0.6 });
    w.text(ch, cx + (box - widthOfB(fonts.bold, ch, size)) / 2, size, fonts.bold);
    cx += box;
  }
}

function markSchemePart(w: Writer, doc: PaperDocument) {
  const { s } = w;
  const x = MARGIN.left;
  const textX = x + LABEL_WIDTH;
  w.newPage();
  w.paragraph([{ text: "Mark scheme", bold: true }], x, w.right - x, s.h2);
  w.paragraph([{ text: `${doc.examBoard} ${doc.qualification} ${doc.title} ${doc.paperTitle}${doc.tier ? ` (${doc.tier} Tier)` : ""}` }], x, w.right - x);
  w.y -= s.body;
  for (const section of doc.sections) {
    w.ensure(s.h3 * 4);
    w.paragraph([{ text: section.name, bold: true }], x, w.right - x, s.h3);
    for (const question of section.questions) {
      for (const item of question.items) {
        for (const part of item.parts) {
          w.ensure(s.body * 4);
          const top = w.y;
          w.y -= s.body;
          w.text(boardLabel(part.number), x, s.body, w.fonts.bold);
          const marks = marksLabel(part.marks);
          w.text(marks, w.right - widthOfB(w.fonts.bold, marks, s.body), s.body, w.fonts.bold);
          w.y = top;
          w.blocks(parseBlocks(part.markScheme), textX, w.right - MARKS_WIDTH - textX);
          // The SPaG levels, unless the question's own mark scheme gives them (the seeded banks' do).
          if (part.spagMarks && !/spelling, punctuation and grammar/i.test(part.markScheme)) {
            w.paragraph([{ text: `Spelling, punctuation and grammar (SPaG): ${part.spagMarks} mark${part.spagMarks === 1 ? "" : "s"}`, bold: true }], textX, w.right - textX, s.small);
            w.blocks(spagBands(part.spagMarks), textX, w.right - MARKS_WIDTH - textX, Math.max(s.small, s.body * 0.92));
          }
          w.paragraph([{ text: "Model answer", bold: true }], textX, w.right - textX, s.small);
          w.blocks(parseBlocks(part.modelAnswer), textX, w.right - MARKS_WIDTH - textX, Math.max(s.small, s.body * 0.92));
          w.y -= s.body * 0.6;
        }
      }
    }
  }
}

/** The performance descriptions SPaG is marked by, as bullet blocks (three bands for the usual 3 marks). */
function spagBands(marks: number): Block[] {
  const bands = marks === 3
    ? [
      "High performance (3 marks): spelling and punctuation are consistently accurate; grammar controls the meaning throughout; a wide range of specialist terms is used precisely.",
      "Intermediate performance (2 marks): spelling and punctuation are considerably accurate; grammar generally controls the meaning; a good range of specialist terms is used appropriately.",
      "Threshold performance (1 mark): spelling and punctuation are reasonably accurate; grammar does not seriously obscure the meaning; a limited range of specialist terms is used.",
      "No marks: nothing written, the answer does not relate to the question, or the writing falls below the threshold.",
    ]
    : [`Up to ${marks} marks for accurate spelling, punctuation and grammar, control of meaning and the precise use of specialist terms.`];
  return bands.map((text) => ({ kind: "para", runs: [{ text }], indent: 0, bullet: "•" }));
}

function evidencePart(w: Writer, doc: PaperDocument) {
  const { s } = w;
  const evidence = doc.evidence!;
  const x = MARGIN.left;
  w.newPage();
  w.paragraph([{ text: "Why these topics", bold: true }], x, w.right - x, s.h2);
  w.paragraph([{ text: evidence.summary }], x, w.right - x);
  w.y -= s.body * 0.5;
  // Without a recorded history every weight is the same, so the page says what each topic covers instead.
  const withHistory = evidence.recorded > 0;
  const header = withHistory ? ["Topic", "Weight", "Examined", "Marks here", "Why"] : ["Topic", "Marks here", "What it covers"];
  const rows = evidence.topics.map((t) => ({
    header: false,
    cells: (withHistory
      ? [t.name, `${t.score}/100`, t.examined.length ? t.examined.join(", ") : "Not in the recorded past papers", `${t.marksOnPaper}`, t.reason]
      : [t.name, `${t.marksOnPaper}`, t.covers]).map((text, i) => [{ text, bold: i === 0 }]),
  }));
  w.table(
    { kind: "table", indent: 0, rows: [{ header: true, cells: header.map((text) => [{ text }]) }, ...rows] },
    x,
    w.right - x,
    Math.max(s.small, s.body * 0.85),
    // Room for the topic names and the reasons; the figures need little.
    withHistory ? [25, 15, 20, 13, 27] : [30, 14, 56],
  );
}

function footers(w: Writer, doc: PaperDocument, lastQuestionPage: PDFPage) {
  const { s, fonts } = w;
  const size = s.small;
  const total = w.pages.length;
  w.pages.forEach((page, i) => {
    const number = `${i + 1}`;
    page.drawText(number, { x: (A4.width - widthOfB(fonts.regular, number, size)) / 2, y: MARGIN.bottom / 2, size, font: fonts.regular, color: INK });
    const left = `${doc.examBoard} ${doc.code} · ExamPrep`;
    page.drawText(left, { x: MARGIN.left, y: MARGIN.bottom / 2, size, font: fonts.regular, color: GREY });
    const continues = w.coverPages.has(page) || (w.questionPages.has(page) && page !== lastQuestionPage);
    if (continues && i < total - 1) {
      const turn = "Turn over ►";
      page.drawText(turn, { x: A4.width - MARGIN.right - widthOfB(fonts.bold, turn, size), y: MARGIN.bottom / 2, size, font: fonts.bold, color: INK });
    }
  });
}

/** The PDF of a built paper. */
export async function renderPaperPdf(doc: PaperDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(cachingFontkit);
  pdf.setTitle(doc.name);
  pdf.setAuthor("ExamPrep");
  pdf.setSubject(`${doc.examBoard} ${doc.qualification} ${doc.subject} ${doc.paperName}`);
  pdf.setCreator("ExamPrep");
  pdf.setProducer("ExamPrep");
  pdf.setCreationDate(new Date(doc.generatedAt));
  const bytes = loadFontBytes();
  const fonts = Object.fromEntries(
    await Promise.all(Object.entries(bytes).map(async ([k, b]) => [k, await pdf.embedFont(b, { subset: true })])),
  ) as Record<FontName, PDFFont>;
  const w = new Writer(pdf, fonts, sizesFor(doc.options.useLargeTextFormat));
  cover(w, doc);
  const lastQuestionPage = questionsPart(w, doc);
  if (doc.options.includeMarkScheme) markSchemePart(w, doc);
  if (doc.evidence) evidencePart(w, doc);
  footers(w, doc, lastQuestionPage);
  return pdf.save();
}
