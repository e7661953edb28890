// GET /api/progress: the signed-in student's own mastery per topic, per subject and overall.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireSignIn } from "../auth/guards.ts";
import { progressFor } from "./service.ts";

export const progressRoutes = new Hono<AppEnv>()
  .get("/progress", requireSignIn, async (c) => c.json(await progressFor(c.var.deps.db, c.var.user!.id), 200, { "Cache-Control": "private, no-store" }));
