import { describe, expect, it } from "vitest";
import { acknowledge, addTime, emptyPending, isEmpty, recordAnswer, recordFlags, toRequest } from "./pending-answers.ts";

describe("the exam page's queue of unsaved changes", () => {
  it("keeps the newest answer per part, whichever order the changes arrive in", () => {
    let p = recordAnswer(emptyPending(), "01.1", "B", 200);
    p = recordAnswer(p, "01.1", "A", 100); // an older change from another tab
    p = recordAnswer(p, "01.2", ["3", "4"], 150);
    expect(toRequest(p).answers).toEqual({ "01.1": "B", "01.2": ["3", "4"] });
    p = recordFlags(p, ["01.2"], 300);
    p = recordFlags(p, [], 250);
    expect(toRequest(p).flags).toEqual(["01.2"]);
  });

  it("sends flags only once they were changed, and seconds added up per part", () => {
    let p = addTime(emptyPending(), "02", 5);
    p = addTime(addTime(p, "02", 10), "03", 0);
    expect(toRequest(p)).toEqual({ answers: {}, timeSpent: { "02": 15 } });
  });

  it("after a save, keeps only what changed while it was under way", () => {
    let p = recordAnswer(emptyPending(), "01.1", "B", 100);
    p = recordFlags(addTime(p, "01.1", 20), ["01.1"], 100);
    const sent = p;
    // While the save is on its way: 01.1 changes again, 01.3 is answered, 7 more seconds pass.
    p = addTime(recordAnswer(recordAnswer(p, "01.1", "C", 120), "01.3", "x", 130), "01.1", 7);
    const left = acknowledge(p, sent);
    expect(left.answers).toEqual({ "01.1": { value: "C", at: 120 }, "01.3": { value: "x", at: 130 } });
    expect(left.flags).toBeUndefined();
    expect(left.timeSpent).toEqual({ "01.1": 7 });
    expect(isEmpty(acknowledge(left, left))).toBe(true);
  });
});
