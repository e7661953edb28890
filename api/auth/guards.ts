import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { jsonError } from "../http.ts";
import { isAdmin } from "./session.ts";

/** 401 unless signed in. */
export const requireSignIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return jsonError(c, 401, "Please sign in first");
  await next();
};

/** 401 unless signed in, 403 unless an admin (role 'admin' or ADMIN_EMAIL). */
export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) return jsonError(c, 401, "Please sign in first");
  if (!isAdmin(c.var.user, c.var.deps.env.ADMIN_EMAIL)) return jsonError(c, 403, "Only administrators can do this");
  await next();
};

export const currentUser = (c: Context<AppEnv>) => c.var.user!;
