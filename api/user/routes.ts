import { Hono } from "hono";
import { toPublicUser } from "../auth/session.ts";
import type { AppEnv } from "../context.ts";
import { jsonError } from "../http.ts";

export const userRoutes = new Hono<AppEnv>().get("/user", (c) => {
  const user = c.var.user;
  // Personal data: never stored by shared caches. The site caches it for a minute itself (§9).
  c.header("Cache-Control", "private, no-store");
  if (!user) return jsonError(c, 401, "Not signed in");
  return c.json(toPublicUser(user, c.var.deps.env.ADMIN_EMAIL));
});
