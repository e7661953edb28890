// Figures as data: what a bank question's graph, circuit, apparatus, reaction profile, geometry
// figure, column vectors or labelled drawing is, described in a few fields per type. The bank
// stores these descriptions; shared/figures/scene.ts turns one into drawing primitives that the
// viewer (SVG, shared/figures/svg.ts) and the PDF (api/papers/pdf/figures.ts) both draw, so the
// two always show the same figure. docs/figures.md documents every type with an example.
import { z } from "../zod.ts";

const label = z.string().min(1).max(80);
const num = z.number().finite();
const point = z.tuple([num, num]);

/** One axis of a graph or grid: its label (with unit), range and the step between labelled ticks. */
export const axisSchema = z.object({
  label: label,
  min: num,
  max: num,
  /** Distance between labelled ticks, e.g. 10 for 0, 10, 20 … */
  step: num.positive(),
  /** Minor grid lines between labelled ticks (graph paper), e.g. 5; 0 for none. */
  minor: z.number().int().min(0).max(10).default(0),
}).refine((a) => a.max > a.min, { message: "max must be more than min" })
  .refine((a) => (a.max - a.min) / a.step <= 40, { message: "at most 40 labelled ticks" });
export type Axis = z.infer<typeof axisSchema>;

export const seriesSchema = z.object({
  /** Shown in a key when a graph has more than one series. */
  label: label.optional(),
  points: z.array(point).min(1).max(200),
  /** How the points are joined: a ruled line, a smooth curve through them, or not at all (plotted points). */
  join: z.enum(["line", "curve", "none"]).default("line"),
  /** Crosses at the points (plotted data), as students are taught to plot. */
  markers: z.boolean().default(false),
  dashed: z.boolean().default(false),
});

/**
 * A line graph or scatter graph on axes; with `series` empty it is a blank grid for the student to
 * plot on. `gridlines` draws graph paper (always, for a grid to plot on).
 */
export const graphSchema = z.object({
  type: z.literal("graph"),
  x: axisSchema,
  y: axisSchema,
  series: z.array(seriesSchema).max(6).default([]),
  gridlines: z.boolean().default(true),
  /** Labels placed at points on the graph, e.g. a point named A. */
  annotations: z.array(z.object({ at: point, text: label })).max(12).default([]),
});

/** A bar chart (or a histogram-free frequency chart): one bar per category. */
export const barChartSchema = z.object({
  type: z.literal("bar-chart"),
  categories: z.array(label).min(1).max(12),
  /** One value per category. */
  values: z.array(num.min(0)).min(1).max(12),
  /** Label of the categories' axis. */
  xLabel: label,
  y: axisSchema,
}).refine((b) => b.values.length === b.categories.length, { message: "one value per category" });

/** Circuit symbols as drawn in GCSE physics (AQA's list of standard symbols). */
export const CIRCUIT_COMPONENTS = [
  "cell", "battery", "switch-open", "switch-closed", "lamp", "resistor", "variable-resistor", "fuse",
  "diode", "led", "ldr", "thermistor", "ammeter", "voltmeter", "motor", "heater", "power-supply",
] as const;
export const componentSchema = z.object({
  component: z.enum(CIRCUIT_COMPONENTS),
  /** Printed beside the symbol, e.g. "R₁", "6 Ω", "A₁". */
  label: label.optional(),
});
export type CircuitComponent = z.infer<typeof componentSchema>;
/** An element of a series loop: one component, or branches in parallel (each branch a series of components). */
export type CircuitElement = CircuitComponent | { parallel: CircuitComponent[][] };
const elementSchema: z.ZodType<CircuitElement> = z.union([
  componentSchema,
  z.object({ parallel: z.array(z.array(componentSchema).min(1).max(4)).min(2).max(4) }),
]);

/**
 * A circuit as one loop of elements drawn clockwise from the top left: e.g. a cell, a switch, and a
 * lamp with a voltmeter across it ({ parallel: [[lamp], [voltmeter]] }).
 */
export const circuitSchema = z.object({
  type: z.literal("circuit"),
  loop: z.array(elementSchema).min(2).max(8),
});

/** Laboratory apparatus drawn in section, as on the boards' papers. */
export const APPARATUS = [
  "beaker", "conical-flask", "test-tube", "boiling-tube", "measuring-cylinder", "burette", "pipette",
  "bunsen-burner", "tripod-gauze", "thermometer", "water-bath", "gas-syringe", "delivery-tube",
  "evaporating-basin", "filter-funnel", "clamp-stand", "balance", "electrodes", "stopwatch", "ruler",
] as const;
export const apparatusSchema = z.object({
  type: z.literal("apparatus"),
  /**
   * Pieces from left to right; `contents` labels what is inside (e.g. "hydrochloric acid"), and
   * `on` stacks a piece on the previous one (a beaker on a tripod, a thermometer in a beaker).
   */
  parts: z.array(z.object({
    item: z.enum(APPARATUS),
    label: label.optional(),
    contents: label.optional(),
    on: z.boolean().default(false),
  })).min(1).max(8),
});

/** A reaction profile (energy level diagram): reactants, products, activation energy and the overall change. */
export const energyProfileSchema = z.object({
  type: z.literal("energy-profile"),
  reactants: label,
  products: label,
  /** Relative energies; products below reactants for an exothermic reaction. */
  reactantEnergy: num,
  productEnergy: num,
  /** The peak's energy above the reactants. */
  activationEnergy: num.positive(),
  /** Arrows with these labels, e.g. "A" or "activation energy"; omitted when not shown (a question may ask for them). */
  activationLabel: label.optional(),
  changeLabel: label.optional(),
  /** A lower, dashed peak: the catalysed pathway. */
  catalysed: z.boolean().default(false),
});

/** Named points, segments, arcs and angles: triangles, polygons, circles, bearings, loci. */
export const geometrySchema = z.object({
  type: z.literal("geometry"),
  points: z.array(z.object({ name: z.string().min(1).max(4), at: point, show: z.boolean().default(true) })).min(2).max(16),
  segments: z.array(z.object({
    from: z.string(), to: z.string(),
    /** A length, e.g. "8 cm" or "x". */
    label: label.optional(),
    dashed: z.boolean().default(false),
    /** Equal-length ticks (1–3) or parallel arrows (1–2). */
    ticks: z.number().int().min(0).max(3).default(0),
    arrows: z.number().int().min(0).max(2).default(0),
  })).max(24).default([]),
  circles: z.array(z.object({ centre: z.string(), radius: num.positive() })).max(4).default([]),
  angles: z.array(z.object({
    /** The angle at `at` between the rays to `from` and `to` (anticlockwise from `from`). */
    at: z.string(), from: z.string(), to: z.string(),
    label: label.optional(),
    right: z.boolean().default(false),
  })).max(12).default([]),
  /** A north line at a point, for bearings. */
  north: z.array(z.string()).max(4).default([]),
  /** "Not drawn accurately", as the boards print it under figures that are not to scale. */
  notDrawnAccurately: z.boolean().default(false),
});

/** Column vectors, e.g. a = (3, −2) printed as a bracketed column; optionally drawn as arrows on a grid. */
export const vectorsSchema = z.object({
  type: z.literal("vectors"),
  vectors: z.array(z.object({ name: z.string().min(1).max(4), x: num, y: num })).min(1).max(4),
  /** Also draw them as arrows on a square grid. */
  onGrid: z.boolean().default(false),
});

/**
 * A labelled drawing built from shapes (a cell, a micrograph drawing, a leaf section, a model of
 * an atom): coordinates in a 0–100 box, y downwards; labels with leader lines to a point.
 */
export const diagramSchema = z.object({
  type: z.literal("diagram"),
  /** Height of the drawing box relative to its width of 100. */
  height: z.number().min(20).max(150).default(60),
  shapes: z.array(z.union([
    z.object({ shape: z.literal("ellipse"), centre: point, rx: num.positive(), ry: num.positive(), fill: z.enum(["none", "light", "dark"]).default("none"), dashed: z.boolean().default(false) }),
    z.object({ shape: z.literal("rect"), at: point, width: num.positive(), height: num.positive(), rounded: z.boolean().default(false), fill: z.enum(["none", "light", "dark"]).default("none") }),
    z.object({ shape: z.literal("polygon"), points: z.array(point).min(3).max(60), fill: z.enum(["none", "light", "dark"]).default("none") }),
    z.object({ shape: z.literal("line"), points: z.array(point).min(2).max(60), curve: z.boolean().default(false), dashed: z.boolean().default(false), arrow: z.boolean().default(false) }),
    z.object({ shape: z.literal("text"), at: point, text: label }),
  ])).min(1).max(80),
  labels: z.array(z.object({ text: label, to: point, side: z.enum(["left", "right"]) })).max(12).default([]),
  /** A scale bar, e.g. "10 µm" over a length in drawing units. */
  scaleBar: z.object({ length: num.positive(), text: label }).optional(),
});

export const figureSchema = z.discriminatedUnion("type", [
  graphSchema, barChartSchema, circuitSchema, apparatusSchema, energyProfileSchema, geometrySchema, vectorsSchema, diagramSchema,
]);
export type Figure = z.infer<typeof figureSchema>;
export type FigureInput = z.input<typeof figureSchema>;
export type FigureType = Figure["type"];
export const FIGURE_TYPES = ["graph", "bar-chart", "circuit", "apparatus", "energy-profile", "geometry", "vectors", "diagram"] as const satisfies readonly FigureType[];
