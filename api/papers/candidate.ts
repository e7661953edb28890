// A question as the paper engine handles it: a bank question, or one a model wrote for a slot.
// Its own module so the engine (generate.ts) and the model writer (ai-questions.ts) both import it
// and neither imports the other.
import type { Part } from "../../shared/papers.ts";
import type { Figure } from "../../shared/figures/schema.ts";
import type { questions } from "../db/schema.ts";
import { pastAttribution } from "./bank.ts";

export interface Candidate {
  id: string;
  topic: string;
  tier: "Foundation" | "Higher" | "Both";
  style?: string;
  stem?: string | null;
  /** The figure after the stem. */
  stemFigure?: Figure;
  parts: Part[];
  origin: "past" | "practice" | "ai";
  attribution: string;
  year: number | null;
  series: string | null;
}

/** A stored bank question as the engine (and the revision deck) reads it. */
export const candidateFromRow = (r: typeof questions.$inferSelect): Candidate => ({
  id: r.id,
  topic: r.topic,
  tier: r.tier as Candidate["tier"],
  style: r.style ?? undefined,
  stem: r.stem,
  ...(r.stemFigure ? { stemFigure: JSON.parse(r.stemFigure) as Figure } : {}),
  parts: JSON.parse(r.parts) as Part[],
  origin: r.origin as Candidate["origin"],
  attribution: r.origin === "past" ? pastAttribution(r) : r.attribution,
  year: r.year,
  series: r.series,
});
