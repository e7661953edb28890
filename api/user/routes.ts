import { Hono } from "hono";
import { toPublicUser } from "../auth/session.ts";
import type { AppEnv } from "../context.ts";
import { jsonError } from "../http.ts";

export const userRoutes = new Hono<AppEnv>()
  .get("/user", (c) => {
    const user = c.var.user;
    // Personal data: never stored by shared caches. The site caches it for a minute itself (§9).
    c.header("Cache-Control", "private, no-store");
    if (!user) return jsonError(c, 401, "Not signed in");
    return c.json(toPublicUser(user, c.var.deps.env.ADMIN_EMAIL));
  })
  // Who is signed in, with their balance, or nulls for a visitor: what the header of a page built
  // ahead (the same for everyone) asks once it has loaded. A visitor is no error, so it is a 200.
  .get("/session", (c) => {
    const user = c.var.user;
    c.header("Cache-Control", "private, no-store");
    return c.json({ user: user ? toPublicUser(user, c.var.deps.env.ADMIN_EMAIL) : null, credits: user?.credits ?? null });
  });
