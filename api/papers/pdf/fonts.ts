// The embedded DejaVu fonts (read by api/fonts.ts): parsed once per process, and measured a character at a time.
import fontkit from "@pdf-lib/fontkit";
import type { PDFFont } from "pdf-lib";

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
export const cachingFontkit = {
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
      if (g === undefined) {
        g = face.glyphForCodePoint(cp);
        // fontkit keeps one glyph object per glyph id: one first loaded as part of another glyph
        // (a component of a composite) has no code points, and the PDF's text layer would then
        // lose the character (a "²" that prints but cannot be copied or found).
        const glyph = g as { codePoints?: number[] };
        if (glyph && Array.isArray(glyph.codePoints) && glyph.codePoints.length === 0) glyph.codePoints = [cp];
        glyphs.set(cp, g);
      }
      return g;
    }),
  });
  return simple;
}

/**
 * Advance widths a character at a time, cached per font: fontkit's full text layout for every
 * measurement costs more than the rest of the PDF together. (Kerning is left out of measuring.)
 */
interface Metrics {
  has(ch: string): boolean;
  width(ch: string): number;
}
const metrics = new WeakMap<PDFFont, Metrics>();
export function metricsOf(font: PDFFont): Metrics {
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
export const widthOfB = (font: PDFFont, text: string, size: number) => widthOf(text, font, size);
export function widthOf(text: string, font: PDFFont, size: number): number {
  const m = metricsOf(font);
  let w = 0;
  for (const ch of text) w += m.width(ch);
  return (w * size) / 1000;
}
