// Figures in the PDF: a figure's scene (shared/figures) drawn as vector paths and real text,
// centred under its "Figure N" caption, scaled down only when wider than the text column.
import { degrees, rgb } from "pdf-lib";
import { figureScene } from "../../../shared/figures/index.ts";
import { INK_RGB, type Ink, type Point, type Scene } from "../../../shared/figures/scene.ts";
import type { DocFigure } from "../../../shared/generation.ts";
import { widthOf } from "./fonts.ts";
import type { Writer } from "./writer.ts";

const colour = (ink: Ink | undefined) => rgb(...INK_RGB[ink ?? "ink"]);
const n = (v: number) => Math.round(v * 100) / 100;
const path = (pts: readonly Point[], closed?: boolean) => `M ${pts.map(([x, y]) => `${n(x)} ${n(y)}`).join(" L ")}${closed ? " Z" : ""}`;
/** An ellipse as a fine polygon: one path type for every outline keeps the two renderers alike. */
const ellipsePoints = (cx: number, cy: number, rx: number, ry: number): Point[] =>
  Array.from({ length: 48 }, (_, i) => [cx + rx * Math.cos((i / 48) * 2 * Math.PI), cy + ry * Math.sin((i / 48) * 2 * Math.PI)] as const);

/** The figure's scale and the height it takes, caption and note included. */
function layout(w: Writer, scene: Scene, width: number) {
  // Text in a figure grows with the paper's text (large-text papers), within the column.
  const scale = Math.min(w.s.body / 11, width / scene.width);
  return { scale, height: w.s.body * 1.8 + scene.height * scale + (scene.note ? w.s.small * 1.4 : 0) + w.s.body * 0.8 };
}

/** Height a figure takes at `width` (to keep it on the page with the text before it). */
export const figureHeight = (w: Writer, placed: DocFigure, width: number) => layout(w, figureScene(placed.figure), width).height;

/** Draws a figure between x and x + width, starting a new page first if it does not fit. */
export function drawFigure(w: Writer, placed: DocFigure, x: number, width: number) {
  const scene = figureScene(placed.figure);
  const { s, fonts } = w;
  const { scale, height } = layout(w, scene, width);
  w.ensure(height);
  const caption = `Figure ${placed.number}`;
  w.y -= s.body * 1.2;
  w.text(caption, x + (width - widthOf(caption, fonts.bold, s.body)) / 2, s.body, fonts.bold);
  w.y -= s.body * 0.6;
  const left = x + (width - scene.width * scale) / 2;
  const top = w.y;
  for (const shape of scene.shapes) {
    if (shape.t === "text") {
      const font = shape.bold ? fonts.bold : shape.italic ? fonts.italic : fonts.regular;
      // Figure text keeps a legible size however far the figure is scaled.
      const size = Math.max(s.script, (shape.size ?? 9) * scale);
      const value = w.encodable(shape.text, font);
      const width = widthOf(value, font, size);
      const shift = shape.anchor === "middle" ? width / 2 : shape.anchor === "end" ? width : 0;
      const angle = ((shape.rotate ?? 0) * Math.PI) / 180;
      const px = left + shape.x * scale;
      const py = top - shape.y * scale;
      w.page.drawText(value, {
        x: px - shift * Math.cos(angle),
        y: py - shift * Math.sin(angle),
        size,
        font,
        color: colour("ink"),
        ...(shape.rotate ? { rotate: degrees(shape.rotate) } : {}),
      });
      continue;
    }
    const [pts, closed] = shape.t === "ellipse" ? [ellipsePoints(shape.cx, shape.cy, shape.rx, shape.ry), true] : [shape.pts, shape.closed];
    w.page.drawSvgPath(path(pts, closed), {
      x: left,
      y: top,
      scale,
      borderColor: colour(shape.ink),
      borderWidth: shape.width ?? 1,
      ...(shape.fill ? { color: colour(shape.fill) } : {}),
      ...(shape.dash ? { borderDashArray: [4, 3] } : {}),
    });
  }
  w.y = top - scene.height * scale;
  if (scene.note) {
    w.y -= s.small * 1.4;
    w.text(scene.note, x + (width - widthOf(scene.note, fonts.italic, s.small)) / 2, s.small, fonts.italic);
  }
  w.y -= s.body * 0.8;
}
