// The request bodies of /api/sittings (shared/sittings.ts has the rest of exam mode's contract): the
// API parses them, the contract documents them, and the pages send what their types say.
import { z } from "./zod.ts";
import { ANSWER_MAX_CHARS, type AnswerValue, CELL_MAX_CHARS } from "./sittings.ts";

/** An answer as the student gave it: text, or one value per blank table cell in reading order. */
export const answerValueSchema: z.ZodType<AnswerValue> = z.union([z.string().max(ANSWER_MAX_CHARS), z.array(z.string().max(CELL_MAX_CHARS)).max(200)]);

const partNumber = z.string().max(20, "Unknown question part").regex(/^[0-9A-Za-z.()]{1,20}$/, "Unknown question part");

export const startSittingSchema = z.object({
  generatedPaperId: z.number().int().positive(),
  extraTime: z.union([z.literal(0), z.literal(25), z.literal(50)]).default(0),
});
export type StartSitting = z.infer<typeof startSittingSchema>;

/**
 * One autosave: the answers changed since the last save (by part number), the flags as they stand,
 * and seconds spent per part since the last save (added to what is stored).
 */
export const saveAnswersSchema = z.object({
  answers: z.record(partNumber, answerValueSchema).default({}),
  flags: z.array(partNumber).max(500).optional(),
  timeSpent: z.record(partNumber, z.number().int().min(0).max(36_000)).default({}),
});
export type SaveAnswers = z.infer<typeof saveAnswersSchema>;

/** `automatic`: the clock ran out in the browser; the only submission accepted after the deadline. */
export const submitSittingSchema = z.object({
  automatic: z.boolean().default(false),
});

/** The student's own mark for a self-marked part (offline extended answers, or a re-mark). */
export const selfMarkSchema = z.object({
  part: partNumber,
  marks: z.number().int().min(0),
  level: z.number().int().min(0).max(10).optional(),
});
export type SelfMark = z.infer<typeof selfMarkSchema>;

/** A re-mark of one part: by the model again, or by the student. */
export const remarkSchema = z.object({
  part: partNumber,
  method: z.enum(["model", "self"]),
  marks: z.number().int().min(0).optional(),
  level: z.number().int().min(0).max(10).optional(),
});
export type Remark = z.infer<typeof remarkSchema>;
