import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { clientAddress, HttpError, jsonError, parseBody } from "../http.ts";
import { loginSchema, notificationPrefsSchema, passwordChangeSchema, profileSchema, registerSchema } from "../../shared/schemas.ts";
import { AUTH_LIMITS, RateLimiter, tooManyMessage } from "./rate-limit.ts";
import {
  changePassword,
  findSignInAccount,
  INVALID_CREDENTIALS,
  passwordMatches,
  readNotifications,
  registerUser,
  saveNotifications,
  updateProfile,
} from "./service.ts";
import { createSession, deleteSessionCookie, invalidateSession, type SessionUser, setSessionCookie, toPublicUser } from "./session.ts";
import { signInIdentifier } from "./users.ts";
import { applyReferral, findReferrer } from "../credits/referrals.ts";

function tooMany(c: Context, seconds: number) {
  c.header("Retry-After", String(seconds));
  return jsonError(c, 429, tooManyMessage(seconds), { retryAfter: seconds });
}

async function startSession(c: Context<AppEnv>, user: SessionUser) {
  const { db, env } = c.var.deps;
  const { token, session } = await createSession(db, user.id);
  setSessionCookie(c, token, session.expiresAt, env.SECURE_COOKIES);
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
  const registerPerEmail = new RateLimiter(AUTH_LIMITS.registerPerEmail.max, AUTH_LIMITS.registerPerEmail.windowMs);

  return new Hono<AppEnv>()
    .post("/register", async (c) => {
      const ip = clientAddress(c);
      const ipWait = registerPerIp.retryAfter(ip);
      if (ipWait) return tooMany(c, ipWait);
      const input = await parseBody(c, registerSchema);
      // The e-mail is the account being registered (emailSchema has normalised it): attempts on one
      // address are limited from anywhere, so it cannot be probed or spammed from many addresses.
      const emailWait = registerPerEmail.retryAfter(input.email);
      if (emailWait) return tooMany(c, emailWait);
      const { db, env } = c.var.deps;
      if (input.referralCode && !(await findReferrer(db, input.referralCode))) {
        throw new HttpError(400, "That referral code does not exist", { errors: { referralCode: "That referral code does not exist" } });
      }
      registerPerIp.hit(ip);
      registerPerEmail.hit(input.email);
      const user = await registerUser(db, input, env.ADMIN_EMAIL);
      if (input.referralCode) await applyReferral(db, user.id, input.referralCode);
      return c.json(await startSession(c, user), 201);
    })
    .post("/login", async (c) => {
      const ip = clientAddress(c);
      const ipWait = loginPerIp.retryAfter(ip);
      if (ipWait) return tooMany(c, ipWait);
      const input = await parseBody(c, loginSchema);
      const account = await findSignInAccount(c.var.deps.db, input.username);
      // Failures count against the account, whichever of its username or e-mail was typed; an
      // identifier that matches no account counts on its own, written in any case.
      const accountKey = account ? `user:${account.id}` : signInIdentifier(input.username).key;
      const accountWait = loginFailures.retryAfter(accountKey);
      if (accountWait) return tooMany(c, accountWait);
      loginPerIp.hit(ip);
      const ok = await passwordMatches(account, input.password);
      if (!account || !ok) {
        loginFailures.hit(accountKey);
        return jsonError(c, 401, INVALID_CREDENTIALS);
      }
      loginFailures.reset(accountKey);
      return c.json(await startSession(c, account));
    })
    .post("/logout", async (c) => {
      const session = c.var.session;
      if (session) await invalidateSession(c.var.deps.db, session.id);
      deleteSessionCookie(c, c.var.deps.env.SECURE_COOKIES);
      return c.json({ message: "Logged out" });
    })
    .patch("/user/profile", async (c) => {
      const user = requireUser(c);
      const updated = await updateProfile(c.var.deps.db, user, await parseBody(c, profileSchema), c.var.deps.env.ADMIN_EMAIL);
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
