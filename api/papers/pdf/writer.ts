// The page writer: text flowed in lines across pages, safe-HTML blocks, tables and answer lines,
// at the sizes of the standard or the large-text paper.
import { type PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";
import type { Block, Run } from "../html.ts";
import type { FontName } from "../../fonts.ts";
import { metricsOf, widthOf } from "./fonts.ts";

export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = { left: 50, right: 50, top: 56, bottom: 64 };
export const LABEL_WIDTH = 58;
export const MARKS_WIDTH = 64;
export const INK = rgb(0, 0, 0);
export const GREY = rgb(0.45, 0.45, 0.45);
export const RULE = rgb(0.72, 0.72, 0.72);

/** Sizes for the standard and the large-text (modified enlarged) versions: nothing under 16 pt in large text. */
export function sizesFor(large: boolean) {
  return large
    ? { body: 16, small: 16, script: 16, h1: 30, h2: 22, h3: 18, line: 1.45, answerGap: 34 }
    : { body: 11, small: 8.5, script: 7.5, h1: 26, h2: 16, h3: 12.5, line: 1.4, answerGap: 25 };
}
export type Sizes = ReturnType<typeof sizesFor>;

interface Token {
  text: string;
  font: PDFFont;
  size: number;
  rise: number;
  width: number;
  space: boolean;
  newline: boolean;
}

export class Writer {
  pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;
  readonly right = A4.width - MARGIN.right;
  /** Pages of the questions part: they carry 'Turn over' (but the last). */
  questionPages = new Set<PDFPage>();
  /** Pages of the cover: all carry 'Turn over' (the large-text cover takes two pages). */
  coverPages = new Set<PDFPage>();

  constructor(readonly pdf: PDFDocument, readonly fonts: Record<FontName, PDFFont>, readonly s: Sizes) {}

  /** A new page: portrait A4, or another size (the landscape periodic table). */
  newPage(size: [number, number] = [A4.width, A4.height]) {
    this.page = this.pdf.addPage(size);
    this.pages.push(this.page);
    this.y = size[1] - MARGIN.top;
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
  drawLine(line: Token[], x: number, color = INK) {
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
      if (text.trim()) this.page.drawText(text, { x: cx, y: this.y + first.rise, size: first.size, font: first.font, color });
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
   * Column shares chosen from the content: every column at least as wide as its longest word (so
   * no word is broken inside a cell), the rest shared by how much text each column holds. When the
   * longest words do not fit at this size, null: the caller tries a smaller size.
   */
  columnShares(block: Extract<Block, { kind: "table" }>, cols: number, width: number, cellSize: number, pad: number): number[] | null {
    const longest = Array.from({ length: cols }, () => 0);
    const amount = Array.from({ length: cols }, () => 0);
    for (const row of block.rows) {
      row.cells.forEach((cell, c) => {
        const tokens = this.tokens(cell.map((r) => (row.header ? { ...r, bold: true } : r)), cellSize);
        // A word is a run of tokens between spaces and line breaks (x<sup>2</sup> is one word).
        let word = 0;
        for (const t of tokens) {
          word = t.space || t.newline ? 0 : word + t.width;
          longest[c] = Math.max(longest[c], word);
        }
        amount[c] = Math.max(amount[c], tokens.reduce((n, t) => n + t.width, 0));
      });
    }
    const minimum = longest.map((l) => l + 2 * pad + 1);
    if (minimum.reduce((a, b) => a + b, 0) > width) return null;
    const full = amount.map((a, c) => Math.max(minimum[c], a + 2 * pad + 1));
    // Every column starts at its longest word; the spare width goes to the columns whose text would
    // otherwise wrap, in proportion to what they still lack, until each has its full line or the
    // width is used up; width left over once every cell fits on one line is shared equally.
    const widths = [...minimum];
    let spare = width - minimum.reduce((a, b) => a + b, 0);
    for (let round = 0; round < cols && spare > 0.01; round++) {
      const lacking = widths.map((w, c) => full[c] - w);
      const need = lacking.reduce((a, b) => a + Math.max(0, b), 0);
      if (need <= 0.01) break;
      const give = Math.min(spare, need);
      widths.forEach((_, c) => {
        if (lacking[c] > 0) widths[c] += Math.min(lacking[c], (give * lacking[c]) / need);
      });
      spare = width - widths.reduce((a, b) => a + b, 0);
    }
    if (spare > 0.01) widths.forEach((_, c) => (widths[c] += spare / cols));
    const total = widths.reduce((a, b) => a + b, 0);
    return widths.map((w) => w / total);
  }

  /**
   * How a table is laid out at this width: its column shares, cell size and rows wrapped into lines.
   * Null when it is too wide even at the smallest size and must be set out row by row.
   */
  tableLayout(block: Extract<Block, { kind: "table" }>, width: number, size: number, widths?: number[]) {
    const cols = Math.max(...block.rows.map((r) => r.cells.length));
    const pad = 4;
    let cellSize = Math.max(this.s.small, size * 0.92);
    let shares = widths?.length === cols ? widths.map((w) => w / widths.reduce((a, b) => a + b, 0)) : null;
    if (!shares) {
      // From the content; if the longest words do not fit, a smaller size (never under the paper's
      // smallest), and only then equal columns, where a word too long for its column is broken.
      shares = this.columnShares(block, cols, width, cellSize, pad);
      if (!shares && cellSize > this.s.small) shares = this.columnShares(block, cols, width, (cellSize = this.s.small), pad);
      // Still too narrow (large text): each row becomes a two-column table of heading and value.
      if (!shares && block.rows[0]?.header && block.rows.length > 1) return null;
    }
    const share = shares ?? Array.from({ length: cols }, () => 1 / cols);
    const lh = this.lineHeight(cellSize);
    const laidRows = block.rows.map((row) => {
      const laid = row.cells.map((cell, c) =>
        this.wrap(this.tokens(cell.map((r) => (row.header ? { ...r, bold: true } : r)), cellSize), width * share[c] - 2 * pad)
      );
      return { header: row.header, laid, height: Math.max(1, ...laid.map((l) => l.length)) * lh + 2 * pad };
    });
    return { cols, pad, cellSize, share, lh, laidRows };
  }

  /** The height `blocks` take between x and x + width, as blocks() would draw them (page breaks aside). */
  blocksHeight(blocks: Block[], width: number, size = this.s.body): number {
    const indentStep = size * 1.6;
    let h = 0;
    for (const block of blocks) {
      const bw = width - block.indent * indentStep;
      if (block.kind === "para") {
        h += this.wrap(this.tokens(block.runs, size), bw - (block.bullet ? indentStep : 0)).length * this.lineHeight(size) + size * 0.35;
      } else if (block.kind === "pre") {
        const mono = Math.max(this.s.small, size * 0.9);
        h += block.lines.length * this.lineHeight(mono) + size * 0.35;
      } else {
        const layout = this.tableLayout(block, bw, size);
        h += layout ? layout.laidRows.reduce((n, r) => n + r.height, 0) + size * 0.6 : block.rows.length * 4 * this.lineHeight(size);
      }
    }
    return h;
  }

  /**
   * Draws a table; `widths` are the columns' shares of the width (from the content when absent). A
   * row never splits across pages, and a table that continues on a new page repeats its header rows there.
   */
  table(block: Extract<Block, { kind: "table" }>, x: number, width: number, size: number, widths?: number[]) {
    const layout = this.tableLayout(block, width, size, widths);
    if (!layout) return this.stackedTable(block, x, width, size);
    const { cols, pad, cellSize, share, lh, laidRows } = layout;
    const colX = share.map((_, c) => x + width * share.slice(0, c).reduce((a, b) => a + b, 0));
    const headerCount = laidRows.findIndex((r) => !r.header);
    const headers = headerCount === -1 ? [] : laidRows.slice(0, headerCount);
    const headersHeight = headers.reduce((n, r) => n + r.height, 0);
    const draw = (row: (typeof laidRows)[number]) => {
      const top = this.y;
      for (let c = 0; c < cols; c++) {
        this.page.drawRectangle({ x: colX[c], y: top - row.height, width: width * share[c], height: row.height, borderColor: INK, borderWidth: 0.6 });
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

  /**
   * A table too wide for the page at this size, one row at a time: each row as pairs of the
   * column's heading and the row's value, so no word has to be broken (the large-text papers).
   */
  stackedTable(block: Extract<Block, { kind: "table" }>, x: number, width: number, size: number) {
    const headerRows = block.rows.filter((r) => r.header);
    const heading = (c: number) => headerRows.flatMap((r) => (r.cells[c]?.length ? [...r.cells[c], { text: " " }] : []));
    for (const row of block.rows.filter((r) => !r.header)) {
      const pairs = row.cells.map((cell, c) => ({ header: false, cells: [heading(c).map((run) => ({ ...run, bold: true })), cell] }));
      this.table({ kind: "table", indent: 0, rows: pairs }, x, width, size, [45, 55]);
    }
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
