// Graphs, blank grids to plot on, and bar charts: axes with labelled ticks, graph paper, plotted
// crosses, ruled lines or smooth curves, a key for several series.
import type { z } from "../zod.ts";
import type { Axis, barChartSchema, graphSchema } from "./schema.ts";
import { FONT_SIZE, line, type Point, type Scene, type Shape, smoothThrough, text, textWidth, tickLabel } from "./scene.ts";

type Graph = z.infer<typeof graphSchema>;
type BarChart = z.infer<typeof barChartSchema>;

const PLOT = { width: 300, height: 210 };
const LEFT = 46;
const BOTTOM = 34;
const TOP = 10;

/** Tick values of an axis: min, min + step … max. */
const ticks = (a: Axis) => {
  const n = Math.round((a.max - a.min) / a.step);
  return Array.from({ length: n + 1 }, (_, i) => a.min + i * a.step);
};

interface Frame {
  shapes: Shape[];
  width: number;
  height: number;
  /** Maps data y to the drawing. */
  py: (y: number) => number;
}

/** The y axis with its ticks and label, the frame of a plot area and the x axis line. */
function yAxisFrame(y: Axis, gridlines: boolean, plotWidth: number): Frame {
  const shapes: Shape[] = [];
  const ox = LEFT;
  const top = TOP;
  const bottom = TOP + PLOT.height;
  const py = (v: number) => bottom - ((v - y.min) / (y.max - y.min)) * PLOT.height;
  if (gridlines && y.minor > 0) {
    const minorStep = y.step / y.minor;
    const count = Math.round((y.max - y.min) / minorStep);
    for (let i = 0; i <= count; i++) shapes.push(line([ox, py(y.min + i * minorStep)], [ox + plotWidth, py(y.min + i * minorStep)], { ink: "grey", width: 0.3 }));
  }
  for (const v of ticks(y)) {
    if (gridlines) shapes.push(line([ox, py(v)], [ox + plotWidth, py(v)], { ink: "grey", width: 0.6 }));
    shapes.push(line([ox - 3, py(v)], [ox, py(v)], { width: 0.8 }));
    shapes.push(text(ox - 5, py(v) + FONT_SIZE * 0.35, tickLabel(v), { anchor: "end" }));
  }
  const longest = Math.max(...ticks(y).map((v) => textWidth(tickLabel(v))));
  shapes.push(text(ox - 10 - longest, (top + bottom) / 2, y.label, { anchor: "middle", rotate: 90 }));
  // The axes: y up the left, x along the bottom.
  shapes.push(line([ox, top], [ox, bottom], { width: 1 }));
  shapes.push(line([ox, bottom], [ox + plotWidth, bottom], { width: 1 }));
  return { shapes, width: ox + plotWidth + 12, height: bottom + BOTTOM, py };
}

export function graphScene(g: Graph): Scene {
  const blank = g.series.length === 0;
  const gridlines = g.gridlines || blank;
  const frame = yAxisFrame(g.y, gridlines, PLOT.width);
  const shapes = frame.shapes;
  const bottom = TOP + PLOT.height;
  const px = (v: number) => LEFT + ((v - g.x.min) / (g.x.max - g.x.min)) * PLOT.width;
  const at = ([x, y]: readonly [number, number]): Point => [px(x), frame.py(y)];
  if (gridlines && g.x.minor > 0) {
    const minorStep = g.x.step / g.x.minor;
    const count = Math.round((g.x.max - g.x.min) / minorStep);
    for (let i = 0; i <= count; i++) shapes.unshift(line([px(g.x.min + i * minorStep), TOP], [px(g.x.min + i * minorStep), bottom], { ink: "grey", width: 0.3 }));
  }
  for (const v of ticks(g.x)) {
    if (gridlines) shapes.unshift(line([px(v), TOP], [px(v), bottom], { ink: "grey", width: 0.6 }));
    shapes.push(line([px(v), bottom], [px(v), bottom + 3], { width: 0.8 }));
    shapes.push(text(px(v), bottom + 4 + FONT_SIZE, tickLabel(v), { anchor: "middle" }));
  }
  shapes.push(text(LEFT + PLOT.width / 2, bottom + 8 + FONT_SIZE * 2.2, g.x.label, { anchor: "middle" }));
  for (const s of g.series) {
    const pts = s.points.map(at);
    if (s.join === "line" && pts.length > 1) shapes.push({ t: "line", pts, width: 1.2, dash: s.dashed });
    if (s.join === "curve" && pts.length > 1) shapes.push({ t: "line", pts: smoothThrough(pts), width: 1.2, dash: s.dashed });
    if (s.markers || s.join === "none") {
      for (const [x, y] of pts) shapes.push(line([x - 3, y - 3], [x + 3, y + 3], { width: 0.9 }), line([x - 3, y + 3], [x + 3, y - 3], { width: 0.9 }));
    }
  }
  for (const a of g.annotations) {
    const [x, y] = at(a.at);
    shapes.push(text(x + 5, y - 5, a.text, { bold: true }));
  }
  let height = frame.height + FONT_SIZE;
  const keyed = g.series.filter((s) => s.label);
  if (keyed.length > 1) {
    keyed.forEach((s, i) => {
      const y = height + i * (FONT_SIZE + 5);
      shapes.push(line([LEFT, y - 3], [LEFT + 24, y - 3], { width: 1.2, dash: s.dashed }));
      shapes.push(text(LEFT + 30, y, s.label!));
    });
    height += keyed.length * (FONT_SIZE + 5);
  }
  const description = blank
    ? `A blank grid to plot on: ${g.x.label} from ${tickLabel(g.x.min)} to ${tickLabel(g.x.max)} across, ${g.y.label} from ${tickLabel(g.y.min)} to ${tickLabel(g.y.max)} up.`
    : `A graph of ${g.y.label} against ${g.x.label}: ` +
      g.series.map((s) => `${s.label ? `${s.label}, ` : ""}points ${s.points.map(([x, y]) => `(${tickLabel(x)}, ${tickLabel(y)})`).join(", ")}`).join("; ") + ".";
  return { width: frame.width + 10, height, shapes, description };
}

export function barChartScene(b: BarChart): Scene {
  const frame = yAxisFrame(b.y, true, PLOT.width);
  const shapes = frame.shapes;
  const bottom = TOP + PLOT.height;
  const slot = PLOT.width / b.categories.length;
  const barWidth = slot * 0.6;
  b.categories.forEach((category, i) => {
    const x = LEFT + i * slot + (slot - barWidth) / 2;
    const top = frame.py(Math.min(b.values[i], b.y.max));
    shapes.push({ t: "line", pts: [[x, bottom], [x, top], [x + barWidth, top], [x + barWidth, bottom]], closed: true, fill: "light", width: 0.8 });
    // Long category names take two lines.
    const words = category.split(" ");
    const fits = textWidth(category) <= slot - 4 || words.length === 1;
    const lines = fits ? [category] : [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")];
    lines.forEach((l, k) => shapes.push(text(LEFT + i * slot + slot / 2, bottom + 4 + FONT_SIZE * (k + 1), l, { anchor: "middle" })));
  });
  shapes.push(text(LEFT + PLOT.width / 2, bottom + 10 + FONT_SIZE * 3, b.xLabel, { anchor: "middle" }));
  return {
    width: frame.width + 10,
    height: frame.height + FONT_SIZE * 2,
    shapes,
    description: `A bar chart of ${b.y.label} for each ${b.xLabel}: ${b.categories.map((c, i) => `${c} ${tickLabel(b.values[i])}`).join(", ")}.`,
  };
}
