// New questions for predicted papers, written by an OpenAI-compatible model: one call a slot, with
// the bank question the offline engine chose as the style example. The request asks for structured
// output (the strict JSON schema of modelAnswerSchema); every answer is validated (that schema, then
// marks and safe HTML), checked against the bank for near-duplicates, retried a bounded number of
// times, and otherwise the bank question stays.
import { z } from "zod";
import { partSchema, type Slot, type Topic } from "../../shared/papers.ts";
import { completeStructured, type ModelClient } from "../ai/client.ts";
import { htmlToText, sanitiseQuestionHtml } from "./html.ts";
import type { Candidate } from "./candidate.ts";

export const MAX_ATTEMPTS_PER_SLOT = 2;
/** At most this many slots are written by the model, so a paper stays within the generation time. */
export const MAX_MODEL_SLOTS = 12;
/**
 * How long the model may write, from its first request: whatever it has not delivered by then is
 * aborted and those slots keep their bank question. The specification gives a generation up to 60 s
 * (GENERATION_TIMEOUT_MS); this leaves the rest for choosing the questions, the PDF and storing.
 */
export const MODEL_DEADLINE_MS = 40_000;
/** The deadline of one generation's model requests; Deps.modelDeadline replaces it (tests abort it when they choose). */
export const defaultModelDeadline = (): AbortSignal => AbortSignal.timeout(MODEL_DEADLINE_MS);
const CONCURRENCY = 4;
/** Share of word triples a new question may have in common with a bank question. */
const DUPLICATE_THRESHOLD = 0.5;

/**
 * The answer's shape, sent to the model as a strict JSON schema (structured output): strict mode
 * needs every field present, so the optional ones are null when absent. Text is plain strings
 * here: it is sanitised before the content rules of modelQuestionSchema apply.
 */
export const modelAnswerSchema = z.object({
  stem: z.string().nullable(),
  parts: z.array(z.object({
    content: z.string(),
    marks: partSchema.shape.marks,
    options: z.array(z.string()).length(4).nullable(),
    markScheme: z.string(),
    modelAnswer: z.string(),
  })).min(1).max(8),
});
export type ModelAnswer = z.output<typeof modelAnswerSchema>;
/** The name the schema is sent under. */
export const MODEL_ANSWER_NAME = "exam_question";

/** A sanitised answer as a question: the bank's rules for parts (safe HTML, four options). */
const modelQuestionSchema = z.object({
  stem: z.string().optional(),
  parts: z.array(partSchema.omit({ answerLines: true })).min(1).max(8),
});

function shingles(text: string): Set<string> {
  const words = htmlToText(text).toLowerCase().replace(/[^a-z0-9 ]/g, " ").split(/\s+/).filter(Boolean);
  const out = new Set<string>();
  for (let i = 0; i + 2 < words.length; i++) out.add(words.slice(i, i + 3).join(" "));
  return out;
}
function overlap(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  for (const s of a) if (b.has(s)) shared++;
  return shared / Math.min(a.size, b.size);
}
const questionText = (q: { stem?: string | null; parts: { content: string }[] }) => [q.stem ?? "", ...q.parts.map((p) => p.content)].join(" ");

export interface ModelSlot {
  slot: Slot;
  /** The bank question the offline engine chose, as the style example; none when the bank has none for the slot. */
  example?: Candidate;
  topic: Topic;
}

const SYSTEM = [
  "You write original practice questions for UK GCSE and A-Level exam papers, in the exact style of the named exam board's paper.",
  "Answer with one JSON object: {\"stem\": string or null, \"parts\": [{\"content\": string, \"marks\": integer, \"options\": [4 strings] or null, \"markScheme\": string, \"modelAnswer\": string}]}.",
  "Text fields are HTML using only the tags p, br, strong, em, sub, sup, ul, ol, li, table, tr, th, td, pre, code, with no attributes.",
  "The marks of the parts must add up exactly to the total asked for. A multiple-choice part is worth 1 mark and has exactly four options.",
  "Never copy or reword a real exam question or the example: write a new question on the same topic that tests it differently. Facts and answers must be correct.",
].join(" ");

function promptFor(paperLabel: string, m: ModelSlot, avoid: string[]): string {
  const ex = m.example;
  return JSON.stringify({
    task: "Write one new question for this slot of the paper.",
    paper: paperLabel,
    topic: { name: m.topic.name, covers: m.topic.description },
    totalMarks: m.slot.marks,
    questionType: m.slot.type,
    style: m.slot.style ?? null,
    // Without an example (a paper built from an admin's structure, before its bank has questions) the
    // type and marks alone shape the question.
    ...(ex
      ? {
        numberOfParts: ex.parts.length,
        partMarks: ex.parts.map((p) => p.marks),
        multipleChoiceParts: ex.parts.flatMap((p, i) => (p.options ? [i + 1] : [])),
        styleExample: { stem: ex.stem, parts: ex.parts.map(({ content, marks, options, markScheme }) => ({ content, marks, options, markScheme })) },
      }
      : {}),
    doNotRepeat: avoid.slice(0, 5),
  });
}

/** Validates one model answer for a slot: the question, or the reason it was refused. */
export function acceptModelQuestion(answer: ModelAnswer, m: ModelSlot, bank: Set<string>[]): { ok: true; stem?: string; parts: Candidate["parts"] } | { ok: false; reason: string } {
  // null (strict structured output's "absent") becomes a missing field, as the bank has it.
  const question = {
    ...(answer.stem !== null ? { stem: answer.stem } : {}),
    parts: answer.parts.map(({ options, ...p }) => ({ ...p, ...(options !== null ? { options } : {}) })),
  };
  const parsed = modelQuestionSchema.safeParse(sanitiseDeep(question));
  if (!parsed.success) return { ok: false, reason: `invalid answer: ${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}` };
  const q = parsed.data;
  const total = q.parts.reduce((n, p) => n + p.marks, 0);
  if (total !== m.slot.marks) return { ok: false, reason: `the parts give ${total} marks, not ${m.slot.marks}` };
  if (q.parts.some((p) => p.options && p.marks !== 1)) return { ok: false, reason: "a multiple-choice part is not worth 1 mark" };
  const mine = shingles(questionText(q));
  if (bank.some((b) => overlap(mine, b) > DUPLICATE_THRESHOLD)) return { ok: false, reason: "too close to a question in the bank" };
  return { ok: true, stem: q.stem || undefined, parts: q.parts };
}

function sanitiseDeep(raw: unknown): unknown {
  if (typeof raw === "string") return sanitiseQuestionHtml(raw).trim();
  if (Array.isArray(raw)) return raw.map(sanitiseDeep);
  if (raw && typeof raw === "object") return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, k === "options" && Array.isArray(v) ? v.map((o) => typeof o === "string" ? htmlToText(o) : o) : sanitiseDeep(v)]));
  return raw;
}

export interface ModelOutcome {
  written: Map<number, { stem?: string; parts: Candidate["parts"] }>;
  failures: string[];
  /** Slots still unwritten when the deadline came (their requests aborted, or never sent). */
  late: number;
}

/**
 * Asks the model for each slot (bounded attempts and concurrency) until `deadline` aborts: the
 * requests still running then are aborted through the same signal (the SDK closes their
 * connections), no new one starts, and every slot without an accepted answer keeps its bank
 * question. `onWritten` reports each accepted question as it arrives.
 */
export async function writeWithModel(
  mc: ModelClient,
  paperLabel: string,
  slots: ModelSlot[],
  bankQuestions: { stem?: string | null; parts: { content: string }[] }[],
  deadline: AbortSignal,
  onWritten?: (written: number) => void,
): Promise<ModelOutcome> {
  const bank = bankQuestions.map((q) => shingles(questionText(q)));
  const written = new Map<number, { stem?: string; parts: Candidate["parts"] }>();
  const failures: string[] = [];
  const settled = new Set<number>();
  let next = 0;
  const worker = async () => {
    while (next < slots.length && !deadline.aborted) {
      const index = next++;
      const m = slots[index];
      const avoid: string[] = [];
      for (let attempt = 1; attempt <= MAX_ATTEMPTS_PER_SLOT && !deadline.aborted; attempt++) {
        try {
          const answer = await completeStructured(mc, MODEL_ANSWER_NAME, modelAnswerSchema, SYSTEM, promptFor(paperLabel, m, avoid), deadline);
          const result = acceptModelQuestion(answer, m, [...bank, ...[...written.values()].map((w) => shingles(questionText(w)))]);
          if (result.ok) {
            written.set(index, { stem: result.stem, parts: result.parts });
            onWritten?.(written.size);
            break;
          }
          failures.push(`slot ${index + 1}, attempt ${attempt}: ${result.reason}`);
        } catch (err) {
          failures.push(`slot ${index + 1}, attempt ${attempt}: ${deadline.aborted ? "aborted at the generation deadline" : (err as Error).message}`);
        }
      }
      // A slot whose attempts all ran (and failed) before the deadline is not late, only failed.
      if (!deadline.aborted || written.has(index)) settled.add(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, slots.length) }, worker));
  return { written, failures, late: slots.length - settled.size };
}
