// A subject's topic list for the planner: the topics of the catalogue papers' blueprints (weighted by
// the marks their question slots carry), else the seeded bank files' blueprints, else the built-in list.
// Of a paper's components (RS Paper 1's religions), those the student has made papers of: they sit
// two religions, not four; before their first such paper, all of them.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedPapers, papers } from "../db/schema.ts";
import { loadBanks, readBlueprint } from "../papers/bank.ts";
import type { Blueprint } from "../../shared/papers.ts";
import { BUILT_IN_TOPICS } from "./builtin-topics.ts";
import type { PlannerTopic, TopicList } from "./planner.ts";

const HIGHER_ONLY = /\bhigher\b/i;

/** Merges blueprints' topics; a topic's weight is the marks of the slots that may draw on it. */
export function topicsFromBlueprints(blueprints: Blueprint[]): TopicList {
  const byId = new Map<string, PlannerTopic>();
  for (const bp of blueprints) {
    // A paper where the candidate answers some of the sections counts each section for its share.
    const factor = bp.answerSections ? bp.answerSections / bp.sections.length : 1;
    for (const t of bp.topics) {
      if (!byId.has(t.id)) byId.set(t.id, { id: t.id, name: t.name, description: t.description, weight: 0, higherOnly: HIGHER_ONLY.test(t.name) });
    }
    for (const section of bp.sections) {
      for (const slot of section.slots) {
        for (const id of slot.topics) {
          const topic = byId.get(id);
          if (topic) topic.weight += (slot.marks / slot.topics.length) * factor;
        }
      }
    }
  }
  const topics = [...byId.values()].map((t) => ({ ...t, weight: Math.max(1, Math.round(t.weight * 10) / 10) }));
  const first = blueprints[0];
  const paperNames = blueprints.map((bp) => bp.paper.name).join(", ");
  return {
    topics,
    source: `Topics of the ${first.paper.examBoard} ${first.qualification} ${first.title} specification in ExamPrep's catalogue (${paperNames})`,
    papers: blueprints.map((bp) => ({ label: `${bp.paper.examBoard} ${bp.qualification} ${bp.title} ${bp.paper.name}`, timeMinutes: bp.timeMinutes })),
  };
}

export async function topicListFor(db: Database, subject: string, userId?: number): Promise<TopicList> {
  const rows = await db.select({ id: papers.id, blueprint: papers.blueprint }).from(papers).where(eq(papers.subject, subject)).all();
  const read = rows.map((r) => ({ id: r.id, bp: readBlueprint(r.blueprint) })).filter((r): r is { id: number; bp: Blueprint } => r.bp !== null);
  const components = read.filter((r) => r.bp.componentOf);
  const sat = userId === undefined || !components.length ? new Set<number>() : new Set(
    (await db.selectDistinct({ id: generatedPapers.paperId }).from(generatedPapers)
      .where(and(eq(generatedPapers.userId, userId), inArray(generatedPapers.paperId, components.map((c) => c.id)))).all()).map((r) => r.id),
  );
  const satOf = (group: string) => components.some((c) => c.bp.componentOf === group && sat.has(c.id));
  let blueprints = read.filter((r) => !r.bp.componentOf || sat.has(r.id) || !satOf(r.bp.componentOf)).map((r) => r.bp);
  if (!blueprints.length) blueprints = loadBanks().filter((b) => b.blueprint.paper.subject === subject).map((b) => b.blueprint);
  if (blueprints.length) return topicsFromBlueprints(blueprints);
  const builtIn = BUILT_IN_TOPICS[subject];
  if (builtIn) return { topics: builtIn.topics, source: builtIn.source, papers: [] };
  return { topics: [], source: "No topic list for this subject yet", papers: [] };
}
