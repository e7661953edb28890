// Google sign-in end to end against a local OpenID provider (oauth2-mock-server): the real app, the real
// arctic token exchange and jose ID-token verification; nothing of the code under test is mocked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { type MutableToken, OAuth2Server } from "oauth2-mock-server";
import { createTestApp } from "../test-utils.ts";
import { mailOutbox, referrals, sessions, users } from "../db/schema.ts";
import type { App } from "../app.ts";
import { hashSessionToken } from "./session.ts";

const CLIENT_ID = "test-client";
const APP_ORIGIN = "http://localhost:8000";
const OAUTH_COOKIES = ["google_oauth_state", "google_code_verifier", "google_oauth_next", "google_oauth_ref"];

let server: OAuth2Server;
let issuer: string;
/** The claims the provider puts in the next tokens it signs; each test sets its own. */
let claims: Record<string, unknown> = {};

beforeAll(async () => {
  server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  // The library names the issuer http://localhost:PORT; use the address it actually listens on.
  server.issuer.url = `http://127.0.0.1:${server.address().port}`;
  issuer = server.issuer.url;
  server.service.on("beforeTokenSigning", (token: MutableToken) => {
    Object.assign(token.payload, claims);
  });
});

afterAll(async () => {
  await server?.stop();
});

function googleApp(overrides: Record<string, string> = {}) {
  return createTestApp({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: "test-secret",
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
    GOOGLE_ISSUER: issuer,
    APP_ORIGIN,
    ...overrides,
  });
}

function googleClaims(sub: string, email: string, extra: Record<string, unknown> = {}) {
  return { sub, email, email_verified: true, name: "Amira Khan", aud: CLIENT_ID, ...extra };
}

/** The cookies a response sets, by name (value "" when deleted). */
function setCookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const header of res.headers.getSetCookie()) {
    const pair = header.split(";")[0];
    const at = pair.indexOf("=");
    out.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
  return out;
}

function cookieHeader(cookies: Map<string, string>, names: string[]): string {
  return names.map((n) => `${n}=${encodeURIComponent(cookies.get(n) ?? "")}`).join("; ");
}

interface FlowOptions {
  next?: string;
  /** A friend's referral code, as the Google button of `/auth?ref=CODE` sends it. */
  ref?: string;
  /** Changes the provider's callback URL before the app sees it (e.g. a forged state). */
  tamperCallback?: (url: URL) => void;
  /** Changes the OAuth cookies before they are sent back. */
  tamperCookies?: (cookies: Map<string, string>) => void;
}

/** Does what a browser does: start at the app, follow to the provider, come back to the callback. */
async function runFlow(app: App, { next = "/history", ref, tamperCallback, tamperCookies }: FlowOptions = {}) {
  const start = await app.request(`/api/auth/google?next=${encodeURIComponent(next)}${ref ? `&ref=${encodeURIComponent(ref)}` : ""}`);
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get("location")!);
  const oauthCookies = setCookies(start);

  const atProvider = await fetch(authorizeUrl, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  await atProvider.body?.cancel();
  const callbackUrl = new URL(atProvider.headers.get("location")!);
  tamperCallback?.(callbackUrl);
  tamperCookies?.(oauthCookies);

  const callback = await app.request(callbackUrl.pathname + callbackUrl.search, {
    headers: { cookie: cookieHeader(oauthCookies, OAUTH_COOKIES) },
  });
  const returned = setCookies(callback);
  const sessionToken = returned.get("session");
  return { start, authorizeUrl, oauthCookies, callbackUrl, callback, returned, sessionToken };
}

async function currentUser(app: App, sessionToken: string) {
  const res = await app.request("/api/user", { headers: { cookie: `session=${sessionToken}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe("Google sign-in (OpenID Connect, code + PKCE)", () => {
  it("starts at the provider with PKCE and short-lived, httpOnly OAuth cookies", async () => {
    const { app } = await googleApp();
    claims = googleClaims("google-start", "start@example.com");
    const { start, authorizeUrl, oauthCookies, callbackUrl } = await runFlow(app);

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${issuer}/authorize`);
    const q = authorizeUrl.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT_ID);
    expect(q.get("redirect_uri")).toBe(`${APP_ORIGIN}/api/auth/google/callback`);
    expect(q.get("scope")).toBe("openid profile email");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("state")).toBe(oauthCookies.get("google_oauth_state"));
    expect(oauthCookies.get("google_code_verifier")).toBeTruthy();
    expect(oauthCookies.get("google_oauth_next")).toBe("/history");
    // Without a referral code, one left by an abandoned attempt is deleted.
    expect(start.headers.getSetCookie().find((h) => h.startsWith("google_oauth_ref="))).toMatch(/Max-Age=0/);
    for (const header of start.headers.getSetCookie().filter((h) => !h.startsWith("google_oauth_ref="))) {
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).toMatch(/Max-Age=600/i);
      expect(header).toMatch(/Path=\//i);
      expect(header).not.toMatch(/Secure/i);
    }
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(`${APP_ORIGIN}/api/auth/google/callback`);
    expect(callbackUrl.searchParams.get("code")).toBeTruthy();
  });

  it("creates an account for a new Google user, signs them in and lands them where they were going", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-new-1", "Amira.Khan@Example.com", { name: "Amira Khan" });
    const { callback, returned, sessionToken } = await runFlow(deps.app, { next: "/history" });

    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/history");
    expect(sessionToken).toBeTruthy();
    for (const name of OAUTH_COOKIES) expect(returned.get(name), name).toBe("");

    const me = await currentUser(deps.app, sessionToken!);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ fullName: "Amira Khan", email: "amira.khan@example.com", username: "amira.khan", role: "user" });

    const rows = await deps.db.select().from(users).where(eq(users.googleId, "google-new-1")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toBeNull();
  });

  it("names the account after the e-mail's local part when Google gives no name, and defaults to /", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-noname", "noname@example.com", { name: undefined });
    const { callback, sessionToken } = await runFlow(deps.app, { next: "https://evil.example/steal" });
    expect(callback.headers.get("location")).toBe("/");
    expect((await currentUser(deps.app, sessionToken!)).body).toMatchObject({ fullName: "noname", email: "noname@example.com" });
  });

  it("signs the same Google user into the same account each time, with a new session each time", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-again", "again@example.com");
    const first = await runFlow(deps.app);
    const second = await runFlow(deps.app);

    expect(second.callback.headers.get("location")).toBe("/history");
    expect(first.sessionToken).toBeTruthy();
    expect(second.sessionToken).toBeTruthy();
    expect(second.sessionToken).not.toBe(first.sessionToken);

    const a = await currentUser(deps.app, first.sessionToken!);
    const b = await currentUser(deps.app, second.sessionToken!);
    expect(a.body.id).toBe(b.body.id);
    expect(await deps.db.select().from(users).where(eq(users.email, "again@example.com")).all()).toHaveLength(1);
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, a.body.id as number)).all()).toHaveLength(2);
  });

  it("links an existing e-mail/password account with the same (verified) e-mail instead of duplicating it", async () => {
    const deps = await googleApp();
    const existing = await deps.db
      .insert(users)
      .values({ username: "amira", fullName: "Amira K", email: "amira@example.com", passwordHash: "$argon2id$placeholder" })
      .returning()
      .get();
    claims = googleClaims("google-link", "AMIRA@example.com", { name: "Amira Google" });
    const { callback, sessionToken } = await runFlow(deps.app);

    expect(callback.headers.get("location")).toBe("/history");
    const me = await currentUser(deps.app, sessionToken!);
    expect(me.body).toMatchObject({ id: existing.id, username: "amira", fullName: "Amira K", email: "amira@example.com" });

    const rows = await deps.db.select().from(users).where(eq(users.email, "amira@example.com")).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].googleId).toBe("google-link");
  });

  it("on linking, ends the account's sessions and drops the password of whoever registered the unverified address", async () => {
    const deps = await googleApp();
    // Someone registered Amira's address before she did: nothing verified that it was theirs.
    const register = await deps.app.request("/api/register", {
      method: "POST",
      headers: { origin: APP_ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ fullName: "Not Amira", email: "amira@example.com", password: "squatter-pass" }),
    });
    expect(register.status).toBe(201);
    const squatterSession = setCookies(register).get("session")!;
    expect((await currentUser(deps.app, squatterSession)).status).toBe(200);
    // The squatter also asks to move the account to an address of theirs, and keeps the link.
    const moved = await deps.app.request("/api/user/profile", {
      method: "PATCH",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", cookie: `session=${squatterSession}` },
      body: JSON.stringify({ fullName: "Not Amira", email: "squatter@example.com", currentPassword: "squatter-pass" }),
    });
    expect(moved.status).toBe(200);
    const mail = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "squatter@example.com")).get();
    const link = /\/api\/user\/email\/confirm\?token=[a-z0-9]+/.exec(mail!.text)![0];

    claims = googleClaims("google-amira", "amira@example.com");
    const { sessionToken } = await runFlow(deps.app);
    const me = await currentUser(deps.app, sessionToken!);
    expect(me.body).toMatchObject({ email: "amira@example.com" });

    expect((await currentUser(deps.app, squatterSession)).status).toBe(401);
    const row = (await deps.db.select().from(users).where(eq(users.email, "amira@example.com")).get())!;
    expect(row.passwordHash).toBeNull();
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, row.id)).all()).toHaveLength(1);
    const json = { origin: APP_ORIGIN, "content-type": "application/json" };
    const oldPassword = await deps.app.request("/api/login", { method: "POST", headers: json, body: JSON.stringify({ username: "amira@example.com", password: "squatter-pass" }) });
    expect(oldPassword.status).toBe(401);
    // Nor does the squatter's link move Amira's account away from her.
    expect((await deps.app.request(link)).headers.get("location")).toBe("/settings?email=invalid");
    expect((await deps.db.select().from(users).where(eq(users.id, row.id)).get())!.email).toBe("amira@example.com");

    // Amira can give the account a password of her own in Settings, with no current one to give.
    const setPassword = await deps.app.request("/api/user/password", {
      method: "POST",
      headers: { ...json, cookie: `session=${sessionToken}` },
      body: JSON.stringify({ currentPassword: "", newPassword: "amira-own-pass", confirmPassword: "amira-own-pass" }),
    });
    expect(setPassword.status).toBe(200);
    const withOwn = await deps.app.request("/api/login", { method: "POST", headers: json, body: JSON.stringify({ username: "amira@example.com", password: "amira-own-pass" }) });
    expect(withOwn.status).toBe(200);
  });

  it("signs the owner of a Google-verified ADMIN_EMAIL in as the admin", async () => {
    const deps = await googleApp({ ADMIN_EMAIL: "head@school.test" });
    claims = googleClaims("google-head", "Head@School.test", { name: "Ms Head" });
    const { sessionToken } = await runFlow(deps.app);
    expect((await currentUser(deps.app, sessionToken!)).body).toMatchObject({ email: "head@school.test", role: "admin", isAdmin: true });
  });

  it("keeps the password and sessions of the configured admin's account when its owner links Google", async () => {
    const deps = await googleApp({ ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-secret" });
    const json = { origin: APP_ORIGIN, "content-type": "application/json" };
    const login = await deps.app.request("/api/login", { method: "POST", headers: json, body: JSON.stringify({ username: "head@school.test", password: "head-secret" }) });
    const adminSession = setCookies(login).get("session")!;

    claims = googleClaims("google-head", "head@school.test");
    const { sessionToken } = await runFlow(deps.app);
    expect((await currentUser(deps.app, sessionToken!)).body).toMatchObject({ email: "head@school.test", isAdmin: true });
    expect((await currentUser(deps.app, adminSession)).status).toBe(200);
    const again = await deps.app.request("/api/login", { method: "POST", headers: json, body: JSON.stringify({ username: "head@school.test", password: "head-secret" }) });
    expect(again.status).toBe(200);
  });

  it("does not hand an account linked to one Google account to another with the same e-mail", async () => {
    const deps = await googleApp();
    await deps.db.insert(users).values({ username: "amira", fullName: "Amira K", email: "amira@example.com", googleId: "google-first" });
    claims = googleClaims("google-second", "amira@example.com");
    const { callback, sessionToken } = await runFlow(deps.app);
    expect(callback.headers.get("location")).toBe("/auth?error=google_failed");
    expect(sessionToken).toBeUndefined();
    const rows = await deps.db.select().from(users).where(eq(users.email, "amira@example.com")).all();
    expect(rows.map((r) => r.googleId)).toEqual(["google-first"]);
  });

  it("refuses a Google account whose e-mail is not verified", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-unverified", "unverified@example.com", { email_verified: false });
    const { callback, sessionToken } = await runFlow(deps.app);

    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth?error=google_unverified");
    expect(sessionToken).toBeUndefined();
    expect(await deps.db.select().from(users).where(eq(users.email, "unverified@example.com")).all()).toEqual([]);
  });

  it("refuses a callback whose state does not match the cookie", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-state", "state@example.com");
    const { callback, returned, sessionToken } = await runFlow(deps.app, {
      tamperCallback: (url) => url.searchParams.set("state", "forged-state"),
    });

    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/auth?error=google_failed");
    expect(sessionToken).toBeUndefined();
    for (const name of OAUTH_COOKIES) expect(returned.get(name), name).toBe("");
    expect(await deps.db.select().from(users).where(eq(users.email, "state@example.com")).all()).toEqual([]);
  });

  it("turns a failed token exchange into a redirect, never a 500", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-pkce", "pkce@example.com");
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const { callback, sessionToken } = await runFlow(deps.app, {
        // A well-formed verifier that does not match the challenge sent at the start.
        tamperCookies: (cookies) => cookies.set("google_code_verifier", "x".repeat(43)),
      });
      expect(callback.status).toBe(302);
      expect(callback.headers.get("location")).toBe("/auth?error=google_failed");
      expect(sessionToken).toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(errors.length).toBeGreaterThan(0);
  });

  it("refuses an ID token issued for another client", async () => {
    const deps = await googleApp();
    claims = googleClaims("google-aud", "aud@example.com", { aud: "someone-else" });
    const original = console.error;
    console.error = () => {};
    try {
      const { callback, sessionToken } = await runFlow(deps.app);
      expect(callback.headers.get("location")).toBe("/auth?error=google_failed");
      expect(sessionToken).toBeUndefined();
    } finally {
      console.error = original;
    }
  });

  it("carries a friend's referral code through Google to the new account it creates", async () => {
    const deps = await googleApp();
    const friend = await deps.db.insert(users).values({ username: "friend", fullName: "Friend", email: "friend@example.com", referralCode: "FRIEND23" }).returning().get();
    claims = googleClaims("google-referred", "referred@example.com");
    const { oauthCookies, callback, returned, sessionToken } = await runFlow(deps.app, { ref: "friend23" });
    expect(oauthCookies.get("google_oauth_ref")).toBe("friend23");
    expect(callback.headers.get("location")).toBe("/history");
    expect(returned.get("google_oauth_ref")).toBe("");

    const me = await currentUser(deps.app, sessionToken!);
    const rows = await deps.db.select().from(referrals).all();
    expect(rows).toEqual([expect.objectContaining({ referrerId: friend.id, referredId: me.body.id, status: "pending" })]);

    // A returning user comes back through a referral link: their account is not new, so nothing applies.
    await runFlow(deps.app, { ref: "FRIEND23" });
    expect(await deps.db.select().from(referrals).all()).toHaveLength(1);
  });

  it("sends a Google sign-up with a referral code that does not exist back to the register form, before Google", async () => {
    const deps = await googleApp();
    const res = await deps.app.request("/api/auth/google?next=%2Fhistory&ref=NOSUCHCODE");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?error=referral_invalid&tab=register&next=%2Fhistory");
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it.each(["/%09/evil.example", "/%0a/evil.example", "/\\evil.example", "//evil.example", "https://evil.example", "/\t/evil.example"])(
    "never sends a Google sign-in to %j, whether it comes in the link or in a forged cookie",
    async (hostile) => {
      const { app } = await googleApp();
      claims = googleClaims(`google-next-${hostile.length}-${hostile.charCodeAt(1)}`, `next${hostile.length}${hostile.charCodeAt(1)}@example.com`);
      const viaLink = await runFlow(app, { next: hostile });
      expect(viaLink.oauthCookies.get("google_oauth_next")).toBe("/");
      expect(viaLink.callback.headers.get("location")).toBe("/");
      const viaCookie = await runFlow(app, { next: "/history", tamperCookies: (c) => c.set("google_oauth_next", hostile) });
      expect(viaCookie.callback.headers.get("location")).toBe("/");
      // With Google not configured, the way back to /auth carries only a safe next.
      const { app: plain } = await createTestApp();
      const back = await plain.request(`/api/auth/google?next=${encodeURIComponent(hostile)}`);
      expect(back.headers.get("location")).toBe("/auth?error=google_not_configured&next=%2F");
    },
  );

  it("records the Google sign-in on the session, so an account without a password can set one right after it", async () => {
    const { app, db } = await googleApp();
    claims = googleClaims("google-fresh", "fresh@example.com");
    const { sessionToken } = await runFlow(app);
    const session = (await db.select().from(sessions).where(eq(sessions.id, hashSessionToken(sessionToken!))).get())!;
    expect(Math.abs(session.googleSignedInAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const res = await app.request("/api/user/password", {
      method: "POST",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", cookie: `session=${sessionToken}` },
      body: JSON.stringify({ currentPassword: "", newPassword: "fresh-own-pass", confirmPassword: "fresh-own-pass" }),
    });
    expect(res.status).toBe(200);
  });

  it("never links an account to an address it asked to move to but has not confirmed", async () => {
    const { app, db } = await googleApp();
    claims = googleClaims("google-mover", "mover@example.com");
    const mover = await runFlow(app);
    const asked = await app.request("/api/user/profile", {
      method: "PATCH",
      headers: { origin: APP_ORIGIN, "content-type": "application/json", cookie: `session=${mover.sessionToken}` },
      body: JSON.stringify({ fullName: "Mover", email: "target@example.com" }),
    });
    expect(asked.status).toBe(200);
    // The address's real owner signs in with Google: a new account of their own, not the mover's.
    claims = googleClaims("google-target", "target@example.com");
    const owner = await runFlow(app);
    expect((await currentUser(app, owner.sessionToken!)).body.email).toBe("target@example.com");
    const moverRow = (await db.select().from(users).where(eq(users.googleId, "google-mover")).get())!;
    expect(moverRow.email).toBe("mover@example.com");
    expect((await db.select().from(users).where(eq(users.email, "target@example.com")).get())!.googleId).toBe("google-target");
    expect(await db.select().from(sessions).where(eq(sessions.userId, moverRow.id)).all()).toHaveLength(1);
  });

  it("keeps a same-site next with its query string through Google", async () => {
    const { app } = await googleApp();
    claims = googleClaims("google-next-query", "nextquery@example.com");
    const { callback } = await runFlow(app, { next: "/exam-generator?mode=past&subject=Maths" });
    expect(callback.headers.get("location")).toBe("/exam-generator?mode=past&subject=Maths");
  });

  it("sends the visitor back to /auth with a message when Google sign-in is not configured", async () => {
    const { app } = await createTestApp();
    const res = await app.request("/api/auth/google?next=%2Fhistory");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?error=google_not_configured&next=%2Fhistory");
    expect(res.headers.getSetCookie()).toEqual([]);

    const bare = await app.request("/api/auth/google");
    expect(bare.status).toBe(302);
    expect(bare.headers.get("location")).toBe("/auth?error=google_not_configured");
  });
});
