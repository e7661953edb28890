// A figure's scene: the one entry point the viewer, the PDF and the bank check use.
import type { Figure } from "./schema.ts";
import type { Scene } from "./scene.ts";
import { barChartScene, graphScene } from "./graph.ts";

export function figureScene(figure: Figure): Scene {
  switch (figure.type) {
    case "graph":
      return graphScene(figure);
    case "bar-chart":
      return barChartScene(figure);
    default:
      throw new Error(`figures of type ${figure.type} are not drawn yet`);
  }
}

export { type Figure, type FigureInput, figureSchema, FIGURE_TYPES } from "./schema.ts";
export type { Scene, Shape } from "./scene.ts";
