// Laboratory apparatus drawn in outline (section), as on the boards' practical questions: pieces
// stand left to right on the bench; a piece marked `on` goes into the piece before it (a
// thermometer or tube into a beaker, flask or water bath) or stands on it (a beaker on a tripod,
// a burette over a flask). Contents show as a shaded liquid; labels sit under the bench or beside.
import type { z } from "../zod.ts";
import type { APPARATUS, apparatusSchema } from "./schema.ts";
import { FONT_SIZE, line, type Point, type Scene, type Shape, text, textWidth } from "./scene.ts";

type Apparatus = z.infer<typeof apparatusSchema>;
type Item = (typeof APPARATUS)[number];

interface Piece {
  width: number;
  height: number;
  /** Outline shapes with the piece's bottom-left at (0, 0), y downwards (so the piece is at negative y). */
  draw: (liquid: boolean) => Shape[];
  /** Inside a container: where a piece put into it stands (x range and floor height above the base). */
  inside?: { x0: number; x1: number; floor: number; level: number };
}

const poly = (pts: Point[], extra: Partial<Extract<Shape, { t: "line" }>> = {}): Shape => ({ t: "line", pts, width: 1.1, ...extra });
const liquid = (pts: Point[]): Shape => ({ t: "line", pts, closed: true, fill: "light", width: 0.5 });
const ticksUp = (x: number, y0: number, y1: number, step: number, len = 5): Shape[] =>
  Array.from({ length: Math.floor((y0 - y1) / step) + 1 }, (_, i) => line([x, y0 - i * step], [x + len, y0 - i * step], { width: 0.6 }));
const tube = (w: number, h: number): Piece => ({
  width: w,
  height: h,
  draw: (full) => {
    const r = w / 2;
    const bottom = Array.from({ length: 13 }, (_, i) => [r - r * Math.cos((Math.PI * i) / 12), -r + r * Math.sin((Math.PI * i) / 12)] as Point);
    const shapes: Shape[] = [poly([[0, -h], ...bottom, [w, -h]])];
    if (full) shapes.unshift(liquid([...bottom, [w, -h * 0.45], [0, -h * 0.45]]));
    return shapes;
  },
  inside: { x0: 2, x1: w - 2, floor: 6, level: h * 0.45 },
});

const PIECES: Record<Item, (reach?: number, armHeight?: number) => Piece> = {
  beaker: () => ({
    width: 64, height: 72,
    draw: (full) => [
      ...(full ? [liquid([[1, -1], [63, -1], [63, -40], [1, -40]])] : []),
      poly([[-4, -75], [0, -71], [0, 0], [64, 0], [64, -72]]),
      ...ticksUp(52, -12, -60, 12, 8),
    ],
    inside: { x0: 8, x1: 56, floor: 4, level: 40 },
  }),
  "conical-flask": () => ({
    width: 64, height: 84,
    draw: (full) => [
      ...(full ? [liquid([[1, -1], [63, -1], [52, -26], [12, -26]])] : []),
      poly([[23, -84], [23, -58], [0, -4], [3, 0], [61, 0], [64, -4], [41, -58], [41, -84]]),
    ],
    inside: { x0: 24, x1: 40, floor: 4, level: 26 },
  }),
  "test-tube": () => tube(16, 72),
  "boiling-tube": () => tube(22, 84),
  "measuring-cylinder": () => ({
    width: 44, height: 104,
    draw: (full) => [
      ...(full ? [liquid([[8, -6], [36, -6], [36, -50], [8, -50]])] : []),
      poly([[0, 0], [44, 0], [44, -5], [0, -5]], { closed: true }),
      poly([[8, -104], [8, -5]]), poly([[36, -5], [36, -104]]), poly([[36, -104], [40, -107]]),
      ...ticksUp(8, -15, -95, 8, 7),
    ],
    inside: { x0: 10, x1: 34, floor: 6, level: 50 },
  }),
  burette: () => ({
    width: 24, height: 150,
    draw: (full) => [
      ...(full ? [liquid([[6, -30], [18, -30], [18, -130], [6, -130]])] : []),
      poly([[6, -150], [6, -30], [10, -22], [10, -14], [11, 0]]), poly([[18, -150], [18, -30], [14, -22], [14, -14], [13, 0]]),
      poly([[0, -26], [24, -26], [24, -20], [0, -20]], { closed: true, fill: "dark" }),
      ...ticksUp(6, -40, -140, 10, 5),
    ],
    inside: { x0: 6, x1: 18, floor: 30, level: 100 },
  }),
  pipette: () => ({
    width: 16, height: 120,
    draw: (full) => [
      ...(full ? [liquid([[6, -2], [10, -2], [10, -30], [15, -45], [15, -65], [10, -80], [6, -80], [1, -65], [1, -45], [6, -30]])] : []),
      poly([[7, -120], [7, -80], [1, -65], [1, -45], [7, -30], [7.5, 0]]), poly([[9, -120], [9, -80], [15, -65], [15, -45], [9, -30], [8.5, 0]]),
      line([4, -100], [12, -100], { width: 0.8 }),
    ],
  }),
  "bunsen-burner": () => ({
    width: 40, height: 62,
    draw: () => [
      poly([[0, 0], [40, 0], [34, -8], [6, -8]], { closed: true }),
      poly([[15, -8], [15, -62]]), poly([[25, -8], [25, -62]]), poly([[15, -62], [25, -62]]),
      { t: "ellipse", cx: 20, cy: -18, rx: 3, ry: 3, width: 0.8 },
      poly([[25, -14], [36, -14]]), poly([[25, -19], [36, -19]]),
    ],
  }),
  "tripod-gauze": () => ({
    width: 90, height: 78,
    draw: () => [
      poly([[-4, -78], [94, -78], [94, -75], [-4, -75]], { closed: true, fill: "dark", width: 0.6 }),
      poly([[12, -75], [0, 0]]), poly([[78, -75], [90, 0]]), poly([[45, -75], [45, -60]]), line([8, -75], [82, -75], { width: 2.2 }),
    ],
  }),
  thermometer: () => ({
    width: 10, height: 110,
    draw: () => [
      poly([[3, -110], [3, -8]]), poly([[7, -110], [7, -8]]), poly([[3, -110], [7, -110]]),
      { t: "ellipse", cx: 5, cy: -5, rx: 5, ry: 5, width: 1.1, fill: "dark" },
      ...ticksUp(7, -20, -100, 10, 3),
    ],
  }),
  "water-bath": () => ({
    width: 120, height: 56,
    draw: (full) => [
      ...(full ? [liquid([[1, -1], [119, -1], [119, -38], [1, -38]])] : [liquid([[1, -1], [119, -1], [119, -38], [1, -38]])]),
      poly([[0, -56], [0, 0], [120, 0], [120, -56]]),
      poly([[86, -10], [112, -10], [112, -24], [86, -24]], { closed: true, width: 0.8 }),
      text(99, -14.5, "°C", { anchor: "middle", size: 7 }),
    ],
    inside: { x0: 12, x1: 78, floor: 6, level: 38 },
  }),
  "gas-syringe": () => ({
    width: 130, height: 24,
    draw: () => [
      poly([[0, -8], [0, -16], [14, -16], [14, -22], [100, -22], [100, -2], [14, -2], [14, -8], [0, -8]]),
      poly([[70, -20], [70, -4]], { width: 2 }), poly([[70, -12], [130, -12]]), poly([[130, -20], [130, -4]], { width: 2 }),
      ...Array.from({ length: 8 }, (_, i) => line([20 + i * 10, -22], [20 + i * 10, -17], { width: 0.6 })),
    ],
  }),
  "delivery-tube": () => ({
    width: 70, height: 60,
    draw: () => [poly([[0, -20], [0, -60], [70, -60], [70, -6]], { width: 1.6 })],
  }),
  "evaporating-basin": () => ({
    width: 70, height: 24,
    draw: (full) => {
      const bowl = Array.from({ length: 17 }, (_, i) => [35 - 35 * Math.cos((Math.PI * i) / 16), -24 + 22 * Math.sin((Math.PI * i) / 16)] as Point);
      return [...(full ? [liquid(bowl.slice(4, 13))] : []), poly([[-3, -26], ...bowl, [73, -26]])];
    },
    inside: { x0: 20, x1: 50, floor: 4, level: 12 },
  }),
  "filter-funnel": () => ({
    width: 56, height: 66,
    draw: () => [
      poly([[0, -66], [24, -30], [24, 0]]), poly([[56, -66], [32, -30], [32, 0]]),
      poly([[5, -64], [28, -32], [51, -64]], { dash: true, width: 0.8 }),
    ],
  }),
  "clamp-stand": (reach = 46, armHeight = 124) => ({
    width: 24 + reach, height: 170,
    draw: () => [
      poly([[0, 0], [70, 0], [70, -7], [0, -7]], { closed: true, fill: "dark", width: 0.6 }),
      poly([[12, -7], [12, -170]], { width: 3 }),
      poly([[8, -armHeight + 4], [18, -armHeight + 4], [18, -armHeight - 4], [8, -armHeight - 4]], { closed: true, fill: "dark", width: 0.6 }),
      poly([[18, -armHeight], [12 + reach, -armHeight]], { width: 2 }),
      poly([[12 + reach - 4, -armHeight - 6], [12 + reach + 4, -armHeight - 6], [12 + reach + 4, -armHeight + 6], [12 + reach - 4, -armHeight + 6]], { closed: true }),
    ],
  }),
  balance: () => ({
    width: 80, height: 34,
    draw: () => [
      poly([[0, 0], [80, 0], [80, -26], [0, -26]], { closed: true }),
      poly([[10, -8], [46, -8], [46, -20], [10, -20]], { closed: true, width: 0.8 }),
      text(28, -11, "g", { anchor: "middle", size: 7 }),
      poly([[54, -29], [76, -29], [76, -34], [54, -34]], { closed: true, fill: "dark", width: 0.5 }),
      line([65, -26], [65, -29]),
    ],
  }),
  electrodes: () => ({
    width: 40, height: 100,
    draw: () => [
      poly([[4, 0], [12, 0], [12, -70], [4, -70]], { closed: true, fill: "dark", width: 0.8 }),
      poly([[28, 0], [36, 0], [36, -70], [28, -70]], { closed: true, fill: "dark", width: 0.8 }),
      poly([[8, -70], [8, -96], [16, -96]]), poly([[32, -70], [32, -96], [24, -96]]),
      line([16.5, -103], [16.5, -89], { width: 1.1 }), line([22, -99], [22, -93], { width: 3 }),
      text(12, -101, "+", { anchor: "middle", size: 8 }), text(28, -101, "−", { anchor: "middle", size: 8 }),
    ],
  }),
  stopwatch: () => ({
    width: 32, height: 40,
    draw: () => [
      { t: "ellipse", cx: 16, cy: -16, rx: 15, ry: 15, width: 1.1 },
      poly([[13, -31], [13, -36], [19, -36], [19, -31]], { closed: true }),
      line([16, -16], [16, -27], { width: 1 }), line([16, -16], [23, -12], { width: 1 }),
    ],
  }),
  ruler: () => ({
    width: 130, height: 14,
    draw: () => [
      poly([[0, 0], [130, 0], [130, -14], [0, -14]], { closed: true }),
      ...Array.from({ length: 13 }, (_, i) => line([5 + i * 10, -14], [5 + i * 10, i % 5 === 0 ? -6 : -9], { width: 0.6 })),
    ],
  }),
};

/** Pieces that go into the container before them; the others stand on top of it. */
const GOES_IN = new Set<Item>(["thermometer", "test-tube", "boiling-tube", "electrodes", "pipette", "delivery-tube"]);

const NAMES: Record<Item, string> = {
  beaker: "a beaker", "conical-flask": "a conical flask", "test-tube": "a test tube", "boiling-tube": "a boiling tube", "measuring-cylinder": "a measuring cylinder",
  burette: "a burette", pipette: "a pipette", "bunsen-burner": "a Bunsen burner", "tripod-gauze": "a tripod and gauze", thermometer: "a thermometer",
  "water-bath": "a water bath", "gas-syringe": "a gas syringe", "delivery-tube": "a delivery tube", "evaporating-basin": "an evaporating basin",
  "filter-funnel": "a filter funnel", "clamp-stand": "a clamp stand", balance: "a balance", electrodes: "two electrodes", stopwatch: "a stopwatch", ruler: "a ruler",
};

export function apparatusScene(a: Apparatus): Scene {
  type Placed = { piece: Piece; x: number; base: number; part: Apparatus["parts"][number] };
  // Groups: a piece on the bench and the pieces put into it or on it.
  const groups: Placed[][] = [];
  for (const part of a.parts) {
    const group = groups.at(-1);
    const prev = group?.at(-1);
    if (!part.on || !group || !prev) {
      groups.push([{ piece: PIECES[part.item](), x: 0, base: 0, part }]);
      continue;
    }
    const prevCentre = prev.x + prev.piece.width / 2;
    if (part.item === "clamp-stand") {
      // A clamp stand beside the piece before it, its clamp holding that piece halfway up.
      const armHeight = -prev.base + prev.piece.height * 0.6;
      const piece = PIECES["clamp-stand"](46, armHeight);
      group.push({ piece, x: prevCentre - 58, base: 0, part });
      continue;
    }
    const piece = PIECES[part.item]();
    let x = prevCentre - piece.width / 2;
    let base: number;
    if (part.item === "tripod-gauze" && prev.part.item === "bunsen-burner") base = 0; // stands on the bench over the burner
    else if ((GOES_IN.has(part.item) || prev.part.item === "water-bath") && prev.piece.inside) {
      const inside = prev.piece.inside;
      // Into the container, standing on its floor; beside anything already in it.
      const already = group.some((p) => p !== prev && p.base === prev.base - inside.floor);
      x = prev.x + (already ? inside.x1 - piece.width : inside.x0 + (inside.x1 - inside.x0 - piece.width) / 2);
      base = part.item === "delivery-tube" ? prev.base - prev.piece.height + 20 : prev.base - inside.floor;
    } else base = prev.base - prev.piece.height - (part.item === "burette" ? 6 : 0);
    group.push({ piece, x, base, part });
  }
  const shapes: Shape[] = [];
  const hasLiquid = (p: Placed) => Boolean(p.part.contents) || p.part.item === "water-bath";
  const top = Math.min(...groups.flat().map((p) => p.base - p.piece.height));
  const oy = 16 - top; // the bench, in scene coordinates
  let cursor = 10;
  let benchLabels = false;
  let bottom = oy;
  // A delivery tube followed by a gas syringe runs straight across into the syringe's nozzle.
  let tubeEnd: Point | null = null;
  for (const [g, group] of groups.entries()) {
    const left = Math.min(...group.map((p) => p.x));
    const right = Math.max(...group.map((p) => p.x + p.piece.width));
    const ox = cursor - left;
    if (tubeEnd && group[0].part.item === "gas-syringe") {
      group[0].base = tubeEnd[1] - oy + 12;
      shapes.push({ t: "line", pts: [tubeEnd, [ox + group[0].x, tubeEnd[1]]], width: 1.6 });
    }
    tubeEnd = null;
    const tube = group.find((p) => p.part.item === "delivery-tube");
    const syringeNext = groups[g + 1]?.[0].part.item === "gas-syringe";
    for (const p of group) {
      if (p === tube && syringeNext) {
        // Up out of the flask and across: the syringe takes it from here.
        const top = oy + p.base - 60;
        const holder = group[group.indexOf(p) - 1] ?? group[0];
        const neck = ox + holder.x + holder.piece.width / 2;
        shapes.push({ t: "line", pts: [[neck, oy + p.base - 20], [neck, top], [ox + right + 4, top]], width: 1.6 });
        tubeEnd = [ox + right + 4, top];
        continue;
      }
      for (const sh of p.piece.draw(hasLiquid(p))) {
        if (sh.t === "text") shapes.push({ ...sh, x: sh.x + ox + p.x, y: sh.y + oy + p.base });
        else if (sh.t === "ellipse") shapes.push({ ...sh, cx: sh.cx + ox + p.x, cy: sh.cy + oy + p.base });
        else shapes.push({ ...sh, pts: sh.pts.map(([x, y]) => [x + ox + p.x, y + oy + p.base] as Point) });
      }
    }
    // The group's bench piece is named under the bench; what is in it or on it, and contents, to its right.
    const [first] = group;
    if (first.part.label) {
      const cx = ox + first.x + first.piece.width / 2;
      // Under the piece: on the bench, or under a piece raised to meet a tube.
      const under = oy + first.base;
      shapes.push(line([cx, under + 3], [cx, under + 9], { width: 0.6 }), text(cx, under + 11 + FONT_SIZE, first.part.label, { anchor: "middle" }));
      benchLabels = true;
    }
    const beside: { label: string; target: Point }[] = [];
    for (const p of group) {
      if (p.part.contents && p.piece.inside) beside.push({ label: p.part.contents, target: [ox + p.x + p.piece.inside.x1 - 3, oy + p.base - p.piece.inside.level * 0.5] });
      if (p !== first && p.part.label) beside.push({ label: p.part.label, target: [ox + p.x + p.piece.width, oy + p.base - p.piece.height * 0.8] });
    }
    beside.sort((m, n) => m.target[1] - n.target[1]);
    const labelX = ox + right + 14;
    let lastY = -Infinity;
    for (const b of beside) {
      const y = Math.max(b.target[1] + FONT_SIZE * 0.35, lastY + FONT_SIZE * 1.5);
      lastY = y;
      bottom = Math.max(bottom, y);
      shapes.push(line([labelX - 3, y - FONT_SIZE * 0.35], b.target, { width: 0.6 }), text(labelX, y, b.label));
    }
    const labelWidth = beside.length ? Math.max(...beside.map((b) => textWidth(b.label))) + 16 : 0;
    cursor = ox + right + labelWidth + 24;
  }
  return {
    width: cursor - 14,
    height: Math.max(oy + (benchLabels ? 11 + FONT_SIZE * 1.6 : 6), bottom + 6),
    shapes,
    description: `Apparatus: ${a.parts.map((p, i) =>
      `${i && p.on ? (p.item === "clamp-stand" ? "held by " : GOES_IN.has(p.item) ? "in it " : "on it ") : ""}${NAMES[p.item]}${p.label ? ` labelled ${p.label}` : ""}${p.contents ? ` containing ${p.contents}` : ""}`
    ).join(", ")}.`,
  };
}
