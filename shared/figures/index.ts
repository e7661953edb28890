// A figure's scene: the one entry point the viewer, the PDF and the bank check use.
import type { Figure } from "./schema.ts";
import type { Scene } from "./scene.ts";
import { apparatusScene } from "./apparatus.ts";
import { circuitScene } from "./circuit.ts";
import { diagramScene } from "./drawing.ts";
import { geometryScene, vectorsScene } from "./geometry.ts";
import { barChartScene, graphScene } from "./graph.ts";
import { energyProfileScene } from "./profile.ts";

export function figureScene(figure: Figure): Scene {
  switch (figure.type) {
    case "graph":
      return graphScene(figure);
    case "bar-chart":
      return barChartScene(figure);
    case "circuit":
      return circuitScene(figure);
    case "apparatus":
      return apparatusScene(figure);
    case "energy-profile":
      return energyProfileScene(figure);
    case "geometry":
      return geometryScene(figure);
    case "vectors":
      return vectorsScene(figure);
    case "diagram":
      return diagramScene(figure);
  }
}

// Types only: the schema (and zod with it) stays out of the browser pages that draw figures.
export type { Figure, FigureInput } from "./schema.ts";
export type { Scene, Shape } from "./scene.ts";
