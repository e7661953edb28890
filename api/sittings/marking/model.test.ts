// markWithModel against the local OpenAI stand-in with the real openai SDK: the request carries the
// strict schema, the part's levels and the answer; a good reply becomes a model mark; a level or mark
// outside the scheme, or a malformed reply, throws (the caller falls back to self-marking).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelClient } from "../../ai/client.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../../ai/stand-in.ts";
import { markWithModel } from "./index.ts";
import { bankPart } from "./testing.ts";

let standIn: OpenAIStandIn;
beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ content: "{}" }), { requireJsonSchema: true });
});
afterAll(() => standIn.close());
const client = () => modelClient({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" })!;
const reply = (body: unknown) => (standIn.reply = () => ({ content: JSON.stringify(body) }));

// Biology 6-mark evaluation: Level 3 (5–6), Level 2 (3–4), Level 1 (1–2), no relevant content (0).
const sixMarker = bankPart("bio1-011", 3);
// Religious Studies 12-mark evaluation: Level 4 (10–12) … Level 1 (1–3), 0 marks.
const twelveMarker = bankPart("rs1-017", 0);
const ANSWER = "Stem cells could cure type 1 diabetes, so patients would not need insulin injections. But the embryo is destroyed, which some people think is wrong.";

describe("markWithModel", () => {
  it("returns the model's level, mark and reasons, labelled as the model's", async () => {
    reply({ level: 2, marks: 4, reasons: ["Benefits and risks are described with some linking.", "A justified conclusion would reach Level 3."] });
    const mark = await markWithModel(client(), sixMarker, ANSWER);
    expect(mark).toMatchObject({
      awarded: 4,
      max: 6,
      method: "model",
      level: 2,
      reasons: ["Benefits and risks are described with some linking.", "A justified conclusion would reach Level 3."],
    });
    expect(Date.parse(mark.markedAt)).not.toBeNaN();
    const request = standIn.requests.at(-1)!;
    expect(request.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "levels_mark", strict: true } });
    const prompt = request.messages.at(-1)!.content;
    expect(prompt).toContain("Level 3 (5–6 marks): A detailed evaluation");
    expect(prompt).toContain("- better quality of life");
    expect(prompt).toContain(ANSWER);
  });

  it("accepts level 0 with 0 marks, and a mark at the top of the top band", async () => {
    reply({ level: 0, marks: 0, reasons: ["Nothing relevant to the question."] });
    expect(await markWithModel(client(), sixMarker, "I like cheese.")).toMatchObject({ awarded: 0, level: 0, method: "model" });
    reply({ level: 4, marks: 12, reasons: ["Well argued on both sides with a justified conclusion."] });
    expect(await markWithModel(client(), twelveMarker, ANSWER)).toMatchObject({ awarded: 12, max: 12, level: 4 });
  });

  it("throws for a mark outside the level's band, over the part's marks, or a level the scheme lacks", async () => {
    reply({ level: 3, marks: 3, reasons: ["x"] });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow("The model gave 3 marks at level 3, outside its band of 5–6.");
    reply({ level: 3, marks: 7, reasons: ["x"] });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow("The model gave 7 marks, more than part 4's 6.");
    reply({ level: 4, marks: 6, reasons: ["x"] });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow("The model gave level 4, which part 4's mark scheme does not have.");
  });

  it("throws for a malformed reply, a reply that breaks the schema, or a failed request", async () => {
    standIn.reply = () => ({ content: "Level 2, 4 marks." });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toBeInstanceOf(SyntaxError);
    reply({ level: 2, marks: 3.5, reasons: ["x"] });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow(/does not match the levels_mark schema: marks/);
    reply({ level: 2, marks: 4, reasons: [] });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow(/levels_mark schema: reasons/);
    standIn.reply = () => ({ status: 500, error: { message: "overloaded" } });
    await expect(markWithModel(client(), sixMarker, ANSWER)).rejects.toThrow();
  });

  it("does not ask the model about a blank answer or a part that is not levels-marked", async () => {
    const before = standIn.requests.length;
    expect(await markWithModel(client(), sixMarker, "  ")).toMatchObject({ awarded: 0, method: "exact", reasons: ["No answer given (0)"] });
    await expect(markWithModel(client(), bankPart("bio1-001", 2), ANSWER)).rejects.toThrow("is not marked by levels");
    expect(standIn.requests.length).toBe(before);
  });
});
