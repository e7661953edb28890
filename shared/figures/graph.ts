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

const decimalsOf = (n: number) => {
  const s = tickLabel(n);
  return s.includes(".") ? s.length - s.indexOf(".") - 1 : 0;
};
/** An axis's tick labels all carry its step's decimal places, as printed scales do (0.9, 1.0, 1.1). */
const axisLabel = (a: Axis) => {
  const places = Math.max(decimalsOf(a.step), decimalsOf(a.min));
  return (v: number) => tickLabel(v, places);
};

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
  const yLabel = axisLabel(y);
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
    shapes.push(text(ox - 5, py(v) + FONT_SIZE * 0.35, yLabel(v), { anchor: "end" }));
  }
  const longest = Math.max(...ticks(y).map((v) => textWidth(yLabel(v))));
  shapes.push(text(ox - 10 - longest, (top + bottom) / 2, y.label, { anchor: "middle", rotate: 90 }));
  // The axes: y up the left, x along the bottom.
  shapes.push(line([ox, top], [ox, bottom], { width: 1 }));
  shapes.push(line([ox, bottom], [ox + plotWidth, bottom], { width: 1 }));
  return { shapes, width: ox + plotWidth + 12, height: bottom + BOTTOM, py };
}

/** Where an axis crosses the other: at zero when the range spans zero (maths graphs), else at the low end. */
const crossing = (a: Axis) => (a.min < 0 && a.max > 0 ? 0 : a.min);

export function graphScene(g: Graph): Scene {
  const blank = g.series.length === 0;
  const xLabel = axisLabel(g.x);
  const yLabel = axisLabel(g.y);
  const gridlines = g.gridlines || blank;
  const shapes: Shape[] = [];
  const bottom = TOP + PLOT.height;
  const px = (v: number) => LEFT + ((v - g.x.min) / (g.x.max - g.x.min)) * PLOT.width;
  const py = (v: number) => bottom - ((v - g.y.min) / (g.y.max - g.y.min)) * PLOT.height;
  const at = ([x, y]: readonly [number, number]): Point => [px(x), py(y)];
  // Graph paper: minor lines first, major lines over them.
  if (gridlines) {
    for (const [axis, draw] of [[g.x, (v: number, w: number) => line([px(v), TOP], [px(v), bottom], { ink: "grey", width: w })], [g.y, (v: number, w: number) => line([LEFT, py(v)], [LEFT + PLOT.width, py(v)], { ink: "grey", width: w })]] as const) {
      if (axis.minor > 0) {
        const minorStep = axis.step / axis.minor;
        const count = Math.round((axis.max - axis.min) / minorStep);
        for (let i = 0; i <= count; i++) shapes.push(draw(axis.min + i * minorStep, 0.3));
      }
      for (const v of ticks(axis)) shapes.push(draw(v, 0.6));
    }
  }
  // The axes cross at the origin when both ranges allow (maths), else along the bottom and the left.
  const ax = px(crossing(g.x));
  const ay = py(crossing(g.y));
  const centred = ax > LEFT || ay < bottom;
  shapes.push(line([ax, TOP], [ax, bottom], { width: 1 }), line([LEFT, ay], [LEFT + PLOT.width, ay], { width: 1 }));
  for (const v of ticks(g.x)) {
    shapes.push(line([px(v), ay], [px(v), ay + 3], { width: 0.8 }));
    // At a centred origin, 0 is written once, below and left of it.
    if (centred && v === 0 && crossing(g.y) === 0) continue;
    shapes.push(text(px(v), ay + 4 + FONT_SIZE, xLabel(v), { anchor: "middle" }));
  }
  for (const v of ticks(g.y)) {
    shapes.push(line([ax - 3, py(v)], [ax, py(v)], { width: 0.8 }));
    if (centred && v === 0 && crossing(g.x) === 0) {
      shapes.push(text(ax - 4, ay + 4 + FONT_SIZE, "0", { anchor: "end" }));
      continue;
    }
    shapes.push(text(ax - 5, py(v) + FONT_SIZE * 0.35, yLabel(v), { anchor: "end" }));
  }
  if (centred) {
    // Maths style: the variable's name at the end of its axis.
    shapes.push(text(LEFT + PLOT.width + 5, ay + FONT_SIZE * 0.35, g.x.label, { italic: g.x.label.length <= 2 }));
    // Beside the top of the y axis, right of it: the top tick's number is on its left.
    shapes.push(text(ax + 4, TOP - 2, g.y.label, { italic: g.y.label.length <= 2 }));
  } else {
    shapes.push(text(LEFT + PLOT.width / 2, bottom + 8 + FONT_SIZE * 2.2, g.x.label, { anchor: "middle" }));
    const longest = Math.max(...ticks(g.y).map((v) => textWidth(yLabel(v))));
    shapes.push(text(LEFT - 10 - longest, (TOP + bottom) / 2, g.y.label, { anchor: "middle", rotate: 90 }));
  }
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
  const rightEnd = centred ? Math.max(LEFT + PLOT.width + 10 + textWidth(g.x.label), ax + 4 + textWidth(g.y.label)) : LEFT + PLOT.width + 12;
  let height = bottom + BOTTOM + FONT_SIZE;
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
  return { width: rightEnd + 10, height, shapes, description };
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
