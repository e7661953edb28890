// The check a model's tidied page must pass before it replaces the local pass's reading: the same
// questions, numbers, order and marks, and the examiner's words (tidying may mend a split word or a
// misread character, never invent, drop, re-mark or reword).
import { describe, expect, it } from "vitest";
import { tidyProblems } from "../tidy.ts";

const local = [
  { number: "01.1", marks: 2, text: "Name the part of the cell where aerobic resp iration takes place." },
  { number: "01.2", marks: 4, text: "Describe how the structure of the small intestine is adapted for absorption." },
];

describe("tidyProblems", () => {
  it("accepts a page whose words are mended, not changed", () => {
    const tidied = [{ ...local[0], text: "Name the part of the cell where aerobic respiration takes place." }, local[1]];
    expect(tidyProblems(local, tidied)).toEqual([]);
  });

  it("refuses an invented, a dropped, a re-marked, a reworded or a reordered question", () => {
    expect(tidyProblems(local, [...local, { number: "01.3", marks: 3, text: "Explain osmosis." }])).toEqual(["It invents question 01.3, which the page does not have."]);
    expect(tidyProblems(local, [local[0]])).toEqual(["It drops question 01.2."]);
    expect(tidyProblems(local, [local[0], { ...local[1], marks: 6 }])).toEqual(["It changes question 01.2's marks from 4 to 6."]);
    expect(tidyProblems(local, [local[0], { ...local[1], text: "Explain why the small intestine absorbs food well, giving three features of villi." }])).toEqual(["It rewords question 01.2."]);
    expect(tidyProblems(local, [local[1], local[0]])).toEqual(["It changes the questions' order or repeats one."]);
  });
});
