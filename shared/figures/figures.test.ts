// Every figure type draws what its description says, inside its own box.
import { describe, expect, it } from "vitest";
import { FIGURE_EXAMPLES } from "./examples.ts";
import { figureScene } from "./index.ts";
import { type Figure, FIGURE_TYPES, figureSchema } from "./schema.ts";
import type { Scene, Shape } from "./scene.ts";
import { sceneToSvg } from "./svg.ts";

const figure = (input: unknown) => figureSchema.parse(input);
const texts = (scene: Scene) => scene.shapes.filter((s): s is Extract<Shape, { t: "text" }> => s.t === "text");
const points = (scene: Scene) =>
  scene.shapes.flatMap((s) => (s.t === "line" ? s.pts : s.t === "ellipse" ? [[s.cx - s.rx, s.cy - s.ry], [s.cx + s.rx, s.cy + s.ry]] : [[s.x, s.y]]) as [number, number][]);

describe("figures", () => {
  it("has an example of every figure type", () => {
    const types = new Set(Object.values(FIGURE_EXAMPLES).map((f) => f.type));
    expect([...types].sort()).toEqual([...FIGURE_TYPES].sort());
  });

  for (const [name, example] of Object.entries(FIGURE_EXAMPLES)) {
    it(`${name}: every shape lies inside the figure, and it is described in words`, () => {
      const scene = figureScene(figure(example));
      expect(scene.shapes.length).toBeGreaterThan(3);
      for (const [x, y] of points(scene)) {
        expect(x).toBeGreaterThanOrEqual(-0.5);
        expect(x).toBeLessThanOrEqual(scene.width + 0.5);
        expect(y).toBeGreaterThanOrEqual(-0.5);
        expect(y).toBeLessThanOrEqual(scene.height + 0.5);
      }
      // Text that starts or ends inside the box may still run past it: check its estimated extent too.
      for (const t of texts(scene).filter((t) => !t.rotate)) {
        const w = t.text.length * (t.size ?? 9) * 0.55;
        const from = t.anchor === "middle" ? t.x - w / 2 : t.anchor === "end" ? t.x - w : t.x;
        expect(from, t.text).toBeGreaterThan(-2);
        expect(from + w, t.text).toBeLessThan(scene.width + 2);
      }
      expect(scene.description.length).toBeGreaterThan(20);
    });
  }

  it("draws each circuit component with its symbol, and parallel branches with junction dots", () => {
    const scene = figureScene(figure(FIGURE_EXAMPLES.circuit));
    expect(texts(scene).map((t) => t.text)).toEqual(expect.arrayContaining(["A", "V", "6 V", "R"]));
    const dots = scene.shapes.filter((s) => s.t === "ellipse" && s.fill === "ink" && s.rx > 2);
    expect(dots).toHaveLength(2);
    expect(scene.description).toContain("in parallel: a resistor (R); and a voltmeter");
  });

  it("keeps a geometry figure's proportions and prints 'Not drawn accurately' when the board would", () => {
    const scene = figureScene(figure(FIGURE_EXAMPLES.geometry));
    const labels = new Map(texts(scene).map((t) => [t.text, t]));
    const a = labels.get("A")!;
    const b = labels.get("B")!;
    const c = labels.get("C")!;
    // AB = 8 across and BC = 6 up: the drawn lengths keep 8 : 6 (labels sit 11 pt off their points).
    const ab = Math.abs(b.x - a.x);
    const bc = Math.abs(b.y - c.y);
    expect(ab / bc).toBeCloseTo(8 / 6, 0);
    expect(scene.note).toBe("Not drawn accurately");
    expect(figureScene(figure({ ...FIGURE_EXAMPLES.geometry, notDrawnAccurately: false })).note).toBeUndefined();
  });

  it("puts an exothermic reaction's products below its reactants", () => {
    const scene = figureScene(figure(FIGURE_EXAMPLES["reaction profile"]));
    const y = (label: string) => texts(scene).find((t) => t.text === label)!.y;
    expect(y("products")).toBeGreaterThan(y("reactants"));
    const endo = figureScene(figure({ ...FIGURE_EXAMPLES["reaction profile"], productEnergy: 90 }));
    expect(texts(endo).find((t) => t.text === "products")!.y).toBeLessThan(texts(endo).find((t) => t.text === "reactants")!.y);
    expect(endo.description).toContain("endothermic");
  });

  it("prints column vectors with both components and a true minus sign", () => {
    const scene = figureScene(figure(FIGURE_EXAMPLES.vectors));
    const all = texts(scene).map((t) => t.text);
    expect(all).toEqual(expect.arrayContaining(["a =", "3", "−2", "b =", "−1", "4"]));
    expect(all.join(" ")).not.toContain("-");
  });

  it("joins each label of a drawing to its point", () => {
    const input = FIGURE_EXAMPLES["labelled drawing"] as Extract<Figure, { type: "diagram" }>;
    const scene = figureScene(figure(input));
    const leaders = scene.shapes.filter((s): s is Extract<Shape, { t: "line" }> => s.t === "line" && s.width === 0.7);
    expect(leaders).toHaveLength(input.labels.length);
    // Drawing units map to points at 2.3 pt each, from the left label column.
    const k = 2.3;
    const ends = leaders.map((l) => l.pts[1]);
    for (const label of input.labels) expect(ends.some(([x, y]) => Math.abs(y - (10 + label.to[1] * k)) < 0.01 && x > label.to[0] * k)).toBe(true);
  });

  it("writes an axis's tick labels with its step's decimal places (1.0, not 1), and whole numbers on whole steps", () => {
    const labels = (input: unknown) => texts(figureScene(figure(input))).map((t) => t.text);
    const volts = labels({ type: "graph", x: { label: "Time in hours", min: 0, max: 8, step: 2 }, y: { label: "Voltage in V", min: 0.5, max: 1.1, step: 0.1 }, series: [{ points: [[0, 1], [8, 0.6]] }] });
    expect(volts).toEqual(expect.arrayContaining(["0.5", "0.9", "1.0", "1.1", "0", "2", "8"]));
    expect(volts).not.toContain("1");
    const bars = labels({ type: "bar-chart", categories: ["A", "B"], values: [1.5, 2], xLabel: "Metal", y: { label: "Mass in g", min: 0, max: 2, step: 0.5 } });
    expect(bars).toEqual(expect.arrayContaining(["0.0", "0.5", "1.0", "2.0"]));
  });

  it("refuses a graph whose axis runs backwards, and a bar chart without a value for each bar", () => {
    expect(figureSchema.safeParse({ type: "graph", x: { label: "x", min: 5, max: 1, step: 1 }, y: { label: "y", min: 0, max: 1, step: 1 } }).success).toBe(false);
    expect(figureSchema.safeParse({ type: "bar-chart", categories: ["A", "B"], values: [1], xLabel: "x", y: { label: "y", min: 0, max: 5, step: 1 } }).success).toBe(false);
  });

  it("escapes every text in the SVG", () => {
    const svg = sceneToSvg(figureScene(figure({ ...FIGURE_EXAMPLES["bar chart"], categories: ["<b>x</b>", "B & C", "\"q\"", "D"] })), "Figure 1");
    expect(svg).toContain("&lt;b&gt;x&lt;/b&gt;");
    expect(svg).toContain("B &amp; C");
    expect(svg).not.toContain("<b>");
  });
});
