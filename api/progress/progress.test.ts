// Progress from real rows in sittings and topic_marks: GET /api/progress (signed in, one's own rows
// only), the sittings the history lists, Recent Activity, a paper's weakest topics, and the study
// planner taking the weakest topics first once there are marks.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { papers } from "../db/schema.ts";
import type { App } from "../app.ts";
import type { Deps } from "../context.ts";
import type { StudentProgress } from "../../shared/progress.ts";
import type { StudyAnalytics, StudyPlan } from "../../shared/study.ts";
import { generatedPaper, markedSitting, sitting, topicRows } from "./fixtures.ts";
import { recentActivity, weakTopicsForPaper } from "./service.ts";
import { sittingSummaries } from "../sittings/summaries.ts";
import { banks, generate, requestFor } from "../papers/testing.ts";
import type { SittingResult, SittingView } from "../../shared/sittings.ts";

type T = Deps & { app: App };
let t: T;
beforeAll(async () => {
  t = await createTestApp();
});

const day = (d: number, hour = 10) => new Date(Date.UTC(2026, 9, d, hour)).toISOString();
const getProgress = async (cookie?: string) => send(t.app, "/api/progress", undefined, cookie);

describe("GET /api/progress", () => {
  it("needs a signed-in student", async () => {
    const res = await getProgress();
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Please sign in first");
  });

  it("has no figure before any marked sitting", async () => {
    const s = await studentWithCredits(t, "nova");
    await generatedPaper(t.db, s.userId);
    const res = await getProgress(s.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({ overall: null, subjects: [], topics: [] });
  });

  it("gives mastery per topic (weakest first), per subject and overall, from the student's own rows only", async () => {
    const s = await studentWithCredits(t, "priya");
    const other = await studentWithCredits(t, "omar");
    await markedSitting(t.db, s.userId, "Physics", day(1), [["efficiency", 2, 10], ["motion", 3, 4]]);
    await markedSitting(t.db, s.userId, "Physics", day(8), [["efficiency", 8, 10]]);
    await markedSitting(t.db, s.userId, "Biology", day(9), [["microscopy", 1, 6]]);
    // Another student's rows on the same topics, later and perfect: never counted for Priya.
    await markedSitting(t.db, other.userId, "Physics", day(10), [["efficiency", 10, 10], ["motion", 4, 4], ["density", 5, 5]]);

    const body = (await (await getProgress(s.cookie)).json()) as StudentProgress;
    // efficiency: (8 + 0.5·2) / (10 + 0.5·10) = 0.6; motion 0.75; microscopy 1/6.
    expect(body.topics.map((x) => [x.subject, x.topic, Number(x.mastery.toFixed(4)), x.awarded, x.max, x.sittings, x.lastSat])).toEqual([
      ["Biology", "microscopy", 0.1667, 1, 6, 1, day(9)],
      ["Physics", "efficiency", 0.6, 10, 20, 2, day(8)],
      ["Physics", "motion", 0.75, 3, 4, 1, day(1)],
    ]);
    // Physics: (0.6·20 + 0.75·4) / 24; overall adds microscopy's 1/6 over 6 marks.
    expect(body.subjects.map((x) => [x.subject, Number(x.mastery.toFixed(4)), x.topics, x.sittings, x.max])).toEqual([
      ["Biology", 0.1667, 1, 1, 6],
      ["Physics", 0.625, 2, 2, 24],
    ]);
    expect(body.overall).toMatchObject({ topics: 3, sittings: 3, max: 30 });
    expect(body.overall!.mastery).toBeCloseTo((0.6 * 20 + 0.75 * 4 + 1) / 30, 10);

    const theirs = (await (await getProgress(other.cookie)).json()) as StudentProgress;
    expect(theirs.overall).toMatchObject({ mastery: 1, topics: 3, sittings: 1, max: 19 });
  });
});

describe("a paper sat through the sittings API", () => {
  it("feeds its marks per topic into the student's progress and Recent Activity", async () => {
    const s = await studentWithCredits(t, "kofi", 1);
    const bp = banks.find((b) => b.blueprint.code === "8461/1")!.blueprint;
    const paperId = (await (await generate(t, requestFor(bp, { tier: "Higher" }), s.cookie)).json()).id as number;
    const view = (await (await send(t.app, "/api/sittings", { generatedPaperId: paperId }, s.cookie)).json()) as SittingView;
    // The first option of every choice, "12" for numbers and cells, and one sentence elsewhere.
    const answers: Record<string, string | string[]> = {};
    for (const p of view.sections.flatMap((x) => x.questions.flatMap((q) => q.items.flatMap((i) => i.parts)))) {
      answers[p.number] = p.kind === "choice" ? p.options![0] : p.kind === "table" ? Array.from({ length: p.cells! }, () => "12") : p.kind === "number" ? "12" : "Diffusion down a concentration gradient.";
    }
    expect((await send(t.app, `/api/sittings/${view.id}/answers`, { answers }, s.cookie, "PUT")).status).toBe(200);
    expect((await send(t.app, `/api/sittings/${view.id}/submit`, {}, s.cookie)).status).toBe(200);
    const result = (await (await send(t.app, `/api/sittings/${view.id}/result`, undefined, s.cookie)).json()) as SittingResult;

    // One sitting: each topic's mastery is its share of the marks the results page shows for it.
    const progress = (await (await getProgress(s.cookie)).json()) as StudentProgress;
    const marked = result.topics.filter((x) => x.max > 0);
    expect(marked.length).toBeGreaterThan(3);
    expect(progress.topics.map((x) => [x.topic, x.awarded, x.max]).sort()).toEqual(marked.map((x) => [x.topic, x.awarded, x.max]).sort());
    for (const x of progress.topics) expect(x.mastery).toBeCloseTo(x.awarded / x.max, 10);
    const max = marked.reduce((n, x) => n + x.max, 0);
    expect(progress.overall).toMatchObject({ topics: marked.length, sittings: 1, max });
    expect(progress.overall!.mastery).toBeCloseTo(marked.reduce((n, x) => n + x.awarded, 0) / max, 10);
    expect(progress.subjects.map((x) => x.subject)).toEqual(["Biology"]);

    const [latest] = await recentActivity(t.db, s.userId, 1);
    expect(latest).toMatchObject({ kind: "sitting", id: view.id, href: `/sittings/${view.id}/results`, awarded: result.awarded, totalMarks: result.totalMarks });
  });
});

describe("sittings and Recent Activity", () => {
  it("lists one's own sittings newest first with their scores, pending parts and open ones", async () => {
    const s = await studentWithCredits(t, "lena");
    const other = await studentWithCredits(t, "max");
    const bio = await generatedPaper(t.db, s.userId, { subject: "Biology", name: "AQA GCSE Biology Paper 1", totalMarks: 100, createdAt: day(1) });
    const chem = await generatedPaper(t.db, s.userId, { subject: "Chemistry", name: "AQA GCSE Chemistry Paper 1", totalMarks: 70, createdAt: day(2) });
    const done = await sitting(t.db, s.userId, bio, { startedAt: day(3), submittedAt: day(3, 12), parts: { "01.1": [2, 2], "01.2": [[4, 6], [5, 6]], "02.1": [null, 6] } });
    const open = await sitting(t.db, s.userId, chem, { startedAt: day(4), parts: {} });
    // Its topic marks leave out the pending part, as the marker writes them.
    await topicRows(t.db, s.userId, done, "Biology", day(3, 12), [["cells", 2, 2], ["microscopy", 5, 6]]);
    const unmarked = await sitting(t.db, s.userId, chem, { startedAt: day(2, 9), submittedAt: day(2, 11) });
    await sitting(t.db, other.userId, await generatedPaper(t.db, other.userId), { startedAt: day(5), submittedAt: day(5, 11), parts: { "01.1": [1, 1] } });

    expect(await sittingSummaries(t.db, s.userId)).toEqual([
      { id: open, generatedPaperId: chem, paperName: "AQA GCSE Chemistry Paper 1", status: "in_progress", startedAt: day(4), submittedAt: null, awarded: null, totalMarks: 70, pending: 0 },
      // The score is the sum of the topic marks (the re-marked part's latest 5, the pending part nothing yet).
      { id: done, generatedPaperId: bio, paperName: "AQA GCSE Biology Paper 1", status: "submitted", startedAt: day(3), submittedAt: day(3, 12), awarded: 7, totalMarks: 100, pending: 1 },
      { id: unmarked, generatedPaperId: chem, paperName: "AQA GCSE Chemistry Paper 1", status: "submitted", startedAt: day(2, 9), submittedAt: day(2, 11), awarded: 0, totalMarks: 70, pending: 0 },
    ]);

    // Recent Activity: papers by when they were generated, sittings by when they were submitted (or started).
    const recent = await recentActivity(t.db, s.userId, 4);
    expect(recent.map((a) => [a.kind, a.id, a.href])).toEqual([
      ["sitting", open, `/sittings/${open}`],
      ["sitting", done, `/sittings/${done}/results`],
      ["sitting", unmarked, `/sittings/${unmarked}/results`],
      ["paper", chem, `/papers/${chem}`],
    ]);
    expect(recent[1]).toMatchObject({ status: "submitted", awarded: 7, totalMarks: 100, pending: 1, at: day(3, 12) });
    expect(await recentActivity(t.db, (await studentWithCredits(t, "empty")).userId)).toEqual([]);
  });
});

describe("weak topics on a catalogue paper", () => {
  it("lists the paper's marked topics below secure, weakest first, from one's own marks", async () => {
    const s = await studentWithCredits(t, "ravi");
    const other = await studentWithCredits(t, "tess");
    const physics1 = (await t.db.select({ id: papers.id }).from(papers).where(and(eq(papers.subject, "Physics"), eq(papers.name, "Paper 1"))).get())!.id;
    await markedSitting(t.db, s.userId, "Physics", day(1), [
      ["efficiency", 1, 10],
      ["work-and-power", 3, 6],
      ["energy-resources", 5, 5],
      ["series-and-parallel", 4, 6],
      // Paper 2's topic: weak, but not on Paper 1.
      ["motion", 0, 6],
    ]);
    await markedSitting(t.db, other.userId, "Physics", day(2), [["domestic-electricity", 0, 6]]);
    const weak = await weakTopicsForPaper(t.db, s.userId, physics1);
    expect(weak.map((w) => [w.topic, Number(w.mastery.toFixed(3))])).toEqual([["efficiency", 0.1], ["work-and-power", 0.5], ["series-and-parallel", 0.667]]);
    expect((await weakTopicsForPaper(t.db, s.userId, physics1, { limit: 1 })).map((w) => w.topic)).toEqual(["efficiency"]);
    // Tess's own weak topic only; a student with no marks has none.
    expect((await weakTopicsForPaper(t.db, other.userId, physics1)).map((w) => w.topic)).toEqual(["domestic-electricity"]);
    expect(await weakTopicsForPaper(t.db, (await studentWithCredits(t, "vic")).userId, physics1)).toEqual([]);
    await expect(weakTopicsForPaper(t.db, s.userId, 99_999)).rejects.toThrow("Paper not found");
  });
});

describe("the study planner with marks", () => {
  const request = { subject: "Physics", userPreferences: { studyTimePerWeek: 300, preferredStudyMethods: ["Flashcards"], examDate: "2099-06-01" }, examData: [] };
  const concepts = (plan: StudyPlan) => plan.recommendations.filter((r) => r.category === "concept_review").flatMap((r) => r.topics);

  it("takes the weakest marked topics first, and the Progress tab's analytics carry the mastery", async () => {
    const fresh = await studentWithCredits(t, "una");
    const before = (await (await send(t.app, "/api/study/recommendations", request, fresh.cookie)).json()) as StudyPlan;
    const usual = concepts(before);
    expect(usual.length).toBeGreaterThanOrEqual(2);

    // The same preferences, but marks: the planner's usual first topic is secure, two others are weak.
    const s = await studentWithCredits(t, "wes");
    await markedSitting(t.db, s.userId, "Physics", day(1), [[usual[0], 9, 10], ["national-grid", 1, 6], ["density", 1, 4]]);
    const plan = (await (await send(t.app, "/api/study/recommendations", request, s.cookie)).json()) as StudyPlan;
    const ordered = concepts(plan);
    expect(ordered.slice(0, 2)).toEqual(["national-grid", "density"]);
    // Secure (90%) goes after every topic never marked (counted as 50%).
    expect(ordered).not.toContain(usual[0]);
    const first = plan.recommendations.find((r) => r.category === "concept_review")!;
    expect(first.priority).toBe("high");
    expect(first.description).toContain("mastery of");
    expect(first.description).toContain("at 17% (1 of 6 marks over 1 sitting");
    expect(plan.summary?.historyNote).toContain("Topics are in order of your mastery from 1 marked sitting, weakest first.");

    const analytics = (await (await send(t.app, "/api/study/analytics?subject=Physics", undefined, s.cookie)).json()) as StudyAnalytics;
    expect(analytics.mastery.map((m) => m.topic)).toEqual(["national-grid", "density", usual[0]]);
    const none = (await (await send(t.app, "/api/study/analytics?subject=Physics", undefined, fresh.cookie)).json()) as StudyAnalytics;
    expect(none.mastery).toEqual([]);
  });
});
