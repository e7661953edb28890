// Circuit diagrams: one rectangular loop, its elements spaced along the top side and back along
// the bottom (clockwise), parallel branches stacked inside the loop with junction dots, each
// component drawn with the standard symbol students learn for GCSE.
import type { z } from "../zod.ts";
import type { CircuitComponent, CircuitElement, circuitSchema } from "./schema.ts";
import { arrowHead, FONT_SIZE, line, type Point, type Scene, type Shape, text } from "./scene.ts";

type Circuit = z.infer<typeof circuitSchema>;

/** Every symbol is drawn along a horizontal wire, centred at x, its leads reaching x ± HALF. */
const HALF = 22;
const SYMBOL = HALF * 2;
const BRANCH_GAP = 52;
const SIDE_MARGIN = 26;

const NAMES: Record<CircuitComponent["component"], string> = {
  cell: "a cell", battery: "a battery", "switch-open": "an open switch", "switch-closed": "a closed switch", lamp: "a lamp", resistor: "a resistor",
  "variable-resistor": "a variable resistor", fuse: "a fuse", diode: "a diode", led: "an LED", ldr: "an LDR", thermistor: "a thermistor", ammeter: "an ammeter",
  voltmeter: "a voltmeter", motor: "a motor", heater: "a heater", "power-supply": "a d.c. power supply",
};

const rect = (x: number, y: number, w: number, h: number, extra: Partial<Extract<Shape, { t: "line" }>> = {}): Shape => ({
  t: "line", pts: [[x - w / 2, y - h / 2], [x + w / 2, y - h / 2], [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]], closed: true, width: 1.1, ...extra,
});
const leads = (x: number, y: number, inner: number): Shape[] => [line([x - HALF, y], [x - inner, y]), line([x + inner, y], [x + HALF, y])];
const meter = (x: number, y: number, letter: string): Shape[] => [
  ...leads(x, y, 11), { t: "ellipse", cx: x, cy: y, rx: 11, ry: 11, width: 1.1 }, text(x, y + FONT_SIZE * 0.36, letter, { anchor: "middle", bold: true }),
];
const cellPlates = (x: number, y: number): Shape[] => [line([x - 2.5, y - 12], [x - 2.5, y + 12], { width: 1.1 }), line([x + 2.5, y - 6], [x + 2.5, y + 6], { width: 3 })];
/** Two short arrows at an angle: light leaving (LED) or arriving (LDR). */
const lightArrows = (from: Point, dx: number, dy: number): Shape[] =>
  [0, 7].flatMap((k) => {
    const a: Point = [from[0] + k, from[1] + k * 0.2];
    const b: Point = [a[0] + dx, a[1] + dy];
    return [line(a, b, { width: 0.8 }), arrowHead(a, b, 3.5)];
  });

/** A component's symbol, horizontal, centred at (x, y). */
function symbol(c: CircuitComponent["component"], x: number, y: number): Shape[] {
  switch (c) {
    case "cell":
      return [...leads(x, y, 2.5), ...cellPlates(x, y)];
    case "battery":
      return [...leads(x, y, 10), ...cellPlates(x - 7.5, y), ...cellPlates(x + 7.5, y), line([x - 5, y], [x + 5, y], { dash: true, width: 0.8 })];
    case "power-supply":
      return [...leads(x, y, 2.5), ...cellPlates(x, y), text(x - 9, y - 9, "+", { anchor: "middle" }), text(x + 9, y - 9, "−", { anchor: "middle" })];
    case "switch-open":
    case "switch-closed": {
      const end: Point = c === "switch-open" ? [x + 11, y - 11] : [x + 12, y];
      return [
        ...leads(x, y, 12), { t: "ellipse", cx: x - 12, cy: y, rx: 1.8, ry: 1.8, fill: "ink", width: 0.5 }, { t: "ellipse", cx: x + 12, cy: y, rx: 1.8, ry: 1.8, fill: "ink", width: 0.5 },
        line([x - 12, y], end, { width: 1.1 }),
      ];
    }
    case "lamp": {
      const d = 9 * Math.SQRT1_2;
      return [...leads(x, y, 9), { t: "ellipse", cx: x, cy: y, rx: 9, ry: 9, width: 1.1 }, line([x - d, y - d], [x + d, y + d]), line([x - d, y + d], [x + d, y - d])];
    }
    case "resistor":
      return [...leads(x, y, 12), rect(x, y, 24, 10)];
    case "variable-resistor":
      return [...leads(x, y, 12), rect(x, y, 24, 10), line([x - 13, y + 11], [x + 13, y - 11], { width: 0.9 }), arrowHead([x - 13, y + 11], [x + 13, y - 11], 4)];
    case "fuse":
      return [...leads(x, y, 12), rect(x, y, 24, 8), line([x - 12, y], [x + 12, y], { width: 0.9 })];
    case "heater":
      return [...leads(x, y, 13), rect(x, y, 26, 10), ...[-8, -2, 4, 10].map((k) => line([x + k - 3, y + 5], [x + k + 1, y - 5], { width: 0.7 }))];
    case "diode":
    case "led":
      return [
        ...leads(x, y, 7), { t: "line", pts: [[x - 7, y - 7], [x - 7, y + 7], [x + 7, y]], closed: true, width: 1.1 }, line([x + 7, y - 7], [x + 7, y + 7], { width: 1.1 }),
        ...(c === "led" ? lightArrows([x + 2, y - 9], 8, -8) : []),
      ];
    case "ldr":
      return [...leads(x, y, 12), { t: "ellipse", cx: x, cy: y, rx: 16, ry: 16, width: 0.9 }, rect(x, y, 20, 8), ...lightArrows([x - 22, y - 20], 8, 8)];
    case "thermistor":
      return [...leads(x, y, 12), rect(x, y, 24, 10), line([x - 14, y + 11], [x + 10, y - 11], { width: 0.9 }), line([x + 10, y - 11], [x + 17, y - 11], { width: 0.9 })];
    case "ammeter":
      return meter(x, y, "A");
    case "voltmeter":
      return meter(x, y, "V");
    case "motor":
      return meter(x, y, "M");
  }
}

const isParallel = (e: CircuitElement): e is { parallel: CircuitComponent[][] } => "parallel" in e;
const branchWidth = (branch: CircuitComponent[]) => branch.length * SYMBOL + (branch.length - 1) * 10;
const elementWidth = (e: CircuitElement) => (isParallel(e) ? Math.max(...e.parallel.map(branchWidth)) + 24 : SYMBOL);
/** How far an element reaches into the loop (parallel branches stack inwards). */
const elementDepth = (e: CircuitElement) => (isParallel(e) ? (e.parallel.length - 1) * BRANCH_GAP : 0);

/** Components of a series along a horizontal wire from x0 to x1 at y, evenly spaced; labels above or below. */
function series(shapes: Shape[], comps: CircuitComponent[], x0: number, x1: number, y: number, labelAbove: boolean) {
  const gap = (x1 - x0 - comps.length * SYMBOL) / (comps.length + 1);
  let x = x0;
  comps.forEach((c) => {
    shapes.push(line([x, y], [x + gap, y]));
    x += gap;
    shapes.push(...symbol(c.component, x + HALF, y));
    if (c.label) shapes.push(text(x + HALF, labelAbove ? y - 20 : y + 20 + FONT_SIZE * 0.7, c.label, { anchor: "middle" }));
    x += SYMBOL;
  });
  shapes.push(line([x, y], [x1, y]));
}

/** One element between x0 and x1 on a side at y; `inward` is +1 when the loop's inside is below. */
function element(shapes: Shape[], e: CircuitElement, x0: number, x1: number, y: number, inward: 1 | -1) {
  if (!isParallel(e)) {
    series(shapes, [e], x0, x1, y, inward === 1);
    return;
  }
  const left = x0 + 12;
  const right = x1 - 12;
  shapes.push(line([x0, y], [left, y]), line([right, y], [x1, y]));
  e.parallel.forEach((branch, i) => {
    const by = y + inward * i * BRANCH_GAP;
    if (i > 0) shapes.push(line([left, y + inward * (i - 1) * BRANCH_GAP], [left, by]), line([right, y + inward * (i - 1) * BRANCH_GAP], [right, by]));
    series(shapes, branch, left, right, by, inward === 1 || i !== 0);
  });
  for (const jx of [left, right]) shapes.push({ t: "ellipse", cx: jx, cy: y, rx: 2.2, ry: 2.2, fill: "ink", width: 0.5 });
}

export function circuitScene(c: Circuit): Scene {
  const top = c.loop.slice(0, Math.ceil(c.loop.length / 2));
  const bottom = c.loop.slice(top.length).reverse(); // clockwise: back along the bottom
  const sideWidth = (els: CircuitElement[]) => els.reduce((n, e) => n + elementWidth(e), 0) + (els.length + 1) * 14;
  const width = Math.max(sideWidth(top), sideWidth(bottom), 160);
  const depthTop = Math.max(0, ...top.map(elementDepth));
  const depthBottom = Math.max(0, ...bottom.map(elementDepth));
  const height = Math.max(90, depthTop + depthBottom + 60);
  const x0 = SIDE_MARGIN;
  const x1 = x0 + width;
  const yTop = 30;
  const yBottom = yTop + height;
  const shapes: Shape[] = [line([x0, yTop], [x0, yBottom]), line([x1, yTop], [x1, yBottom])];
  for (const [els, y, inward] of [[top, yTop, 1], [bottom, yBottom, -1]] as const) {
    if (!els.length) {
      shapes.push(line([x0, y], [x1, y]));
      continue;
    }
    const total = els.reduce((n, e) => n + elementWidth(e), 0);
    const gap = (width - total) / (els.length + 1);
    let x = x0;
    for (const e of els) {
      shapes.push(line([x, y], [x + gap, y]));
      x += gap;
      element(shapes, e, x, x + elementWidth(e), y, inward);
      x += elementWidth(e);
    }
    shapes.push(line([x, y], [x1, y]));
  }
  const describe = (e: CircuitElement): string =>
    isParallel(e)
      ? `in parallel: ${e.parallel.map((b) => b.map((c) => NAMES[c.component] + (c.label ? ` (${c.label})` : "")).join(" and ")).join("; and ")}`
      : NAMES[e.component] + (e.label ? ` (${e.label})` : "");
  return {
    width: x1 + SIDE_MARGIN,
    height: yBottom + 34,
    shapes,
    description: `A circuit diagram of one loop: ${c.loop.map(describe).join(", then ")}.`,
  };
}
