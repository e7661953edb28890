// Smart Study Resources through the API and its service: decks built from the seeded papers, FSRS
// (ts-fsrs) as the scheduler, the daily new-card cap, the exam date as the schedule's horizon,
// reviews sent twice counted once, own cards, and nobody else's deck in reach.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { eq } from "drizzle-orm";
import { createTestApp, send, studentWithCredits } from "../test-utils.ts";
import { banks, catalogueRow, type T } from "../papers/testing.ts";
import { revisionCards, revisionDecks } from "../db/schema.ts";
import type { CardView, DeckOverview, QuizQuestion, QuizResult, TopicSummary } from "../../shared/revision.ts";
import { nextCard, openDeck, recordReviews, resourceCounts, streakOf, updateSettings } from "./service.ts";
import { maximumInterval } from "./scheduler.ts";

const DAY = 24 * 3600 * 1000;
const biology = banks.find((b) => b.blueprint.code === "8461/1")!.blueprint;
const review = (cardId: number, rating: 1 | 2 | 3 | 4, at: Date) => ({ id: randomUUID(), cardId, rating, reviewedAt: at.toISOString() });

let t: T;
let paperId: number;
beforeAll(async () => {
  t = await createTestApp();
  paperId = (await catalogueRow(t, biology)).id;
});

describe("decks", () => {
  it("lists the seeded papers, makes a deck with cards on every topic (201), and tops it up without duplicates (200)", async () => {
    const { cookie } = await studentWithCredits(t, "dora");
    const list = (await (await send(t.app, "/api/revision/papers", undefined, cookie)).json()) as { id: number; label: string; deck: unknown }[];
    expect(list.map((p) => p.label)).toContain("AQA GCSE Biology Paper 1");
    expect(list.find((p) => p.id === paperId)!.deck).toBeNull();
    const made = await send(t.app, "/api/revision/decks", { paperId, tier: "Foundation" }, cookie);
    expect(made.status).toBe(201);
    const deck = (await made.json()) as DeckOverview;
    expect(deck.tier).toBe("Foundation");
    expect(deck.counts.total).toBeGreaterThan(biology.topics.length);
    for (const topic of deck.topics) expect(topic.cards, topic.name).toBeGreaterThan(0);
    const again = await send(t.app, "/api/revision/decks", { paperId }, cookie);
    expect(again.status).toBe(200);
    expect(((await again.json()) as DeckOverview).counts.total).toBe(deck.counts.total);
  });

  it("refuses a tier the paper does not have, and a paper that does not exist", async () => {
    const { cookie } = await studentWithCredits(t, "dean");
    expect((await send(t.app, "/api/revision/decks", { paperId: 999999 }, cookie)).status).toBe(404);
    const rs = (await catalogueRow(t, banks.find((b) => b.blueprint.code === "8062/12")!.blueprint)).id;
    const res = await send(t.app, "/api/revision/decks", { paperId: rs, tier: "Higher" }, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).errors.tier).toBe("This paper has no such tier");
  });

  it("keeps each student's deck and cards their own", async () => {
    const owner = await studentWithCredits(t, "olga");
    const other = await studentWithCredits(t, "otto");
    await send(t.app, "/api/revision/decks", { paperId }, owner.cookie);
    const session = (await (await send(t.app, `/api/revision/decks/${paperId}/session`, undefined, owner.cookie)).json()) as { cards: CardView[] };
    const card = session.cards[0];
    expect((await send(t.app, `/api/revision/decks/${paperId}`, undefined, other.cookie)).status).toBe(404);
    expect((await send(t.app, `/api/revision/cards/${card.id}`, { suspended: true }, other.cookie, "PATCH")).status).toBe(404);
    expect((await send(t.app, `/api/revision/cards/${card.id}`, undefined, other.cookie, "DELETE")).status).toBe(404);
    const res = await send(t.app, "/api/revision/reviews", { reviews: [review(card.id, 3, new Date())] }, other.cookie);
    expect(res.status).toBe(404);
    expect((await t.db.select().from(revisionCards).where(eq(revisionCards.id, card.id)).get())!.reps).toBe(0);
  });
});

describe("FSRS scheduling (ts-fsrs)", () => {
  it("brings a card rated Good back later than one rated Hard, exactly when ts-fsrs says", async () => {
    const { userId, cookie } = await studentWithCredits(t, "fay");
    await send(t.app, "/api/revision/decks", { paperId }, cookie);
    const start = new Date(Date.now() + 3600_000);
    const tomorrow = new Date(start.getTime() + DAY);
    const scheduler = fsrs({ maximum_interval: 36500 });
    // Two new cards of the deck: one rated Good then Good, the other Good then Hard, a day apart.
    const deck = (await t.db.select().from(revisionDecks).where(eq(revisionDecks.userId, userId)).get())!;
    const cards = (await t.db.select().from(revisionCards).where(eq(revisionCards.deckId, deck.id)).all()).slice(0, 2);
    await recordReviews(t.db, userId, [review(cards[0].id, 3, start), review(cards[1].id, 3, start)], tomorrow);
    await recordReviews(t.db, userId, [review(cards[0].id, 3, tomorrow), review(cards[1].id, 2, tomorrow)], tomorrow);
    const [good, hard] = await Promise.all(cards.map((c) => t.db.select().from(revisionCards).where(eq(revisionCards.id, c.id)).get()));
    expect(Date.parse(good!.due)).toBeGreaterThan(Date.parse(hard!.due));
    // ts-fsrs itself, with the same parameters, from an empty card created when the deck was.
    let expected = scheduler.next(createEmptyCard(new Date(cards[0].due)), start, Rating.Good).card;
    expected = scheduler.next(expected, tomorrow, Rating.Good).card;
    expect(good!.due).toBe(expected.due.toISOString());
    expect(good!.stability).toBeCloseTo(expected.stability, 10);
    expect(good!.difficulty).toBeCloseTo(expected.difficulty, 10);
  });

  it("never schedules a card past the exam date, and schedules as usual without one", () => {
    const at = new Date("2027-05-01T10:00:00Z");
    expect(maximumInterval("2027-05-11", at)).toBe(9);
    expect(maximumInterval(null, at)).toBe(36500);
    expect(maximumInterval("2027-04-01", at)).toBe(36500);
  });

  it("keeps every card of a deck due before its exam however easy it is", async () => {
    const { userId } = await studentWithCredits(t, "eve");
    const now = new Date("2027-05-01T08:00:00Z");
    await openDeck(t.db, userId, { paperId }, now);
    await updateSettings(t.db, userId, paperId, { examDate: "2027-05-20" }, now);
    let at = now;
    const first = (await nextCard(t.db, userId, paperId, at)).card!;
    for (let i = 0; i < 6; i++) {
      await recordReviews(t.db, userId, [review(first.id, 4, at)], at);
      const row = (await t.db.select().from(revisionCards).where(eq(revisionCards.id, first.id)).get())!;
      expect(Date.parse(row.due), `review ${i + 1}`).toBeLessThanOrEqual(Date.parse("2027-05-20T00:00:00Z"));
      at = new Date(Math.max(Date.parse(row.due), at.getTime() + 60_000));
    }
  });
});

describe("the daily queue", () => {
  it("introduces no more new cards a day than the student allows, then more the next day", async () => {
    const { userId } = await studentWithCredits(t, "nia");
    const now = new Date("2026-12-01T10:00:00Z");
    await openDeck(t.db, userId, { paperId }, now);
    await updateSettings(t.db, userId, paperId, { newPerDay: 3 }, now);
    const seen: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { card, counts } = await nextCard(t.db, userId, paperId, now);
      expect(counts.newLeft).toBe(3 - i);
      seen.push(card!.id);
      await recordReviews(t.db, userId, [review(card!.id, 3, now)], now);
    }
    expect(new Set(seen).size).toBe(3);
    const done = await nextCard(t.db, userId, paperId, now);
    expect(done.card).toBeNull();
    expect(done.counts.newLeft).toBe(0);
    // The learning cards come back within minutes: the next one is named.
    expect(done.nextDue).not.toBeNull();
    const tomorrow = await nextCard(t.db, userId, paperId, new Date(now.getTime() + DAY));
    expect(tomorrow.card).not.toBeNull();
    expect(seen).toContain(tomorrow.card!.id);
  });

  it("puts the topics the student's study plan names first", async () => {
    const { userId, cookie } = await studentWithCredits(t, "wyn");
    const plan = await send(t.app, "/api/study/recommendations", { subject: "Biology", userPreferences: { studyTimePerWeek: 300, preferredStudyMethods: ["Flashcards"] } }, cookie);
    expect(plan.status).toBe(201);
    const planned = new Set(((await plan.json()).recommendations as { topics: string[] }[]).flatMap((r) => r.topics));
    expect(planned.size).toBeGreaterThan(0);
    // The plan covers the subject (both its papers): the deck is of the paper the plan's topics are on.
    const studied = banks.map((b) => b.blueprint).find((bp) => bp.paper.subject === "Biology" && bp.topics.some((x) => planned.has(x.id)))!;
    const studiedId = (await catalogueRow(t, studied)).id;
    const now = new Date();
    const { overview } = await openDeck(t.db, userId, { paperId: studiedId }, now);
    const plannedHere = [...planned].filter((id) => overview.topics.some((x) => x.id === id));
    expect(plannedHere.length).toBeGreaterThan(0);
    expect(overview.topics.filter((x) => x.weak).map((x) => x.id).sort()).toEqual(plannedHere.sort());
    const { card } = await nextCard(t.db, userId, studiedId, now);
    expect(planned.has(card!.topic)).toBe(true);
    // And the plan counts the deck's daily reviews: today's new cards at about 30 s each.
    const withDeck = await (await send(t.app, "/api/study/recommendations?subject=Biology", undefined, cookie)).json();
    expect(withDeck.dailyReviewMinutes).toBe(Math.ceil((20 * 30) / 60));
  });

  it("counts a review sent twice (offline, then again) once, and reviews in the order they were made", async () => {
    const { userId, cookie } = await studentWithCredits(t, "ola");
    await send(t.app, "/api/revision/decks", { paperId }, cookie);
    const card = ((await (await send(t.app, `/api/revision/decks/${paperId}/session`, undefined, cookie)).json()) as { cards: CardView[] }).cards[0];
    const now = Date.now();
    const first = review(card.id, 1, new Date(now - 120_000));
    const second = review(card.id, 3, new Date(now - 60_000));
    // Sent out of order, the second one first: they are applied by time.
    const res = await send(t.app, "/api/revision/reviews", { reviews: [second, first] }, cookie);
    expect(await res.json()).toEqual({ recorded: 2, skipped: 0 });
    const resent = await send(t.app, "/api/revision/reviews", { reviews: [first, second] }, cookie);
    expect(await resent.json()).toEqual({ recorded: 0, skipped: 2 });
    const row = (await t.db.select().from(revisionCards).where(eq(revisionCards.id, card.id)).get())!;
    expect(row.reps).toBe(2);
    expect(row.lapses).toBe(0);
    expect(await resourceCounts(t.db, userId)).toEqual({ cards: expect.any(Number), reviews: 2 });
    const overview = (await (await send(t.app, `/api/revision/decks/${paperId}`, undefined, cookie)).json()) as DeckOverview;
    expect(overview.counts.reviewedToday).toBe(2);
    expect(overview.streak).toBe(1);
    expect(overview.forecast).toHaveLength(7);
  });

  it("counts a streak of days in a row up to today, or yesterday while today has none", () => {
    const now = new Date("2026-11-26T15:00:00Z");
    expect(streakOf(new Set(["2026-11-24", "2026-11-25", "2026-11-26"]), now)).toBe(3);
    expect(streakOf(new Set(["2026-11-24", "2026-11-25"]), now)).toBe(2);
    expect(streakOf(new Set(["2026-11-23", "2026-11-25", "2026-11-26"]), now)).toBe(2);
    expect(streakOf(new Set(["2026-11-20"]), now)).toBe(0);
  });
});

describe("own cards, summaries and quizzes", () => {
  it("adds, edits, suspends and deletes a student's own card; a built card is suspended, not edited", async () => {
    const { cookie } = await studentWithCredits(t, "abe");
    await send(t.app, "/api/revision/decks", { paperId }, cookie);
    const topic = biology.topics[0].id;
    const made = await send(t.app, `/api/revision/decks/${paperId}/cards`, { topic, front: "What does a <ribosome> do?", back: "Makes proteins." }, cookie);
    expect(made.status).toBe(201);
    const own = (await made.json()) as CardView;
    expect(own.front).toBe("<p>What does a &#60;ribosome&#62; do?</p>");
    expect(own.source).toEqual({ kind: "own", label: "Your own card" });
    const edited = (await (await send(t.app, `/api/revision/cards/${own.id}`, { back: "Protein synthesis." }, cookie, "PATCH")).json()) as CardView;
    expect(edited.back).toBe("<p>Protein synthesis.</p>");
    expect(edited.topicName).toBe(own.topicName);
    expect(own.topicName).toBe(biology.topics[0].name);
    const missing = await send(t.app, `/api/revision/decks/${paperId}/cards`, { topic, front: " ", back: "x" }, cookie);
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.front).toBe("Write the card's question");
    const built = ((await (await send(t.app, `/api/revision/decks/${paperId}/cards`, undefined, cookie)).json()) as CardView[]).find((c) => c.source.kind !== "own")!;
    expect((await send(t.app, `/api/revision/cards/${built.id}`, { front: "changed" }, cookie, "PATCH")).status).toBe(403);
    expect(((await (await send(t.app, `/api/revision/cards/${built.id}`, { suspended: true }, cookie, "PATCH")).json()) as CardView).suspended).toBe(true);
    expect((await send(t.app, `/api/revision/cards/${own.id}`, undefined, cookie, "DELETE")).status).toBe(200);
    const after = (await (await send(t.app, `/api/revision/decks/${paperId}/cards`, undefined, cookie)).json()) as CardView[];
    expect(after.some((c) => c.id === own.id)).toBe(false);
    expect(after.find((c) => c.id === built.id)!.suspended).toBe(true);
  });

  it("gives a topic's summary and marks its quiz on the spot", async () => {
    const { cookie } = await studentWithCredits(t, "kit");
    const deck = (await (await send(t.app, "/api/revision/decks", { paperId }, cookie)).json()) as DeckOverview;
    const topic = deck.topics.find((x) => x.hasQuiz)!;
    const summary = (await (await send(t.app, `/api/revision/decks/${paperId}/topics/${topic.id}/summary`, undefined, cookie)).json()) as TopicSummary;
    expect(summary.description.length).toBeGreaterThan(0);
    const quiz = (await (await send(t.app, `/api/revision/decks/${paperId}/topics/${topic.id}/quiz`, undefined, cookie)).json()) as QuizQuestion[];
    expect(quiz.length).toBeGreaterThan(0);
    expect(JSON.stringify(quiz)).not.toContain("answer");
    const answers = quiz.map((q) => ({ key: q.key, choice: 0 }));
    const marked = (await (await send(t.app, `/api/revision/decks/${paperId}/topics/${topic.id}/quiz`, { answers }, cookie)).json()) as QuizResult;
    expect(marked.outOf).toBe(quiz.length);
    expect(marked.score).toBe(marked.results.filter((r) => r.answer === 0).length);
    const right = quiz.map((q) => ({ key: q.key, choice: marked.results.find((r) => r.key === q.key)!.answer }));
    expect(((await (await send(t.app, `/api/revision/decks/${paperId}/topics/${topic.id}/quiz`, { answers: right }, cookie)).json()) as QuizResult).score).toBe(quiz.length);
  });
});

describe("settings", () => {
  it("refuses an exam date that is not a date or not in the future, and a new-card cap out of range", async () => {
    const { cookie } = await studentWithCredits(t, "set");
    await send(t.app, "/api/revision/decks", { paperId }, cookie);
    for (const [body, field, message] of [
      [{ examDate: "2027-02-30" }, "examDate", "Enter a date"],
      [{ examDate: "2020-06-01" }, "examDate", "The exam date must be in the future"],
      [{ newPerDay: 500 }, "newPerDay", "At most 200 new cards a day"],
    ] as const) {
      const res = await send(t.app, `/api/revision/decks/${paperId}`, body, cookie, "PATCH");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).errors[field]).toBe(message);
    }
    const ok = await send(t.app, `/api/revision/decks/${paperId}`, { newPerDay: 5, examDate: "2099-05-20" }, cookie, "PATCH");
    expect(((await ok.json()) as DeckOverview).settings).toEqual({ newPerDay: 5, examDate: "2099-05-20" });
  });
});
