// Geometry figures (named points, sides with lengths, equal-side ticks and parallel arrows, circles,
// angle arcs, right-angle marks, north lines for bearings) and column vectors. Points are in the
// mathematical sense, y upwards; the figure is scaled to fit, keeping its proportions.
import type { z } from "../zod.ts";
import type { geometrySchema, vectorsSchema } from "./schema.ts";
import { arrow, arrowHead, FONT_SIZE, line, type Point, type Scene, type Shape, text, textWidth, tickLabel } from "./scene.ts";

type Geometry = z.infer<typeof geometrySchema>;
type Vectors = z.infer<typeof vectorsSchema>;

const BOX = { width: 300, height: 210 };
const PAD = 34;

const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
const len = (v: Point) => Math.hypot(v[0], v[1]) || 1;
const unit = (v: Point): Point => [v[0] / len(v), v[1] / len(v)];

export function geometryScene(g: Geometry): Scene {
  const byName = new Map(g.points.map((p) => [p.name, p]));
  const at = (name: string) => {
    const p = byName.get(name);
    if (!p) throw new Error(`geometry figure: no point named ${name}`);
    return p.at;
  };
  // Extent in data units, circles included, so nothing is cut off.
  const xs = g.points.map((p) => p.at[0]);
  const ys = g.points.map((p) => p.at[1]);
  for (const c of g.circles) {
    const [cx, cy] = at(c.centre);
    xs.push(cx - c.radius, cx + c.radius);
    ys.push(cy - c.radius, cy + c.radius);
  }
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min(BOX.width / (maxX - minX || 1), BOX.height / (maxY - minY || 1));
  const width = (maxX - minX) * scale + 2 * PAD;
  const northRoom = g.north.length ? 40 : 0;
  const height = (maxY - minY) * scale + 2 * PAD + northRoom;
  /** Data point to drawing (y downwards). */
  const P = ([x, y]: readonly [number, number]): Point => [PAD + (x - minX) * scale, PAD + northRoom + (maxY - y) * scale];
  const centroid: Point = [
    g.points.reduce((n, p) => n + P(p.at)[0], 0) / g.points.length,
    g.points.reduce((n, p) => n + P(p.at)[1], 0) / g.points.length,
  ];
  const shapes: Shape[] = [];

  for (const c of g.circles) {
    const [cx, cy] = P(at(c.centre));
    shapes.push({ t: "ellipse", cx, cy, rx: c.radius * scale, ry: c.radius * scale, width: 1.1 });
  }
  for (const s of g.segments) {
    const a = P(at(s.from));
    const b = P(at(s.to));
    shapes.push(line(a, b, { width: 1.1, dash: s.dashed }));
    const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const dir = unit(sub(b, a));
    let normal: Point = [-dir[1], dir[0]];
    // Labels and marks go on the outside of the shape: away from the centroid.
    if ((mid[0] - centroid[0]) * normal[0] + (mid[1] - centroid[1]) * normal[1] < 0) normal = [-normal[0], -normal[1]];
    for (let k = 0; k < s.ticks; k++) {
      const o = (k - (s.ticks - 1) / 2) * 4;
      const c: Point = [mid[0] + dir[0] * o, mid[1] + dir[1] * o];
      shapes.push(line([c[0] - normal[0] * 5, c[1] - normal[1] * 5], [c[0] + normal[0] * 5, c[1] + normal[1] * 5], { width: 0.9 }));
    }
    for (let k = 0; k < s.arrows; k++) {
      const o = k * 5 - (s.arrows - 1) * 2.5;
      const tip: Point = [mid[0] + dir[0] * (o + 4), mid[1] + dir[1] * (o + 4)];
      const back = (side: number): Point => [tip[0] - dir[0] * 5 + normal[0] * 4 * side, tip[1] - dir[1] * 5 + normal[1] * 4 * side];
      shapes.push({ t: "line", pts: [back(1), tip, back(-1)], width: 0.9 });
    }
    if (s.label) {
      const off = 8 + (s.ticks || s.arrows ? 4 : 0);
      const lx = mid[0] + normal[0] * off;
      const ly = mid[1] + normal[1] * off;
      const anchor = Math.abs(normal[0]) < 0.35 ? "middle" : normal[0] > 0 ? "start" : "end";
      shapes.push(text(lx, ly + FONT_SIZE * 0.35 + normal[1] * 3, s.label, { anchor }));
    }
  }
  for (const a of g.angles) {
    const v = P(at(a.at));
    const u1 = unit(sub(P(at(a.from)), v));
    const u2 = unit(sub(P(at(a.to)), v));
    if (a.right) {
      const r = 9;
      shapes.push({ t: "line", pts: [[v[0] + u1[0] * r, v[1] + u1[1] * r], [v[0] + (u1[0] + u2[0]) * r, v[1] + (u1[1] + u2[1]) * r], [v[0] + u2[0] * r, v[1] + u2[1] * r]], width: 0.9 });
    } else {
      // The arc from the ray to `from` to the ray to `to`, the short way round.
      const t1 = Math.atan2(u1[1], u1[0]);
      let t2 = Math.atan2(u2[1], u2[0]);
      if (t2 - t1 > Math.PI) t2 -= 2 * Math.PI;
      if (t1 - t2 > Math.PI) t2 += 2 * Math.PI;
      const r = 16;
      const steps = 16;
      shapes.push({ t: "line", pts: Array.from({ length: steps + 1 }, (_, i) => [v[0] + r * Math.cos(t1 + ((t2 - t1) * i) / steps), v[1] + r * Math.sin(t1 + ((t2 - t1) * i) / steps)] as const), width: 0.9 });
    }
    if (a.label) {
      const bis = unit([u1[0] + u2[0], u1[1] + u2[1]]);
      const d = 26 + textWidth(a.label) / 3;
      shapes.push(text(v[0] + bis[0] * d, v[1] + bis[1] * d + FONT_SIZE * 0.35, a.label, { anchor: "middle" }));
    }
  }
  for (const name of g.north) {
    const [x, y] = P(at(name));
    shapes.push(...arrow([x, y], [x, y - 38], false, 0.9), text(x, y - 42, "N", { anchor: "middle", bold: true }));
  }
  for (const p of g.points) {
    const q = P(p.at);
    if (!p.show) continue;
    shapes.push({ t: "ellipse", cx: q[0], cy: q[1], rx: 1.4, ry: 1.4, fill: "ink", width: 0.4 });
    const away = unit(sub(q, centroid));
    shapes.push(text(q[0] + away[0] * 11, q[1] + away[1] * 11 + FONT_SIZE * 0.35, p.name, { anchor: "middle", italic: false, bold: true }));
  }
  const parts = [
    g.segments.length ? `sides ${g.segments.map((s) => `${s.from}${s.to}${s.label ? ` = ${s.label}` : ""}`).join(", ")}` : "",
    g.angles.length ? `angles ${g.angles.map((a) => `${a.from}${a.at}${a.to}${a.right ? " = 90°" : a.label ? ` = ${a.label}` : ""}`).join(", ")}` : "",
    g.circles.length ? `${g.circles.length === 1 ? "a circle" : `${g.circles.length} circles`} with centre ${g.circles.map((c) => c.centre).join(", ")}` : "",
  ].filter(Boolean);
  return {
    width,
    height,
    shapes,
    ...(g.notDrawnAccurately ? { note: "Not drawn accurately" } : {}),
    description: `A diagram with points ${g.points.filter((p) => p.show).map((p) => p.name).join(", ")}${parts.length ? `: ${parts.join("; ")}` : ""}.`,
  };
}

/** A column vector printed as the boards print it: the two components stacked inside tall brackets. */
function column(shapes: Shape[], x: number, y: number, name: string, vx: number, vy: number): number {
  const nameText = `${name} =`;
  shapes.push(text(x, y + FONT_SIZE * 0.35, nameText, { bold: false, italic: true, size: FONT_SIZE + 1 }));
  const left = x + textWidth(nameText, FONT_SIZE + 1) + 6;
  const inner = Math.max(textWidth(tickLabel(vx)), textWidth(tickLabel(vy))) + 8;
  const h = 17;
  const bracket = (bx: number, side: 1 | -1): Shape => ({
    t: "line",
    pts: Array.from({ length: 13 }, (_, i) => {
      const t = -1 + (2 * i) / 12;
      return [bx - side * 4 * (1 - t * t), y + t * h] as const;
    }),
    width: 1,
  });
  shapes.push(bracket(left + 4, 1), bracket(left + inner + 4, -1));
  shapes.push(text(left + 4 + inner / 2, y - 4, tickLabel(vx), { anchor: "middle", size: FONT_SIZE + 1 }));
  shapes.push(text(left + 4 + inner / 2, y + 12, tickLabel(vy), { anchor: "middle", size: FONT_SIZE + 1 }));
  return left + inner + 12;
}

export function vectorsScene(v: Vectors): Scene {
  const shapes: Shape[] = [];
  let x = 8;
  for (const vec of v.vectors) x = column(shapes, x, 24, vec.name, vec.x, vec.y) + 24;
  let width = x;
  let height = 48;
  if (v.onGrid) {
    // Each vector drawn from its own start, left to right, on a square grid.
    const cell = 14;
    const starts: [number, number][] = [];
    let cx = 1;
    for (const vec of v.vectors) {
      starts.push([cx - Math.min(0, vec.x), 0]);
      cx += Math.abs(vec.x) + 2;
    }
    const ysAll = v.vectors.flatMap((vec) => [0, vec.y]);
    const minY = Math.min(...ysAll) - 1;
    const maxY = Math.max(...ysAll) + 1;
    const cols = cx;
    const rows = maxY - minY;
    const top = height + 8;
    const G = ([gx, gy]: readonly [number, number]): Point => [8 + gx * cell, top + (maxY - gy) * cell];
    for (let i = 0; i <= cols; i++) shapes.push(line([8 + i * cell, top], [8 + i * cell, top + rows * cell], { ink: "grey", width: 0.5 }));
    for (let j = 0; j <= rows; j++) shapes.push(line([8, top + j * cell], [8 + cols * cell, top + j * cell], { ink: "grey", width: 0.5 }));
    v.vectors.forEach((vec, i) => {
      const a = G(starts[i]);
      const b = G([starts[i][0] + vec.x, starts[i][1] + vec.y]);
      shapes.push(line(a, b, { width: 1.3 }), arrowHead(a, b, 6));
      const mid: Point = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      shapes.push(text(mid[0] + 6, mid[1] - 4, vec.name, { bold: true, italic: true }));
    });
    width = Math.max(width, 16 + cols * cell);
    height = top + rows * cell + 8;
  }
  return {
    width,
    height,
    shapes,
    description: `Column vectors ${v.vectors.map((vec) => `${vec.name} = (${tickLabel(vec.x)}, ${tickLabel(vec.y)})`).join(", ")}${v.onGrid ? ", also drawn as arrows on a square grid" : ""}.`,
  };
}
