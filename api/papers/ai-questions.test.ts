// Predicted papers with a model: the real openai SDK against a local OpenAI-compatible stand-in.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits, TEST_ORIGIN } from "../test-utils.ts";
import { generatedPapers, users } from "../db/schema.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../ai/stand-in.ts";
import { loadBanks } from "./bank.ts";
import { modelAnswerFor } from "./testing.ts";
import { MAX_ATTEMPTS_PER_SLOT, MAX_MODEL_SLOTS, MODEL_ANSWER_NAME, MODEL_DEADLINE_MS } from "./ai-questions.ts";
import type { PaperDocument } from "../../shared/generation.ts";
import { GENERATION_TIMEOUT_MS } from "../../shared/constants.ts";
import type { Deps } from "../context.ts";

let standIn: OpenAIStandIn;
beforeAll(async () => {
  // The stand-in refuses any request that does not ask for structured output with a strict schema.
  standIn = await startOpenAIStandIn(() => ({ content: "{}" }), { requireJsonSchema: true });
});
afterAll(() => standIn.close());

const bank = loadBanks().find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!;
const request = { subject: "Religious Studies", examBoard: "AQA", paperName: bank.blueprint.paper.name, level: "GCSE", isPredicted: true };

const goodAnswer = modelAnswerFor;

async function setup(extra: Partial<Deps> = {}) {
  const t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" }, extra);
  const s = await studentWithCredits(t, "ada", 2);
  const documentOf = async (id: number) => JSON.parse((await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, id)).get())!.document) as PaperDocument;
  const run = async () => {
    const res = await send(t.app, "/api/generate-enhanced-paper", request, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    return documentOf((await res.json()).id as number);
  };
  /** The generator page's request: the progress as Server-Sent Events, as [event, data] pairs. */
  const stream = async () => {
    const res = await t.app.request("/api/generate-enhanced-paper", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: s.cookie, "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify(request),
    });
    const text = await res.text();
    return [...text.matchAll(/event: (\w+)\ndata: (.*)\n/g)].map(([, event, data]) => [event, JSON.parse(data)] as const);
  };
  const credits = async () => (await t.db.select().from(users).where(eq(users.id, s.userId)).get())!.credits;
  return { run, stream, documentOf, credits };
}

const items = (doc: PaperDocument) => doc.sections.flatMap((s) => s.questions.flatMap((q) => q.items));

describe("predicted questions written by a model", () => {
  it("uses the model's valid questions, attributed to the model, in the paper's structure", async () => {
    let n = 0;
    standIn.requests = [];
    standIn.reply = (req) => ({ content: JSON.stringify(goodAnswer(req.messages[1].content, ++n)) });
    const { run, credits } = await setup();
    const doc = await run();
    expect(standIn.requests.length).toBe(MAX_MODEL_SLOTS);
    expect(standIn.requests[0]).toMatchObject({
      model: "stand-in-model",
      authorization: "Bearer sk-test",
      response_format: { type: "json_schema", json_schema: { name: MODEL_ANSWER_NAME, strict: true, schema: { type: "object", required: ["stem", "parts"] } } },
    });
    const ai = items(doc).filter((i) => i.origin === "ai");
    expect(ai).toHaveLength(MAX_MODEL_SLOTS);
    // With no recorded history every topic scores the same: the model's questions are spread over
    // all six themes (two each), not given to the first slots of the paper (Themes A to C).
    expect(doc.sections.map((s) => s.questions.flatMap((q) => q.items).filter((i) => i.origin === "ai").length)).toEqual([2, 2, 2, 2, 2, 2]);
    expect(ai.every((i) => i.parts.every((p) => /^<p>Model-written question/.test(p.content)))).toBe(true);
    expect(ai.every((i) => /Written by an AI model for ExamPrep/.test(i.attribution))).toBe(true);
    expect(items(doc).reduce((m, i) => m + i.parts.reduce((k, p) => k + p.marks, 0), 0)).toBe(6 * 24);
    expect(await credits()).toBe(1);
  });

  it("falls back to the bank when the model answers badly, and the student pays once", async () => {
    standIn.requests = [];
    let call = 0;
    const bankQuestion = bank.questions[0];
    const part = { content: "<p>x</p>", marks: 1, options: null, markScheme: "<p>a</p>", modelAnswer: "<p>b</p>" };
    // Not JSON; JSON of the wrong shape (no mark scheme); the wrong marks; a copy of a bank question;
    // unsafe HTML only; a server error.
    const bad = [
      () => ({ content: "Sure! Here is your question: What is love?" }),
      () => ({ content: JSON.stringify({ stem: null, parts: [{ content: "<p>What is love?</p>", marks: 1, options: null, modelAnswer: "<p>b</p>" }] }) }),
      () => ({ content: JSON.stringify({ stem: null, parts: [{ ...part, marks: 99 }] }) }),
      () => ({ content: JSON.stringify({ stem: bankQuestion.stem ?? null, parts: bankQuestion.parts.map((p) => ({ ...p, options: p.options ?? null })) }) }),
      () => ({ content: JSON.stringify({ stem: null, parts: [{ ...part, content: "<script>alert(1)</script>" }] }) }),
      () => ({ status: 500, error: { message: "overloaded" } }),
    ];
    standIn.reply = () => bad[call++ % bad.length]();
    const { run, credits } = await setup();
    const doc = await run();
    expect(standIn.requests.length).toBe(MAX_MODEL_SLOTS * MAX_ATTEMPTS_PER_SLOT);
    expect(items(doc).every((i) => i.origin !== "ai")).toBe(true);
    expect(items(doc)).toHaveLength(30);
    expect(await credits()).toBe(1);
  });

  it("finishes at the deadline: late slots keep their bank question, late requests are aborted, the student is told how many the model wrote", async () => {
    standIn.requests = [];
    standIn.aborted = 0;
    let n = 0;
    const release: (() => void)[] = [];
    // A slow model: the first two answers come at once, every later request hangs until released.
    standIn.reply = (req) => {
      n++;
      if (n <= 2) return { content: JSON.stringify(goodAnswer(req.messages[1].content, n)) };
      return new Promise((resolve) => release.push(() => resolve({ content: JSON.stringify(goodAnswer(req.messages[1].content, 100 + n)) })));
    };
    // The deadline is ours to reach: it comes once four requests are waiting on the model.
    const deadline = new AbortController();
    const { stream, documentOf, credits } = await setup({ modelDeadline: () => deadline.signal });
    const events = stream();
    await vi.waitFor(() => expect(standIn.pending).toBe(4));
    deadline.abort();
    const received = await events;
    release.forEach((answer) => answer());

    // The progress told the student how many questions the model had written, as they came.
    expect(received.filter(([e]) => e === "model").map(([, d]) => d)).toEqual([{ written: 0, asked: 12 }, { written: 1, asked: 12 }, { written: 2, asked: 12 }]);
    const [event, done] = received.at(-1)!;
    expect(event).toBe("done");
    // Two slots were written; the four waiting requests were aborted, no request started after the deadline.
    expect(done.modelShare).toEqual({ written: 2, asked: MAX_MODEL_SLOTS, late: MAX_MODEL_SLOTS - 2, total: 30 });
    expect(standIn.requests.length).toBe(6);
    await vi.waitFor(() => expect(standIn.aborted).toBe(4));
    expect(standIn.pending).toBe(0);

    const doc = await documentOf(done.id);
    expect(items(doc)).toHaveLength(30);
    expect(items(doc).filter((i) => i.origin === "ai")).toHaveLength(2);
    // The paper's cover says the same.
    expect(doc.notice).toContain("2 of the 30 questions were written by an AI model; the other 28 come from ExamPrep's question bank.");
    expect(doc.notice).toContain("The model ran out of time for 10 questions");
    expect(await credits()).toBe(1);
  });

  it("gives the model a deadline inside the specification's 60 seconds", () => {
    expect(MODEL_DEADLINE_MS).toBeLessThan(GENERATION_TIMEOUT_MS);
    expect(GENERATION_TIMEOUT_MS - MODEL_DEADLINE_MS).toBeGreaterThanOrEqual(15_000);
  });
});
