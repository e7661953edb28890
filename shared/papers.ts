// Paper blueprints and question-bank files: their schemas, the safe-HTML rule for question text,
// and the slot matcher that fills a blueprint from a bank. The generator, the seed, the bank tests
// and the admin structure editor all use these; nothing restates them.
import { z } from "./zod.ts";
import { figureSchema } from "./figures/schema.ts";
import { INSERTS } from "./inserts.ts";

/** Question types of the admin structure editor (admin-tools.md §5), plus 'Structured' for multi-part questions. */
export const QUESTION_TYPES = [
  "Multiple Choice",
  "Short Answer",
  "Long Answer",
  "Essay",
  "True/False",
  "Fill in the Blank",
  "Matching",
  "Structured",
] as const;
/** Mark options of the structure editor (admin-tools.md §5, §9). */
export const MARK_OPTIONS = [1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 25, 30] as const;
export const TIERS = ["Foundation", "Higher"] as const;
export const OPTION_STYLES = ["lettered-boxes", "boxes", "circle", "lozenges"] as const;
export type OptionStyle = (typeof OPTION_STYLES)[number];
/** Whether options are named by a letter (A–D) on papers of this style. */
export const optionsLettered = (style: OptionStyle | undefined) => style === undefined || style === "lettered-boxes" || style === "lozenges";
export type Tier = (typeof TIERS)[number];

/**
 * The only HTML question text may hold: plain formatting, lists, simple tables and code, with no
 * attributes at all. The PDF renderer and the viewer handle exactly these.
 */
export const SAFE_TAGS = [
  "p", "br", "strong", "em", "b", "i", "u", "sub", "sup", "ul", "ol", "li",
  "table", "thead", "tbody", "tr", "th", "td", "pre", "code", "blockquote",
] as const;
const SAFE_TAG_SET = new Set<string>(SAFE_TAGS);

/** The tags of `html` that break the safe-HTML rule (unknown tags, any attribute), empty when it is safe. */
export function unsafeHtml(html: string): string[] {
  const problems: string[] = [];
  for (const m of html.matchAll(/<\/?\s*([a-zA-Z0-9-]*)([^>]*)>/g)) {
    const [tag, name, rest] = m;
    if (!SAFE_TAG_SET.has(name.toLowerCase()) || rest.replace("/", "").trim() !== "") problems.push(tag);
  }
  if (/<(?![a-zA-Z/])/.test(html.replace(/<\/?\s*[a-zA-Z0-9-]*[^>]*>/g, ""))) problems.push("a bare '<' (write &lt;)");
  return problems;
}

const safeHtml = z.string().min(1).superRefine((html, ctx) => {
  const bad = unsafeHtml(html);
  if (bad.length) ctx.addIssue({ code: "custom", message: `unsafe HTML: ${bad.join(", ")}` });
});

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and hyphens");

export const topicSchema = z.object({
  /** Stable id, e.g. "cell-biology" or "theme-a". */
  id: slug,
  /** As the specification names it, e.g. "Cell biology" or "Theme A: Relationships and families". */
  name: z.string().min(2),
  description: z.string().min(10),
});
export type Topic = z.infer<typeof topicSchema>;

/** One question slot of a blueprint: what a bank question must be to fill it. */
export const slotSchema = z.object({
  /** The question number this slot belongs to: slots of one number are its parts, in order (AQA numbers them 01.1, 01.2…). */
  question: z.number().int().min(1),
  type: z.enum(QUESTION_TYPES),
  marks: z.number().int().min(1),
  /** The topics a question for this slot may come from. */
  topics: z.array(slug).min(1),
  /** A question style the slot needs (e.g. "explain-two-sources"); a bank question must have the same style. */
  style: slug.optional(),
  /**
   * Marks for spelling, punctuation and grammar (SPaG) awarded on this slot's answer, printed beside
   * its marks as on the board's paper ("[12 marks] [SPaG: 3 marks]"). Not part of the slot's marks.
   */
  spagMarks: z.number().int().min(1).optional(),
});
export type Slot = z.infer<typeof slotSchema>;

export const sectionSchema = z.object({
  /** "Section A", or "Theme A: Relationships and families". */
  name: z.string().min(1),
  /** Printed under the section heading. */
  instructions: z.string().optional(),
  slots: z.array(slotSchema).min(1),
});
export type Section = z.infer<typeof sectionSchema>;

export const paperIdentitySchema = z.object({
  subject: z.string().min(1),
  examBoard: z.string().min(1),
  level: z.string().min(1),
  /** The catalogue paper's name. */
  name: z.string().min(1),
});
export type PaperIdentity = z.infer<typeof paperIdentitySchema>;

/**
 * The board's rules for every paper of a blueprint (api/papers/rules.ts): the bank check verifies
 * that the bank can keep them and the generator keeps them on every paper it builds.
 */
export const paperRulesSchema = z.object({
  /** At least this many 6-mark levels-of-response questions (AQA sciences: one, predicted papers too). */
  minSixMarkLevels: z.number().int().min(0).default(0),
  /** At least this many figures. */
  minFigures: z.number().int().min(0).default(0),
  /** At least this many trace-table questions (Computer Science Paper 1). */
  minTraceTables: z.number().int().min(0).default(0),
  /** Words and phrases of the qualification's other paper(s): no question here may ask about them. */
  otherPaperContent: z.array(z.string().min(2)).default([]),
  /**
   * RS thematic studies: the issues the specification names for 'contrasting beliefs' questions, by
   * theme (topics whose id starts with `topics`); a question asking for contrasting beliefs must be on one.
   */
  contrastingIssues: z.array(z.object({ topics: z.string().min(1), issues: z.array(z.string().min(2)).min(1) })).default([]),
});
export type PaperRules = z.infer<typeof paperRulesSchema>;

export const blueprintSchema = z
  .object({
    paper: paperIdentitySchema,
    /** Board's paper code, e.g. "8461/1H" is code "8461/1" with tier H. */
    code: z.string().min(1),
    /** e.g. "GCSE". */
    qualification: z.string().min(1),
    /** The subject as the board titles it, e.g. "Religious Studies A", "Biology". */
    title: z.string().min(1),
    /** e.g. "Paper 2A Thematic studies". */
    paperTitle: z.string().min(1),
    timeMinutes: z.number().int().min(1),
    /** The marks a candidate can score (without SPaG). */
    totalMarks: z.number().int().min(1),
    spagMarks: z.number().int().min(0).default(0),
    /** Empty for an untiered paper. */
    tiers: z.array(z.enum(TIERS)).default([]),
    /** When set, the candidate answers this many of the sections, each worth the same. */
    answerSections: z.number().int().min(1).optional(),
    materials: z.array(z.string()).min(1),
    /**
     * How multiple-choice options are printed, as the board prints them on this paper: lettered
     * with tick boxes (RS), tick boxes without letters (AQA sciences), in a row to circle (maths),
     * or lettered with lozenges to shade (Computer Science).
     */
    optionStyle: z.enum(OPTION_STYLES).default("lettered-boxes"),
    rules: paperRulesSchema.prefault({}),
    /** What the paper encloses after the questions (the cover's materials promise it): shared/inserts.ts. */
    inserts: z.array(z.enum(INSERTS)).default([]),
    instructions: z.array(z.string()).min(1),
    information: z.array(z.string()).min(1),
    topics: z.array(topicSchema).min(1),
    sections: z.array(sectionSchema).min(1),
    /**
     * Built from an admin's saved structure and topics (api/structure/blueprint.ts) rather than
     * written as a bank file: with a model configured, the model writes every slot.
     */
    fromStructure: z.boolean().optional(),
    /**
     * Papers (by board code, e.g. "8461/1") whose practice questions this paper may use when they are
     * tagged as fitting its specification (`alsoFor`): Combined Science: Trilogy draws on the separate
     * sciences' questions whose content is common to both specifications (issue 18).
     */
    drawsFrom: z.array(z.string().min(1)).default([]),
    /**
     * Names the paper was seeded under before (RS Paper 1 was "Paper 1 - Christianity and Islam"): a
     * database seeded then has its paper renamed, keeping its generated papers and settings.
     */
    formerNames: z.array(z.string().min(1)).default([]),
    /**
     * The paper this one is a component of, when a student sits some of its components: RS Paper 1
     * ("8062/1") is the components of the two religions they study.
     */
    componentOf: z.string().min(1).optional(),
  })
  .superRefine((bp, ctx) => {
    const topicIds = new Set(bp.topics.map((t) => t.id));
    bp.sections.forEach((s, si) =>
      s.slots.forEach((slot, qi) => {
        for (const t of slot.topics) {
          if (!topicIds.has(t)) ctx.addIssue({ code: "custom", path: ["sections", si, "slots", qi, "topics"], message: `unknown topic ${t}` });
        }
      })
    );
    const sectionMarks = bp.sections.map((s) => s.slots.reduce((n, q) => n + q.marks, 0));
    const answered = bp.answerSections
      ? (new Set(sectionMarks).size === 1 ? sectionMarks[0] * bp.answerSections : NaN)
      : sectionMarks.reduce((a, b) => a + b, 0);
    if (answered !== bp.totalMarks) {
      ctx.addIssue({ code: "custom", path: ["totalMarks"], message: `the slots give ${answered} marks, not ${bp.totalMarks}` });
    }
    // The SPaG the slots carry must be the paper's: summed, or with a choice of sections the best
    // section's (the board counts the best of the answered questions' SPaG marks).
    const sectionSpag = bp.sections.map((s) => s.slots.reduce((n, q) => n + (q.spagMarks ?? 0), 0));
    if (sectionSpag.some((n) => n > 0)) {
      const spag = bp.answerSections ? Math.max(...sectionSpag) : sectionSpag.reduce((a, b) => a + b, 0);
      if (spag !== bp.spagMarks) ctx.addIssue({ code: "custom", path: ["spagMarks"], message: `the slots give ${spag} SPaG marks, not ${bp.spagMarks}` });
    }
  });
export type Blueprint = z.infer<typeof blueprintSchema>;
export type BlueprintInput = z.input<typeof blueprintSchema>;

export const partSchema = z
  .object({
    /** The question text (safe HTML). */
    content: safeHtml,
    marks: z.number().int().min(1),
    /** Four options for a multiple-choice part (plain text), the answer named in the mark scheme. */
    options: z.array(z.string().min(1)).length(4).optional(),
    /**
     * A figure printed after the part's text (shared/figures/schema.ts): the text calls it "Figure 1"
     * (the question's first figure; the paper renumbers them in order). A blank graph grid is where
     * a student plots.
     */
    figure: figureSchema.optional(),
    /** Lines of answer space, when the default for the marks does not suit (0 for none, e.g. a tick box). */
    answerLines: z.number().int().min(0).max(40).optional(),
    /** Mark scheme: marking points, accept/reject notes, levels for extended answers (safe HTML). */
    markScheme: safeHtml,
    /** A model answer that would score full marks (safe HTML). */
    modelAnswer: safeHtml,
  });
export type Part = z.infer<typeof partSchema>;

export const BANK_TIERS = ["Foundation", "Higher", "Both"] as const;
export type BankTier = (typeof BANK_TIERS)[number];

export const bankQuestionSchema = z.object({
  /** Unique across all banks, e.g. "bio1-017". */
  id: slug,
  topic: slug,
  /** "Both" for an untiered paper or a question common to both tiers. */
  tier: z.enum(BANK_TIERS).default("Both"),
  style: slug.optional(),
  /**
   * Other specifications (four-digit codes, e.g. "8464") or papers (board codes, e.g. "8300/3") that
   * may use this question: every part is within that specification's content at the question's
   * tier, or (a paper) the question suits it as it suits its own. A paper of that specification, or
   * that paper, which `drawsFrom` this question's paper picks it up.
   */
  alsoFor: z.array(z.string().regex(/^\d{4}(\/[0-9A-Z]+)*$/, "a four-digit specification code or a paper code")).optional(),
  /**
   * Questions (by id, in any bank) that ask what this one asks in another context, e.g. both "explain
   * why the alloy is harder": never on one paper with it. Either side may name the other.
   */
  notWith: z.array(slug).optional(),
  /** Shared context printed before the parts (safe HTML). */
  stem: safeHtml.optional(),
  /** A figure printed after the stem, before the parts ("Figure 1" of the question). */
  figure: figureSchema.optional(),
  parts: z.array(partSchema).min(1),
});
export type BankQuestion = z.infer<typeof bankQuestionSchema>;
export type BankQuestionInput = z.input<typeof bankQuestionSchema>;

export const questionMarks = (q: Pick<BankQuestion, "parts">) => q.parts.reduce((n, p) => n + p.marks, 0);

/** A bank file: one catalogue paper's blueprint and its original practice questions. */
export const bankFileSchema = z
  .object({
    blueprint: blueprintSchema,
    questions: z.array(bankQuestionSchema),
  })
  .superRefine((file, ctx) => {
    if (!file.questions.length && !file.blueprint.drawsFrom.length) {
      ctx.addIssue({ code: "custom", path: ["questions"], message: "a bank needs questions of its own unless its paper draws from others" });
    }
    const topicIds = new Set(file.blueprint.topics.map((t) => t.id));
    const ids = new Set<string>();
    file.questions.forEach((q, i) => {
      if (ids.has(q.id)) ctx.addIssue({ code: "custom", path: ["questions", i, "id"], message: `duplicate id ${q.id}` });
      ids.add(q.id);
      if (!topicIds.has(q.topic)) ctx.addIssue({ code: "custom", path: ["questions", i, "topic"], message: `unknown topic ${q.topic}` });
      q.parts.forEach((p, pi) => {
        if (p.options && p.marks !== 1) {
          ctx.addIssue({ code: "custom", path: ["questions", i, "parts", pi], message: "a multiple-choice part is worth 1 mark" });
        }
      });
    });
  });
export type BankFile = z.infer<typeof bankFileSchema>;

/** The specification a paper code belongs to: "8464/B/1" → "8464", "8461/1" → "8461". */
export const specificationOf = (code: string) => code.split("/")[0];

/**
 * The `alsoFor` tags that let a paper use another paper's question: its specification (Combined
 * Science: Trilogy on the separate sciences' questions) or its own code (Mathematics Paper 3 on
 * Paper 2's calculator questions).
 */
export const tagsFor = (code: string): string[] => [...new Set([specificationOf(code), code])];

/** Whether a question may be asked on a paper of this tier (undefined for an untiered paper). */
export const fitsTier = (q: Pick<BankQuestion, "tier">, tier: Tier | undefined) => !tier || q.tier === "Both" || q.tier === tier;

/** Whether a bank question can fill a slot on a paper of the given tier. */
export function fitsSlot(q: Pick<BankQuestion, "topic" | "tier" | "style" | "parts">, slot: Slot, tier: Tier | undefined): boolean {
  return questionMarks(q) === slot.marks && slot.topics.includes(q.topic) && (slot.style ?? undefined) === (q.style ?? undefined) &&
    fitsTier(q, tier);
}

/**
 * Fills every slot with a different candidate: a bipartite matching by augmenting paths, so a slot
 * is left empty only when no assignment can fill them all. Candidates are tried in the order given
 * (the caller ranks or shuffles them: the first fitting candidate is preferred). Returns, per slot,
 * the index of its candidate, or -1 when the slot cannot be filled.
 */
export function matchSlots<Q>(slots: readonly Slot[], candidates: readonly Q[], fits: (q: Q, slot: Slot) => boolean): number[] {
  const options = slots.map((slot) => candidates.flatMap((q, i) => (fits(q, slot) ? [i] : [])));
  const ownerOf = new Map<number, number>(); // candidate -> slot
  const slotOf: number[] = slots.map(() => -1);
  const tryAssign = (s: number, seen: Set<number>): boolean => {
    for (const c of options[s]) {
      if (seen.has(c)) continue;
      seen.add(c);
      const owner = ownerOf.get(c);
      if (owner === undefined || tryAssign(owner, seen)) {
        ownerOf.set(c, s);
        slotOf[s] = c;
        return true;
      }
    }
    return false;
  };
  // Scarce slots first, so that plentiful ones do not take what the scarce ones need.
  const order = slots.map((_, i) => i).sort((a, b) => options[a].length - options[b].length);
  for (const s of order) tryAssign(s, new Set());
  return slotOf;
}

/**
 * A past paper's series as printed: "June 2019". Imports may record the season and the year apart
 * (series "June", year 2019) or together (series "June 2019"); neither may lose the year.
 */
export function seriesLabel(series: string | null | undefined, year: number | null | undefined): string {
  const s = series?.trim() ?? "";
  if (year === null || year === undefined) return s;
  return !s ? String(year) : s.includes(String(year)) ? s : `${s} ${year}`;
}

/** All the slots of a blueprint in paper order. */
export const allSlots = (bp: Pick<Blueprint, "sections">) => bp.sections.flatMap((s) => s.slots);

/** The admin structure editor's view of a blueprint's sections (admin-tools.md §3 Paper structure). */
export function editorStructure(bp: Blueprint) {
  return bp.sections.map((s, si) => ({
    name: s.name,
    questionCount: s.slots.length,
    questionTypes: [...new Set(s.slots.map((q) => q.type))],
    marks: [...new Set(s.slots.map((q) => q.marks))].sort((a, b) => a - b),
    questions: s.slots.map((q, i) => ({ id: `${si + 1}.${i + 1}`, type: q.type, marks: q.marks })),
  }));
}

/**
 * What the catalogue says of a paper that can be generated: its code, tiers, time and marks. It is
 * derived from the blueprint and sent with the catalogue list, so the generator form and the home
 * page need no blueprint (the blueprint stays on the server, where only the engine reads it).
 */
export const paperFactsSchema = z.object({
  code: z.string().min(1),
  tiers: z.array(z.enum(TIERS)),
  timeMinutes: z.number().int().min(1),
  totalMarks: z.number().int().min(1),
});
export type PaperFacts = z.infer<typeof paperFactsSchema>;

export const paperFacts = (bp: Blueprint): PaperFacts => ({
  code: bp.code,
  tiers: bp.tiers,
  timeMinutes: bp.timeMinutes,
  totalMarks: bp.totalMarks,
});
