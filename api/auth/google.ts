// Google sign-in: OpenID Connect, authorization code flow with PKCE (arctic for the OAuth 2.0 steps,
// jose to verify the ID token against the provider's published keys).
// GET /auth/google starts it; GET /auth/google/callback finishes it and signs the user in.
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from "arctic";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { safeNextPath } from "../../shared/routes.ts";
import type { AppEnv } from "../context.ts";
import { users } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { FULL_NAME_MAX } from "../../shared/constants.ts";
import { applyReferral, findReferrer } from "../credits/referrals.ts";
import { createSession, invalidateUserSessions, isAdminEmail, type SessionUser, setSessionCookie } from "./session.ts";
import { normaliseEmail, uniqueUsername } from "./users.ts";
import { currentLog } from "../log.ts";

const STATE_COOKIE = "google_oauth_state";
const VERIFIER_COOKIE = "google_code_verifier";
const NEXT_COOKIE = "google_oauth_next";
/** A friend's referral code from `/auth?ref=CODE`, kept through the trip to Google for a new account. */
const REF_COOKIE = "google_oauth_ref";
const OAUTH_COOKIES = [STATE_COOKIE, VERIFIER_COOKIE, NEXT_COOKIE, REF_COOKIE] as const;
const OAUTH_COOKIE_MAX_AGE_S = 600;
const SCOPES = ["openid", "profile", "email"];
const GOOGLE_ISSUER = "https://accounts.google.com";

const failed = (error: string) => `/auth?error=${error}`;
const keepNext = (next: string | undefined, origin: string) => (next ? `&next=${encodeURIComponent(safeNextPath(next, origin))}` : "");

/** One remote key set per JWKS URL: jose caches the keys inside it and refetches only when needed. */
const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function jwksFor(url: string) {
  let jwks = jwksByUrl.get(url);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url));
    jwksByUrl.set(url, jwks);
  }
  return jwks;
}

function oauthClient(env: Env, clientId: string): OAuth2Client {
  return new OAuth2Client(clientId, env.GOOGLE_CLIENT_SECRET ?? null, `${env.APP_ORIGIN}/api/auth/google/callback`);
}

function cookieOptions(env: Env) {
  return { httpOnly: true, sameSite: "Lax", secure: env.SECURE_COOKIES, path: "/" } as const;
}

function clearOAuthCookies(c: Context<AppEnv>) {
  const options = cookieOptions(c.var.deps.env);
  for (const name of OAUTH_COOKIES) deleteCookie(c, name, options);
}

/** Thrown (and turned into a redirect) when the ID token lacks what sign-in needs. */
class GoogleSignInRefused extends Error {
  constructor(readonly error: "google_unverified" | "google_failed", message: string) {
    super(message);
    this.name = "GoogleSignInRefused";
  }
}

interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | undefined;
}

async function verifyIdToken(env: Env, clientId: string, idToken: string): Promise<GoogleIdentity> {
  // Google's tokens carry either form of its issuer; a test provider has exactly the one configured.
  const issuer = env.GOOGLE_ISSUER === GOOGLE_ISSUER ? [GOOGLE_ISSUER, "accounts.google.com"] : [env.GOOGLE_ISSUER];
  const { payload } = await jwtVerify<JWTPayload & Record<string, unknown>>(idToken, jwksFor(env.GOOGLE_JWKS_URL), {
    issuer,
    audience: clientId,
  });
  const { sub, email, name } = payload;
  if (typeof sub !== "string" || !sub || typeof email !== "string" || !email.trim()) {
    throw new GoogleSignInRefused("google_failed", "The Google ID token has no sub or email claim");
  }
  if (payload.email_verified !== true) {
    throw new GoogleSignInRefused("google_unverified", "The Google account's e-mail address is not verified");
  }
  return { sub, email: normaliseEmail(email), name: typeof name === "string" && name.trim() ? name.trim() : undefined };
}

/**
 * The account for a Google identity: by Google id; else the account with that (Google-verified) e-mail,
 * linked; else a new one. `created` says the account is new (a referral applies only then).
 */
async function findOrCreateUser(c: Context<AppEnv>, identity: GoogleIdentity): Promise<{ user: SessionUser; created: boolean }> {
  const { db, env } = c.var.deps;
  const byGoogleId = await db.select().from(users).where(eq(users.googleId, identity.sub)).get();
  if (byGoogleId) return { user: byGoogleId, created: false };

  // Google has verified the address: when it is ADMIN_EMAIL, its owner is the admin, and the role
  // records that the account was claimed by the address's owner (the seed leaves such an account alone).
  const adminRole = isAdminEmail(identity.email, env.ADMIN_EMAIL) ? { role: "admin" } : {};
  const byEmail = await db.select().from(users).where(eq(users.email, identity.email)).get();
  if (byEmail) {
    // An account already linked to another Google account is not taken over by a second one.
    if (byEmail.googleId && byEmail.googleId !== identity.sub) throw new GoogleSignInRefused("google_failed", "this e-mail's account is linked to another Google account");
    // Google has verified the address, so whoever holds this Google account owns the e-mail account too.
    // Nobody verified the account's own e-mail (registration and profile changes take it on trust), so
    // someone else may have typed it: as the Copenhagen Book advises when an e-mail is verified, every
    // session of the account ends (the owner gets a new one below) and the password, which that someone
    // may have chosen, is dropped; the owner signs in with Google and can set a password in Settings.
    // Only the configured admin's account (the 'admin' role on ADMIN_EMAIL) has an address vouched for.
    const vouched = byEmail.role === "admin" && isAdminEmail(byEmail.email, env.ADMIN_EMAIL);
    const linked = await db.transaction(async (tx) => {
      if (!vouched) await invalidateUserSessions(tx, byEmail.id);
      return await tx
        .update(users)
        .set({ googleId: identity.sub, ...(vouched ? {} : { passwordHash: null }), ...adminRole })
        .where(eq(users.id, byEmail.id))
        .returning()
        .get();
    });
    if (!linked) throw new GoogleSignInRefused("google_failed", "the account disappeared while it was being linked");
    return { user: linked, created: false };
  }

  const user = await db
    .insert(users)
    .values({
      username: await uniqueUsername(db, identity.email),
      fullName: (identity.name ?? identity.email.split("@")[0]).slice(0, FULL_NAME_MAX),
      email: identity.email,
      passwordHash: null,
      googleId: identity.sub,
      role: "user",
      ...adminRole,
    })
    .returning()
    .get();
  return { user, created: true };
}

export const googleRoutes = new Hono<AppEnv>()
  .get("/auth/google", async (c) => {
    const { db, env } = c.var.deps;
    const next = c.req.query("next");
    if (!env.GOOGLE_CLIENT_ID) return c.redirect(`${failed("google_not_configured")}${keepNext(next, env.APP_ORIGIN)}`, 302);
    const ref = c.req.query("ref")?.trim();
    // Checked before the trip to Google, so a mistyped code is said at once, as registration says it.
    if (ref && (ref.length > 20 || !(await findReferrer(db, ref)))) {
      return c.redirect(`${failed("referral_invalid")}&tab=register${keepNext(next, env.APP_ORIGIN)}`, 302);
    }
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = oauthClient(env, env.GOOGLE_CLIENT_ID).createAuthorizationURLWithPKCE(
      env.GOOGLE_AUTH_URL,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      SCOPES,
    );
    const options = { ...cookieOptions(env), maxAge: OAUTH_COOKIE_MAX_AGE_S };
    setCookie(c, STATE_COOKIE, state, options);
    setCookie(c, VERIFIER_COOKIE, codeVerifier, options);
    setCookie(c, NEXT_COOKIE, safeNextPath(next, env.APP_ORIGIN), options);
    // A code left from an abandoned attempt must not apply to this one.
    if (ref) setCookie(c, REF_COOKIE, ref, options);
    else deleteCookie(c, REF_COOKIE, cookieOptions(env));
    c.header("Cache-Control", "no-store");
    return c.redirect(url.toString(), 302);
  })
  .get("/auth/google/callback", async (c) => {
    const { db, env } = c.var.deps;
    const code = c.req.query("code");
    const state = c.req.query("state");
    const savedState = getCookie(c, STATE_COOKIE);
    const codeVerifier = getCookie(c, VERIFIER_COOKIE);
    // Checked again on the way back: the cookie is the browser's and could have been set by anyone.
    const next = safeNextPath(getCookie(c, NEXT_COOKIE), env.APP_ORIGIN);
    const referralCode = getCookie(c, REF_COOKIE);
    clearOAuthCookies(c);
    c.header("Cache-Control", "no-store");

    if (!env.GOOGLE_CLIENT_ID) return c.redirect(failed("google_not_configured"), 302);
    if (!code || !state || !savedState || state !== savedState || !codeVerifier) {
      return c.redirect(failed("google_failed"), 302);
    }

    try {
      const tokens = await oauthClient(env, env.GOOGLE_CLIENT_ID).validateAuthorizationCode(env.GOOGLE_TOKEN_URL, code, codeVerifier);
      const identity = await verifyIdToken(env, env.GOOGLE_CLIENT_ID, tokens.idToken());
      const { user, created } = await findOrCreateUser(c, identity);
      if (created && referralCode) {
        // The same referral service as registration. The code was checked at the start; should it have
        // gone since, the new account is still signed in, just without the referral.
        await applyReferral(db, user.id, referralCode).catch((err) => currentLog().warn("Google sign-up: referral not applied", { error: err }));
      }
      // Recorded as a Google sign-in: for a few minutes it stands in for the password an account may lack.
      const { token, session } = await createSession(db, user.id, { viaGoogle: true });
      setSessionCookie(c, token, session.expiresAt, env.SECURE_COOKIES);
      return c.redirect(next, 302);
    } catch (err) {
      if (err instanceof GoogleSignInRefused) return c.redirect(failed(err.error), 302);
      currentLog().error("Google sign-in failed", { error: err });
      return c.redirect(failed("google_failed"), 302);
    }
  });
