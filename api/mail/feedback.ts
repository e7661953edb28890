// §7 POST /api/feedback: stored in the feedback table, then e-mailed to the System settings'
// feedback_email (CONTACT_EMAIL when none is set) through the mail module.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { jsonError, parseBody } from "../http.ts";
import { requireSignIn } from "../auth/guards.ts";
import { RateLimiter, tooManyMessage } from "../auth/rate-limit.ts";
import { feedback } from "../db/schema.ts";
import { FEEDBACK_SUBJECTS } from "../../shared/constants.ts";
import { feedbackSchema } from "../../shared/schemas.ts";
import { getSetting, SETTING_KEYS } from "../settings/store.ts";
import { sendMail } from "./mail.ts";

/** Feedback messages one student may send in an hour. */
export const FEEDBACK_PER_HOUR = 10;
export const FEEDBACK_THANKS = "Thank you for your feedback!";

export function feedbackRoutes() {
  const perUser = new RateLimiter(FEEDBACK_PER_HOUR, 60 * 60_000);
  return new Hono<AppEnv>().post("/feedback", requireSignIn, async (c) => {
    const user = c.var.user!;
    const wait = perUser.retryAfter(String(user.id));
    if (wait) {
      c.header("Retry-After", String(wait));
      return jsonError(c, 429, tooManyMessage(wait));
    }
    const input = await parseBody(c, feedbackSchema);
    perUser.hit(String(user.id));
    const deps = c.var.deps;
    const row = await deps.db.insert(feedback).values({ userId: user.id, ...input }).returning().get();
    const label = FEEDBACK_SUBJECTS.find((s) => s.value === input.subject)?.label ?? input.subject;
    const to = (await getSetting(deps.db, SETTING_KEYS.feedbackEmail)) ?? deps.env.CONTACT_EMAIL;
    await sendMail(deps, {
      to,
      subject: `ExamPrep feedback: ${label}`,
      replyTo: input.email,
      text: [
        `New feedback on ExamPrep (#${row.id})`,
        "",
        `Subject: ${label}`,
        `From: ${input.email} (account ${user.username}, id ${user.id})`,
        `Sent: ${row.createdAt}`,
        "",
        input.description,
      ].join("\n"),
    });
    return c.json({ success: true, message: FEEDBACK_THANKS, id: row.id }, 201);
  });
}
