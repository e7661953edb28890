// Exam mode through the API: a sitting is its student's own, answers are saved and restored (merged,
// never lost between two saves), the deadline closes the paper (only the automatic submission is
// accepted after it), offline marking is deterministic, and with the test model server extended
// answers get a level and a mark within their maximum while a model failure leaves them to the
// student without losing the answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPapers, sittings, topicMarks } from "../db/schema.ts";
import { banks, generate, requestFor, storedDocument, type T } from "../papers/testing.ts";
import { focusTopicsFor, lowestTopics } from "./again.ts";
import { startOpenAIStandIn, type OpenAIStandIn } from "../ai/stand-in.ts";
import type { SittingPart, SittingResult, SittingSummary, SittingView } from "../../shared/sittings.ts";
import { ALREADY_SUBMITTED, TIME_UP } from "./service.ts";

/** Biology Paper 1: multiple choice, calculations, short answers and 6-mark levels-of-response answers. */
const bp = banks.find((b) => b.blueprint.code === "8461/1")!.blueprint;

const put = (t: T, path: string, body: unknown, cookie: string) => send(t.app, path, body, cookie, "PUT");
const partsOf = (view: SittingView): SittingPart[] => view.sections.flatMap((s) => s.questions.flatMap((q) => q.items.flatMap((i) => i.parts)));

let students = 0;
/** A new student with one generated Biology Paper 1 (Higher), sat from the start. */
async function sitting(t: T, extraTime = 0) {
  const s = await studentWithCredits(t, `sitter${++students}`, 1);
  const res = await generate(t, requestFor(bp, { tier: "Higher" }), s.cookie);
  expect(res.status, await res.clone().text()).toBe(200);
  const paperId = (await res.json()).id as number;
  const started = await send(t.app, "/api/sittings", { generatedPaperId: paperId, extraTime }, s.cookie);
  expect(started.status, await started.clone().text()).toBe(201);
  return { ...s, paperId, view: (await started.json()) as SittingView };
}
const expire = (t: T, id: number, secondsAgo: number) =>
  t.db.update(sittings).set({ deadline: new Date(Date.now() - secondsAgo * 1000).toISOString() }).where(eq(sittings.id, id));

/** Answers that are right for the choice parts (their first option is not always right: see below) and text elsewhere. */
function someAnswers(view: SittingView) {
  const answers: Record<string, string | string[]> = {};
  for (const p of partsOf(view)) {
    if (p.kind === "choice") answers[p.number] = p.options![0];
    else if (p.kind === "table") answers[p.number] = Array.from({ length: p.cells! }, () => "12");
    else if (p.kind === "number") answers[p.number] = "12";
    else answers[p.number] = "The enzyme's active site changes shape so the substrate no longer fits.";
  }
  return answers;
}

describe("sitting a paper", () => {
  let t: T;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it("starts once per paper with the paper's time (and extra time), and shows no mark scheme", async () => {
    const s = await sitting(t, 25);
    expect(s.view.status).toBe("in_progress");
    expect(s.view.extraTime).toBe(25);
    const allowed = (Date.parse(s.view.deadline) - Date.parse(s.view.startedAt)) / 60_000;
    expect(allowed).toBe(bp.timeMinutes * 1.25);
    expect(s.view.totalMarks).toBe(bp.totalMarks);
    expect(JSON.stringify(s.view)).not.toMatch(/markScheme|modelAnswer/);
    const kinds = new Set(partsOf(s.view).map((p) => p.kind));
    expect(kinds.has("choice")).toBe(true);
    // A second start returns the open sitting with its clock, not a new one.
    const again = await send(t.app, "/api/sittings", { generatedPaperId: s.paperId, extraTime: 50 }, s.cookie);
    expect(again.status).toBe(200);
    const view = (await again.json()) as SittingView;
    expect([view.id, view.deadline, view.extraTime]).toEqual([s.view.id, s.view.deadline, 25]);
  });

  it("belongs to its student only", async () => {
    const s = await sitting(t);
    const other = await studentWithCredits(t, "nosy", 0);
    const base = `/api/sittings/${s.view.id}`;
    expect((await send(t.app, base, undefined, other.cookie)).status).toBe(404);
    expect((await put(t, `${base}/answers`, { answers: {} }, other.cookie)).status).toBe(404);
    expect((await send(t.app, `${base}/submit`, {}, other.cookie)).status).toBe(404);
    expect((await send(t.app, `${base}/result`, undefined, other.cookie)).status).toBe(404);
    expect((await send(t.app, "/api/sittings", { generatedPaperId: s.paperId }, other.cookie)).status).toBe(404);
    expect(await (await send(t.app, "/api/sittings", undefined, other.cookie)).json()).toEqual([]);
    expect((await send(t.app, base)).status).toBe(401);
  });

  it("saves answers as they change and restores them, adding time and replacing flags", async () => {
    const s = await sitting(t);
    const parts = partsOf(s.view);
    const choice = parts.find((p) => p.kind === "choice")!;
    const written = parts.find((p) => p.kind === "short" || p.kind === "long")!;
    const base = `/api/sittings/${s.view.id}`;
    let res = await put(t, `${base}/answers`, { answers: { [choice.number]: choice.options![2] }, flags: [written.number], timeSpent: { [choice.number]: 30 } }, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    // A second save (another tab) names only what it changed: the first answer stays.
    res = await put(t, `${base}/answers`, { answers: { [written.number]: "Osmosis" }, flags: [], timeSpent: { [choice.number]: 15 } }, s.cookie);
    expect(res.status).toBe(200);
    const view = (await (await send(t.app, base, undefined, s.cookie)).json()) as SittingView;
    expect(view.answers).toEqual({ [choice.number]: choice.options![2], [written.number]: "Osmosis" });
    expect(view.flags).toEqual([]);
    const row = await t.db.select().from(sittings).where(eq(sittings.id, s.view.id)).get();
    expect(JSON.parse(row!.timeSpent)).toEqual({ [choice.number]: 45 });
  });

  it("takes a whole paper of long answers in one save, as a device sends them after a long time offline", async () => {
    const s = await sitting(t);
    const written = partsOf(s.view).filter((p) => p.kind === "short" || p.kind === "long").slice(0, 6);
    const answers = Object.fromEntries(written.map((p) => [p.number, "respiration releases energy ".repeat(700).slice(0, 19_000)]));
    expect(JSON.stringify({ answers }).length).toBeGreaterThan(64 * 1024);
    const res = await put(t, `/api/sittings/${s.view.id}/answers`, { answers }, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const view = (await (await send(t.app, `/api/sittings/${s.view.id}`, undefined, s.cookie)).json()) as SittingView;
    expect(view.answers).toEqual(answers);
    const tooLong = await put(t, `/api/sittings/${s.view.id}/answers`, { answers: { [written[0].number]: "x".repeat(20_001) } }, s.cookie);
    expect(tooLong.status).toBe(400);
  });

  it("refuses answers that are not on the paper or not in the part's form, saving nothing", async () => {
    const s = await sitting(t);
    const parts = partsOf(s.view);
    const choice = parts.find((p) => p.kind === "choice")!;
    const written = parts.find((p) => p.kind !== "choice" && p.kind !== "table")!;
    const base = `/api/sittings/${s.view.id}/answers`;
    const cases: [unknown, string][] = [
      [{ answers: { "99.9": "x", [written.number]: "kept?" } }, "Unknown question part: 99.9"],
      [{ answers: { [choice.number]: "Not an option" } }, `Part ${choice.number}: choose one of its options.`],
      [{ answers: { [written.number]: ["a", "b"] } }, `Part ${written.number} takes a written answer.`],
      [{ answers: {}, flags: ["<script>"] }, "Unknown question part"],
    ];
    for (const [body, message] of cases) {
      const res = await put(t, base, body, s.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toContain(message);
    }
    const view = (await (await send(t.app, `/api/sittings/${s.view.id}`, undefined, s.cookie)).json()) as SittingView;
    expect(view.answers).toEqual({});
  });

  it("closes at the deadline: saves and the student's submission are refused, the clock's is accepted", async () => {
    const s = await sitting(t);
    const choice = partsOf(s.view).find((p) => p.kind === "choice")!;
    const base = `/api/sittings/${s.view.id}`;
    expect((await put(t, `${base}/answers`, { answers: { [choice.number]: choice.options![1] } }, s.cookie)).status).toBe(200);
    // Early: the clock has not run out, so an 'automatic' submission is refused.
    const early = await send(t.app, `${base}/submit`, { automatic: true }, s.cookie);
    expect([early.status, (await early.json()).message]).toEqual([409, "Time is not up yet."]);

    await expire(t, s.view.id, 5); // within the grace: a save on its way still lands
    expect((await put(t, `${base}/answers`, { answers: { [choice.number]: choice.options![3] } }, s.cookie)).status).toBe(200);
    await expire(t, s.view.id, 120);
    const late = await put(t, `${base}/answers`, { answers: { [choice.number]: choice.options![0] } }, s.cookie);
    expect([late.status, (await late.json()).message]).toEqual([409, TIME_UP]);
    const manual = await send(t.app, `${base}/submit`, {}, s.cookie);
    expect([manual.status, (await manual.json()).message]).toEqual([409, TIME_UP]);
    // The refused submission still closed the paper, as the clock would have, with the saved answers.
    const result = (await (await send(t.app, `${base}/result`, undefined, s.cookie)).json()) as SittingResult;
    expect(result.automatic).toBe(true);
    expect(result.parts.find((p) => p.number === choice.number)!.answer).toBe(choice.options![3]);
    // The clock's own submission afterwards gets the result; the student's is refused as a repeat.
    const auto = await send(t.app, `${base}/submit`, { automatic: true }, s.cookie);
    expect(auto.status).toBe(200);
    const again = await send(t.app, `${base}/submit`, {}, s.cookie);
    expect([again.status, (await again.json()).message]).toEqual([409, ALREADY_SUBMITTED]);
  });

  it("submits a paper left open past its deadline when it is next opened", async () => {
    const s = await sitting(t);
    await expire(t, s.view.id, 600);
    const view = (await (await send(t.app, `/api/sittings/${s.view.id}`, undefined, s.cookie)).json()) as SittingView;
    expect(view.status).toBe("submitted");
    const list = (await (await send(t.app, "/api/sittings", undefined, s.cookie)).json()) as SittingSummary[];
    expect(list.map((x) => [x.id, x.status])).toEqual([[s.view.id, "submitted"]]);
  });

  it("marks a whole paper offline the same way every time, per part and per topic", async () => {
    const s = await sitting(t);
    const answers = someAnswers(s.view);
    const mark = async (id: number) => {
      expect((await put(t, `/api/sittings/${id}/answers`, { answers }, s.cookie)).status).toBe(200);
      const res = await send(t.app, `/api/sittings/${id}/submit`, {}, s.cookie);
      expect(res.status, await res.clone().text()).toBe(200);
      return (await res.json()) as SittingResult;
    };
    const first = await mark(s.view.id);
    const next = await send(t.app, "/api/sittings", { generatedPaperId: s.paperId }, s.cookie);
    expect(next.status).toBe(201);
    const second = await mark(((await next.json()) as SittingView).id);
    const strip = (r: SittingResult) => r.parts.map((p) => ({ ...p, mark: { ...p.mark, markedAt: "" } }));
    expect(strip(second)).toEqual(strip(first));
    expect(second.awarded).toBe(first.awarded);

    expect(first.parts.length).toBe(partsOf(s.view).length);
    for (const p of first.parts) {
      expect(p.mark.max).toBe(partsOf(s.view).find((x) => x.number === p.number)!.marks);
      if (p.mark.awarded !== null) expect(p.mark.awarded).toBeGreaterThanOrEqual(0), expect(p.mark.awarded).toBeLessThanOrEqual(p.mark.max);
      expect(p.mark.reasons.length).toBeGreaterThan(0);
    }
    // Offline, extended answers wait for the student's own mark, with the level descriptors.
    const pending = first.parts.filter((p) => p.mark.method === "pending");
    expect(pending.length).toBe(first.pending);
    expect(pending.length).toBeGreaterThan(0);
    for (const p of pending) expect(p.levels?.length).toBeGreaterThan(0);
    // The topics add up to the total, and progress has the same figures.
    expect(first.topics.reduce((n, x) => n + x.awarded, 0)).toBe(first.awarded);
    const rows = await t.db.select().from(topicMarks).where(eq(topicMarks.sittingId, first.id)).all();
    expect(rows.map((r) => [r.topic, r.awarded, r.max]).sort()).toEqual(first.topics.map((x) => [x.topic, x.awarded, x.max]).sort());
    expect(first.grade).toBeNull();
  });

  it("takes the student's own mark for an extended answer within its level, and keeps both marks on a re-mark", async () => {
    const s = await sitting(t);
    expect((await put(t, `/api/sittings/${s.view.id}/answers`, { answers: someAnswers(s.view) }, s.cookie)).status).toBe(200);
    const res = await send(t.app, `/api/sittings/${s.view.id}/submit`, {}, s.cookie);
    const result = (await res.json()) as SittingResult;
    const part = result.parts.find((p) => p.mark.method === "pending")!;
    const top = part.levels!.reduce((a, b) => (a.level > b.level ? a : b));
    const base = `/api/sittings/${s.view.id}`;
    const outside = await send(t.app, `${base}/self-mark`, { part: part.number, marks: top.marks[0] - 1, level: top.level }, s.cookie);
    expect(outside.status).toBe(400);
    const tooMany = await send(t.app, `${base}/self-mark`, { part: part.number, marks: part.mark.max + 1 }, s.cookie);
    expect(tooMany.status).toBe(400);
    const ok = await send(t.app, `${base}/self-mark`, { part: part.number, marks: top.marks[1], level: top.level }, s.cookie);
    expect(ok.status, await ok.clone().text()).toBe(200);
    const after = (await ok.json()) as SittingResult;
    const marked = after.parts.find((p) => p.number === part.number)!;
    expect([marked.mark.method, marked.mark.awarded, marked.mark.level]).toEqual(["self", top.marks[1], top.level]);
    expect(after.awarded).toBe(result.awarded + top.marks[1]);
    expect(after.pending).toBe(result.pending - 1);
    // Marked once: changing it is a re-mark, which keeps the first mark beside the new one.
    expect((await send(t.app, `${base}/self-mark`, { part: part.number, marks: 1 }, s.cookie)).status).toBe(409);
    const remark = await send(t.app, `${base}/remark`, { part: part.number, method: "self", marks: 0 }, s.cookie);
    const remarked = ((await remark.json()) as SittingResult).parts.find((p) => p.number === part.number)!;
    expect([remarked.mark.awarded, remarked.earlier.map((m) => m.awarded)]).toEqual([0, [top.marks[1]]]);
    // Without a model, an AI re-mark is refused plainly.
    const ai = await send(t.app, `${base}/remark`, { part: part.number, method: "model" }, s.cookie);
    expect([ai.status, (await ai.json()).message]).toEqual([409, "AI marking is not available: mark this part yourself."]);
  });

  it("lets the student re-mark a point-by-point mark, but not one marked exactly", async () => {
    const s = await sitting(t);
    expect((await put(t, `/api/sittings/${s.view.id}/answers`, { answers: someAnswers(s.view) }, s.cookie)).status).toBe(200);
    const result = (await (await send(t.app, `/api/sittings/${s.view.id}/submit`, {}, s.cookie)).json()) as SittingResult;
    const points = result.parts.find((p) => p.mark.method === "points")!;
    const exact = result.parts.find((p) => p.mark.method === "exact")!;
    const base = `/api/sittings/${s.view.id}/remark`;
    const refused = await send(t.app, base, { part: exact.number, method: "self", marks: exact.mark.max }, s.cookie);
    expect([refused.status, (await refused.json()).message]).toEqual([409, "This part has one right answer and was marked exactly from the mark scheme."]);
    const res = await send(t.app, base, { part: points.number, method: "self", marks: points.mark.max }, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const after = (await res.json()) as SittingResult;
    const remarked = after.parts.find((p) => p.number === points.number)!;
    expect([remarked.mark.method, remarked.mark.awarded, remarked.earlier.map((m) => m.method)]).toEqual(["self", points.mark.max, ["points"]]);
    expect(after.awarded).toBe(result.awarded - points.mark.awarded! + points.mark.max);
  });
});

describe("sitting again on the weak topics", () => {
  it("falls back on the sitting's two lowest topics, the larger first on a tie", () => {
    const t = (topic: string, awarded: number, max: number) => ({ topic, topicName: topic, awarded, max });
    expect(lowestTopics([t("a", 9, 10), t("b", 7, 10), t("c", 16, 20), t("d", 8, 10), t("e", 0, 0)]).map((x) => x.topic)).toEqual(["b", "c"]);
  });

  it("makes a predicted paper weighted to them for a credit, and starts sitting it", async () => {
    const t = await createTestApp();
    const s = await sitting(t);
    const base = `/api/sittings/${s.view.id}`;
    expect((await send(t.app, `${base}/again`, {}, s.cookie)).status).toBe(409); // not submitted yet
    await put(t, `${base}/answers`, { answers: someAnswers(s.view) }, s.cookie);
    const result = (await (await send(t.app, `${base}/submit`, {}, s.cookie)).json()) as SittingResult;
    const noCredit = await send(t.app, `${base}/again`, {}, s.cookie);
    expect(noCredit.status).toBe(402);
    const { changeCredits } = await import("../credits/ledger.ts");
    await t.db.transaction((tx) => changeCredits(tx, { userId: s.userId, delta: 1, type: "admin_grant", description: "test grant" }));
    const other = await studentWithCredits(t, "other-again", 1);
    expect((await send(t.app, `${base}/again`, {}, other.cookie)).status).toBe(404);
    const again = await send(t.app, `${base}/again`, {}, s.cookie);
    expect(again.status, await again.clone().text()).toBe(201);
    const view = (await again.json()) as SittingView;
    expect(view.status).toBe("in_progress");
    expect(view.generatedPaperId).not.toBe(s.paperId);
    const doc = await storedDocument(t, view.generatedPaperId);
    expect(doc.kind).toBe("predicted");
    const generated = (await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, s.paperId)).get())!;
    const expected = await focusTopicsFor(t, s.userId, generated.paperId!, result);
    expect(expected.length).toBeGreaterThan(0);
    expect(doc.options.focusTopics).toEqual(expected);
    expect(doc.tier).toBe("Higher");
  });
});

describe("extended answers marked by the model", () => {
  let t: T;
  let model: OpenAIStandIn;
  let failing = false;
  beforeAll(async () => {
    model = await startOpenAIStandIn((req) => {
      if (failing) return { status: 500, error: { message: "model down" } };
      // The marking request carries the part's maximum; answer with the top of the top level it names.
      const text = req.messages.map((m) => m.content).join("\n");
      const levels = [...text.matchAll(/Level (\d) \((\d+)[–-](\d+) marks\)/g)].map((m) => ({ level: Number(m[1]), high: Number(m[3]) }));
      const top = levels.reduce((a, b) => (a.level > b.level ? a : b), { level: 1, high: 2 });
      return { content: JSON.stringify({ level: top.level, marks: top.high, reasons: ["Detailed, linked explanation."] }) };
    });
    t = await createTestApp({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: model.baseUrl });
  });
  afterAll(() => model.close());

  it("gives each answered extended part a level and a mark within its maximum, labelled as the model's", async () => {
    failing = false;
    const s = await sitting(t);
    const answers = someAnswers(s.view);
    expect((await put(t, `/api/sittings/${s.view.id}/answers`, { answers }, s.cookie)).status).toBe(200);
    const result = (await (await send(t.app, `/api/sittings/${s.view.id}/submit`, {}, s.cookie)).json()) as SittingResult;
    const byModel = result.parts.filter((p) => p.mark.method === "model");
    expect(byModel.length).toBeGreaterThan(0);
    for (const p of byModel) {
      expect(p.mark.level).toBeGreaterThan(0);
      expect(p.mark.awarded).toBeLessThanOrEqual(p.mark.max);
      expect(p.mark.reasons.length).toBeGreaterThan(0);
    }
    expect(result.pending).toBe(0);
    // A re-mark by the model keeps the first mark.
    const part = byModel[0];
    const remark = await send(t.app, `/api/sittings/${s.view.id}/remark`, { part: part.number, method: "model" }, s.cookie);
    expect(remark.status, await remark.clone().text()).toBe(200);
    const again = ((await remark.json()) as SittingResult).parts.find((p) => p.number === part.number)!;
    expect(again.earlier.length).toBe(1);
  });

  it("falls back to self-marking when the model fails, without losing the answers", async () => {
    failing = true;
    const s = await sitting(t);
    const answers = someAnswers(s.view);
    expect((await put(t, `/api/sittings/${s.view.id}/answers`, { answers }, s.cookie)).status).toBe(200);
    const res = await send(t.app, `/api/sittings/${s.view.id}/submit`, {}, s.cookie);
    expect(res.status).toBe(200);
    const result = (await res.json()) as SittingResult;
    expect(result.pending).toBeGreaterThan(0);
    for (const p of result.parts) expect(p.answer).toEqual(answers[p.number]);
    const part = result.parts.find((p) => p.mark.method === "pending")!;
    const remark = await send(t.app, `/api/sittings/${s.view.id}/remark`, { part: part.number, method: "model" }, s.cookie);
    expect(remark.status).toBe(409);
  });
});
