// Reaction profiles: energy up, progress of reaction across, reactant and product levels, the hump
// over the activation energy (and a lower, dashed one when catalysed), and the arrows a question
// labels (activation energy, overall energy change).
import type { z } from "../zod.ts";
import type { energyProfileSchema } from "./schema.ts";
import { arrow, FONT_SIZE, line, type Point, type Scene, type Shape, text, textWidth } from "./scene.ts";

type Profile = z.infer<typeof energyProfileSchema>;

export function energyProfileScene(p: Profile): Scene {
  const left = 40;
  const right = 330;
  const top = 16;
  const bottom = 220;
  const peak = p.reactantEnergy + p.activationEnergy;
  const lo = Math.min(p.reactantEnergy, p.productEnergy);
  const span = peak - lo || 1;
  // The levels fill the middle of the axes, with room above the peak and below the lower level.
  const Y = (e: number) => bottom - 34 - ((e - lo) / span) * (bottom - top - 70);
  const yR = Y(p.reactantEnergy);
  const yP = Y(p.productEnergy);
  const yPeak = Y(peak);
  const shapes: Shape[] = [
    ...arrow([left, bottom], [left, top], false, 1),
    ...arrow([left, bottom], [right, bottom], false, 1),
    text(left - 12, (top + bottom) / 2, "Energy", { anchor: "middle", rotate: 90 }),
    text((left + right) / 2, bottom + 16, "Progress of reaction", { anchor: "middle" }),
  ];
  // Level, a half-cosine rise to the peak and fall to the products, level again: smooth at every join.
  const rise = (x0: number, x1: number, y0: number, y1: number, steps = 14): Point[] =>
    Array.from({ length: steps + 1 }, (_, i) => [x0 + ((x1 - x0) * i) / steps, y0 + ((y1 - y0) * (1 - Math.cos((Math.PI * i) / steps))) / 2] as Point);
  const hump = (peakY: number, dash: boolean): Shape => ({
    t: "line",
    pts: [[left + 12, yR], ...rise(left + 70, left + 145, yR, peakY), ...rise(left + 145, left + 220, peakY, yP).slice(1), [right - 12, yP]],
    width: 1.3,
    dash,
  });
  shapes.push(hump(yPeak, false));
  if (p.catalysed) shapes.push(hump(Y(p.reactantEnergy + p.activationEnergy * 0.55), true));
  shapes.push(text(left + 14, yR - 5, p.reactants));
  shapes.push(text(right - 12, yP + (yP > yR ? 14 : -5), p.products, { anchor: "end" }));
  if (p.activationLabel) {
    const x = left + 145 - 22;
    shapes.push(line([left + 70, yR], [x + 8, yR], { dash: true, width: 0.7 }));
    shapes.push(...arrow([x, yR], [x, yPeak + 2], true, 0.9));
    shapes.push(text(x - 5, (yR + yPeak) / 2 + FONT_SIZE * 0.35, p.activationLabel, { anchor: "end" }));
  }
  if (p.changeLabel) {
    const x = right - 44;
    shapes.push(line([left + 70, yR], [x + 8, yR], { dash: true, width: 0.7 }));
    shapes.push(...arrow([x, yR], [x, yP], false, 0.9));
    shapes.push(text(x + 6, (yR + yP) / 2 + FONT_SIZE * 0.35, p.changeLabel));
  }
  const exo = p.productEnergy < p.reactantEnergy;
  const widest = Math.max(right, right - 44 + 6 + (p.changeLabel ? textWidth(p.changeLabel) : 0));
  return {
    width: widest + 10,
    height: bottom + 24,
    shapes,
    description: `A reaction profile: ${p.reactants} ${exo ? "above" : "below"} ${p.products}, so the reaction is ${exo ? "exothermic" : "endothermic"}, with a hump over the activation energy${p.catalysed ? " and a lower dashed hump for the catalysed reaction" : ""}${
      p.activationLabel ? `; the activation energy is labelled ${p.activationLabel}` : ""
    }${p.changeLabel ? `; the overall energy change is labelled ${p.changeLabel}` : ""}.`,
  };
}

