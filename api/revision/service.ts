// Smart Study Resources for one student: decks of flashcards per catalogue paper, built offline by
// the deck builder (deck.ts), reviewed on the FSRS schedule (scheduler.ts), topic summaries and quizzes.
import { paperQuestionRows } from "../papers/pool.ts";
import { readExamDates } from "../catalogue/exam-dates.ts";
import { and, asc, count, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { papers, questions, revisionCards, revisionDecks, revisionReviews } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { readBlueprint } from "../papers/bank.ts";
import { type Candidate, candidateFromRow } from "../papers/candidate.ts";
import { latestPlan } from "../study/service.ts";
import { londonDate } from "../study/planner.ts";
import { RECOMMENDATION_SUBJECTS } from "../../shared/constants.ts";
import type { Blueprint, Tier } from "../../shared/papers.ts";
import {
  type CardView,
  type DeckOverview,
  type DeckRequest,
  type DeckSettings,
  NEW_CARDS_PER_DAY,
  type QuizQuestion,
  type QuizResult,
  type RatingValue,
  REVISION_TEXTS,
  type Review,
  type TopicSummary,
} from "../../shared/revision.ts";
import { buildDeck, hasQuiz, topicQuiz, topicSummary } from "./deck.ts";
import { applyRating, intervalsFor, newCardState, State } from "./scheduler.ts";

type DeckRow = typeof revisionDecks.$inferSelect;
type CardRow = typeof revisionCards.$inferSelect;

const DAY_MS = 24 * 3600 * 1000;

/** A catalogue paper the student can study: it has a blueprint and bank questions. */
interface Studyable {
  row: typeof papers.$inferSelect;
  blueprint: Blueprint;
  questions: Candidate[];
}

const paperLabel = (p: { examBoard: string; level: string; subject: string; name: string }) => [p.examBoard, p.level, p.subject, p.name].filter(Boolean).join(" ");

async function studyable(db: Database, paperId: number): Promise<Studyable> {
  const row = await db.select().from(papers).where(eq(papers.id, paperId)).get();
  const blueprint = readBlueprint(row?.blueprint ?? null);
  if (!row || !blueprint) throw new HttpError(404, "Paper not found");
  const rows = await paperQuestionRows(db, paperId, blueprint);
  return { row, blueprint, questions: rows.map(candidateFromRow) };
}

async function deckOf(db: Database, userId: number, paperId: number): Promise<DeckRow> {
  const deck = await db.select().from(revisionDecks).where(and(eq(revisionDecks.userId, userId), eq(revisionDecks.paperId, paperId))).get();
  if (!deck) throw new HttpError(404, REVISION_TEXTS.deckMissing);
  return deck;
}

const tierOf = (deck: Pick<DeckRow, "tier">): Tier | undefined => (deck.tier === "Foundation" || deck.tier === "Higher" ? deck.tier : undefined);

/** The papers a student may make a deck for, with their deck's counts when they have one. */
export async function studyablePapers(db: Database, userId: number, now = new Date()) {
  const rows = await db.select({ id: papers.id, name: papers.name, subject: papers.subject, examBoard: papers.examBoard, level: papers.level, blueprint: papers.blueprint })
    .from(papers).where(isNotNull(papers.blueprint)).orderBy(asc(papers.subject), asc(papers.name)).all();
  const banked = new Set((await db.selectDistinct({ paperId: questions.paperId }).from(questions).all()).map((r) => r.paperId));
  // A paper that draws on others' questions (Combined Science) has a deck when those papers have questions.
  const codes = new Map(rows.map((p) => [readBlueprint(p.blueprint)?.code, p.id]));
  const decks = new Map((await db.select().from(revisionDecks).where(eq(revisionDecks.userId, userId)).all()).map((d) => [d.paperId, d]));
  const list = [];
  for (const p of rows) {
    const bp = readBlueprint(p.blueprint);
    if (!bp || !(banked.has(p.id) || bp.drawsFrom.some((code) => banked.has(codes.get(code) ?? -1)))) continue;
    const deck = decks.get(p.id);
    list.push({ id: p.id, label: paperLabel(p), subject: p.subject, tiers: bp.tiers as string[], deck: deck ? { tier: deck.tier, due: (await dueCount(db, deck.id, now)) } : null });
  }
  return list;
}

/** Cards of the deck in review (not new, not suspended) due by `until`. */
const dueCount = async (db: Database, deckId: number, until: Date) =>
  (await db.select({ n: count() }).from(revisionCards)
    .where(and(eq(revisionCards.deckId, deckId), eq(revisionCards.suspended, false), sql`${revisionCards.state} <> ${State.New}`, lte(revisionCards.due, until.toISOString()))).get())?.n ?? 0;

/** Cards the builder makes that the deck lacks (all of them for a new deck; new bank questions later). */
async function addMissingCards(db: Database, deck: DeckRow, paper: Studyable, now: Date): Promise<number> {
  const have = new Set((await db.select({ key: revisionCards.key }).from(revisionCards).where(and(eq(revisionCards.deckId, deck.id), isNotNull(revisionCards.key))).all()).map((r) => r.key));
  const fresh = buildDeck(paper.blueprint, paper.questions, tierOf(deck)).filter((c) => !have.has(c.key));
  const state = newCardState(now);
  // In chunks: SQLite limits the variables of one statement.
  for (let i = 0; i < fresh.length; i += 50) {
    await db.insert(revisionCards).values(fresh.slice(i, i + 50).map((c) => ({
      deckId: deck.id, key: c.key, topic: c.topic, front: c.front, back: c.back, sourceKind: c.source.kind, sourceLabel: c.source.label, ...state,
    }))).onConflictDoNothing();
  }
  return fresh.length;
}

/** Makes the student's deck for a paper (or tops up the one they have) and returns its overview. */
export async function openDeck(db: Database, userId: number, request: DeckRequest, now = new Date()): Promise<{ created: boolean; overview: DeckOverview }> {
  const paper = await studyable(db, request.paperId);
  const tiers = paper.blueprint.tiers as string[];
  if (request.tier && !tiers.includes(request.tier)) throw new HttpError(400, "This paper has no such tier", { errors: { tier: "This paper has no such tier" } });
  let deck = await db.select().from(revisionDecks).where(and(eq(revisionDecks.userId, userId), eq(revisionDecks.paperId, paper.row.id))).get();
  const created = !deck;
  if (!deck) {
    const today = londonDate(now);
    deck = await db.insert(revisionDecks).values({
      userId,
      paperId: paper.row.id,
      tier: tiers.length ? (request.tier ?? tiers.at(-1)!) : null,
      newPerDay: NEW_CARDS_PER_DAY.default,
      // The paper's next exam after today, when the catalogue has one; the student may change it.
      examDate: (await readExamDates(db, paper.row.id)).find((d) => d.date > today)?.date ?? null,
    }).onConflictDoNothing().returning().get() ?? await deckOf(db, userId, paper.row.id);
  }
  await addMissingCards(db, deck, paper, now);
  return { created, overview: await overview(db, userId, paper.row.id, now, paper) };
}

export async function updateSettings(db: Database, userId: number, paperId: number, settings: DeckSettings, now = new Date()): Promise<DeckOverview> {
  const deck = await deckOf(db, userId, paperId);
  const patch: Partial<DeckRow> = {};
  if (settings.newPerDay !== undefined) patch.newPerDay = settings.newPerDay;
  if (settings.examDate !== undefined) {
    if (settings.examDate !== null && settings.examDate <= londonDate(now)) throw new HttpError(400, "The exam date must be in the future", { errors: { examDate: "The exam date must be in the future" } });
    patch.examDate = settings.examDate;
  }
  if (Object.keys(patch).length) await db.update(revisionDecks).set(patch).where(eq(revisionDecks.id, deck.id));
  return overview(db, userId, paperId, now);
}

/** Topics the student should see first: those of their latest study plan still to do, and those they forgot lately. */
async function weakTopics(db: Database, userId: number, deck: DeckRow, subject: string, now: Date): Promise<Set<string>> {
  const weak = new Set<string>();
  if ((RECOMMENDATION_SUBJECTS as readonly string[]).includes(subject)) {
    const plan = await latestPlan(db, userId, subject);
    for (const r of plan.recommendations) if (!r.completedAt) for (const t of r.topics) weak.add(t);
  }
  const forgotten = await db.selectDistinct({ topic: revisionCards.topic }).from(revisionReviews)
    .innerJoin(revisionCards, eq(revisionCards.id, revisionReviews.cardId))
    .where(and(eq(revisionCards.deckId, deck.id), eq(revisionReviews.rating, 1), gte(revisionReviews.reviewedAt, new Date(now.getTime() - 14 * DAY_MS).toISOString()))).all();
  for (const f of forgotten) weak.add(f.topic);
  return weak;
}

/** Reviews of the deck on the student's (UK) day of `now`. */
async function reviewsToday(db: Database, deckId: number, now: Date) {
  const rows = await db.select({ stateBefore: revisionReviews.stateBefore, reviewedAt: revisionReviews.reviewedAt }).from(revisionReviews)
    .innerJoin(revisionCards, eq(revisionCards.id, revisionReviews.cardId))
    .where(and(eq(revisionCards.deckId, deckId), gte(revisionReviews.reviewedAt, new Date(now.getTime() - 2 * DAY_MS).toISOString()))).all();
  const today = londonDate(now);
  const todays = rows.filter((r) => londonDate(new Date(r.reviewedAt)) === today);
  return { reviewed: todays.length, introduced: todays.filter((r) => r.stateBefore === State.New).length };
}

/**
 * A deck's day at `now`: its cards due now and its new cards (suspended ones left out), how many new
 * cards today's allowance still takes, and the counts the page shows.
 */
function dayOf<C extends Pick<CardRow, "state" | "due" | "suspended">>(all: readonly C[], deck: DeckRow, today: { reviewed: number; introduced: number }, now: Date) {
  const nowIso = now.toISOString();
  const active = all.filter((c) => !c.suspended);
  const due = active.filter((c) => c.state !== State.New && c.due <= nowIso);
  const fresh = active.filter((c) => c.state === State.New);
  const newLeft = Math.min(fresh.length, Math.max(0, deck.newPerDay - today.introduced));
  const counts = { total: all.length, due: due.length, newToday: today.introduced, newLeft, suspended: all.length - active.length, reviewedToday: today.reviewed };
  return { active, due, fresh, newLeft, counts };
}

/** Days in a row, up to today (or yesterday, while today has none yet), with a review. */
export function streakOf(reviewDays: ReadonlySet<string>, now: Date): number {
  let day = new Date(`${londonDate(now)}T12:00:00Z`);
  if (!reviewDays.has(londonDate(day))) day = new Date(day.getTime() - DAY_MS);
  let streak = 0;
  while (reviewDays.has(londonDate(day))) {
    streak++;
    day = new Date(day.getTime() - DAY_MS);
  }
  return streak;
}

export async function overview(db: Database, userId: number, paperId: number, now = new Date(), known?: Studyable): Promise<DeckOverview> {
  const deck = await deckOf(db, userId, paperId);
  const paper = known ?? await studyable(db, paperId);
  const cards = await db.select({ id: revisionCards.id, topic: revisionCards.topic, state: revisionCards.state, due: revisionCards.due, suspended: revisionCards.suspended })
    .from(revisionCards).where(eq(revisionCards.deckId, deck.id)).all();
  const { active, due, counts } = dayOf(cards, deck, await reviewsToday(db, deck.id, now), now);
  // A streak can only be as long as the days looked at: a year is plenty.
  const days = await db.selectDistinct({ at: revisionReviews.reviewedAt }).from(revisionReviews)
    .where(and(eq(revisionReviews.userId, userId), gte(revisionReviews.reviewedAt, new Date(now.getTime() - 366 * DAY_MS).toISOString()))).all();
  const reviewDays = new Set(days.map((d) => londonDate(new Date(d.at))));
  const forecast = Array.from({ length: 7 }, (_, i) => {
    const date = londonDate(new Date(now.getTime() + i * DAY_MS));
    const n = active.filter((c) => c.state !== State.New && (i === 0 ? c.due <= `${date}T23:59:59.999Z` : londonDate(new Date(c.due)) === date)).length;
    return { date, count: n };
  });
  const weak = await weakTopics(db, userId, deck, paper.row.subject, now);
  const tier = tierOf(deck);
  return {
    paper: { id: paper.row.id, label: paperLabel(paper.row), tiers: paper.blueprint.tiers as string[] },
    tier: deck.tier,
    settings: { newPerDay: deck.newPerDay, examDate: deck.examDate },
    counts,
    streak: streakOf(reviewDays, now),
    forecast,
    topics: paper.blueprint.topics.map((t) => ({
      id: t.id,
      name: t.name,
      cards: cards.filter((c) => c.topic === t.id).length,
      due: due.filter((c) => c.topic === t.id).length,
      weak: weak.has(t.id),
      hasQuiz: hasQuiz(paper.blueprint, paper.questions, t.id, tier),
    })),
  };
}

function toView(card: CardRow, topicName: string, deck: DeckRow, now: Date): CardView {
  return {
    id: card.id,
    topic: card.topic,
    topicName,
    front: card.front,
    back: card.back,
    source: { kind: card.sourceKind as CardView["source"]["kind"], label: card.sourceLabel },
    suspended: card.suspended,
    state: ["New", "Learning", "Review", "Relearning"][card.state] ?? "New",
    intervals: intervalsFor(card, now, deck.examDate),
  };
}

/** Cards a review session carries at most: enough to go on reviewing through a lost connection. */
export const SESSION_CARDS = 50;

/**
 * The cards to review now, in order: cards due now first (the weak topics' first, then the longest
 * overdue), then new cards while today's allowance lasts (weak topics first, then in the paper's
 * topic order). Empty when nothing is left for now, with when the next card comes back.
 */
export async function reviewSession(db: Database, userId: number, paperId: number, now = new Date(), limit = SESSION_CARDS): Promise<{ cards: CardView[]; nextDue: string | null; counts: DeckOverview["counts"] }> {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  const names = new Map(paper.blueprint.topics.map((t, i) => [t.id, { name: t.name, order: i }]));
  const weak = await weakTopics(db, userId, deck, paper.row.subject, now);
  const all = await db.select().from(revisionCards).where(eq(revisionCards.deckId, deck.id)).all();
  const { active, due, fresh, newLeft, counts } = dayOf(all, deck, await reviewsToday(db, deck.id, now), now);
  const weakFirst = (a: CardRow, b: CardRow) => Number(weak.has(b.topic)) - Number(weak.has(a.topic));
  due.sort((a, b) => weakFirst(a, b) || a.due.localeCompare(b.due) || a.id - b.id);
  fresh.sort((a, b) => weakFirst(a, b) || (names.get(a.topic)?.order ?? 99) - (names.get(b.topic)?.order ?? 99) || a.id - b.id);
  const queue = [...due, ...fresh.slice(0, newLeft)].slice(0, limit);
  const nowIso = now.toISOString();
  const later = active.filter((c) => c.state !== State.New && c.due > nowIso).map((c) => c.due).sort()[0] ?? null;
  return { cards: queue.map((c) => toView(c, names.get(c.topic)?.name ?? c.topic, deck, now)), nextDue: queue.length ? null : later, counts };
}

/** The next card to review, or none for now (the session's first). */
export async function nextCard(db: Database, userId: number, paperId: number, now = new Date()) {
  const { cards, nextDue, counts } = await reviewSession(db, userId, paperId, now, 1);
  return { card: cards[0] ?? null, nextDue, counts };
}

/**
 * Records reviews in the order they were made, each on the card's FSRS state, all in one
 * transaction; a review already recorded (the same id, sent again after an offline spell) is skipped.
 */
export async function recordReviews(db: Database, userId: number, reviews: readonly Review[], now = new Date()): Promise<{ recorded: number; skipped: number }> {
  const ordered = [...reviews].sort((a, b) => Date.parse(a.reviewedAt) - Date.parse(b.reviewedAt));
  for (const r of ordered) if (Date.parse(r.reviewedAt) > now.getTime() + 5 * 60_000) throw new HttpError(400, "A review cannot be in the future");
  return await db.transaction(async (tx) => {
    const seen = new Set((await tx.select({ id: revisionReviews.id }).from(revisionReviews).where(inArray(revisionReviews.id, ordered.map((r) => r.id))).all()).map((r) => r.id));
    let recorded = 0;
    for (const r of ordered) {
      if (seen.has(r.id)) continue;
      const found = await tx.select({ card: revisionCards, deck: revisionDecks }).from(revisionCards)
        .innerJoin(revisionDecks, eq(revisionDecks.id, revisionCards.deckId))
        .where(and(eq(revisionCards.id, r.cardId), eq(revisionDecks.userId, userId))).get();
      if (!found) throw new HttpError(404, REVISION_TEXTS.cardMissing);
      const at = new Date(r.reviewedAt);
      const next = applyRating(found.card, r.rating as RatingValue, at, found.deck.examDate);
      await tx.update(revisionCards).set(next).where(eq(revisionCards.id, found.card.id));
      await tx.insert(revisionReviews).values({ id: r.id, userId, cardId: found.card.id, rating: r.rating, stateBefore: found.card.state, reviewedAt: at.toISOString() });
      seen.add(r.id);
      recorded++;
    }
    return { recorded, skipped: ordered.length - recorded };
  });
}

/** A card of the student's, with the deck it is in; anyone else's is a 404. */
async function ownCard(db: Database, userId: number, cardId: number): Promise<{ card: CardRow; deck: DeckRow }> {
  const found = await db.select({ card: revisionCards, deck: revisionDecks }).from(revisionCards).innerJoin(revisionDecks, eq(revisionDecks.id, revisionCards.deckId))
    .where(and(eq(revisionCards.id, cardId), eq(revisionDecks.userId, userId))).get();
  if (!found) throw new HttpError(404, REVISION_TEXTS.cardMissing);
  return found;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
/** A student's own text as the card's safe HTML: escaped, one paragraph per line. */
const ownHtml = (text: string) => text.split(/\n+/).map((line) => line.trim()).filter(Boolean).map((line) => `<p>${escapeHtml(line)}</p>`).join("");

export async function addOwnCard(db: Database, userId: number, paperId: number, input: { topic: string; front: string; back: string }, now = new Date()) {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  if (!paper.blueprint.topics.some((t) => t.id === input.topic)) throw new HttpError(400, "Choose a topic of this paper", { errors: { topic: "Choose a topic of this paper" } });
  const row = await db.insert(revisionCards).values({
    deckId: deck.id, key: null, topic: input.topic, front: ownHtml(input.front), back: ownHtml(input.back), sourceKind: "own", sourceLabel: "Your own card", ...newCardState(now),
  }).returning().get();
  return toView(row, paper.blueprint.topics.find((t) => t.id === row.topic)!.name, deck, now);
}

/** The student's own card's text may change; any card of theirs may be suspended or brought back. */
export async function editCard(db: Database, userId: number, cardId: number, input: { front?: string; back?: string; suspended?: boolean }, now = new Date()) {
  const { card, deck } = await ownCard(db, userId, cardId);
  if ((input.front !== undefined || input.back !== undefined) && card.sourceKind !== "own") throw new HttpError(403, "Only your own cards can be edited; suspend this one instead");
  const patch: Partial<CardRow> = {};
  if (input.front !== undefined) patch.front = ownHtml(input.front);
  if (input.back !== undefined) patch.back = ownHtml(input.back);
  if (input.suspended !== undefined) patch.suspended = input.suspended;
  const row = Object.keys(patch).length ? await db.update(revisionCards).set(patch).where(eq(revisionCards.id, cardId)).returning().get() : card;
  const paper = await studyable(db, deck.paperId);
  return toView(row, paper.blueprint.topics.find((t) => t.id === row.topic)?.name ?? row.topic, deck, now);
}

/** Deletes a card of the student's (a built card comes back only if the deck is rebuilt: it is suspended instead). */
export async function deleteCard(db: Database, userId: number, cardId: number) {
  const { card } = await ownCard(db, userId, cardId);
  if (card.sourceKind === "own") await db.delete(revisionCards).where(eq(revisionCards.id, cardId));
  // A built card deleted would come back with the next top-up; suspended, it stays out of the queue.
  else await db.update(revisionCards).set({ suspended: true }).where(eq(revisionCards.id, cardId));
}

/** Every card of the deck for the card list (front, topic, state), own cards first. */
export async function listCards(db: Database, userId: number, paperId: number, now = new Date()) {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  const names = new Map(paper.blueprint.topics.map((t) => [t.id, t.name]));
  const rows = await db.select().from(revisionCards).where(eq(revisionCards.deckId, deck.id)).orderBy(asc(revisionCards.id)).all();
  return rows.map((r) => toView(r, names.get(r.topic) ?? r.topic, deck, now)).sort((a, b) => Number(b.source.kind === "own") - Number(a.source.kind === "own"));
}

export async function summaryFor(db: Database, userId: number, paperId: number, topicId: string): Promise<TopicSummary> {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  if (!paper.blueprint.topics.some((t) => t.id === topicId)) throw new HttpError(404, "Topic not found");
  return topicSummary(paper.blueprint, paper.questions, topicId, tierOf(deck));
}

export async function quizFor(db: Database, userId: number, paperId: number, topicId: string): Promise<QuizQuestion[]> {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  if (!paper.blueprint.topics.some((t) => t.id === topicId)) throw new HttpError(404, "Topic not found");
  return topicQuiz(paper.blueprint, paper.questions, topicId, tierOf(deck)).map(({ key, prompt, options, source }) => ({ key, prompt, options, source }));
}

/** Marks a quiz on the spot: exactly, against the option each mark scheme names. */
export async function markQuiz(db: Database, userId: number, paperId: number, topicId: string, answers: { key: string; choice: number }[]): Promise<QuizResult> {
  const deck = await deckOf(db, userId, paperId);
  const paper = await studyable(db, paperId);
  const items = new Map(topicQuiz(paper.blueprint, paper.questions, topicId, tierOf(deck)).map((q) => [q.key, q]));
  const results = answers.map((a) => {
    const item = items.get(a.key);
    if (!item) throw new HttpError(400, "That question is not in this quiz");
    return { key: a.key, correct: a.choice === item.answer, answer: item.answer, explanation: item.explanation };
  });
  return { score: results.filter((r) => r.correct).length, outOf: results.length, results };
}

/** The home page's Smart Resources card: the student's cards and their reviews. */
export async function resourceCounts(db: Database, userId: number): Promise<{ cards: number; reviews: number }> {
  const cards = (await db.select({ n: count() }).from(revisionCards).innerJoin(revisionDecks, eq(revisionDecks.id, revisionCards.deckId)).where(eq(revisionDecks.userId, userId)).get())?.n ?? 0;
  const reviews = (await db.select({ n: count() }).from(revisionReviews).where(eq(revisionReviews.userId, userId)).get())?.n ?? 0;
  return { cards, reviews };
}

/** Minutes a day the student's decks ask for (about 10 s a review card, 30 s a new one), for the study planner. */
export async function dailyReviewMinutes(db: Database, userId: number, now = new Date()): Promise<number> {
  const decks = await db.select().from(revisionDecks).where(eq(revisionDecks.userId, userId)).all();
  const tomorrow = new Date(now.getTime() + DAY_MS);
  let seconds = 0;
  for (const deck of decks) {
    const due = await dueCount(db, deck.id, tomorrow);
    const fresh = (await db.select({ n: count() }).from(revisionCards).where(and(eq(revisionCards.deckId, deck.id), eq(revisionCards.suspended, false), eq(revisionCards.state, State.New))).get())?.n ?? 0;
    seconds += due * 10 + Math.min(fresh, deck.newPerDay) * 30;
  }
  return Math.ceil(seconds / 60);
}

