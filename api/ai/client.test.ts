// Structured output with the real openai SDK against the local stand-in: the request carries the
// strict JSON schema made from the zod schema, and the answer is validated with that schema.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { completeStructured, modelClient } from "./client.ts";
import { type OpenAIStandIn, responseFormatProblem, startOpenAIStandIn } from "./stand-in.ts";

const schema = z.object({
  title: z.string(),
  marks: z.number().int().min(1),
  options: z.array(z.string()).length(4).nullable(),
});

let standIn: OpenAIStandIn;
beforeAll(async () => {
  standIn = await startOpenAIStandIn(() => ({ content: "{}" }), { requireJsonSchema: true });
});
afterAll(() => standIn.close());
const client = () => modelClient({ OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" })!;

describe("completeStructured", () => {
  it("sends the zod schema as a strict json_schema response format and returns the validated answer", async () => {
    standIn.reply = () => ({ content: JSON.stringify({ title: "Cells", marks: 2, options: null }) });
    expect(await completeStructured(client(), "probe", schema, "system", "user")).toEqual({ title: "Cells", marks: 2, options: null });
    const format = standIn.requests.at(-1)!.response_format;
    expect(format).toMatchObject({
      type: "json_schema",
      json_schema: {
        name: "probe",
        strict: true,
        schema: {
          type: "object",
          required: ["title", "marks", "options"],
          additionalProperties: false,
          properties: { title: { type: "string" }, marks: { type: "integer", minimum: 1 } },
        },
      },
    });
  });

  it("refuses an answer that breaks the schema, or is not JSON, with a SyntaxError naming the problem", async () => {
    standIn.reply = () => ({ content: JSON.stringify({ title: "Cells", marks: 0, options: null }) });
    await expect(completeStructured(client(), "probe", schema, "s", "u")).rejects.toThrow(/does not match the probe schema: marks/);
    standIn.reply = () => ({ content: "Here you go: a question!" });
    await expect(completeStructured(client(), "probe", schema, "s", "u")).rejects.toBeInstanceOf(SyntaxError);
  });
});

describe("the stand-in's response_format check", () => {
  it("refuses JSON mode when structured output is required, and schemas strict mode cannot take", () => {
    expect(responseFormatProblem({ type: "json_object" }, true)).toMatch(/must be \{type: "json_schema"\}/);
    expect(responseFormatProblem({ type: "json_object" })).toBeNull();
    const strict = (schema: Record<string, unknown>) => responseFormatProblem({ type: "json_schema", json_schema: { name: "q", strict: true, schema } });
    expect(strict({ type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false })).toBeNull();
    expect(strict({ type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a"], additionalProperties: false })).toMatch(/missing: b/);
    expect(strict({ type: "object", properties: { a: { type: "string" } }, required: ["a"] })).toMatch(/additionalProperties/);
    expect(responseFormatProblem({ type: "json_schema", json_schema: { name: "bad name!", schema: { type: "object" } } })).toMatch(/name/);
  });
});
