import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { clientAddress, HttpError, jsonError, parseBody } from "../http.ts";
import { loginSchema, notificationPrefsSchema, passwordChangeSchema, profileSchema, registerSchema } from "../../shared/schemas.ts";
import { AUTH_LIMITS, RateLimiter, tooManyMessage } from "./rate-limit.ts";
import {
  authenticate,
  changePassword,
  INVALID_CREDENTIALS,
  readNotifications,
  registerUser,
  saveNotifications,
  updateProfile,
} from "./service.ts";
import { createSession, deleteSessionCookie, invalidateSession, type SessionUser, setSessionCookie, toPublicUser } from "./session.ts";
import { normaliseEmail } from "./users.ts";
import { applyReferral, findReferrer } from "../credits/referrals.ts";

function tooMany(c: Context, seconds: number) {
  c.header("Retry-After", String(seconds));
  return jsonError(c, 429, tooManyMessage(seconds), { retryAfter: seconds });
}

async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const { db, env } = c.var.deps;
  const { token, session } = await createSession(db, user.id);
  setSessionCookie(c, token, session.expiresAt, env.NODE_ENV === "production");
  return toPublicUser(user, env.ADMIN_EMAIL);
}

function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.var.user;
  if (!user) throw new HttpError(401, "Please sign in first");
  return user;
}

/** Register, sign in, sign out and the signed-in user's own account. Limiters live per app. */
export function authRoutes() {
  const loginPerIp = new RateLimiter(AUTH_LIMITS.loginPerIp.max, AUTH_LIMITS.loginPerIp.windowMs);
  const loginFailures = new RateLimiter(AUTH_LIMITS.loginFailuresPerAccount.max, AUTH_LIMITS.loginFailuresPerAccount.windowMs);
  const registerPerIp = new RateLimiter(AUTH_LIMITS.registerPerIp.max, AUTH_LIMITS.registerPerIp.windowMs);

  return new Hono<AppEnv>()
    .post("/register", async (c) => {
      const ip = clientAddress(c);
      const wait = registerPerIp.retryAfter(ip);
      if (wait) return tooMany(c, wait);
      const input = await parseBody(c, registerSchema);
      const { db } = c.var.deps;
      if (input.referralCode && !(await findReferrer(db, input.referralCode))) {
        throw new HttpError(400, "That referral code does not exist", { errors: { referralCode: "That referral code does not exist" } });
      }
      registerPerIp.hit(ip);
      const user = await registerUser(db, input);
      if (input.referralCode) await applyReferral(db, user.id, input.referralCode);
      return c.json(await startSession(c, user), 201);
    })
    .post("/login", async (c) => {
      const ip = clientAddress(c);
      const input = await parseBody(c, loginSchema);
      const account = normaliseEmail(input.username);
      const wait = Math.max(loginPerIp.retryAfter(ip), loginFailures.retryAfter(account));
      if (wait) return tooMany(c, wait);
      loginPerIp.hit(ip);
      const user = await authenticate(c.var.deps.db, input.username, input.password);
      if (!user) {
        loginFailures.hit(account);
        return jsonError(c, 401, INVALID_CREDENTIALS);
      }
      loginFailures.reset(account);
      return c.json(await startSession(c, user));
    })
    .post("/logout", async (c) => {
      const session = c.var.session;
      if (session) await invalidateSession(c.var.deps.db, session.id);
      deleteSessionCookie(c, c.var.deps.env.NODE_ENV === "production");
      return c.json({ message: "Logged out" });
    })
    .patch("/user/profile", async (c) => {
      const user = requireUser(c);
      const updated = await updateProfile(c.var.deps.db, user, await parseBody(c, profileSchema));
      return c.json(toPublicUser(updated, c.var.deps.env.ADMIN_EMAIL));
    })
    .post("/user/password", async (c) => {
      const user = requireUser(c);
      await changePassword(c.var.deps.db, user, c.var.session!.id, await parseBody(c, passwordChangeSchema));
      return c.json({ message: "Password changed. You have been signed out everywhere else." });
    })
    .get("/user/notifications", (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json(readNotifications(requireUser(c)));
    })
    .put("/user/notifications", async (c) => {
      const user = requireUser(c);
      return c.json(await saveNotifications(c.var.deps.db, user.id, await parseBody(c, notificationPrefsSchema)));
    });
}
