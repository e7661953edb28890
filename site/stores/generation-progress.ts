// The progress card of a generation (§4 Paper generation): five labelled steps, driven by the steps
// the server reports, paced by the specification's timers (cumulative 2 s, 7 s, 17 s, 32 s) so that a
// step is never shown before a person could have read the one before it. The bar starts at 5, grows
// with the elapsed time up to 95 and is 100 once the paper is ready.
import { GENERATION_STEPS } from "../../shared/constants.ts";

export type StepKey = (typeof GENERATION_STEPS)[number]["key"];
export const STEP_KEYS: readonly StepKey[] = GENERATION_STEPS.map((s) => s.key);

export const PROGRESS_START = 5;
export const PROGRESS_CAP = 95;
/** Percentage points a second: the bar reaches its cap at 30 s, about when the last timer (32 s) fires. */
export const PROGRESS_PER_SECOND = 3;

/** The index of the step the spec's timers have reached after elapsedMs. */
export function pacedStepIndex(elapsedMs: number): number {
  let index = 0;
  GENERATION_STEPS.forEach((s, i) => {
    if (elapsedMs >= s.startsAtMs) index = i;
  });
  return index;
}

/**
 * The step to show as current: the furthest the server has reported (reached, -1 before any), but
 * no further than the timers allow; every step once the paper is ready (returns the step count).
 */
export function shownStepIndex(reached: number, elapsedMs: number, done: boolean): number {
  if (done) return GENERATION_STEPS.length;
  return Math.max(0, Math.min(reached, pacedStepIndex(elapsedMs)));
}

export function progressPercent(elapsedMs: number, done: boolean): number {
  if (done) return 100;
  return Math.min(PROGRESS_CAP, PROGRESS_START + Math.floor((Math.max(0, elapsedMs) / 1000) * PROGRESS_PER_SECOND));
}

export const stepIndex = (key: string) => STEP_KEYS.indexOf(key as StepKey);
