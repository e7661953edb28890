import { describe, expect, it } from "vitest";
import { nextExamLine } from "./exam-dates.ts";

const summer27 = { series: "Summer 2027", date: "2027-05-20", source: "AQA timetable" };
const november26 = { series: "November 2026", date: "2026-11-05", source: "AQA timetable" };

describe("a paper page's exam-date line", () => {
  it("names the next date that has not passed, never one that has", () => {
    expect(nextExamLine([summer27, november26], "2026-11-01")).toEqual({ date: november26, series: "November 2026" });
    expect(nextExamLine([summer27, november26], "2026-11-26")).toEqual({ date: summer27, series: "Summer 2027" });
    expect(nextExamLine([summer27, november26], "2027-05-20")).toEqual({ date: summer27, series: "Summer 2027" });
  });

  it("without a date to come, names the summer series still ahead for this paper", () => {
    expect(nextExamLine([], "2026-11-26")).toEqual({ date: null, series: "Summer 2027" });
    // The paper's Summer 2027 exam was on 20 May: its next series is 2028, though June 2027 is still summer.
    expect(nextExamLine([summer27], "2027-05-21")).toEqual({ date: null, series: "Summer 2028" });
    expect(nextExamLine([], "2027-07-01")).toEqual({ date: null, series: "Summer 2028" });
  });
});
