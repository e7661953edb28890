// From the admin's structure to the engine (issue 12, "From structure to generation"): a catalogue
// paper's saved structure (papers.question_structure) and study topics (paper_topics) become its
// blueprint, so the next generated paper has the admin's sections, question counts, marks and types,
// with every slot's topic pool the paper's topics. Called after a structure is saved (PATCH
// /api/papers/:id) and after the topics change.
//
// Whether it can be generated is stored with it (papers.generation_note): null when the question bank
// can fill every slot offline; otherwise the reason. With a blueprint, that reason is the bank's
// shortfall, which a configured model overcomes: it writes every slot (api/papers/generate.ts). Without
// one (no structure, no topics, marks still to allocate) nothing can build the paper yet.
import { paperQuestionRows } from "../papers/pool.ts";
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { paperTopics, papers, questions } from "../db/schema.ts";
import { invalidateCatalogue } from "../catalogue/service.ts";
import { loadBanks, readBlueprint } from "../papers/bank.ts";
import type { Candidate } from "../papers/candidate.ts";
import { allSlots, type Blueprint, blueprintSchema, fitsSlot, matchSlots, type Part, paperRulesSchema, QUESTION_TYPES, type Slot, type Topic } from "../../shared/papers.ts";
import { readQuestionStructure } from "../../shared/structure.ts";

export interface AppliedStructure {
  blueprint: Blueprint | null;
  /** Why the paper cannot be generated offline yet, or null when it can. */
  note: string | null;
}

type PaperRow = typeof papers.$inferSelect;

/** A topic id from its name: lower-case words joined by hyphens, made unique with a counter. */
export function slugs(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "topic";
    let id = /^[a-z0-9]/.test(base) ? base : `t-${base}`;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

/** The question number a structure entry belongs to: the leading number it prints ("01.1" and "1(a)" are 1). */
const printedNumber = (displayName: string | undefined) => {
  const m = displayName ? /^\s*0?(\d{1,3})/.exec(displayName) : null;
  return m ? Number(m[1]) : null;
};

/** The cover of a paper that has no blueprint of its own yet: plain facts any board's paper carries. */
function defaultCover(paper: PaperRow, totalMarks: number): Omit<Blueprint, "topics" | "sections" | "paper" | "totalMarks"> {
  return {
    code: paper.subjectCode?.trim() || paper.name,
    qualification: paper.level || "GCSE",
    title: paper.subject,
    paperTitle: paper.name,
    // A minute and a quarter a mark, in 5-minute steps, as boards roughly allow (AQA: 1 h 45 min for 100 marks).
    timeMinutes: Math.max(30, Math.round((totalMarks * 1.25) / 5) * 5),
    spagMarks: 0,
    tiers: [],
    materials: ["a black ink or black ball-point pen"],
    optionStyle: "lettered-boxes",
    rules: paperRulesSchema.parse({}),
    inserts: [],
    drawsFrom: [],
    formerNames: [],
    instructions: ["Answer all questions in the spaces provided.", "Do all rough work in this book. Cross through any work you do not want to be marked."],
    information: [`The maximum mark for this paper is ${totalMarks}.`, "The marks for questions are shown in brackets."],
  };
}

/** The bank file a seeded paper came from (its cover facts and topics), if any. */
function seededBase(paper: PaperRow): Blueprint | null {
  return loadBanks().find((f) => {
    const p = f.blueprint.paper;
    return p.subject === paper.subject && p.examBoard === paper.examBoard && p.level === paper.level && p.name === paper.name;
  })?.blueprint ?? null;
}

/**
 * Builds the paper's blueprint from its stored structure and topics and stores it with its
 * availability note; the catalogue lists are refreshed. A seeded paper whose structure is still the
 * seeded one keeps its bank file's blueprint.
 */
export async function applyStructureToBlueprint(db: Database, paperId: number): Promise<AppliedStructure> {
  const paper = await db.select().from(papers).where(eq(papers.id, paperId)).get();
  if (!paper) return { blueprint: null, note: "Paper not found" };
  const structure = readQuestionStructure(paper.questionStructure);
  if (structure?.seeded) {
    const bp = readBlueprint(paper.blueprint);
    return store(db, paper, bp, bp ? null : "It has no paper structure yet.");
  }
  if (!structure) return store(db, paper, null, "It has no paper structure yet: save one under Paper Structure.");

  const base = seededBase(paper) ?? readBlueprint(paper.blueprint);
  const stored = await db.select({ name: paperTopics.name, description: paperTopics.description }).from(paperTopics)
    .where(eq(paperTopics.paperId, paperId)).orderBy(asc(paperTopics.sortOrder), asc(paperTopics.id)).all();
  const ids = slugs(stored.map((t) => t.name));
  const topics: Topic[] = stored.length
    ? stored.map((t, i) => ({
      id: ids[i],
      name: t.name.length >= 2 ? t.name : `Topic ${t.name}`,
      description: t.description.trim().length >= 10 ? t.description.trim() : `Questions on ${t.name}.`,
    }))
    : base?.topics ?? [];
  if (!topics.length) return store(db, paper, null, "It has no study topics yet: add or generate them under Study Topics.");

  const topicIds = topics.map((t) => t.id);
  let sequential = 0;
  const missingMarks: string[] = [];
  const sections = structure.sections.filter((s) => s.questions.length > 0).map((s) => ({
    name: s.name,
    slots: s.questions.map((q): Slot => {
      const printed = printedNumber(q.displayName);
      sequential = printed ?? sequential + 1;
      if (q.marks === null) missingMarks.push(`${s.name} ${q.displayName ?? q.id}`);
      return {
        question: sequential,
        type: (QUESTION_TYPES as readonly string[]).includes(q.type) ? q.type as Slot["type"] : "Short Answer",
        marks: q.marks ?? 1,
        topics: topicIds,
      };
    }),
  }));
  if (!sections.length) return store(db, paper, null, "Its paper structure has no questions yet.");
  if (missingMarks.length) return store(db, paper, null, `Marks still need allocating for ${missingMarks.slice(0, 3).join(", ")}${missingMarks.length > 3 ? " and others" : ""}.`);

  const totalMarks = sections.reduce((n, s) => n + s.slots.reduce((m, q) => m + q.marks, 0), 0);
  const cover = defaultCover(paper, totalMarks);
  const parsed = blueprintSchema.safeParse({
    ...cover,
    ...(base ? { code: base.code, qualification: base.qualification, title: base.title, paperTitle: base.paperTitle, materials: base.materials, instructions: base.instructions, tiers: base.tiers } : {}),
    information: cover.information,
    timeMinutes: base && base.totalMarks === totalMarks ? base.timeMinutes : cover.timeMinutes,
    paper: { subject: paper.subject, examBoard: paper.examBoard, level: paper.level || cover.qualification, name: paper.name },
    totalMarks,
    spagMarks: 0,
    topics,
    sections,
    fromStructure: true,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return store(db, paper, null, `Its structure cannot be built: ${issue.path.join(".")}: ${issue.message}.`);
  }
  return store(db, paper, parsed.data, await bankShortfall(db, paper.id, parsed.data));
}

/** Why the bank cannot fill the blueprint offline (for some tier), or null when it can. */
export async function bankShortfall(db: Database, paperId: number, bp: Blueprint): Promise<string | null> {
  const rows = await paperQuestionRows(db, paperId, bp);
  const bank: Pick<Candidate, "topic" | "tier" | "style" | "parts">[] = rows.map((r) => ({
    topic: r.topic,
    tier: r.tier as Candidate["tier"],
    style: r.style ?? undefined,
    parts: JSON.parse(r.parts) as Part[],
  }));
  const slots = allSlots(bp);
  for (const tier of bp.tiers.length ? bp.tiers : [undefined]) {
    const empty = matchSlots(slots, bank, (q, slot) => fitsSlot(q, slot, tier)).filter((c) => c === -1).length;
    if (empty) {
      return `The question bank has no question for ${empty} of its ${slots.length} question slots${tier ? ` (${tier} tier)` : ""}. It can be generated once the bank holds enough questions for it.`;
    }
  }
  return null;
}

async function store(db: Database, paper: PaperRow, bp: Blueprint | null, note: string | null): Promise<AppliedStructure> {
  const blueprint = bp ? JSON.stringify(bp) : null;
  if (paper.blueprint !== blueprint || paper.generationNote !== note) {
    await db.update(papers).set({ blueprint, generationNote: note }).where(and(eq(papers.id, paper.id)));
    invalidateCatalogue(db);
  }
  return { blueprint: bp, note };
}
