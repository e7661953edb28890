// The offline planner and the weekly schedule: valid plans that follow the student's inputs, and a
// schedule that never asks for more than the week's time.
import { describe, expect, it } from "vitest";
import { RECOMMENDATION_SUBJECTS, STUDY_METHODS } from "../../shared/constants.ts";
import { recommendationContentSchema, type StudyPreferences, studyPreferencesSchema } from "../../shared/study.ts";
import { loadBanks } from "../papers/bank.ts";
import { BUILT_IN_TOPICS } from "./builtin-topics.ts";
import { allocate, EMPTY_HISTORY, makePlan, type Plan, rankTopics, type StudentHistory, type TopicList } from "./planner.ts";
import { buildSchedule, splitSessions } from "./schedule.ts";
import { topicsFromBlueprints } from "./topics.ts";

const NOW = new Date("2025-03-03T09:00:00Z");
const inDays = (days: number) => new Date(NOW.getTime() + days * 86_400_000).toISOString().slice(0, 10);

function listFor(subject: string): TopicList {
  const bps = loadBanks().filter((b) => b.blueprint.paper.subject === subject).map((b) => b.blueprint);
  if (bps.length) return topicsFromBlueprints(bps);
  const b = BUILT_IN_TOPICS[subject];
  return { topics: b.topics, source: b.source, papers: [] };
}

const prefs = (p: Partial<StudyPreferences> = {}): StudyPreferences => studyPreferencesSchema.parse({ studyTimePerWeek: 300, ...p });
const plan = (subject: string, p: Partial<StudyPreferences> = {}, history: StudentHistory = EMPTY_HISTORY): Plan =>
  makePlan({ subject, preferences: prefs(p), topicList: listFor(subject), history, now: NOW });
const scheduleOf = (pl: Plan, weekly: number) => buildSchedule(pl.recommendations.map((r, i) => ({ ...r, id: i + 1 })), weekly);
const minutesByCategory = (pl: Plan) =>
  pl.recommendations.reduce<Record<string, number>>((acc, r) => ({ ...acc, [r.category]: (acc[r.category] ?? 0) + r.estimatedTime }), {});

function expectValid(pl: Plan, weekly: number) {
  expect(pl.recommendations.length).toBeGreaterThan(0);
  for (const r of pl.recommendations) {
    const parsed = recommendationContentSchema.safeParse(r);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(r.estimatedTime % 5 === 0 || r.estimatedTime === weekly).toBe(true);
  }
  expect(pl.recommendations.reduce((n, r) => n + r.estimatedTime, 0)).toBeLessThanOrEqual(weekly);
}

describe("offline planner", () => {
  it("every recommendation subject gets a valid plan from its topic list (catalogue or built-in)", () => {
    for (const subject of RECOMMENDATION_SUBJECTS) {
      const pl = plan(subject, { examDate: inDays(40), preferredStudyMethods: ["Mind Maps"] });
      expectValid(pl, 300);
      expect(pl.summary.focusTopics.length).toBeGreaterThan(0);
      const names = listFor(subject).topics.map((t) => t.name);
      for (const focus of pl.summary.focusTopics) expect(names).toContain(focus);
    }
    expect(plan("History").summary.topicSource).toContain("8145");
    expect(plan("Biology").summary.topicSource).toContain("catalogue");
  });

  it("different preferences give different, valid plans", () => {
    const variants: Partial<StudyPreferences>[] = [
      {},
      { studyTimePerWeek: 90 },
      { studyTimePerWeek: 600, preferredStudyMethods: ["Practice Problems"] },
      { preferredStudyMethods: ["Flashcards", "Group Study"] },
      { preferredStudyMethods: ["Audio Learning"] },
      { examLevel: "gcse", targetGrade: "9" },
      { examLevel: "gcse", targetGrade: "3" },
      { examLevel: "a-level", targetGrade: "A*" },
      { examDate: inDays(10) },
      { examDate: inDays(35) },
    ];
    const plans = variants.map((v) => plan("Mathematics", v));
    plans.forEach((pl, i) => expectValid(pl, variants[i].studyTimePerWeek ?? 300));
    const fingerprints = plans.map((pl) => JSON.stringify(pl.recommendations));
    expect(new Set(fingerprints).size).toBe(variants.length);

    // Methods show in the work itself.
    expect(plans[3].recommendations.find((r) => r.category === "concept_review")!.resources.map((r) => r.type)).toContain("flashcards");
    expect(plans[4].recommendations.some((r) => r.title.startsWith("Explain it aloud"))).toBe(true);
    // Practice Problems moves time from concept review to practice.
    expect(minutesByCategory(plans[2]).practice_problems / 600).toBeGreaterThan(minutesByCategory(plans[0]).practice_problems / 300);
    // The target grade sets the bar, and a grade-3 plan leaves Higher-only topics out.
    expect(plans[5].recommendations[0].successMetrics.join(" ")).toContain("80%");
    expect(plans[6].recommendations[0].successMetrics.join(" ")).toContain("50%");
    expect(plans[6].recommendations.flatMap((r) => r.topics)).not.toContain("surds");
    expect(plans[7].summary.headline).toContain("A-Level");
  });

  it("a plan for an exam two weeks away differs from one six months away", () => {
    const soon = plan("Biology", { examDate: inDays(14), preferredStudyMethods: ["Practice Problems"] });
    const later = plan("Biology", { examDate: inDays(182), preferredStudyMethods: ["Practice Problems"] });
    expectValid(soon, 300);
    expectValid(later, 300);
    expect(soon.summary).toMatchObject({ phase: "final", daysToExam: 14, weeksToExam: 2 });
    expect(later.summary).toMatchObject({ phase: "foundation", weeksToExam: 26 });
    const s = minutesByCategory(soon);
    const l = minutesByCategory(later);
    // Two weeks out: timed practice and exam technique lead; six months out: understanding topic by topic.
    expect(s.practice_problems + s.exam_technique).toBeGreaterThan(l.practice_problems + l.exam_technique);
    expect(l.concept_review).toBeGreaterThan(s.concept_review);
    expect(soon.recommendations.find((r) => r.category === "exam_technique")!.priority).toBe("high");
    expect(later.recommendations.find((r) => r.category === "exam_technique")?.priority ?? "low").toBe("low");
    // Two weeks out, a whole timed paper of the catalogue's blueprint; the countdown names the date.
    const full = soon.recommendations.find((r) => r.title.startsWith("Timed full paper"));
    expect(full?.title).toBe("Timed full paper: AQA GCSE Biology Paper 1");
    expect(full!.estimatedTime).toBeGreaterThanOrEqual(105);
    expect(later.recommendations.some((r) => r.title.startsWith("Timed full paper"))).toBe(false);
    expect(soon.recommendations.find((r) => r.category === "time_management")!.title).toMatch(/^Final 14 days/);
    expect(later.recommendations.find((r) => r.category === "time_management")!.title).toBe("Countdown to 01 Sep 2025: 26 weeks");
    expect(JSON.stringify(soon.recommendations)).not.toBe(JSON.stringify(later.recommendations));
  });

  it("follows the student's history: topics already practised and completed give way to new ones", () => {
    const fresh = plan("Physics", { examDate: inDays(120) });
    const first = fresh.recommendations.find((r) => r.category === "concept_review")!.topics[0];
    const practised: StudentHistory = { papers: 3, questionsByTopic: { [first]: 6 }, completedByTopic: { [first]: 1 }, activities: 2, minutesLogged: 60 };
    const experienced = plan("Physics", { examDate: inDays(120) }, practised);
    const next = experienced.recommendations.find((r) => r.category === "concept_review")!.topics[0];
    expect(next).not.toBe(first);
    expect(experienced.summary.historyNote).toBe("Built from 3 Physics papers you generated (6 questions) and 2 activities you logged.");
    expect(fresh.summary.historyNote).toContain("No Physics papers or logged study yet");
  });

  it("with marks, takes topics by mastery, weakest first, a topic never marked counting as half mastered", () => {
    const list = listFor("Physics");
    const usual = rankTopics(list.topics, EMPTY_HISTORY, "foundation", "secure").map((t) => t.id);
    const marked = (m: Record<string, number>): StudentHistory => ({
      ...EMPTY_HISTORY,
      marked: Object.fromEntries(Object.entries(m).map(([id, mastery]) => [id, { mastery, awarded: 0, max: 10, sittings: 1 }])),
      markedSittings: 1,
    });
    // The usual last topic is the weakest; the usual first is secure; one topic sits just below half.
    const weakest = usual.at(-1)!;
    const history = marked({ [weakest]: 0.1, [usual[0]]: 0.9, [usual[5]]: 0.45, [usual[6]]: 0.55 });
    const ranked = rankTopics(list.topics, history, "foundation", "secure").map((t) => t.id);
    const unmarked = usual.filter((id) => !(id in history.marked!));
    expect(ranked).toEqual([weakest, usual[5], ...unmarked, usual[6], usual[0]]);
    // Among unmarked topics the usual order (weight and novelty) holds, and a plan follows the ranking.
    const pl = makePlan({ subject: "Physics", preferences: prefs({ examDate: inDays(120) }), topicList: list, history, now: NOW });
    expect(pl.recommendations.find((r) => r.category === "concept_review")!.topics).toEqual([weakest]);
    expect(pl.summary.historyNote).toContain("Topics are in order of your mastery from 1 marked sitting, weakest first.");
    // Without marks nothing changes.
    expect(plan("Physics", { examDate: inDays(120) }).recommendations.find((r) => r.category === "concept_review")!.topics).toEqual([usual[0]]);
  });

  it("a short week keeps only the most important work, and never goes over", () => {
    const tiny = plan("Chemistry", { studyTimePerWeek: 15, examDate: inDays(7) });
    expectValid(tiny, 15);
    expect(tiny.recommendations).toHaveLength(1);
    expect(tiny.recommendations[0]).toMatchObject({ category: "practice_problems", estimatedTime: 15 });
    const short = plan("Geography", { studyTimePerWeek: 45 });
    expectValid(short, 45);
    expect(short.recommendations.map((r) => r.category)).toEqual(["concept_review", "practice_problems", "exam_technique"]);
  });
});

describe("weekly schedule", () => {
  it("never schedules more than the weekly time, for any week, subject and phase", () => {
    for (let weekly = 15; weekly <= 24 * 60 + 45; weekly += 15) {
      for (const subject of ["Mathematics", "English Literature", "Religious Studies"]) {
        for (const examDate of [undefined, inDays(5), inDays(30), inDays(200)]) {
          const pl = plan(subject, { studyTimePerWeek: weekly, examDate, preferredStudyMethods: [STUDY_METHODS[weekly % STUDY_METHODS.length]] });
          const sched = scheduleOf(pl, weekly);
          expect(sched.totalMinutes).toBeLessThanOrEqual(weekly);
          expect(sched.totalMinutes).toBe(pl.recommendations.reduce((n, r) => n + r.estimatedTime, 0));
          for (const day of sched.days) {
            for (const s of day.sessions) {
              expect(s.start < s.end, `${s.start}-${s.end}`).toBe(true);
              expect(s.end <= "22:00").toBe(true);
            }
          }
        }
      }
    }
  });

  it("cuts lower-priority work first when the recommendations ask for more than the week", () => {
    const recs = [
      { id: 1, title: "Low", category: "time_management" as const, priority: "low" as const, estimatedTime: 120 },
      { id: 2, title: "High", category: "practice_problems" as const, priority: "high" as const, estimatedTime: 120 },
      { id: 3, title: "Medium", category: "concept_review" as const, priority: "medium" as const, estimatedTime: 120 },
    ];
    const sched = buildSchedule(recs, 200);
    expect(sched.totalMinutes).toBe(200);
    const byRec = (id: number) => sched.days.flatMap((d) => d.sessions).filter((s) => s.recommendationId === id).reduce((n, s) => n + s.minutes, 0);
    expect([byRec(2), byRec(3), byRec(1)]).toEqual([120, 80, 0]);
    // Sessions are at most 45 minutes here, spread over different days, after school on weekdays.
    const sessions = sched.days.flatMap((d) => d.sessions);
    expect(Math.max(...sessions.map((s) => s.minutes))).toBeLessThanOrEqual(45);
    expect(sched.days[0].sessions[0]).toMatchObject({ start: "17:00", priority: "high" });
    expect(new Set(sched.days.filter((d) => d.sessions.some((s) => s.recommendationId === 2)).map((d) => d.day)).size).toBe(3);
  });

  it("splits time into even sessions", () => {
    expect(splitSessions(90, 45)).toEqual([45, 45]);
    expect(splitSessions(100, 45)).toEqual([35, 35, 30]);
    expect(splitSessions(0, 45)).toEqual([]);
    expect(allocate(100, [1, 1, 1])).toEqual([35, 35, 30]);
    expect(allocate(45, [0.9, 0.05, 0.05])).toEqual([15, 15, 15]);
  });
});
