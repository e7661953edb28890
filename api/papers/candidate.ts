// A question as the paper engine handles it: a bank question, or one a model wrote for a slot.
// Its own module so the engine (generate.ts) and the model writer (ai-questions.ts) both import it
// and neither imports the other.
import type { Part } from "../../shared/papers.ts";
import type { Figure } from "../../shared/figures/schema.ts";

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
