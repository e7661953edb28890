// Predicted papers with a model: the real openai SDK against a local OpenAI-compatible stand-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { generatedPapers, users } from "../db/schema.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../ai/stand-in.ts";
import { loadBanks } from "./bank.ts";
import { MAX_ATTEMPTS_PER_SLOT, MAX_MODEL_SLOTS, MODEL_ANSWER_NAME } from "./ai-questions.ts";
import type { PaperDocument } from "../../shared/generation.ts";

let standIn: OpenAIStandIn;
beforeAll(async () => {
  // The stand-in refuses any request that does not ask for structured output with a strict schema.
  standIn = await startOpenAIStandIn(() => ({ content: "{}" }), { requireJsonSchema: true });
});
afterAll(() => standIn.close());

const bank = loadBanks().find((b) => b.blueprint.paper.name === "Paper 2A - Thematic Studies")!;
const request = { subject: "Religious Studies", examBoard: "AQA", paperName: bank.blueprint.paper.name, level: "GCSE", isPredicted: true };

/** Writes a fresh question for whatever slot the prompt describes, the way a good model would. */
function goodAnswer(prompt: string, n: number) {
  const ask = JSON.parse(prompt) as { totalMarks: number; partMarks: number[]; multipleChoiceParts: number[]; topic: { name: string } };
  return {
    stem: null,
    parts: ask.partMarks.map((marks, i) => ({
      // Words of its own for every question: the engine rightly refuses near-duplicates of earlier ones.
      content: `<p>Model-written question about ${ask.topic.name}. ${Array.from({ length: 12 }, (_, k) => `idea${n}x${i}x${k}`).join(" ")}?</p>`,
      marks,
      options: ask.multipleChoiceParts.includes(i + 1) ? ["First view", "Second view", "Third view", "Fourth view"] : null,
      markScheme: `<p>One mark for each valid point about perspective ${n * 7 + i}.</p>`,
      modelAnswer: `<p>A full answer for perspective ${n * 7 + i}.</p>`,
    })),
  };
}

async function setup() {
  const t = await createTestApp({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" });
  const s = await studentWithCredits(t, "ada", 2);
  const run = async () => {
    const res = await send(t.app, "/api/generate-enhanced-paper", request, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const id = (await res.json()).id as number;
    return JSON.parse((await t.db.select().from(generatedPapers).where(eq(generatedPapers.id, id)).get())!.document) as PaperDocument;
  };
  const credits = async () => (await t.db.select().from(users).where(eq(users.id, s.userId)).get())!.credits;
  return { run, credits };
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
});
