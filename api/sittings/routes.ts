// /api/sittings/*: exam mode (issue 15). Every sitting is the caller's own; rules live in service.ts
// (sitting, saving, submitting) and marks.ts (marking and re-marking).
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireSignIn } from "../auth/guards.ts";
import { parseBody, pathId } from "../http.ts";
import { remarkSchema, saveAnswersSchema, selfMarkSchema, startSittingSchema, submitSittingSchema } from "../../shared/sitting-requests.ts";
import { ownSitting, saveAnswers, sittingResult, startSitting, submitSitting, viewSitting } from "./service.ts";
import { remarkPart, selfMarkPart } from "./marks.ts";
import { sittingSummaries } from "./summaries.ts";
import { sitAgain } from "./again.ts";

const noStore = { "Cache-Control": "private, no-store" };
const sittingOf = (raw: string) => pathId(raw, "Sitting");

export const sittingRoutes = new Hono<AppEnv>()
  .use("/sittings", requireSignIn)
  .use("/sittings/*", requireSignIn)
  .get("/sittings", async (c) => c.json(await sittingSummaries(c.var.deps.db, c.var.user!.id), 200, noStore))
  .post("/sittings", async (c) => {
    const { created, view } = await startSitting(c.var.deps, c.var.user!.id, await parseBody(c, startSittingSchema));
    return c.json(view, created ? 201 : 200, noStore);
  })
  .get("/sittings/:id", async (c) => c.json(await viewSitting(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id"))), 200, noStore))
  .put("/sittings/:id/answers", async (c) => {
    const input = await parseBody(c, saveAnswersSchema);
    return c.json(await saveAnswers(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id")), input), 200, noStore);
  })
  .post("/sittings/:id/submit", async (c) => {
    const { automatic } = await parseBody(c, submitSittingSchema);
    return c.json(await submitSitting(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id")), automatic), 200, noStore);
  })
  .get("/sittings/:id/result", async (c) => c.json(await sittingResult(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id"))), 200, noStore))
  .post("/sittings/:id/self-mark", async (c) => {
    const input = await parseBody(c, selfMarkSchema);
    const row = await ownSitting(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id")));
    return c.json(await selfMarkPart(c.var.deps, row, input), 200, noStore);
  })
  .post("/sittings/:id/remark", async (c) => {
    const input = await parseBody(c, remarkSchema);
    const row = await ownSitting(c.var.deps, c.var.user!.id, sittingOf(c.req.param("id")));
    return c.json(await remarkPart(c.var.deps, row, input), 200, noStore);
  })
  .post("/sittings/:id/again", async (c) => c.json(await sitAgain(c.var.deps, c.var.user!, sittingOf(c.req.param("id"))), 201, noStore));
