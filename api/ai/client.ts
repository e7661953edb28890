// The one OpenAI-compatible client: any server that speaks the OpenAI API works (OPENAI_BASE_URL),
// with the model of OPENAI_MODEL. Null when no key is configured: callers use their offline engine.
import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import type { Env } from "../env.ts";

export interface ModelClient {
  client: OpenAI;
  model: string;
}

const clients = new Map<string, ModelClient>();

export function modelClient(env: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_MODEL">): ModelClient | null {
  if (!env.OPENAI_API_KEY) return null;
  const key = `${env.OPENAI_BASE_URL ?? ""}|${env.OPENAI_API_KEY}|${env.OPENAI_MODEL}`;
  let found = clients.get(key);
  if (!found) {
    // Retries are the caller's (bounded, with its own fallback); a slow model must not hold a request for long.
    const client = new OpenAI({ apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, maxRetries: 0, timeout: 45_000 });
    found = { client, model: env.OPENAI_MODEL };
    clients.set(key, found);
  }
  return found;
}

const messages = (system: string, user: string) => [
  { role: "system" as const, content: system },
  { role: "user" as const, content: user },
];
/** Some OpenAI-compatible servers wrap JSON in a Markdown code fence even when asked not to. */
const unfenced = (text: string) => text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");

/** The JSON object a chat completion answered with (JSON mode); throws when the answer is not a JSON object. */
export async function completeJson(mc: ModelClient, system: string, user: string): Promise<unknown> {
  const completion = await mc.client.chat.completions.create({
    model: mc.model,
    response_format: { type: "json_object" },
    temperature: 0.8,
    messages: messages(system, user),
  });
  const parsed: unknown = JSON.parse(unfenced(completion.choices[0]?.message?.content ?? ""));
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new SyntaxError("The model did not answer with a JSON object.");
  return parsed;
}

/**
 * Structured output: the request carries the strict JSON schema made from the zod `schema` (the
 * SDK's zodResponseFormat, which supports zod 4), so a model that honours it can only answer in
 * that shape; the answer is still validated with the same zod schema, because a server may ignore
 * the schema and a model may stop early. Aborting `signal` aborts the request (its connection closes).
 * Throws a SyntaxError for an answer that is not JSON or breaks the schema (or a refusal), and the
 * SDK's errors for failed or aborted requests.
 */
export async function completeStructured<S extends z.ZodType>(mc: ModelClient, name: string, schema: S, system: string, user: string, signal?: AbortSignal): Promise<z.output<S>> {
  const completion = await mc.client.chat.completions.create({
    model: mc.model,
    response_format: zodResponseFormat(schema, name),
    temperature: 0.8,
    messages: messages(system, user),
  }, { signal });
  const message = completion.choices[0]?.message;
  if (message?.refusal) throw new SyntaxError(`The model refused: ${message.refusal}`);
  const parsed = schema.safeParse(JSON.parse(unfenced(message?.content ?? "")));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new SyntaxError(`The model's answer does not match the ${name} schema: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  return parsed.data;
}
