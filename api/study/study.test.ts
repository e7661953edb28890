// /api/study/* through the app: the offline planner's saved plans, progress and analytics, and the
// model path with the real openai SDK against the local stand-in, each failure with its §8 code.
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPapers, studyRecommendations } from "../db/schema.ts";
import { type ChatRequest, type OpenAIStandIn, type StandInReply, startOpenAIStandIn } from "../ai/stand-in.ts";
import { PROGRESS_UPDATED, STUDY_ERRORS, STUDY_SUCCESS, type StudyAnalytics, type StudyPlan } from "../../shared/study.ts";
import type { App } from "../app.ts";
import type { Deps } from "../context.ts";
import { topicListFor } from "./topics.ts";

type T = Deps & { app: App };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const request = (subject: string, userPreferences: Record<string, unknown> = {}) => ({
  subject,
  userPreferences: { studyTimePerWeek: 300, preferredStudyMethods: ["Flashcards"], ...userPreferences },
  examData: [],
});
const post = (t: T, body: unknown, cookie?: string) => send(t.app, "/api/study/recommendations", body, cookie);

/** A generated Physics paper whose questions are on these topics. */
async function physicsPaper(t: T, userId: number, topics: string[]) {
  const document = { sections: [{ questions: topics.map((topic, i) => ({ number: i + 1, items: [{ topic, topicName: topic }] })) }] };
  await t.db.insert(generatedPapers).values({ userId, name: "AQA GCSE Physics Paper 1", subject: "Physics", examBoard: "AQA", level: "GCSE", document: JSON.stringify(document) });
}

describe("study recommendations without a model (offline planner)", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("needs a signed-in student", async () => {
    expect((await post(t, request("Physics"))).status).toBe(401);
    expect((await send(t.app, "/api/study/recommendations?subject=Physics")).status).toBe(401);
    expect((await send(t.app, "/api/study/analytics?subject=Physics")).status).toBe(401);
    expect((await send(t.app, "/api/study/progress", { timeSpent: 30 })).status).toBe(401);
  });

  it("checks the request with the page's rules", async () => {
    const { cookie } = await studentWithCredits(t, "val");
    const cases: [unknown, string][] = [
      [request(""), "Please select a subject first"],
      [request("Art"), "Please select a subject first"],
      [request("Physics", { examLevel: "", targetGrade: "7" }), "Choose your exam level before a target grade"],
      [request("Physics", { examLevel: "a-level", targetGrade: "7" }), "7 is not a A-Level grade"],
      [request("Physics", { examLevel: "gcse", targetGrade: "A*" }), "A* is not a GCSE grade"],
      [request("Physics", { studyTimePerWeek: 0 }), "Please set at least 15 minutes of study time a week"],
      [request("Physics", { studyTimePerWeek: 25 * 60 }), "Study time cannot be more than 24 hours 45 minutes a week"],
      [request("Physics", { examDate: inDays(-3) }), "The exam date has passed: please choose a date in the future."],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, body, cookie);
      expect(res.status, message).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
    expect((await send(t.app, "/api/study/recommendations", undefined, cookie)).status).toBe(400);
  });

  it("saves a plan from the planner, lists it, and schedules it within the weekly time", async () => {
    const { cookie } = await studentWithCredits(t, "amal");
    const res = await post(t, request("Geography", { examLevel: "gcse", targetGrade: "6", examDate: inDays(30) }), cookie);
    expect(res.status).toBe(201);
    const plan = (await res.json()) as StudyPlan & { message: string };
    expect(plan.message).toBe(STUDY_SUCCESS);
    expect(plan.source).toBe("planner");
    expect(plan.summary?.phase).toBe("consolidation");
    expect(plan.summary?.topicSource).toContain("Geography");
    expect(plan.recommendations.length).toBeGreaterThanOrEqual(4);
    expect(plan.schedule.totalMinutes).toBeLessThanOrEqual(300);
    expect(plan.schedule.days).toHaveLength(7);

    const listed = (await (await send(t.app, "/api/study/recommendations?subject=Geography", undefined, cookie)).json()) as StudyPlan;
    expect(listed.recommendations.map((r) => r.id)).toEqual(plan.recommendations.map((r) => r.id));
    expect(listed.preferences).toMatchObject({ studyTimePerWeek: 300, targetGrade: "6" });

    // A new plan replaces it in the list; another subject's list is separate and empty.
    const again = (await (await post(t, request("Geography", { studyTimePerWeek: 120 }), cookie)).json()) as StudyPlan;
    const now = (await (await send(t.app, "/api/study/recommendations?subject=Geography", undefined, cookie)).json()) as StudyPlan;
    expect(now.recommendations.map((r) => r.id)).toEqual(again.recommendations.map((r) => r.id));
    expect(now.schedule.weeklyMinutes).toBe(120);
    const other = (await (await send(t.app, "/api/study/recommendations?subject=History", undefined, cookie)).json()) as StudyPlan;
    expect(other.recommendations).toEqual([]);
  });

  it("two students with the same preferences but different histories get different plans", async () => {
    const a = await studentWithCredits(t, "ana");
    const b = await studentWithCredits(t, "ben");
    const body = request("Physics", { examDate: inDays(100) });
    const planA = (await (await post(t, body, a.cookie)).json()) as StudyPlan;
    const firstTopic = planA.recommendations.find((r) => r.category === "concept_review")!.topics[0];
    await physicsPaper(t, b.userId, [firstTopic, firstTopic, firstTopic, "density"]);
    const planB = (await (await post(t, body, b.cookie)).json()) as StudyPlan;
    expect(planB.recommendations.find((r) => r.category === "concept_review")!.topics[0]).not.toBe(firstTopic);
    expect(planB.summary?.historyNote).toBe("Built from 1 Physics paper you generated (4 questions) and 0 activities you logged.");
  });

  it("logs progress (30 minutes by default), completes the recommendation, and the analytics follow", async () => {
    const s = await studentWithCredits(t, "cleo");
    const other = await studentWithCredits(t, "dan");
    await physicsPaper(t, s.userId, ["density", "half-life"]);
    const plan = (await (await post(t, request("Physics", { studyTimePerWeek: 240 }), s.cookie)).json()) as StudyPlan;
    const rec = plan.recommendations[0];

    const before = (await (await send(t.app, "/api/study/analytics?subject=Physics", undefined, s.cookie)).json()) as StudyAnalytics;
    expect(before).toMatchObject({ weeklyGoalMinutes: 240, minutesThisWeek: 0, recommendations: { total: plan.recommendations.length, completed: 0 } });

    expect((await send(t.app, "/api/study/progress", { recommendationId: rec.id, status: "completed", timeSpent: 30 }, other.cookie)).status).toBe(404);
    const res = await send(t.app, "/api/study/progress", { recommendationId: rec.id, status: "completed" }, s.cookie);
    expect(res.status).toBe(201);
    const logged = await res.json();
    expect(logged).toMatchObject({ success: true, message: PROGRESS_UPDATED, progress: { timeSpent: 30, subject: "Physics" } });
    expect(logged.recommendation.completedAt).toBeTruthy();
    await send(t.app, "/api/study/progress", { recommendationId: plan.recommendations[1].id, timeSpent: 45 }, s.cookie);
    expect((await send(t.app, "/api/study/progress", { recommendationId: rec.id, timeSpent: 0 }, s.cookie)).status).toBe(400);

    const after = (await (await send(t.app, "/api/study/analytics?subject=Physics", undefined, s.cookie)).json()) as StudyAnalytics;
    expect(after.minutesThisWeek).toBe(75);
    expect(after.daily.reduce((n, d) => n + d.minutes, 0)).toBe(75);
    expect(after.daily.map((d) => d.day)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(after.recommendations).toEqual({ total: plan.recommendations.length, completed: 2 });
    expect(after.papers).toEqual({ total: 1, bySubject: [{ subject: "Physics", count: 1, predicted: 0 }] });
    expect(after.topicsPractised.map((x) => x.name).sort()).toEqual(["Density of materials", "Half-life and the random nature of decay"]);
    expect(after.recent[0]).toMatchObject({ title: plan.recommendations[1].title, minutes: 45 });
    const stored = await t.db.select().from(studyRecommendations).where(eq(studyRecommendations.id, rec.id)).get();
    expect(stored?.completedAt).toBeTruthy();

    // The completed topic now gives way in the next plan.
    const next = (await (await post(t, request("Physics", { studyTimePerWeek: 240 }), s.cookie)).json()) as StudyPlan;
    expect(next.summary?.historyNote).toContain("2 activities you logged");
  });
});

describe("study recommendations from a model (real openai SDK, local stand-in)", () => {
  let standIn: OpenAIStandIn;
  let t: T;
  let cookie: string;
  let reply: (req: ChatRequest) => StandInReply;
  const good = {
    recommendations: [
      {
        category: "concept_review",
        title: "Re-learn moles and concentration",
        description: "Rework the mole calculations from your notes, then do ten questions.",
        priority: "High",
        estimatedTime: 60,
        resources: [{ title: "AQA past papers", description: "Paper 1 questions on moles", type: "past_papers" }],
        successMetrics: ["Score 8/10 on mole questions"],
      },
      {
        category: "exam technique",
        title: "Six-mark answers",
        description: "Plan two six-mark answers with linked points and mark them.",
        priority: "medium",
        estimatedTime: 40,
        resources: [],
        successMetrics: ["Both answers reach level 3"],
      },
    ],
  };

  beforeAll(async () => {
    standIn = await startOpenAIStandIn((req) => reply(req));
    t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" });
    ({ cookie } = await studentWithCredits(t, "mo"));
  });
  afterAll(async () => {
    await standIn?.close();
  });

  const count = async () => (await t.db.select().from(studyRecommendations).all()).length;

  it("saves the model's validated recommendations", async () => {
    reply = () => ({ content: JSON.stringify(good) });
    const res = await post(t, request("Chemistry", { examLevel: "gcse", targetGrade: "7", examDate: inDays(20) }), cookie);
    expect(res.status).toBe(201);
    const plan = (await res.json()) as StudyPlan;
    expect(plan.source).toBe("ai");
    expect(plan.recommendations.map((r) => [r.category, r.priority, r.estimatedTime])).toEqual([["concept_review", "high", 60], ["exam_technique", "medium", 40]]);
    expect(plan.schedule.totalMinutes).toBe(100);
    const sent = standIn.requests.at(-1)!;
    expect(sent.model).toBe("stand-in-model");
    expect(sent.authorization).toBe("Bearer sk-test");
    expect(sent.response_format).toEqual({ type: "json_object" });
    const prompt = JSON.parse(sent.messages[1].content);
    expect(prompt).toMatchObject({ subject: "Chemistry", weeklyMinutes: 300, targetGrade: "7", preferredStudyMethods: ["Flashcards"] });
    expect(prompt.topics.length).toBeGreaterThan(5);
    const listed = (await (await send(t.app, "/api/study/recommendations?subject=Chemistry", undefined, cookie)).json()) as StudyPlan;
    expect(listed.recommendations.map((r) => r.title)).toEqual(["Re-learn moles and concentration", "Six-mark answers"]);
  });

  const failures: [string, () => StandInReply, string, number][] = [
    ["an answer that is not JSON", () => ({ content: "Here are some tips: revise more!" }), "AI_PARSING_ERROR", 502],
    ["JSON without the recommendations", () => ({ content: JSON.stringify({ tips: [] }) }), "AI_PARSING_ERROR", 502],
    ["recommendations that break the schema", () => ({ content: JSON.stringify({ recommendations: [{ title: "x", priority: "urgent" }] }) }), "AI_PARSING_ERROR", 502],
    ["an empty list", () => ({ content: JSON.stringify({ recommendations: [] }) }), "NO_RECOMMENDATIONS_GENERATED", 502],
    ["a 401", () => ({ status: 401, error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }), "AUTH_ERROR", 502],
    ["a 500", () => ({ status: 500, error: { message: "The server had an error" } }), "OPENAI_API_ERROR", 502],
    ["a 429", () => ({ status: 429, error: { message: "Rate limit reached" } }), "OPENAI_API_ERROR", 502],
  ];
  for (const [what, answer, code, status] of failures) {
    it(`maps ${what} to ${code} and saves nothing`, async () => {
      reply = answer;
      const before = await count();
      const res = await post(t, request("Chemistry"), cookie);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual({ code, message: STUDY_ERRORS[code as keyof typeof STUDY_ERRORS].text });
      expect(await count()).toBe(before);
    });
  }

  it("maps a refused connection to NETWORK_ERROR", async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, "127.0.0.1", () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const closed = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1` });
    const s = await studentWithCredits(closed, "nina");
    const res = await post(closed, request("Biology"), s.cookie);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: "NETWORK_ERROR", message: STUDY_ERRORS.NETWORK_ERROR.text });
  });
});

describe("a subject whose paper is components (RS Paper 1's religions)", () => {
  it("plans the religions the student makes papers of, and all four before the first", async () => {
    const t = await createTestApp();
    const { cookie, userId } = await studentWithCredits(t, "religions", 2);
    const religionsIn = async () => {
      const { topics } = await topicListFor(t.db, "Religious Studies", userId);
      return new Set(topics.map((x) => x.id.split("-")[0]).filter((r) => r !== "theme"));
    };
    expect(await religionsIn()).toEqual(new Set(["buddhism", "christianity", "islam", "judaism"]));
    for (const paperName of ["Paper 1 - Judaism", "Paper 1 - Islam"]) {
      const res = await send(t.app, "/api/generate-enhanced-paper", { subject: "Religious Studies", examBoard: "AQA", level: "GCSE", paperName }, cookie);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await religionsIn()).toEqual(new Set(["islam", "judaism"]));
    // Paper 2A's themes stay: every student sits it.
    expect((await topicListFor(t.db, "Religious Studies", userId)).topics.some((x) => x.id.startsWith("theme-a-"))).toBe(true);
    // The plan a student asks for is built from that list.
    const plan = await send(t.app, "/api/study/recommendations", request("Religious Studies"), cookie);
    expect(plan.status, await plan.clone().text()).toBe(201);
    const body = JSON.stringify(await plan.json());
    expect(body).not.toMatch(/Buddhis|Christian/);
  });
});
