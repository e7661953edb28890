// Exam dates by series (issue 17): an admin's list with its sources, the paper form's one date, the
// next date in the catalogue (never one that has passed), the audit entry and the messages.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, send, signedInAs } from "../test-utils.ts";
import { auditLog, examDates } from "../db/schema.ts";
import type { T } from "../papers/testing.ts";
import { listPapers } from "./service.ts";
import { daysUntil, nextExamDate, nextSummerSeries, seriesOf, ukToday } from "../../shared/exam-dates.ts";

let t: T;
let admin: { cookie: string; userId: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAs(t, { username: "dates", email: "dates@example.com", role: "admin" });
});
const as = (path: string, body?: unknown, method?: string) => send(t.app, path, body, admin.cookie, method);

async function newPaper(name: string, examDate?: string) {
  const res = await as("/api/papers", { name, subject: "Physics", examBoard: "AQA", level: "GCSE", ...(examDate ? { examDate } : {}) });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; examDate: string | null; examDates: { series: string; date: string; source: string }[] };
}

describe("exam dates by series", () => {
  it("keeps the paper form's date as the date of its series, with the admin as its source", async () => {
    const created = await newPaper("Dates form paper", "2027-06-03");
    expect(created.examDate).toBe("2027-06-03");
    expect(created.examDates).toEqual([{ series: "Summer 2027", date: "2027-06-03", source: "Entered by an administrator" }]);
    // A new date in the same series replaces it; an empty field changes nothing.
    const body = { name: "Dates form paper", subject: "Physics", examBoard: "AQA", level: "GCSE" };
    const moved = await (await as(`/api/papers/${created.id}`, { ...body, examDate: "2027-06-10" }, "PATCH")).json();
    expect(moved.examDates).toEqual([{ series: "Summer 2027", date: "2027-06-10", source: "Entered by an administrator" }]);
    const kept = await (await as(`/api/papers/${created.id}`, { ...body, examDate: "" }, "PATCH")).json();
    expect(kept.examDates).toHaveLength(1);
  });

  it("replaces the list as a whole, audits it, and the catalogue shows the next date that has not passed", async () => {
    const paper = await newPaper("Dates list paper");
    const list = [
      { series: "November 2026", date: "2026-11-04", source: "AQA final timetable, November 2026" },
      { series: "Summer 2027", date: "2027-05-21", source: "AQA final timetable, June 2027" },
    ];
    const res = await as(`/api/papers/${paper.id}/exam-dates`, { examDates: list }, "PUT");
    expect(res.status).toBe(200);
    expect((await res.json()).examDates).toEqual(list);
    expect((await (await as(`/api/papers/${paper.id}/exam-dates`)).json()).examDates).toEqual(list);

    const on = async (today: string) => (await listPapers(t.db, today)).find((p) => p.id === paper.id)!;
    expect((await on("2026-11-01")).examDate).toBe("2026-11-04");
    expect((await on("2026-11-04")).examDate).toBe("2026-11-04");
    // The November date has passed: the next is the summer's, and after that there is none.
    expect((await on("2026-11-26")).examDate).toBe("2027-05-21");
    expect((await on("2027-05-22")).examDate).toBeNull();
    expect((await on("2027-05-22")).examDates).toEqual(list);

    const entry = await t.db.select().from(auditLog).where(and(eq(auditLog.action, "paper.exam-dates"), eq(auditLog.entityId, paper.id))).get();
    expect(JSON.parse(entry!.after!)).toEqual({ examDates: list });

    // An empty list removes them all.
    await as(`/api/papers/${paper.id}/exam-dates`, { examDates: [] }, "PUT");
    expect(await t.db.select().from(examDates).where(eq(examDates.paperId, paper.id)).all()).toEqual([]);
  });

  it("refuses a bad list with a clear message and changes nothing", async () => {
    const paper = await newPaper("Dates refused paper", "2027-05-14");
    const bad = async (examDates: unknown) => {
      const res = await as(`/api/papers/${paper.id}/exam-dates`, { examDates }, "PUT");
      expect(res.status).toBe(400);
      return (await res.json()).message as string;
    };
    const ok = { series: "Summer 2027", date: "2027-05-20", source: "AQA timetable" };
    expect(await bad([{ ...ok, date: "20 May 2027" }])).toBe("Exam date must be a date (YYYY-MM-DD)");
    expect(await bad([{ ...ok, series: " " }])).toBe("Please name the series, for example Summer 2027");
    expect(await bad([{ ...ok, source: "" }])).toBe("Please say where the date comes from (the board's timetable, for example)");
    expect(await bad([ok, { ...ok, series: "summer 2027", date: "2027-06-01" }])).toBe("Each series may appear only once");
    expect((await (await as(`/api/papers/${paper.id}/exam-dates`)).json()).examDates).toEqual([
      { series: "Summer 2027", date: "2027-05-14", source: "Entered by an administrator" },
    ]);
    expect((await as(`/api/papers/999999/exam-dates`, { examDates: [ok] }, "PUT")).status).toBe(404);
  });

  it("a deleted paper takes its dates with it", async () => {
    const paper = await newPaper("Dates deleted paper", "2027-05-14");
    expect((await as(`/api/papers/${paper.id}`, undefined, "DELETE")).status).toBe(200);
    expect(await t.db.select().from(examDates).where(eq(examDates.paperId, paper.id)).all()).toEqual([]);
  });
});

describe("exam date helpers", () => {
  it("names series, finds the next date and counts days in UK time", () => {
    expect(seriesOf("2027-05-12")).toBe("Summer 2027");
    expect(seriesOf("2027-06-24")).toBe("Summer 2027");
    expect(seriesOf("2026-11-04")).toBe("November 2026");
    expect(nextSummerSeries("2026-11-26")).toBe("Summer 2027");
    expect(nextSummerSeries("2027-06-30")).toBe("Summer 2027");
    expect(nextSummerSeries("2027-07-01")).toBe("Summer 2028");
    const dates = [{ date: "2027-06-01" }, { date: "2027-05-20" }, { date: "2026-11-04" }];
    expect(nextExamDate(dates, "2026-11-26")).toEqual({ date: "2027-05-20" });
    expect(nextExamDate(dates, "2027-06-02")).toBeNull();
    expect(daysUntil("2027-05-20", "2026-11-26")).toBe(175);
    expect(daysUntil("2027-05-20", "2027-05-20")).toBe(0);
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    expect(ukToday(new Date("2027-05-31T23:30:00Z"))).toBe("2027-06-01");
  });
});
