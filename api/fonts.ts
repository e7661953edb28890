// The DejaVu fonts that come with the `dejavu-fonts-ttf` npm package: the paper PDFs embed them and
// the share images are drawn with them, so both find and read them here, once per process.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";

/** Resolved from the project root, where every npm script and the built server run. */
const FONT_DIR = resolve(process.cwd(), "node_modules/dejavu-fonts-ttf/ttf");
const FONT_FILES = {
  regular: "DejaVuSans.ttf",
  bold: "DejaVuSans-Bold.ttf",
  italic: "DejaVuSans-Oblique.ttf",
  mono: "DejaVuSansMono.ttf",
} as const;
export type FontName = keyof typeof FONT_FILES;

let fontBytes: Record<FontName, Buffer> | undefined;
/** The font files, read once. They come with the npm package, so no writable disk is needed. */
export function loadFontBytes(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([k, file]) => [k, readFileSync(resolve(FONT_DIR, file))]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}
