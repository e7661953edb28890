// How the lists word a sitting's score and a share.
import { describe, expect, it } from "vitest";
import { percent, sittingScore } from "./progress.ts";

describe("sitting scores and shares", () => {
  it("words each state of a sitting", () => {
    expect(sittingScore({ status: "in_progress", awarded: null, totalMarks: 80, pending: 0 })).toBe("In progress");
    expect(sittingScore({ status: "submitted", awarded: 34, totalMarks: 80, pending: 0 })).toBe("34 / 80 marks");
    expect(sittingScore({ status: "submitted", awarded: 0, totalMarks: 80, pending: 1 })).toBe("0 / 80 marks (1 part still to self-mark)");
    expect(sittingScore({ status: "submitted", awarded: 12, totalMarks: 80, pending: 3 })).toBe("12 / 80 marks (3 parts still to self-mark)");
  });

  it("rounds a share to a whole percentage", () => {
    expect([percent(0), percent(0.625), percent(1 / 6), percent(1)]).toEqual(["0%", "63%", "17%", "100%"]);
  });
});
