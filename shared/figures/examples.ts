// One example of every figure type, as a bank writer would write it: docs/figures.md shows them,
// the figure tests draw them, and `scripts/screenshots.ts --figures` puts them all on one paper.
import type { FigureInput } from "./schema.ts";

export const FIGURE_EXAMPLES: Record<string, FigureInput> = {
  graph: {
    type: "graph",
    x: { label: "Time in minutes", min: 0, max: 10, step: 2, minor: 4 },
    y: { label: "Temperature in °C", min: 20, max: 80, step: 10, minor: 5 },
    series: [{ points: [[0, 78], [2, 62], [4, 50], [6, 42], [8, 36], [10, 32]], join: "curve", markers: true }],
  },
  "blank grid": {
    type: "graph",
    x: { label: "x", min: -3, max: 3, step: 1, minor: 5 },
    y: { label: "y", min: -2, max: 10, step: 2, minor: 4 },
  },
  "bar chart": {
    type: "bar-chart",
    categories: ["Paper cup", "Foam cup", "Glass cup", "Steel flask"],
    values: [14, 32, 9, 30],
    xLabel: "Cup",
    y: { label: "Time to cool in minutes", min: 0, max: 35, step: 5 },
  },
  circuit: {
    type: "circuit",
    loop: [
      { component: "battery", label: "6 V" },
      { component: "switch-open" },
      { component: "ammeter" },
      { parallel: [[{ component: "resistor", label: "R" }], [{ component: "voltmeter" }]] },
      { component: "lamp" },
    ],
  },
  "circuit symbols": {
    type: "circuit",
    loop: [
      { component: "cell" },
      { component: "variable-resistor" },
      { component: "diode" },
      { component: "led" },
      { component: "ldr" },
      { component: "thermistor" },
      { component: "fuse" },
      { component: "motor" },
    ],
  },
  apparatus: {
    type: "apparatus",
    parts: [
      { item: "bunsen-burner", label: "Bunsen burner" },
      { item: "tripod-gauze", on: true },
      { item: "beaker", on: true, contents: "water" },
      { item: "thermometer", on: true, label: "thermometer" },
      { item: "conical-flask", contents: "sodium hydroxide solution" },
      { item: "burette", on: true, label: "burette", contents: "hydrochloric acid" },
      { item: "clamp-stand", on: true },
    ],
  },
  "reaction profile": {
    type: "energy-profile",
    reactants: "reactants",
    products: "products",
    reactantEnergy: 60,
    productEnergy: 20,
    activationEnergy: 50,
    activationLabel: "A",
    changeLabel: "B",
    catalysed: true,
  },
  geometry: {
    type: "geometry",
    points: [{ name: "A", at: [0, 0] }, { name: "B", at: [8, 0] }, { name: "C", at: [8, 6] }],
    segments: [{ from: "A", to: "B", label: "8 cm" }, { from: "B", to: "C", label: "6 cm" }, { from: "A", to: "C", label: "x" }],
    angles: [{ at: "B", from: "C", to: "A", right: true }, { at: "A", from: "B", to: "C", label: "θ" }],
    notDrawnAccurately: true,
  },
  bearings: {
    type: "geometry",
    points: [{ name: "P", at: [0, 0] }, { name: "Q", at: [6, 4] }],
    segments: [{ from: "P", to: "Q", label: "12 km" }],
    north: ["P", "Q"],
    notDrawnAccurately: true,
  },
  vectors: {
    type: "vectors",
    vectors: [{ name: "a", x: 3, y: -2 }, { name: "b", x: -1, y: 4 }],
    onGrid: true,
  },
  "labelled drawing": {
    type: "diagram",
    height: 60,
    shapes: [
      { shape: "ellipse", centre: [50, 30], rx: 46, ry: 27 },
      { shape: "ellipse", centre: [38, 28], rx: 11, ry: 9, fill: "light" },
      { shape: "ellipse", centre: [68, 38], rx: 7, ry: 3.5, fill: "dark" },
      { shape: "ellipse", centre: [66, 18], rx: 6, ry: 3, fill: "dark" },
    ],
    labels: [
      { text: "A", to: [38, 28], side: "left" },
      { text: "B", to: [93, 32], side: "right" },
      { text: "C", to: [68, 38], side: "right" },
    ],
    scaleBar: { length: 20, text: "10 µm" },
  },
};
