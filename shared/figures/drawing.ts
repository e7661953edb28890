// Labelled drawings (cells, micrograph drawings, leaf sections, models of atoms) built from shapes
// in a 0–100 box, with labels in the margins joined to their points by leader lines, and a scale bar.
import type { z } from "../zod.ts";
import type { diagramSchema } from "./schema.ts";
import { FONT_SIZE, line, type Point, type Scene, type Shape, smoothThrough, text, textWidth } from "./scene.ts";
import { arrowHead } from "./scene.ts";

type Diagram = z.infer<typeof diagramSchema>;

const DRAW_WIDTH = 230;

export function diagramScene(d: Diagram): Scene {
  const k = DRAW_WIDTH / 100;
  const leftLabels = d.labels.filter((l) => l.side === "left");
  const rightLabels = d.labels.filter((l) => l.side === "right");
  const leftWidth = leftLabels.length ? Math.max(...leftLabels.map((l) => textWidth(l.text))) + 20 : 10;
  const rightWidth = rightLabels.length ? Math.max(...rightLabels.map((l) => textWidth(l.text))) + 20 : 10;
  const ox = leftWidth;
  const oy = 10;
  const P = ([x, y]: readonly [number, number]): Point => [ox + x * k, oy + y * k];
  const shapes: Shape[] = [];
  const fillOf = (f: "none" | "light" | "dark") => (f === "none" ? undefined : f);
  for (const s of d.shapes) {
    if (s.shape === "ellipse") {
      const [cx, cy] = P(s.centre);
      shapes.push({ t: "ellipse", cx, cy, rx: s.rx * k, ry: s.ry * k, width: 1, dash: s.dashed, ...(fillOf(s.fill) ? { fill: fillOf(s.fill) } : {}) });
    } else if (s.shape === "rect") {
      const [x, y] = P(s.at);
      const w = s.width * k;
      const h = s.height * k;
      const r = s.rounded ? Math.min(w, h) * 0.18 : 0;
      const pts: Point[] = r
        ? [[x + r, y], [x + w - r, y], [x + w, y + r], [x + w, y + h - r], [x + w - r, y + h], [x + r, y + h], [x, y + h - r], [x, y + r]]
        : [[x, y], [x + w, y], [x + w, y + h], [x, y + h]];
      shapes.push({ t: "line", pts: r ? smoothThrough([...pts, pts[0], pts[1]], 4).slice(0, -4) : pts, closed: true, width: 1, ...(fillOf(s.fill) ? { fill: fillOf(s.fill) } : {}) });
    } else if (s.shape === "polygon") {
      shapes.push({ t: "line", pts: s.points.map(P), closed: true, width: 1, ...(fillOf(s.fill) ? { fill: fillOf(s.fill) } : {}) });
    } else if (s.shape === "line") {
      const pts = s.points.map(P);
      shapes.push({ t: "line", pts: s.curve ? smoothThrough(pts) : pts, width: 1, dash: s.dashed });
      if (s.arrow) shapes.push(arrowHead(pts[pts.length - 2], pts[pts.length - 1]));
    } else {
      const [x, y] = P(s.at);
      shapes.push(text(x, y + FONT_SIZE * 0.35, s.text, { anchor: "middle" }));
    }
  }
  const drawingHeight = d.height * k;
  // Labels spread down their margin in the order of the points they name, so leaders do not cross.
  const place = (labels: typeof d.labels, side: "left" | "right") => {
    const sorted = [...labels].sort((a, b) => a.to[1] - b.to[1]);
    const step = Math.max(FONT_SIZE * 1.8, drawingHeight / Math.max(1, sorted.length));
    sorted.forEach((l, i) => {
      const target = P(l.to);
      const y = Math.max(oy + FONT_SIZE, Math.min(oy + drawingHeight, oy + step * (i + 0.5)));
      const edge = side === "left" ? ox - 6 : ox + DRAW_WIDTH + 6;
      shapes.push(line([edge, y], target, { width: 0.7 }));
      shapes.push(text(side === "left" ? edge - 3 : edge + 3, y + FONT_SIZE * 0.35, l.text, { anchor: side === "left" ? "end" : "start" }));
    });
  };
  place(leftLabels, "left");
  place(rightLabels, "right");
  let height = oy + drawingHeight + 10;
  if (d.scaleBar) {
    const y = height + 4;
    const x0 = ox + DRAW_WIDTH - d.scaleBar.length * k;
    shapes.push(line([x0, y], [ox + DRAW_WIDTH, y], { width: 2 }), text(ox + DRAW_WIDTH - (d.scaleBar.length * k) / 2, y + 13, d.scaleBar.text, { anchor: "middle" }));
    height += 26;
  }
  const named = d.labels.map((l) => l.text);
  return {
    width: ox + DRAW_WIDTH + rightWidth,
    height,
    shapes,
    description: `A labelled drawing${named.length ? ` with the labels ${named.join(", ")}` : ""}${d.scaleBar ? `, and a scale bar of ${d.scaleBar.text}` : ""}.`,
  };
}
