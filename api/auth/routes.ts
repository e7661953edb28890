import { Hono } from "hono";
import { z } from "zod";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { clientAddress, HttpError, jsonError, parseBody } from "../http.ts";
import { loginSchema, notificationPrefsSchema, passwordChangeSchema, profileSchema, registerSchema } from "../../shared/schemas.ts";
import { AUTH_LIMITS, limiter, type RateLimiter, tooManyMessage } from "./rate-limit.ts";
import {
  changePassword,
  confirmEmailChange,
  findSignInAccount,
  INVALID_CREDENTIALS,
  passwordMatches,
  prepareSignIn,
  readNotifications,
  registerUser,
  rehashIfNeeded,
  saveNotifications,
  updateProfile,
} from "./service.ts";
import {
  createSession,
  deleteSessionCookie,
  invalidateSession,
  invalidateUserSessions,
  type SessionRecord,
  type SessionUser,
  setSessionCookie,
  toPublicUser,
} from "./session.ts";
import { normaliseEmail, signInIdentifier } from "./users.ts";
import type { ProfileResponse } from "../../shared/schemas.ts";
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

function requireSession(c: Context<AppEnv>): { user: SessionUser; session: SessionRecord } {
  const user = requireUser(c);
  return { user, session: c.var.session! };
}

/** Counts an attempt against `key`, or answers 429 when its limit is reached. */
function spend(c: Context, limit: RateLimiter, key: string) {
  const wait = limit.retryAfter(key);
  if (wait) return tooMany(c, wait);
  limit.hit(key);
  return null;
}

/** The confirmation link's query: its one-time token (a longer one cannot be ours). */
export const emailConfirmQuery = z.object({ token: z.string().max(200) });

/** Register, sign in, sign out and the signed-in user's own account. Limiters live per app. */
export function authRoutes() {
  prepareSignIn();
  const loginPerIp = limiter(AUTH_LIMITS.loginPerIp);
  const loginFailures = limiter(AUTH_LIMITS.loginFailuresPerAccountAndIp);
  const registerPerIp = limiter(AUTH_LIMITS.registerPerIp);
  const registerPerEmail = limiter(AUTH_LIMITS.registerPerEmail);
  const passwordChanges = limiter(AUTH_LIMITS.passwordChangePerAccount);
  const emailChanges = limiter(AUTH_LIMITS.emailChangePerAccount);

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
      // identifier that matches no account counts on its own, written in any case. Each count is per
      // account and address pair, so nobody elsewhere can lock the owner out.
      const accountKey = `${account ? `user:${account.id}` : signInIdentifier(input.username).key} from ${ip}`;
      const accountWait = loginFailures.retryAfter(accountKey);
      if (accountWait) return tooMany(c, accountWait);
      loginPerIp.hit(ip);
      const ok = await passwordMatches(account, input.password);
      if (!account || !ok) {
        loginFailures.hit(accountKey);
        return jsonError(c, 401, INVALID_CREDENTIALS);
      }
      loginFailures.reset(accountKey);
      await rehashIfNeeded(c.var.deps.db, account, input.password);
      return c.json(await startSession(c, account));
    })
    .post("/logout", async (c) => {
      const session = c.var.session;
      if (session) await invalidateSession(c.var.deps.db, session.id);
      deleteSessionCookie(c, c.var.deps.env.SECURE_COOKIES);
      return c.json({ message: "Logged out" });
    })
    .patch("/user/profile", async (c) => {
      const { user, session } = requireSession(c);
      const input = await parseBody(c, profileSchema);
      // Only a change of address is limited: each is a check of the password and two mails.
      if (normaliseEmail(input.email) !== user.email) {
        const refused = spend(c, emailChanges, `user:${user.id}`);
        if (refused) return refused;
      }
      const result = await updateProfile(c.var.deps, user, session, input);
      return c.json({ ...result, user: toPublicUser(result.user, c.var.deps.env.ADMIN_EMAIL) } satisfies ProfileResponse);
    })
    // The link mailed to a new address. A GET, as mail clients open it; the one-time token is the
    // permission, so it works from any browser, signed in or not.
    .get("/user/email/confirm", async (c) => {
      const query = emailConfirmQuery.safeParse(c.req.query());
      if (!query.success) throw new HttpError(400, "That confirmation link is not valid.");
      const outcome = await confirmEmailChange(c.var.deps, query.data.token);
      c.header("Cache-Control", "no-store");
      c.header("Referrer-Policy", "no-referrer");
      return c.redirect(`/settings?email=${outcome}`, 302);
    })
    .post("/user/password", async (c) => {
      const { user, session } = requireSession(c);
      // Counted once the request is a real attempt: the limit is on guesses of the current password.
      const input = await parseBody(c, passwordChangeSchema);
      const refused = spend(c, passwordChanges, `user:${user.id}`);
      if (refused) return refused;
      await changePassword(c.var.deps, user, session, input);
      return c.json({ message: "Password changed. You have been signed out everywhere else." });
    })
    // Ends every session of the account, this one included: for a lost device or a shared computer.
    .post("/user/sign-out-everywhere", async (c) => {
      const user = requireUser(c);
      await invalidateUserSessions(c.var.deps.db, user.id);
      deleteSessionCookie(c, c.var.deps.env.SECURE_COOKIES);
      return c.json({ message: "You have been signed out on every device, this one included." });
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
