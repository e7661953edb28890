// /api/revision/*: Smart Study Resources. Every deck and card is the caller's own: a deck is found by
// the caller and the paper, a card through its deck, so another student's is a 404. Rules live in service.ts.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireSignIn } from "../auth/guards.ts";
import { parseBody, pathId } from "../http.ts";
import { cardEditSchema, deckRequestSchema, deckSettingsSchema, ownCardSchema, quizAnswersSchema, reviewBatchSchema } from "../../shared/revision.ts";
import {
  addOwnCard,
  deleteCard,
  editCard,
  listCards,
  markQuiz,
  openDeck,
  overview,
  quizFor,
  recordReviews,
  reviewSession,
  studyablePapers,
  summaryFor,
  updateSettings,
} from "./service.ts";

const noStore = { "Cache-Control": "private, no-store" };
const paperOf = (raw: string) => pathId(raw, "Paper");

export const revisionRoutes = new Hono<AppEnv>()
  .use("/revision/*", requireSignIn)
  .get("/revision/papers", async (c) => c.json(await studyablePapers(c.var.deps.db, c.var.user!.id), 200, noStore))
  .post("/revision/decks", async (c) => {
    const { created, overview } = await openDeck(c.var.deps.db, c.var.user!.id, await parseBody(c, deckRequestSchema));
    return c.json(overview, created ? 201 : 200, noStore);
  })
  .get("/revision/decks/:paperId", async (c) => c.json(await overview(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId"))), 200, noStore))
  .patch("/revision/decks/:paperId", async (c) => {
    const settings = await parseBody(c, deckSettingsSchema);
    return c.json(await updateSettings(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId")), settings), 200, noStore);
  })
  .get("/revision/decks/:paperId/session", async (c) => c.json(await reviewSession(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId"))), 200, noStore))
  .get("/revision/decks/:paperId/cards", async (c) => c.json(await listCards(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId"))), 200, noStore))
  .post("/revision/decks/:paperId/cards", async (c) => {
    const input = await parseBody(c, ownCardSchema);
    return c.json(await addOwnCard(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId")), input), 201, noStore);
  })
  .patch("/revision/cards/:id", async (c) => {
    const input = await parseBody(c, cardEditSchema);
    return c.json(await editCard(c.var.deps.db, c.var.user!.id, pathId(c.req.param("id"), "Card"), input), 200, noStore);
  })
  .delete("/revision/cards/:id", async (c) => {
    await deleteCard(c.var.deps.db, c.var.user!.id, pathId(c.req.param("id"), "Card"));
    return c.json({ success: true }, 200, noStore);
  })
  .post("/revision/reviews", async (c) => {
    const { reviews } = await parseBody(c, reviewBatchSchema);
    return c.json(await recordReviews(c.var.deps.db, c.var.user!.id, reviews), 200, noStore);
  })
  .get("/revision/decks/:paperId/topics/:topic/summary", async (c) =>
    c.json(await summaryFor(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId")), c.req.param("topic")), 200, noStore))
  .get("/revision/decks/:paperId/topics/:topic/quiz", async (c) =>
    c.json(await quizFor(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId")), c.req.param("topic")), 200, noStore))
  .post("/revision/decks/:paperId/topics/:topic/quiz", async (c) => {
    const { answers } = await parseBody(c, quizAnswersSchema);
    return c.json(await markQuiz(c.var.deps.db, c.var.user!.id, paperOf(c.req.param("paperId")), c.req.param("topic"), answers), 200, noStore);
  });
