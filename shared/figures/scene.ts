// The drawing primitives every figure becomes: lines (open or closed, filled or not), ellipses and
// text, in points with y downwards. The SVG writer and the PDF writer draw exactly these, so a
// figure type is built once (shared/figures/<type>.ts) and looks the same in the viewer and the PDF.

export type Point = readonly [number, number];
/** ink: black; grey: graph paper's minor lines; light/dark: shading inside shapes. */
export type Ink = "ink" | "grey" | "light" | "dark";

export type Shape =
  | { t: "line"; pts: Point[]; width?: number; dash?: boolean; ink?: Ink; closed?: boolean; fill?: Ink }
  | { t: "ellipse"; cx: number; cy: number; rx: number; ry: number; width?: number; dash?: boolean; ink?: Ink; fill?: Ink }
  | {
    t: "text";
    x: number;
    /** The baseline. */
    y: number;
    text: string;
    size?: number;
    anchor?: "start" | "middle" | "end";
    italic?: boolean;
    bold?: boolean;
    /** Degrees anticlockwise (90 for a y-axis label reading upwards). */
    rotate?: number;
  };

export interface Scene {
  width: number;
  height: number;
  shapes: Shape[];
  /** Printed under the figure, e.g. "Not drawn accurately". */
  note?: string;
  /** What the figure shows, in words, for screen readers. */
  description: string;
}

export const FONT_SIZE = 9;
export const INK_RGB: Record<Ink, [number, number, number]> = {
  ink: [0, 0, 0],
  grey: [0.78, 0.78, 0.78],
  light: [0.9, 0.9, 0.9],
  dark: [0.55, 0.55, 0.55],
};

/** A rough text width for layout inside a figure (DejaVu Sans averages about 0.55 em a character). */
export const textWidth = (text: string, size = FONT_SIZE) => [...text].length * size * 0.55;

export const line = (a: Point, b: Point, extra: Partial<Extract<Shape, { t: "line" }>> = {}): Shape => ({ t: "line", pts: [a, b], ...extra });
export const text = (x: number, y: number, value: string, extra: Partial<Extract<Shape, { t: "text" }>> = {}): Shape => ({ t: "text", x, y, text: value, ...extra });

/** A filled arrowhead at `to`, pointing from `from`. */
export function arrowHead(from: Point, to: Point, size = 5): Shape {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const left: Point = [to[0] - size * Math.cos(angle - 0.4), to[1] - size * Math.sin(angle - 0.4)];
  const right: Point = [to[0] - size * Math.cos(angle + 0.4), to[1] - size * Math.sin(angle + 0.4)];
  return { t: "line", pts: [left, to, right], closed: true, fill: "ink", width: 0.5 };
}

/** A line with an arrowhead at its end (both ends with `double`). */
export function arrow(from: Point, to: Point, double = false, width = 0.8): Shape[] {
  return [line(from, to, { width }), arrowHead(from, to), ...(double ? [arrowHead(to, from)] : [])];
}

/** A smooth curve through the points (Catmull–Rom), as a polyline fine enough to print. */
export function smoothThrough(points: readonly Point[], steps = 12): Point[] {
  if (points.length < 3) return [...points];
  const out: Point[] = [points[0]];
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[i - 1] ?? points[i];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[i + 2] ?? p2;
    for (let s = 1; s <= steps; s++) {
      const t = s / steps;
      const t2 = t * t;
      const t3 = t2 * t;
      const at = (k: 0 | 1) =>
        0.5 * (2 * p1[k] + (-p0[k] + p2[k]) * t + (2 * p0[k] - 5 * p1[k] + 4 * p2[k] - p3[k]) * t2 + (-p0[k] + 3 * p1[k] - 3 * p2[k] + p3[k]) * t3);
      out.push([at(0), at(1)]);
    }
  }
  return out;
}

/**
 * A number as a tick label: no float noise (0.30000000000000004), a true minus sign, and with
 * `places` that many decimal places (1.0 beside 0.9).
 */
export function tickLabel(value: number, places?: number): string {
  const rounded = Math.round(value * 1e6) / 1e6;
  return (places === undefined ? String(rounded) : rounded.toFixed(places)).replace("-", "−");
}
