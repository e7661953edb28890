// §7 /api/study/*: recommendations (from the model or the offline planner), progress and analytics.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { HttpError, jsonError, parseBody } from "../http.ts";
import { requireSignIn } from "../auth/guards.ts";
import { RateLimiter, tooManyMessage } from "../auth/rate-limit.ts";
import { progressSchema, recommendationRequestSchema, STUDY_SUCCESS, SUBJECT_REQUIRED, subjectSchema } from "../../shared/study.ts";
import { analyticsFor, generatePlan, latestPlan, logProgress } from "./service.ts";
import { dailyReviewMinutes } from "../revision/service.ts";

const noStore = { "Cache-Control": "private, no-store" };

/** New plans a student may ask for in an hour (each may be a model call). */
export const PLANS_PER_HOUR = 30;

function subjectQuery(raw: string | undefined): string {
  const parsed = subjectSchema.safeParse(raw);
  if (!parsed.success) throw new HttpError(400, SUBJECT_REQUIRED, { errors: { subject: SUBJECT_REQUIRED } });
  return parsed.data;
}

export function studyRoutes() {
  const plans = new RateLimiter(PLANS_PER_HOUR, 60 * 60_000);
  return new Hono<AppEnv>()
    .get("/study/recommendations", requireSignIn, async (c) => {
      const subject = subjectQuery(c.req.query("subject"));
      const plan = await latestPlan(c.var.deps.db, c.var.user!.id, subject);
      return c.json({ ...plan, dailyReviewMinutes: await dailyReviewMinutes(c.var.deps.db, c.var.user!.id) }, 200, noStore);
    })
    .post("/study/recommendations", requireSignIn, async (c) => {
      const key = String(c.var.user!.id);
      const wait = plans.retryAfter(key);
      if (wait) {
        c.header("Retry-After", String(wait));
        return jsonError(c, 429, tooManyMessage(wait));
      }
      const request = await parseBody(c, recommendationRequestSchema);
      plans.hit(key);
      try {
        const plan = await generatePlan(c.var.deps, c.var.user!.id, request);
        return c.json({ success: true, message: STUDY_SUCCESS, ...plan, dailyReviewMinutes: await dailyReviewMinutes(c.var.deps.db, c.var.user!.id) }, 201, noStore);
      } catch (err) {
        // A model failure carries its §8 code; its cause was logged where it happened.
        if (err instanceof HttpError && err.details?.code) return jsonError(c, err.status, err.message, err.details);
        throw err;
      }
    })
    .get("/study/analytics", requireSignIn, async (c) => {
      const subject = subjectQuery(c.req.query("subject"));
      return c.json(await analyticsFor(c.var.deps.db, c.var.user!.id, subject), 200, noStore);
    })
    .post("/study/progress", requireSignIn, async (c) => {
      const input = await parseBody(c, progressSchema);
      return c.json(await logProgress(c.var.deps.db, c.var.user!.id, input), 201);
    });
}
