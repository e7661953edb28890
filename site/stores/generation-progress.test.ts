import { describe, expect, it } from "vitest";
import { pacedStepIndex, progressPercent, shownStepIndex, stepIndex } from "./generation-progress.ts";

describe("generation progress pacing (§4)", () => {
  it("follows the spec's timers: cumulative 2 s, 7 s, 17 s, 32 s", () => {
    expect([0, 1999, 2000, 6999, 7000, 16_999, 17_000, 31_999, 32_000, 60_000].map(pacedStepIndex)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it("shows a step when the server reports it, never earlier than the timers would", () => {
    // The server has already reached 'creating_pdf' after 0.5 s: only the first step shows.
    expect(shownStepIndex(stepIndex("creating_pdf"), 500, false)).toBe(0);
    expect(shownStepIndex(stepIndex("creating_pdf"), 7_500, false)).toBe(2);
    // The timers have run ahead of a slow server: the server's step shows.
    expect(shownStepIndex(stepIndex("generating"), 40_000, false)).toBe(1);
    // Before the first event, the first step.
    expect(shownStepIndex(-1, 10_000, false)).toBe(0);
    // Ready: every step is complete.
    expect(shownStepIndex(stepIndex("generating"), 300, true)).toBe(5);
  });

  it("starts the bar at 5, grows it with time up to 95, and ends at 100", () => {
    expect(progressPercent(0, false)).toBe(5);
    expect(progressPercent(10_000, false)).toBe(35);
    expect(progressPercent(45_000, false)).toBe(95);
    expect(progressPercent(400, true)).toBe(100);
  });
});
