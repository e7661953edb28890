// The model calls a test session's phases make, each logged as an AI interaction (admin-tools.md §3):
// the prompts sent, the answer as received, its latency and token usage, and what the checks made of
// it. The model may confirm the cover's subject and tidy the text of a page the local pass read
// poorly; it may not invent, rephrase or drop a question, which is checked against the local pass
// before anything of its answer is used.
import { zodResponseFormat } from "openai/helpers/zod";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { extractionTestInteractions } from "../../db/schema.ts";
import type { ModelClient } from "../../ai/client.ts";
import type { AiInteraction, TestPhase } from "../../../shared/extraction-testing.ts";
import type { CoverFacts } from "../cover.ts";
import type { ExtractedQuestion } from "../extract.ts";
import { TIDY_SYSTEM, tidyProblems, tidyPrompt, tidySchema } from "../tidy.ts";

type Checks = AiInteraction["validationResults"];

interface Call<S extends z.ZodType> {
  sessionId: number;
  step: TestPhase;
  name: string;
  schema: S;
  systemPrompt: string;
  userPrompt: string;
  /** Judges a well-formed answer: its checks, and whether it may be used. */
  judge: (answer: z.output<S>) => { checks: Omit<Checks, "structureValid">; accepted: boolean };
}

/** One logged call: the answer when it was well-formed and accepted, else null (the local reading stands), and its checks. */
export async function loggedCall<S extends z.ZodType>(db: Database, mc: ModelClient, call: Call<S>): Promise<{ answer: z.output<S> | null; checks: Checks }> {
  const started = performance.now();
  let content = "";
  let usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | undefined;
  let checks: Checks;
  let accepted = false;
  let answer: z.output<S> | null = null;
  try {
    const completion = await mc.client.chat.completions.create({
      model: mc.model,
      response_format: zodResponseFormat(call.schema, call.name),
      temperature: 0,
      messages: [{ role: "system", content: call.systemPrompt }, { role: "user", content: call.userPrompt }],
    });
    content = completion.choices[0]?.message?.content ?? completion.choices[0]?.message?.refusal ?? "";
    usage = completion.usage;
    let json: unknown;
    try {
      json = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ""));
    } catch {
      json = undefined;
    }
    const result = call.schema.safeParse(json);
    if (!result.success) {
      checks = { structureValid: false, contentComplete: false, dataQuality: "low", errors: [`The answer does not match the ${call.name} schema${json === undefined ? " (not JSON)" : `: ${result.error.issues[0].path.join(".") || "(root)"}: ${result.error.issues[0].message}`}`] };
    } else {
      const judged = call.judge(result.data);
      checks = { structureValid: true, ...judged.checks };
      accepted = judged.accepted;
      if (accepted) answer = result.data;
    }
  } catch (error) {
    checks = { structureValid: false, contentComplete: false, dataQuality: "low", errors: [`The call failed: ${error instanceof Error ? error.message : String(error)}`] };
  }
  await db.insert(extractionTestInteractions).values({
    sessionId: call.sessionId,
    step: call.step,
    model: mc.model,
    systemPrompt: call.systemPrompt,
    userPrompt: call.userPrompt,
    content,
    processingTime: Math.round(performance.now() - started),
    promptTokens: usage?.prompt_tokens ?? null,
    completionTokens: usage?.completion_tokens ?? null,
    totalTokens: usage?.total_tokens ?? null,
    validation: JSON.stringify(checks),
    accepted,
  });
  return { answer, checks };
}

const SUBJECT_SYSTEM = "You check which subject an exam paper is for, from the text of its cover. Answer only from that text: " +
  "give the subject as the cover prints it, or null when the cover does not say. Say whether you agree with the reading you are given.";
const subjectSchema = z.object({ subject: z.string().nullable(), agrees: z.boolean(), reason: z.string() });

/**
 * The model's reading of the cover's subject. It confirms or questions the local reading; a subject
 * is taken from it only when the local reading found none and the cover's text really prints it.
 */
export async function confirmSubject(db: Database, mc: ModelClient, sessionId: number, coverText: string, cover: CoverFacts) {
  const printed = (s: string) => coverText.toLowerCase().includes(s.trim().toLowerCase());
  const { answer, checks } = await loggedCall(db, mc, {
    sessionId, step: "subject_detection", name: "cover_subject", schema: subjectSchema, systemPrompt: SUBJECT_SYSTEM,
    userPrompt: `The local reading found: subject ${cover.subject ?? "none"}, board ${cover.board ?? "none"}, level ${cover.level ?? "none"}.\n\nThe cover's text:\n${coverText.slice(0, 4000)}`,
    judge: (a) => {
      const errors: string[] = [];
      if (a.subject && !printed(a.subject)) errors.push(`The cover does not print '${a.subject}'.`);
      if (!a.agrees && cover.subject) errors.push(`The model disagrees with '${cover.subject}': ${a.reason}`);
      return {
        checks: { contentComplete: a.subject !== null, dataQuality: errors.length ? "medium" : "high", errors },
        accepted: a.subject !== null && printed(a.subject),
      };
    },
  });
  return { subject: answer?.subject ?? null, checks };
}

/** The page's questions with the model's tidied text (null when its answer was refused), and the checks. */
export async function tidyPage(db: Database, mc: ModelClient, sessionId: number, page: number, questions: readonly ExtractedQuestion[]) {
  const { local, prompt } = tidyPrompt(page, questions);
  const { answer, checks } = await loggedCall(db, mc, {
    sessionId, step: "content_extraction", name: "page_questions", schema: tidySchema, systemPrompt: TIDY_SYSTEM,
    userPrompt: prompt,
    judge: (a) => {
      const errors = tidyProblems(local, a.questions);
      return { checks: { contentComplete: a.questions.length === local.length, dataQuality: errors.length ? "low" : "high", errors }, accepted: errors.length === 0 };
    },
  });
  return { tidied: answer?.questions ?? null, checks };
}
