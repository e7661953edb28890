// The one OpenAI-compatible client: any server that speaks the OpenAI API works (OPENAI_BASE_URL),
// with the model of OPENAI_MODEL. Null when no key is configured: callers use their offline engine.
import OpenAI from "openai";
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

/** The JSON object a chat completion answered with; throws when the answer is not a JSON object. */
export async function completeJson(mc: ModelClient, system: string, user: string): Promise<unknown> {
  const completion = await mc.client.chat.completions.create({
    model: mc.model,
    response_format: { type: "json_object" },
    temperature: 0.8,
    messages: [
      { role: "system", content: system },
      { role: "user", content: user },
    ],
  });
  const text = completion.choices[0]?.message?.content ?? "";
  const cleaned = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  const parsed: unknown = JSON.parse(cleaned);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new SyntaxError("The model did not answer with a JSON object.");
  return parsed;
}
