// The catalogue's admin side (admin-tools.md §2 Exam Papers and Paper Structure card, §3 Paper and
// Paper structure, §5 Paper form and Structure editor, §7): request schemas with the specification's
// messages, the structure's shape and summary, and the admin's default settings. The admin tools and
// the API both use these; nothing restates them.
import { z } from "./zod.ts";
import { CATALOGUE_NAME_MAX } from "./constants.ts";
import { MARK_OPTIONS, QUESTION_TYPES } from "./papers.ts";
import { EXAM_DATE_SOURCE_MAX, EXAM_DATES_MAX, EXAM_SERIES_MAX, type ExamDate } from "./exam-dates.ts";

const requiredName = (message: string) =>
  z.string().trim().min(1, message).max(CATALOGUE_NAME_MAX, `Names must not exceed ${CATALOGUE_NAME_MAX} characters`);
const emptyAsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(emptyAsAbsent, z.string().trim().max(max, `${label} must not exceed ${max} characters`).optional());

/** A subject, exam board or level of the catalogue as the admin list shows it. */
export interface CatalogueItem {
  id: number;
  name: string;
}
/** Which boards a subject offers at a level: one row per (subject, board, level). */
export interface Offering {
  id: number;
  subjectId: number;
  examBoardId: number;
  levelId: number;
}

/** POST /api/offerings: a board offers a subject at a level (all three existing catalogue records). */
export const offeringSchema = z.object({
  subject: requiredName("Subject is required"),
  examBoard: requiredName("Exam board is required"),
  level: requiredName("Level is required"),
});
export type OfferingInput = z.infer<typeof offeringSchema>;

export const PAPER_NAME_MIN = 3;
export const PAPER_DESCRIPTION_MAX = 2000;
export const SUBJECT_CODE_MAX = 40;

/** §5 Paper form: POST /api/papers and PATCH /api/papers/:id with the paper's details. */
export const paperDetailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Paper name is required")
    .min(PAPER_NAME_MIN, `Paper name must be at least ${PAPER_NAME_MIN} characters`)
    .max(CATALOGUE_NAME_MAX, `Paper name must not exceed ${CATALOGUE_NAME_MAX} characters`),
  subject: requiredName("Subject is required"),
  examBoard: requiredName("Exam board is required"),
  level: requiredName("Level is required"),
  description: optionalText(PAPER_DESCRIPTION_MAX, "Description"),
  subjectCode: optionalText(SUBJECT_CODE_MAX, "Subject code"),
  examDate: z.preprocess(emptyAsAbsent, z.iso.date("Exam date must be a date (YYYY-MM-DD)").optional()),
});
export type PaperDetails = z.infer<typeof paperDetailsSchema>;

export const STRUCTURE_MESSAGES = {
  atLeastOneSection: "A paper must have at least one section.",
  atLeastOneQuestion: "The question count must be a number of at least 1.",
  sectionName: "Please enter a name for every section.",
  markOption: `Marks must be one of ${MARK_OPTIONS.join(", ")}.`,
  questionType: `Question types are ${QUESTION_TYPES.join(", ")}.`,
  countMatches: "Each section's question count must match its questions.",
  sectionCount: "Must have at least 1 section",
  sectionCountMatches: "The section count must match the structure's sections.",
  unreadable: "The question structure must be JSON.",
} as const;

const markOption = z.union(MARK_OPTIONS.map((m) => z.literal(m)) as unknown as [z.ZodLiteral<number>, z.ZodLiteral<number>], {
  error: STRUCTURE_MESSAGES.markOption,
});
const questionType = z.enum(QUESTION_TYPES, { error: STRUCTURE_MESSAGES.questionType });

/** §3 Paper structure: one question of a section; marks null means an allocation is still needed. */
export const structureQuestionSchema = z.object({
  id: z.string().trim().min(1).max(20),
  type: questionType,
  marks: markOption.nullable(),
  displayName: z.string().max(40).optional(),
});
export const structureSectionSchema = z
  .object({
    name: z.string().trim().min(1, STRUCTURE_MESSAGES.sectionName).max(CATALOGUE_NAME_MAX),
    questionCount: z.number({ error: STRUCTURE_MESSAGES.atLeastOneQuestion }).int().min(1, STRUCTURE_MESSAGES.atLeastOneQuestion).max(200),
    questionTypes: z.array(questionType).max(QUESTION_TYPES.length),
    marks: z.array(markOption).max(MARK_OPTIONS.length),
    questions: z.array(structureQuestionSchema).min(1, STRUCTURE_MESSAGES.atLeastOneQuestion).max(200),
  })
  .refine((s) => s.questions.length === s.questionCount, { message: STRUCTURE_MESSAGES.countMatches, path: ["questionCount"] });
export type StructureSection = z.infer<typeof structureSectionSchema>;
export type StructureQuestion = z.infer<typeof structureQuestionSchema>;

export const paperStructureSchema = z.object({
  /** Set by the seed on a structure derived from a bank file: an admin's saved structure has none. */
  seeded: z.boolean().optional(),
  sections: z.array(structureSectionSchema).min(1, STRUCTURE_MESSAGES.atLeastOneSection).max(50),
});
export type PaperStructure = z.infer<typeof paperStructureSchema>;

/** The longest structure text accepted: 50 sections of 200 questions is far beyond any paper. */
export const STRUCTURE_TEXT_MAX = 60_000;

/** PATCH /api/papers/:id {questionStructure, sectionCount}: the structure as JSON text, as §7 sends it. */
export const structurePatchSchema = z
  .object({
    questionStructure: z.string().min(1, STRUCTURE_MESSAGES.atLeastOneSection).max(STRUCTURE_TEXT_MAX, "The structure is too large."),
    sectionCount: z.coerce.number({ error: STRUCTURE_MESSAGES.sectionCount }).int().min(1, STRUCTURE_MESSAGES.sectionCount),
  })
  .transform((v, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v.questionStructure);
    } catch {
      ctx.addIssue({ code: "custom", path: ["questionStructure"], message: STRUCTURE_MESSAGES.unreadable });
      return z.NEVER;
    }
    // An array of sections (the editor's own shape) or { sections }.
    const structure = paperStructureSchema.safeParse(Array.isArray(parsed) ? { sections: parsed } : parsed);
    if (!structure.success) {
      for (const issue of structure.error.issues) ctx.addIssue({ ...issue, path: ["questionStructure", ...issue.path] } as never);
      return z.NEVER;
    }
    if (structure.data.sections.length !== v.sectionCount) {
      ctx.addIssue({ code: "custom", path: ["sectionCount"], message: STRUCTURE_MESSAGES.sectionCountMatches });
      return z.NEVER;
    }
    return { sections: structure.data.sections, sectionCount: v.sectionCount };
  });

/** The structure stored on a paper, or null when it cannot be read (the editor then offers the default). */
export function readStructure(text: string): StructureSection[] | null {
  if (!text.trim()) return null;
  try {
    const parsed = JSON.parse(text);
    const result = paperStructureSchema.safeParse(Array.isArray(parsed) ? { sections: parsed } : parsed);
    return result.success ? result.data.sections : null;
  } catch {
    return null;
  }
}

/** §9: a new section has 5 questions (MC, MC, SA, SA, LA) and is named by the next letter. */
const DEFAULT_SECTION_TYPES = ["Multiple Choice", "Multiple Choice", "Short Answer", "Short Answer", "Long Answer"] as const;
/** §9: marks options default to [1, 2, 5]: each default question takes the one of its type. */
const DEFAULT_MARKS: Record<string, (typeof MARK_OPTIONS)[number]> = { "Multiple Choice": 1, "Short Answer": 2, "Long Answer": 5 };

export function defaultSection(index: number): StructureSection {
  const letter = String.fromCharCode(65 + (index % 26));
  return {
    name: `Section ${letter}`,
    questionCount: DEFAULT_SECTION_TYPES.length,
    questionTypes: ["Multiple Choice", "Short Answer", "Long Answer"],
    marks: [1, 2, 5],
    questions: DEFAULT_SECTION_TYPES.map((type, i) => ({ id: `${letter}${i + 1}`, type, marks: DEFAULT_MARKS[type] })),
  };
}

/** 'n sections with a total of n questions (n marks)' (§2 Paper Structure card). */
export function structureSummary(sections: readonly StructureSection[]): string {
  const questions = sections.reduce((n, s) => n + s.questions.length, 0);
  const marks = sections.reduce((n, s) => n + s.questions.reduce((m, q) => m + (q.marks ?? 0), 0), 0);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  return `${plural(sections.length, "section")} with a total of ${plural(questions, "question")} (${plural(marks, "mark")})`;
}

/** §3 Default settings form, stored per admin (GET/PUT /api/admin/defaults). Empty text: no default. */
export const adminDefaultsSchema = z.object({
  defaultSubject: z.string().trim().max(CATALOGUE_NAME_MAX).default(""),
  defaultLevel: z.string().trim().max(CATALOGUE_NAME_MAX).default(""),
  defaultExamBoard: z.string().trim().max(CATALOGUE_NAME_MAX).default(""),
  defaultPaper: z.string().trim().max(CATALOGUE_NAME_MAX).default(""),
  enableNotifications: z.boolean().default(true),
  enableAutoSave: z.boolean().default(true),
});
export type AdminDefaults = z.infer<typeof adminDefaultsSchema>;

/** GET /api/audit-log's query: the newest entries first, optionally of one entity. */
export const auditQuerySchema = z.object({
  entity: z.string().max(40).optional(),
  entityId: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** PATCH /api/papers/:id (§7) as the API documents it: the structure editor's body, or the paper's details. */
export const paperPatchBodySchema = z.union([structurePatchSchema, paperDetailsSchema]);

/**
 * What PATCH /api/papers/:id parses with: a body naming questionStructure is read as a structure,
 * anything else as details, so each gets its own schema's messages (a union would report neither).
 */
export const paperPatchSchema = z.unknown().transform((body, ctx) => {
  const isStructure = typeof body === "object" && body !== null && "questionStructure" in body;
  const result = isStructure ? structurePatchSchema.safeParse(body) : paperDetailsSchema.safeParse(body);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue(issue as never);
  return z.NEVER;
});

/** One exam date of a paper (shared/exam-dates.ts ExamDate), as an admin enters it. */
export const examDateSchema: z.ZodType<ExamDate> = z.object({
  series: z.string().trim().min(1, "Please name the series, for example Summer 2027").max(EXAM_SERIES_MAX, `A series name must not exceed ${EXAM_SERIES_MAX} characters`),
  date: z.iso.date("Exam date must be a date (YYYY-MM-DD)"),
  source: z
    .string()
    .trim()
    .min(1, "Please say where the date comes from (the board's timetable, for example)")
    .max(EXAM_DATE_SOURCE_MAX, `A source must not exceed ${EXAM_DATE_SOURCE_MAX} characters`),
});

/** PUT /api/papers/:id/exam-dates: the paper's whole list, one entry per series. */
export const examDatesSchema = z
  .object({ examDates: z.array(examDateSchema).max(EXAM_DATES_MAX, `A paper has at most ${EXAM_DATES_MAX} exam dates`) })
  .refine((v) => new Set(v.examDates.map((d) => d.series.toLowerCase())).size === v.examDates.length, {
    message: "Each series may appear only once",
    path: ["examDates"],
  });
