// The offline study planner: recommendations from the subject's topic list (catalogue blueprints or the
// built-in lists), the weekly time, the weeks until the exam, the chosen methods, the target grade and the
// student's own history (topics of the papers they generated, activities they completed). Pure: the same
// inputs give the same plan, and different inputs give different plans.
import { GRADES } from "../../shared/constants.ts";
import { formatExamDate } from "../../shared/format.ts";
import {
  type Category,
  formatMinutes,
  type PlanPhase,
  type PlanSummary,
  type Priority,
  type RecommendationContent,
  type Resource,
  type StudyMethod,
  type StudyPreferences,
} from "../../shared/study.ts";
import type { TopicMastery } from "../../shared/progress.ts";
import { guideFor, type SubjectGuide } from "./guides.ts";

export interface PlannerTopic {
  id: string;
  name: string;
  description: string;
  /** Marks the exams give it (approximately): how much it matters. */
  weight: number;
  /** Examined on the Higher tier only. */
  higherOnly: boolean;
  /** A short name for titles, e.g. 'Germany, 1890–1945' (defaults to the name without its codes). */
  short?: string;
}

/** The topic's name for titles: its short name, or its name without specification codes and asides. */
export function shortName(t: Pick<PlannerTopic, "name" | "short">): string {
  return t.short ?? t.name.replace(/\s*\([^)]*\)\s*$/, "").replace(/\s+[—–-]\s+.*$/, "").trim();
}

export interface TopicList {
  topics: PlannerTopic[];
  /** Where they came from, for the page. */
  source: string;
  /** Catalogue papers with a blueprint for the subject, e.g. 'AQA GCSE Biology Paper 1' with its time. */
  papers: { label: string; timeMinutes: number }[];
}

/** What the student has done in this subject. */
export interface StudentHistory {
  /** Generated papers in the subject. */
  papers: number;
  /** Questions answered per topic id, over those papers. */
  questionsByTopic: Record<string, number>;
  /** Completed recommendations per topic id. */
  completedByTopic: Record<string, number>;
  /** Logged activities in the subject. */
  activities: number;
  minutesLogged: number;
  /** Mastery per topic id from the student's marked sittings in the subject (api/progress/mastery.ts). */
  marked?: Record<string, MarkedTopic>;
  /** Marked sittings behind `marked`. */
  markedSittings?: number;
}

/** What the marks say about one topic: mastery 0–1 and its evidence. */
export type MarkedTopic = Pick<TopicMastery, "mastery" | "awarded" | "max" | "sittings">;

export const EMPTY_HISTORY: StudentHistory = { papers: 0, questionsByTopic: {}, completedByTopic: {}, activities: 0, minutesLogged: 0 };

/**
 * Where a topic the student has never been marked on goes when others have marks: as if half
 * mastered, so after the topics they earned less than half the marks on and before the ones they did
 * better on. Nothing is known about it, and half is neither a weakness nor a strength.
 */
export const UNMARKED_MASTERY = 0.5;

export interface PlannerInput {
  subject: string;
  preferences: StudyPreferences;
  topicList: TopicList;
  history: StudentHistory;
  now: Date;
}

export interface PlannedRecommendation extends RecommendationContent {
  topics: string[];
}

export interface Plan {
  recommendations: PlannedRecommendation[];
  summary: PlanSummary;
}

const DAY_MS = 86_400_000;
const MIN_SLOT = 15;
const MAX_SLOT = 600;

/** Today's date in the UK (Europe/London), YYYY-MM-DD. */
export function londonDate(d: Date): string {
  return d.toLocaleDateString("en-CA", { timeZone: "Europe/London" });
}

/** Days from today (UK) to the exam date; null without one. */
export function daysUntil(examDate: string | undefined, now: Date): number | null {
  if (!examDate) return null;
  const today = Date.parse(`${londonDate(now)}T00:00:00Z`);
  const exam = Date.parse(`${examDate}T00:00:00Z`);
  if (Number.isNaN(exam)) return null;
  return Math.round((exam - today) / DAY_MS);
}

export function phaseFor(days: number | null): PlanPhase {
  if (days === null) return "foundation";
  if (days <= 14) return "final";
  if (days <= 56) return "consolidation";
  return "foundation";
}

const PHASE_LABELS: Record<PlanPhase, string> = { final: "Final revision", consolidation: "Consolidation", foundation: "Building foundations" };

type Band = "top" | "secure" | "foundation";

/** GCSE 9–7 or A*–A: top; 6–4 or B–C: secure; 3–1 or D–E: foundation. No grade: secure. */
export function gradeBand(p: Pick<StudyPreferences, "examLevel" | "targetGrade">): Band {
  if (!p.examLevel || !p.targetGrade) return "secure";
  const grades = GRADES[p.examLevel] as readonly string[];
  const i = grades.indexOf(p.targetGrade);
  if (i < 0) return "secure";
  if (p.examLevel === "gcse") return i <= 2 ? "top" : i <= 5 ? "secure" : "foundation";
  return i <= 1 ? "top" : i <= 3 ? "secure" : "foundation";
}

const TARGET_PERCENT: Record<Band, number> = { top: 80, secure: 65, foundation: 50 };

function gradeText(p: StudyPreferences): string | null {
  if (!p.examLevel || !p.targetGrade) return null;
  return p.examLevel === "gcse" ? `grade ${p.targetGrade}` : `an ${p.targetGrade === "A*" ? "A*" : p.targetGrade}`.replace(/^an ([BCDE])$/, "a $1");
}

const round5 = (n: number) => Math.floor(n / 5) * 5;

/**
 * The topics in the order the plan should take them, best first. Without marks: by how much the exams
 * weigh a topic and how little the student has practised it (the balance set by the phase). Once the
 * student has marked sittings on any of the topics: by mastery, weakest first, a topic never marked
 * counting as UNMARKED_MASTERY, and that weight-and-novelty score only between equal masteries.
 */
export function rankTopics(topics: PlannerTopic[], history: StudentHistory, phase: PlanPhase, band: Band): PlannerTopic[] {
  const eligible = band === "foundation" && topics.some((t) => !t.higherOnly) ? topics.filter((t) => !t.higherOnly) : topics;
  const maxWeight = Math.max(1, ...eligible.map((t) => t.weight));
  const [wWeight, wNovelty] = phase === "final" ? [0.7, 0.3] : phase === "consolidation" ? [0.5, 0.5] : [0.3, 0.7];
  const scored = eligible.map((t, index) => {
    const seen = history.questionsByTopic[t.id] ?? 0;
    const done = history.completedByTopic[t.id] ?? 0;
    const novelty = 1 / (1 + seen + 2 * done);
    let score = wWeight * (t.weight / maxWeight) + wNovelty * novelty;
    if (band === "top" && t.higherOnly) score += 0.15;
    if (band === "foundation") score += 0.1 * (t.weight / maxWeight);
    return { t, index, score };
  });
  const marked = history.marked ?? {};
  const byMastery = eligible.some((t) => marked[t.id]);
  const mastery = (t: PlannerTopic) => marked[t.id]?.mastery ?? UNMARKED_MASTERY;
  scored.sort((a, b) => (byMastery ? mastery(a.t) - mastery(b.t) : 0) || b.score - a.score || a.index - b.index);
  return scored.map((s) => s.t);
}

interface Slot {
  category: Category;
  share: number;
  /** Lower is dropped first when the week is too short for every slot. */
  importance: number;
  /** Minutes it needs at least (a whole paper). */
  floor?: number;
}

/**
 * Minutes for each slot: multiples of 5, at least 15 (or the slot's own floor), at most 600, never more
 * than the week in total.
 */
export function allocate(weekly: number, shares: number[], floors: number[] = []): number[] {
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  const floor = (i: number) => Math.min(MAX_SLOT, Math.max(MIN_SLOT, floors[i] ?? 0));
  const out = shares.map((s, i) => Math.min(MAX_SLOT, Math.max(floor(i), round5((weekly * s) / sum))));
  let total = out.reduce((a, b) => a + b, 0);
  // Too much (the floors): take 5 minutes at a time from the largest slot above its floor, then from any above 15.
  while (total > weekly) {
    let largest = -1;
    for (let i = 0; i < out.length; i++) if (out[i] > floor(i) && (largest < 0 || out[i] > out[largest])) largest = i;
    if (largest < 0) for (let i = 0; i < out.length; i++) if (out[i] > MIN_SLOT && (largest < 0 || out[i] > out[largest])) largest = i;
    if (largest < 0) break;
    out[largest] -= 5;
    total -= 5;
  }
  // Too little (rounding down): give the rest in 5-minute steps, in order of share.
  const order = shares.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.i);
  for (let k = 0; total + 5 <= weekly && k < order.length * 200; k++) {
    const i = order[k % order.length];
    if (out[i] + 5 > MAX_SLOT) continue;
    out[i] += 5;
    total += 5;
  }
  return out;
}

const CONCEPT_METHODS: StudyMethod[] = ["Mind Maps", "Flashcards", "Visual Learning", "Reading/Writing", "Audio Learning", "Kinesthetic Learning", "Group Study", "Practice Problems"];
const PRACTICE_METHODS: StudyMethod[] = ["Practice Problems", "Group Study", "Flashcards", "Kinesthetic Learning", "Reading/Writing", "Visual Learning", "Audio Learning", "Mind Maps"];

/** The chosen methods that suit a kind of work, in the student's order; a sensible default when none do. */
function methodsFor(chosen: StudyMethod[], suited: StudyMethod[], fallback: StudyMethod): StudyMethod[] {
  const fit = chosen.filter((m) => suited.includes(m));
  return fit.length ? fit : [fallback];
}

const CONCEPT_ACTIVITY: Record<StudyMethod, { title: (n: string) => string; activity: (n: string) => string; resource: (n: string) => Resource }> = {
  "Visual Learning": {
    title: (n) => `Diagram and redraw: ${n}`,
    activity: (n) => `Draw one annotated diagram or flow chart of ${n}, colour-coding causes, processes and results; cover it, redraw it from memory and fill the gaps in a second colour.`,
    resource: (n) => ({ title: `Annotated diagram: ${n}`, description: "One page you draw yourself, colour-coded, then redrawn from memory two days later.", type: "diagram" }),
  },
  "Audio Learning": {
    title: (n) => `Explain it aloud: ${n}`,
    activity: (n) => `Record a three-minute spoken explanation of ${n} on your phone without notes; listen back the next day and re-record the parts where you hesitated or got something wrong.`,
    resource: (n) => ({ title: `Voice note: ${n}`, description: "Your own three-minute recording, replayed on the way to school and re-recorded until it is fluent.", type: "audio" }),
  },
  "Reading/Writing": {
    title: (n) => `One-page summary: ${n}`,
    activity: (n) => `Condense your notes on ${n} onto one side of A4 in your own words, then close the notes and write short answers to three exam-style questions from the summary alone.`,
    resource: (n) => ({ title: `Summary sheet: ${n}`, description: "One side of A4 in your own words: key terms, facts and one worked example.", type: "notes" }),
  },
  "Kinesthetic Learning": {
    title: (n) => `Card sort: ${n}`,
    activity: (n) => `Make a card sort for ${n} (terms, definitions, examples or the steps of a process), shuffle it and sort or sequence the cards against the clock; repeat until you can do it in under two minutes.`,
    resource: (n) => ({ title: `Card sort: ${n}`, description: "Index cards you write and physically sort: terms to definitions, or the steps in order.", type: "activity" }),
  },
  "Practice Problems": {
    title: (n) => `Find the gaps with quick questions: ${n}`,
    activity: (n) => `Start with five short exam-style questions on ${n} before re-reading anything; mark them, then re-learn only the points you got wrong and try those questions again.`,
    resource: (n) => ({ title: `Short questions: ${n}`, description: "Five 1–3 mark questions from past papers or an ExamPrep paper, marked with the mark scheme.", type: "questions" }),
  },
  "Group Study": {
    title: (n) => `Teach it to someone: ${n}`,
    activity: (n) => `Teach ${n} to a friend or family member for ten minutes without notes, and let them ask questions; write down every question you could not answer and look those up afterwards.`,
    resource: () => ({ title: "Study partner", description: "A friend or family member who listens, asks questions and quizzes you with your own notes.", type: "group" }),
  },
  Flashcards: {
    title: (n) => `Flashcards: ${n}`,
    activity: (n) => `Write 10 to 15 flashcards for ${n} (a key term or question on the front, the answer and an example on the back) and review them with the Leitner method: a card you get wrong goes back to the first box.`,
    resource: (n) => ({ title: `${n}: flashcard deck`, description: "10–15 cards reviewed with spaced repetition (Leitner boxes: daily, every 3 days, weekly).", type: "flashcards" }),
  },
  "Mind Maps": {
    title: (n) => `Mind map from memory: ${n}`,
    activity: (n) => `Build a mind map of ${n} from memory, then check it against the specification points below and add everything you missed in a different colour; redraw it in two days' time.`,
    resource: (n) => ({ title: `Mind map: ${n}`, description: "One page, drawn from memory first, with the gaps added in a second colour.", type: "mind_map" }),
  },
};

function specificationResource(guide: SubjectGuide, topic: PlannerTopic): Resource {
  return { title: `${guide.specification}: ${topic.name}`, description: topic.description, type: "specification" };
}

function practicePaperResource(list: TopicList): Resource | null {
  const paper = list.papers[0];
  if (!paper) return null;
  return {
    title: `ExamPrep practice paper: ${paper.label}`,
    description: `Generate one in the Exam Generator (1 credit) in the official format, with its mark scheme. Full paper: ${formatMinutes(paper.timeMinutes)}.`,
    type: "practice_paper",
  };
}

function whyTopic(topic: PlannerTopic, history: StudentHistory, heavy: boolean): string {
  const seen = history.questionsByTopic[topic.id] ?? 0;
  const done = history.completedByTopic[topic.id] ?? 0;
  const parts: string[] = [];
  const marked = history.marked?.[topic.id];
  if (marked) {
    parts.push(
      `Your marked papers put your mastery of ${topic.name} at ${Math.round(marked.mastery * 100)}% (${marked.awarded} of ${marked.max} marks over ${marked.sittings} sitting${
        marked.sittings === 1 ? "" : "s"
      }, the latest counting most).`,
    );
  } else if (history.markedSittings) parts.push(`None of your marked papers has tested ${topic.name} yet.`);
  if (done) parts.push(`You have completed ${done} activit${done === 1 ? "y" : "ies"} on ${topic.name}, so this time go further than before.`);
  else if (seen) parts.push(`${topic.name} came up in ${seen} question${seen === 1 ? "" : "s"} on your ExamPrep papers: build on them.`);
  else if (history.papers) parts.push(`${topic.name} has not come up on any of your ExamPrep papers yet.`);
  if (heavy) parts.push("It is one of the most heavily examined topics.");
  if (topic.higherOnly) parts.push("It is examined on the Higher tier only.");
  return parts.join(" ");
}

/** The offline plan for one subject. */
export function makePlan(input: PlannerInput): Plan {
  const { subject, preferences: p, topicList, history, now } = input;
  const weekly = p.studyTimePerWeek;
  const days = daysUntil(p.examDate, now);
  const weeks = days === null ? null : Math.max(0, Math.ceil(days / 7));
  const phase = phaseFor(days);
  const band = gradeBand(p);
  const pct = TARGET_PERCENT[band];
  const grade = gradeText(p);
  const guide = guideFor(subject);
  const methods = p.preferredStudyMethods;
  const ranked = rankTopics(topicList.topics, history, phase, band);
  const weights = [...topicList.topics].map((t) => t.weight).sort((a, b) => b - a);
  const heavyCut = weights[Math.floor(weights.length / 4)] ?? Infinity;
  const paperResource = practicePaperResource(topicList);

  // The week's shape: how much of it goes to each kind of work, by phase and method.
  let [concept, practice, technique, timing] = phase === "final" ? [0.15, 0.5, 0.25, 0.1] : phase === "consolidation" ? [0.4, 0.4, 0.12, 0.08] : [0.6, 0.28, 0.07, 0.05];
  if (methods.includes("Practice Problems")) [concept, practice] = [concept - 0.1, practice + 0.1];
  if (phase !== "final" && (methods.includes("Flashcards") || methods.includes("Mind Maps") || methods.includes("Visual Learning"))) {
    [concept, practice] = [concept + 0.05, practice - 0.05];
  }
  if (band === "top") [technique, concept] = [technique + 0.05, concept - 0.05];
  if (band === "foundation") [concept, technique] = [concept + 0.05, technique - 0.02];

  const conceptMinutes = weekly * concept;
  const practiceMinutes = weekly * practice;
  const conceptCount = ranked.length ? Math.max(1, Math.min(4, ranked.length, Math.round(conceptMinutes / 50))) : 0;
  const paper = topicList.papers[0];
  // In the final weeks, a week with room for it starts its practice with one whole timed paper.
  const fullPaper = phase === "final" && paper !== undefined && practiceMinutes >= paper.timeMinutes;
  const practiceCount = fullPaper
    ? 1 + Math.min(2, Math.round((practiceMinutes - paper.timeMinutes) / 60))
    : Math.max(1, Math.min(3, Math.round(practiceMinutes / 60)));

  const slots: Slot[] = [];
  for (let i = 0; i < conceptCount; i++) slots.push({ category: "concept_review", share: concept / conceptCount, importance: phase === "final" ? 5 - i : 10 - i });
  for (let i = 0; i < practiceCount; i++) {
    const share = fullPaper ? (i === 0 ? paper.timeMinutes / weekly : (practice - paper.timeMinutes / weekly) / (practiceCount - 1)) : practice / practiceCount;
    slots.push({ category: "practice_problems", share, importance: phase === "final" ? 10 - i : 8 - i, floor: fullPaper && i === 0 ? paper.timeMinutes : undefined });
  }
  slots.push({ category: "exam_technique", share: technique, importance: phase === "final" ? 9 : 3 });
  slots.push({ category: "time_management", share: timing, importance: days !== null ? 4 : 1 });
  // A short week keeps the most important slots only (each needs at least 15 minutes).
  const fit = Math.max(1, Math.floor(weekly / MIN_SLOT));
  const kept = [...slots].sort((a, b) => b.importance - a.importance).slice(0, fit);
  const finalSlots = slots.filter((s) => kept.includes(s));
  const minutes = allocate(weekly, finalSlots.map((s) => s.share), finalSlots.map((s) => s.floor ?? 0));

  const conceptTopics = ranked.slice(0, finalSlots.filter((s) => s.category === "concept_review").length);
  // Practice: in final revision the most-examined topics; otherwise apply what was just reviewed, then the next topics.
  const practicePool = phase === "final"
    ? [...ranked].sort((a, b) => b.weight - a.weight)
    : phase === "foundation"
    ? [...conceptTopics, ...ranked.slice(conceptTopics.length)]
    : [...ranked.slice(conceptTopics.length), ...conceptTopics];
  const conceptMethods = methodsFor(methods, CONCEPT_METHODS, "Reading/Writing");
  const practiceMethods = methodsFor(methods, PRACTICE_METHODS, "Practice Problems");

  const recs: PlannedRecommendation[] = [];
  let ci = 0;
  let pi = 0;
  finalSlots.forEach((slot, si) => {
    const mins = minutes[si];
    if (slot.category === "concept_review") {
      const topic = conceptTopics[ci];
      const method = conceptMethods[ci % conceptMethods.length];
      const a = CONCEPT_ACTIVITY[method];
      const heavy = topic.weight >= heavyCut;
      const depth = band === "top"
        ? `Aim for the detail a ${grade ?? "top-grade"} answer needs: precise terms, linked explanations and the less obvious points.`
        : band === "foundation"
        ? `Concentrate on the core facts and key terms first${grade ? `: they carry most of the marks for ${grade}` : ""}.`
        : `Make sure every key term and process is secure${grade ? ` for ${grade}` : ""}, then add the explanations examiners reward.`;
      const priority: Priority = phase === "final" ? (ci === 0 ? "medium" : "low") : ci === 0 ? "high" : ci === 1 ? "medium" : heavy ? "medium" : "low";
      recs.push({
        category: "concept_review",
        title: a.title(topic.name),
        description: [whyTopic(topic, history, heavy), a.activity(topic.name), depth, `Spend about ${formatMinutes(mins)} on it this week.`].filter(Boolean).join(" "),
        priority,
        estimatedTime: mins,
        resources: [a.resource(topic.name), specificationResource(guide, topic)],
        successMetrics: [
          `Explain ${topic.name} from memory, without notes, covering every point in the specification summary.`,
          `Score at least ${pct}% on a short quiz or five questions on ${topic.name}.`,
        ],
        topics: [topic.id],
      });
      ci++;
    } else if (slot.category === "practice_problems") {
      const method = practiceMethods[pi % practiceMethods.length];
      const whole = fullPaper && pi === 0 && mins >= paper.timeMinutes;
      const offset = fullPaper ? Math.max(0, pi - 1) : pi;
      const chosen = whole ? [] : practicePool.slice(offset * 2, offset * 2 + 2);
      const marks = Math.max(5, Math.round(mins * 0.8));
      const together = chosen.map((t) => t.name).join(" and ");
      const shortTogether = chosen.map(shortName).join(" and ");
      const how = method === "Group Study"
        ? "Answer them with a study partner: each of you marks the other's answers with the mark scheme and explains every lost mark."
        : method === "Flashcards"
        ? "Turn every mark you drop into a flashcard and add it to your deck."
        : method === "Kinesthetic Learning"
        ? "Work standing at a board or with the question cut up and annotated, then mark it."
        : method === "Reading/Writing"
        ? "Write full answers, then rewrite the weakest one using the mark scheme's wording."
        : "Work under timed conditions, then mark your answers with the mark scheme and redo every question where you lost marks.";
      const title = whole ? `Timed full paper: ${paper.label}` : `Timed questions: ${shortTogether || subject}`;
      const description = whole
        ? `With ${days} day${days === 1 ? "" : "s"} to go, sit a whole paper in exam conditions (${formatMinutes(paper.timeMinutes)}, no notes). ${how} List the topics where you lost marks: they are next week's revision.`
        : `${phase === "foundation" ? "Apply what you reviewed" : "Practise"}: about ${marks} marks of ${guide.practiceUnit} on ${together || subject} (${guide.timing}). ${how}`;
      recs.push({
        category: "practice_problems",
        title,
        description,
        priority: phase === "final" ? (pi === 0 ? "high" : "medium") : phase === "consolidation" ? (pi === 0 ? "high" : "medium") : pi === 0 ? "medium" : "low",
        estimatedTime: mins,
        resources: [paperResource, guide.resource].filter((r): r is Resource => Boolean(r)),
        successMetrics: [
          `Score at least ${pct}% on the questions, marked with the official mark scheme.`,
          whole ? `Finish the paper in ${formatMinutes(paper.timeMinutes)} with time to check.` : `Redo every question where you dropped marks until you get full marks.`,
        ],
        topics: chosen.map((t) => t.id),
      });
      pi++;
    } else if (slot.category === "exam_technique") {
      recs.push({
        category: "exam_technique",
        title: `Exam technique: ${guide.techniqueTitle}`,
        description: `${guide.technique} Command words to practise: ${guide.commandWords.map((w) => `'${w}'`).join(", ")}.${
          band === "top" ? " For the top grades, compare your answers with the top band of the mark scheme and add what it asks for." : ""
        }`,
        priority: phase === "final" ? "high" : phase === "consolidation" ? "medium" : "low",
        estimatedTime: mins,
        resources: [
          guide.resource,
          { title: "Examiner reports", description: `The examiners' comments on recent ${guide.specification} papers: the common ways students lose marks.`, type: "examiner_report" },
        ],
        successMetrics: [
          "Self-mark two answers with the mark scheme and find at least one mark you would have lost, and why.",
          `Answer each command word (${guide.commandWords.slice(0, 3).join(", ")}) in the way the mark scheme expects.`,
        ],
        topics: [],
      });
    } else {
      const remaining = ranked.filter((t) => !(history.completedByTopic[t.id] ?? 0)).length;
      const spareWeeks = weeks !== null ? Math.min(2, Math.max(0, weeks - 1)) : 0;
      const teachingWeeks = weeks !== null ? Math.max(1, weeks - spareWeeks) : null;
      const perWeek = teachingWeeks ? Math.max(1, Math.ceil(remaining / teachingWeeks)) : Math.max(1, Math.ceil(weekly / 60));
      let title: string;
      let description: string;
      const metrics: string[] = [];
      if (days === null) {
        title = "Set your exam date and a weekly routine";
        description = `Add your exam date so the plan can count down to it. Until then, fix the same study slots each week (${formatMinutes(weekly)} in total) and cover about ${perWeek} of the ${ranked.length} topics a week, ticking each off when it is secure.`;
        metrics.push("Study slots are in your calendar for the whole week.", `${perWeek} topic${perWeek === 1 ? "" : "s"} ticked off by the end of the week.`);
      } else if (phase === "final") {
        title = `Final ${days} day${days === 1 ? "" : "s"}: a day-by-day plan to ${formatExamDate(p.examDate)}`;
        description = `Plan each day until the exam: one paper or question set, then the topics it showed were weak. Stop learning new material two days before, keep the last evening for a light review of your summary sheets, and check the exam time, room and equipment.`;
        metrics.push("Every day until the exam has a planned task.", "Your weakest three topics have each been revisited at least twice.");
      } else {
        title = `Countdown to ${formatExamDate(p.examDate)}: ${weeks} week${weeks === 1 ? "" : "s"}`;
        description = `You have ${remaining} topic${remaining === 1 ? "" : "s"} still to secure and ${weeks} week${weeks === 1 ? "" : "s"}. Cover about ${perWeek} a week so the last ${spareWeeks || 1} week${(spareWeeks || 1) === 1 ? "" : "s"} can go on full timed papers. Put this week's sessions in your calendar now.`;
        metrics.push(`${perWeek} topic${perWeek === 1 ? "" : "s"} secured this week.`, `A timed paper booked for the week of ${formatExamDate(new Date(Date.parse(`${p.examDate}T00:00:00Z`) - 7 * DAY_MS))}.`);
      }
      recs.push({
        category: "time_management",
        title,
        description,
        priority: phase === "final" ? "medium" : "low",
        estimatedTime: mins,
        resources: [{ title: "A weekly planner or calendar", description: "Paper or phone: your study slots at fixed times, with the topic for each.", type: "planner" }],
        successMetrics: metrics,
        topics: [],
      });
    }
  });

  const headline = [
    days === null
      ? "No exam date yet, so the plan works through the topics that matter most and that you have practised least."
      : phase === "final"
      ? `Your exam is ${days === 0 ? "today" : `in ${days} day${days === 1 ? "" : "s"}`}: the plan puts timed practice and exam technique first.`
      : phase === "consolidation"
      ? `Your exam is ${weeks} weeks away: the plan balances reviewing weaker topics with timed practice.`
      : `Your exam is ${weeks} weeks away: there is time to build understanding topic by topic before practising papers.`,
    grade ? `Everything is pitched at ${grade}.` : "",
    p.examLevel === "a-level" ? "The topics are from the GCSE specification: check them against your A-Level specification." : "",
  ].filter(Boolean).join(" ");

  const questionCount = Object.values(history.questionsByTopic).reduce((a, b) => a + b, 0);
  const historyNote = history.papers || history.activities
    ? `Built from ${history.papers} ${subject} paper${history.papers === 1 ? "" : "s"} you generated (${questionCount} question${questionCount === 1 ? "" : "s"}) and ${history.activities} activit${history.activities === 1 ? "y" : "ies"} you logged.`
    : `No ${subject} papers or logged study yet: the plan starts from the topics that carry the most marks.`;
  const masteryNote = history.markedSittings
    ? ` Topics are in order of your mastery from ${history.markedSittings} marked sitting${history.markedSittings === 1 ? "" : "s"}, weakest first.`
    : "";

  return {
    recommendations: recs,
    summary: {
      phase,
      phaseLabel: PHASE_LABELS[phase],
      headline,
      daysToExam: days,
      weeksToExam: weeks,
      weeklyMinutes: weekly,
      topicSource: topicList.source,
      focusTopics: recs.filter((r) => r.category === "concept_review").flatMap((r) => r.topics).map((id) => topicList.topics.find((t) => t.id === id)?.name ?? id),
      historyNote: historyNote + masteryNote,
    },
  };
}
