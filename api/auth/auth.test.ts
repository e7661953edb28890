import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp } from "../test-utils.ts";
import { emailChanges, mailOutbox, sessions, users } from "../db/schema.ts";
import { CLIENT_ADDRESS } from "../http.ts";
import { createSession, hashSessionToken } from "./session.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { scryptSync } from "node:crypto";
import { signedInAs } from "../test-utils.ts";
import type { Database } from "../db/client.ts";
import type { App } from "../app.ts";

const ORIGIN = "http://localhost:8000";

interface Call {
  method?: string;
  body?: unknown;
  cookie?: string;
  ip?: string;
  origin?: string | null;
}

function call(app: App, path: string, { method = "POST", body, cookie, ip = "203.0.113.1", origin = ORIGIN }: Call = {}) {
  const headers = new Headers({ "content-type": "application/json" });
  if (origin) headers.set("origin", origin);
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  Reflect.set(request, CLIENT_ADDRESS, ip);
  return app.fetch(request);
}

/** The session cookie a response sets, as a request cookie header. */
function sessionCookie(res: Response): string {
  const header = res.headers.getSetCookie().find((h) => h.startsWith("session="));
  if (!header) throw new Error("no session cookie set");
  return header.split(";")[0];
}

/** Not on the common-password list (secret123, the old test password, is). */
const PASSWORD = "amira-revision-2026";
const amira = { fullName: "Amira Khan", email: "amira@example.com", username: "amira", password: PASSWORD };

// Amira's password hashed once for the whole file: at scrypt's cost (about 0.35 s a hash) registering
// her through the API in every test would add many seconds. The registration tests register for real.
let amiraHash: Promise<string> | undefined;

/** A fresh app with Amira's password account and a signed-in session of hers. */
async function registered(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  amiraHash ??= hashPassword(PASSWORD);
  const { username, fullName, email } = amira;
  const user = await t.db.insert(users).values({ username, fullName, email, passwordHash: await amiraHash }).returning().get();
  const { token } = await createSession(t.db, user.id);
  return { ...t, cookie: `session=${token}` };
}

/** The mails sent to an address, oldest first. */
async function mailsTo(db: Database, to: string) {
  return await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id).all();
}

/** The confirmation link in the latest mail to an address, as a path of the app. */
async function confirmationLink(db: Database, to: string): Promise<string> {
  const mail = (await mailsTo(db, to)).at(-1);
  const link = /http:\/\/localhost:8000(\/api\/user\/email\/confirm\?token=[a-z0-9]+)/.exec(mail?.text ?? "");
  if (!link) throw new Error(`no confirmation link mailed to ${to}`);
  return link[1];
}

afterEach(() => {
  vi.useRealTimers();
});

describe("registration", () => {
  it("creates the account, signs in with an httpOnly Lax cookie for 30 days and stores only hashes", async () => {
    const { app, db } = await createTestApp();
    const res = await call(app, "/api/register", { body: amira });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username: "amira", fullName: "Amira Khan", email: "amira@example.com", isAdmin: false });
    const header = res.headers.getSetCookie().find((h) => h.startsWith("session="))!;
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
    const expires = new Date(/Expires=([^;]+)/.exec(header)![1]).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);

    const token = sessionCookie(res).slice("session=".length);
    const stored = await db.select().from(sessions).all();
    expect(stored.map((s) => s.id)).toEqual([hashSessionToken(token)]);
    const user = (await db.select().from(users).all())[0];
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(user.passwordHash).not.toContain(PASSWORD);

    const me = await call(app, "/api/user", { method: "GET", cookie: sessionCookie(res) });
    expect((await me.json()).username).toBe("amira");
  });

  it("marks the cookie Secure in production, and whenever the site is served over https", async () => {
    const envs: Record<string, string>[] = [{ NODE_ENV: "production", DISABLE_ALL_PURCHASES: "true" }, { NODE_ENV: "development", APP_ORIGIN: "https://examprep.test" }];
    for (const env of envs) {
      const { app } = await createTestApp(env);
      const res = await call(app, "/api/register", { body: amira, origin: env.APP_ORIGIN });
      expect(res.headers.getSetCookie().find((h) => h.startsWith("session=")), JSON.stringify(env)).toMatch(/Secure/);
    }
    const { app } = await createTestApp({ NODE_ENV: "development" });
    const res = await call(app, "/api/register", { body: amira });
    expect(res.headers.getSetCookie().find((h) => h.startsWith("session="))).not.toMatch(/Secure/);
  });

  it("answers invalid input with the spec's messages", async () => {
    const { app } = await createTestApp();
    const res = await call(app, "/api/register", { body: { fullName: "A", email: "nope", username: "ab", password: "123" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual({
      fullName: "Full name must be at least 2 characters",
      email: "Please enter a valid email address",
      username: "Username must be at least 3 characters",
      password: "Password must be at least 8 characters",
    });
    expect(body.message).toBe("Full name must be at least 2 characters");
    const seven = await call(app, "/api/register", { body: { ...amira, password: "x7-char" } });
    expect((await seven.json()).errors).toEqual({ password: "Password must be at least 8 characters" });
    const long = await call(app, "/api/register", { body: { ...amira, password: "x".repeat(129) } });
    expect((await long.json()).message).toBe("Password must not exceed 128 characters");
  });

  it("refuses a common password (from the shipped list, in any case), and takes a 128-character one", async () => {
    const { app, db } = await createTestApp();
    for (const password of ["password1", "Password1", "qwertyuiop", "iloveyou"]) {
      const res = await call(app, "/api/register", { body: { ...amira, password } });
      expect(res.status, password).toBe(400);
      expect(await res.json()).toEqual({
        message: "This password is too common. Please choose one that is harder to guess",
        errors: { password: "This password is too common. Please choose one that is harder to guess" },
      });
    }
    expect(await db.select().from(users).all()).toEqual([]);
    const long = await call(app, "/api/register", { body: { ...amira, password: "a long passphrase ".repeat(8).slice(0, 128) } });
    expect(long.status).toBe(201);
  });

  it("refuses a username with '@' or over 30 characters, a full name over 100 and an e-mail over 254", async () => {
    const { app, db } = await createTestApp();
    const at = await call(app, "/api/register", { body: { ...amira, username: "ben@example.com" } });
    expect(at.status).toBe(400);
    expect((await at.json()).errors).toEqual({ username: "Username cannot contain @" });
    const long = await call(app, "/api/register", {
      body: { ...amira, username: "u".repeat(31), fullName: "F".repeat(101), email: `${"a".repeat(243)}@example.com` },
    });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual({
      username: "Username must not exceed 30 characters",
      fullName: "Full name must not exceed 100 characters",
      email: "Email must not exceed 254 characters",
    });
    expect(await db.select().from(users).all()).toEqual([]);
  });

  it("makes a username from the e-mail when none is given, and normalises the e-mail", async () => {
    const { app, db } = await createTestApp();
    const res = await call(app, "/api/register", { body: { fullName: "Amira Khan", email: "  Amira.K@Example.COM ", password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username: "amira.k", email: "amira.k@example.com" });
    expect((await db.select().from(users).all())[0].email).toBe("amira.k@example.com");
  });

  it("refuses a taken e-mail or username (in any case) with a clear 409", async () => {
    const { app } = await registered();
    const email = await call(app, "/api/register", { body: { ...amira, username: "other", email: "AMIRA@example.com" }, ip: "203.0.113.9" });
    expect(email.status).toBe(409);
    expect((await email.json()).message).toBe("An account with this email already exists");
    const name = await call(app, "/api/register", { body: { ...amira, username: "AMIRA", email: "new@example.com" }, ip: "203.0.113.9" });
    expect(name.status).toBe(409);
    expect((await name.json()).message).toBe("This username is already taken");
  });
});

describe("sign-in and sign-out", () => {
  it("accepts the username in any case or the e-mail, with a new session each time", async () => {
    const { app, db } = await registered();
    const a = await call(app, "/api/login", { body: { username: "AMIRA", password: PASSWORD } });
    const b = await call(app, "/api/login", { body: { username: "Amira@Example.com", password: PASSWORD } });
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((await a.json()).fullName).toBe("Amira Khan");
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
    expect(await db.select().from(sessions).all()).toHaveLength(3);
  });

  it("reads an identifier with '@' as an e-mail, so a username equal to someone's e-mail cannot take their sign-in", async () => {
    const { app, db } = await createTestApp();
    // An account from before usernames lost '@', named after Amira's address (and first in the table).
    await db.insert(users).values({ username: "amira@example.com", fullName: "Squatter", email: "squat@example.com", passwordHash: await hashPassword("squatter-pass") });
    expect((await call(app, "/api/register", { body: amira })).status).toBe(201);
    const byEmail = await call(app, "/api/login", { body: { username: "Amira@Example.com", password: PASSWORD } });
    expect(byEmail.status).toBe(200);
    expect((await byEmail.json()).fullName).toBe("Amira Khan");
    const squatter = await call(app, "/api/login", { body: { username: "amira@example.com", password: "squatter-pass" } });
    expect(squatter.status).toBe(401);
  });

  it("gives a wrong password and an unknown user the same answer", async () => {
    const { app } = await registered();
    const wrong = await call(app, "/api/login", { body: { username: "amira", password: "wrong-password" } });
    const unknown = await call(app, "/api/login", { body: { username: "nobody", password: "wrong-password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid username or password" });
    expect(await unknown.json()).toEqual({ message: "Invalid username or password" });
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("logout deletes the session: its cookie is refused afterwards", async () => {
    const { app, db, cookie } = await registered();
    const out = await call(app, "/api/logout", { cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().find((h) => h.startsWith("session="))).toMatch(/Max-Age=0/);
    expect(await db.select().from(sessions).all()).toEqual([]);
    expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(401);
    const page = await call(app, "/history", { method: "GET", cookie });
    expect(page.headers.get("location")).toBe("/auth?next=%2Fhistory");
  });

  it("extends a session used in the second half of its life to 30 days", async () => {
    const { app, db, cookie } = await registered();
    const id = hashSessionToken(cookie.slice("session=".length));
    await db.update(sessions).set({ expiresAt: new Date(Date.now() + 10 * 86_400_000) }).where(eq(sessions.id, id));
    const res = await call(app, "/api/user", { method: "GET", cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((h) => h.startsWith(cookie))).toBe(true);
    const row = await db.select().from(sessions).where(eq(sessions.id, id)).get();
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it("ends a session 90 days after its sign-in however much it is used, and never renews it past that", async () => {
    const { app, db, cookie } = await registered();
    const id = hashSessionToken(cookie.slice("session=".length));
    const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
    // 80 days old and due for renewal: extended only to its 90th day, not by 30 days.
    await db.update(sessions).set({ createdAt: daysAgo(80), expiresAt: new Date(Date.now() + 5 * 86_400_000) }).where(eq(sessions.id, id));
    expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(200);
    const row = (await db.select().from(sessions).where(eq(sessions.id, id)).get())!;
    expect(Math.abs(row.expiresAt.getTime() - (Date.now() + 10 * 86_400_000))).toBeLessThan(60_000);
    // 90 days old: ended, although its idle expiry is still ahead.
    await db.update(sessions).set({ createdAt: daysAgo(90) }).where(eq(sessions.id, id));
    expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(401);
    expect(await db.select().from(sessions).where(eq(sessions.id, id)).all()).toEqual([]);
  });

  it("signs out everywhere: every session of the account ends, this one included, and no one else's; a pending e-mail change is dropped", async () => {
    const deps = await createTestApp();
    const { app, db } = deps;
    const phone = await signedInAs(deps, { username: "amira", email: "amira@example.com" });
    const laptop = `session=${"b".repeat(32)}`;
    await db.insert(sessions).values({ id: hashSessionToken("b".repeat(32)), userId: phone.userId, expiresAt: new Date(Date.now() + 86_400_000) });
    const ben = await signedInAs(deps, { username: "ben", email: "ben@example.com" });
    // An e-mail change someone with the account asked for: its link must not work afterwards.
    await db.insert(emailChanges).values({ userId: phone.userId, newEmail: "thief@example.com", tokenHash: hashSessionToken("pending-token"), expiresAt: new Date(Date.now() + 3600_000) });

    expect((await call(app, "/api/user/sign-out-everywhere")).status).toBe(401);
    expect((await call(app, "/api/user/sign-out-everywhere", { cookie: phone.cookie, origin: "https://evil.example" })).status).toBe(403);
    const res = await call(app, "/api/user/sign-out-everywhere", { cookie: phone.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "You have been signed out on every device, this one included." });
    expect(res.headers.getSetCookie().find((h) => h.startsWith("session="))).toMatch(/Max-Age=0/);
    for (const cookie of [phone.cookie, laptop]) expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(401);
    expect((await call(app, "/api/user", { method: "GET", cookie: ben.cookie })).status).toBe(200);
    expect((await call(app, "/api/user/email/confirm?token=pending-token", { method: "GET" })).headers.get("location")).toBe("/settings?email=invalid");
    expect((await db.select().from(users).where(eq(users.id, phone.userId)).get())!.email).toBe("amira@example.com");
  });

  it("rehashes a password hashed with older scrypt parameters at the next successful sign-in", async () => {
    const { app, db } = await createTestApp();
    // A hash as this app made it before: N=2^14.
    const salt = Buffer.from("0123456789abcdef");
    const old = `scrypt$16384$8$1$${salt.toString("base64")}$${scryptSync("old-but-fine", salt, 64, { N: 16384, r: 8, p: 1 }).toString("base64")}`;
    await db.insert(users).values({ username: "olga", fullName: "Olga", email: "olga@example.com", passwordHash: old });
    // A wrong password changes nothing.
    expect((await call(app, "/api/login", { body: { username: "olga", password: "not-her-pass" } })).status).toBe(401);
    expect((await db.select().from(users).get())!.passwordHash).toBe(old);
    expect((await call(app, "/api/login", { body: { username: "olga", password: "old-but-fine" } })).status).toBe(200);
    const rehashed = (await db.select().from(users).get())!.passwordHash!;
    expect(rehashed).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword(rehashed, "old-but-fine")).toBe(true);
  });
});

describe("protection", () => {
  it("refuses a state-changing request from another origin, or with no origin", async () => {
    const { app, cookie } = await registered();
    for (const origin of ["https://evil.example", null]) {
      const res = await call(app, "/api/logout", { cookie, origin });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toMatch(/refused/);
    }
    expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(200);
  });

  it("limits failed sign-ins per account and address, with a 429 and a retry time, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app } = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "/api/login", { body: { username: "amira", password: "wrong-password" }, ip: "198.51.100.7" });
      expect(res.status).toBe(401);
    }
    const blocked = await call(app, "/api/login", { body: { username: "amira", password: PASSWORD }, ip: "198.51.100.7" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await blocked.json()).message).toBe("Too many attempts. Please try again in 15 minutes.");

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    const after = await call(app, "/api/login", { body: { username: "amira", password: PASSWORD }, ip: "198.51.100.7" });
    expect(after.status).toBe(200);
  });

  it("never locks the owner out from another address: failures elsewhere count only there", async () => {
    const { app } = await registered();
    // Someone guesses from two addresses, five times each: each of those pairs is locked…
    for (let ip = 0; ip < 2; ip++) {
      for (let i = 0; i < 5; i++) await call(app, "/api/login", { body: { username: "amira@example.com", password: "wrong-password" }, ip: `198.51.100.${ip}` });
    }
    expect((await call(app, "/api/login", { body: { username: "amira", password: "wrong-password" }, ip: "198.51.100.0" })).status).toBe(429);
    // …while the owner, from her own address, signs in as usual.
    const owner = await call(app, "/api/login", { body: { username: "amira", password: PASSWORD }, ip: "203.0.113.77" });
    expect(owner.status).toBe(200);
  });

  it("counts failures against the account whether its username or its e-mail is typed", async () => {
    const { app } = await registered();
    const forms = ["amira", "Amira@Example.com", "AMIRA", "amira@example.com", "Amira"];
    for (const username of forms) {
      const res = await call(app, "/api/login", { body: { username, password: "wrong-password" }, ip: "198.51.100.9" });
      expect(res.status, username).toBe(401);
    }
    for (const username of ["amira", "amira@example.com"]) {
      const blocked = await call(app, "/api/login", { body: { username, password: PASSWORD }, ip: "198.51.100.9" });
      expect(blocked.status, username).toBe(429);
    }
    // An identifier that matches no account is limited alike: the 429 does not tell the two apart.
    for (let i = 0; i < 5; i++) await call(app, "/api/login", { body: { username: i % 2 ? "Nobody" : "nobody", password: "wrong-password" }, ip: "198.51.100.10" });
    expect((await call(app, "/api/login", { body: { username: "nobody", password: "wrong-password" }, ip: "198.51.100.10" })).status).toBe(429);
  });

  it("limits sign-in attempts per address, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app } = await registered();
    for (let i = 0; i < 20; i++) {
      await call(app, "/api/login", { body: { username: `user${i}`, password: "wrong-password" }, ip: "192.0.2.7" });
    }
    const blocked = await call(app, "/api/login", { body: amira, ip: "192.0.2.7" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    expect((await call(app, "/api/login", { body: amira, ip: "192.0.2.8" })).status).toBe(200);

    vi.setSystemTime(Date.now() + 15 * 60_000 + 1000);
    expect((await call(app, "/api/login", { body: amira, ip: "192.0.2.7" })).status).toBe(200);
  });

  it("limits registrations per address, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app } = await createTestApp();
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "/api/register", { body: { ...amira, username: `user${i}`, email: `u${i}@example.com` }, ip: "192.0.2.50" });
      expect(res.status).toBe(201);
    }
    const sixth = await call(app, "/api/register", { body: { ...amira, username: "user6", email: "u6@example.com" }, ip: "192.0.2.50" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect((await sixth.json()).message).toBe("Too many attempts. Please try again in 60 minutes.");

    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const later = await call(app, "/api/register", { body: { ...amira, username: "user6", email: "u6@example.com" }, ip: "192.0.2.50" });
    expect(later.status).toBe(201);
  });

  it("limits registration attempts per e-mail from any address, and resets after the window", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app } = await registered();
    // Five attempts on her address from elsewhere are answered…
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "/api/register", { body: { ...amira, username: `other${i}`, email: i % 2 ? "AMIRA@example.com" : "amira@example.com" }, ip: `192.0.2.${100 + i}` });
      expect(res.status).toBe(409);
    }
    // …and the sixth is refused, from yet another address.
    const blocked = await call(app, "/api/register", { body: { ...amira, username: "other9", email: "amira@example.com" }, ip: "192.0.2.199" });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(3500);
    // Other addresses register as usual from the same places.
    expect((await call(app, "/api/register", { body: { ...amira, username: "ben", email: "ben@example.com" }, ip: "192.0.2.199" })).status).toBe(201);

    vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
    const later = await call(app, "/api/register", { body: { ...amira, username: "other9", email: "amira@example.com" }, ip: "192.0.2.199" });
    expect(later.status).toBe(409);
  });

  it("gives a non-admin 403 from an admin API and lets an admin by ADMIN_EMAIL in", async () => {
    const { app, cookie } = await registered({ ADMIN_EMAIL: "head@school.test", ADMIN_PASSWORD: "head-secret" });
    expect((await call(app, "/api/subjects", { body: { name: "Latin" } })).status).toBe(401);
    const student = await call(app, "/api/subjects", { body: { name: "Latin" }, cookie });
    expect(student.status).toBe(403);

    const signIn = await call(app, "/api/login", { body: { username: "Head@School.test", password: "head-secret" }, ip: "192.0.2.60" });
    expect(await signIn.json()).toMatchObject({ email: "head@school.test", isAdmin: true });
    const admin = sessionCookie(signIn);
    const added = await call(app, "/api/subjects", { body: { name: "Latin" }, cookie: admin });
    expect(added.status).toBe(201);
    const list = await (await call(app, "/api/subjects", { method: "GET" })).json();
    expect(list.at(-1).name).toBe("Latin");
    const again = await call(app, "/api/subjects", { body: { name: "latin" }, cookie: admin });
    expect(again.status).toBe(409);
    expect((await call(app, "/settings", { method: "GET", cookie: admin })).status).toBe(404);
  });
});

describe("the ADMIN_EMAIL address is reserved", () => {
  const ADMIN = { ADMIN_EMAIL: "head@school.test" };

  it("refuses to register it, in any case, with a clear 409", async () => {
    const { app, db } = await createTestApp(ADMIN);
    const res = await call(app, "/api/register", { body: { ...amira, username: "head", email: " Head@School.TEST " } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      message: "This email address is reserved for the site's administrator",
      errors: { email: "This email address is reserved for the site's administrator" },
    });
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await db.select().from(users).all()).toEqual([]);
  });

  it("refuses a student's profile change to it, so they never become an admin", async () => {
    const { app, db, cookie } = await registered(ADMIN);
    const res = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email: "HEAD@school.test" }, cookie });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("This email address is reserved for the site's administrator");
    expect(await (await call(app, "/api/user", { method: "GET", cookie })).json()).toMatchObject({ email: "amira@example.com", isAdmin: false });
    expect((await call(app, "/api/subjects", { body: { name: "Latin" }, cookie })).status).toBe(403);
    expect((await db.select().from(users).where(eq(users.email, "head@school.test")).all())).toEqual([]);
  });

  it("lets the configured admin keep it while editing their profile, and an admin by role take it", async () => {
    const { app, db } = await createTestApp({ ...ADMIN, ADMIN_PASSWORD: "head-secret" });
    const head = sessionCookie(await call(app, "/api/login", { body: { username: "head@school.test", password: "head-secret" } }));
    const renamed = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Ms Head", email: "head@school.test" }, cookie: head });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).user).toMatchObject({ fullName: "Ms Head", isAdmin: true });
    // Moving away and back again: the account is an admin by role, so the address gives it nothing new.
    const away = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Ms Head", email: "ms.head@school.test", currentPassword: "head-secret" }, cookie: head });
    expect(away.status).toBe(200);
    expect((await call(app, await confirmationLink(db, "ms.head@school.test"), { method: "GET" })).headers.get("location")).toBe("/settings?email=confirmed");
    const back = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Ms Head", email: "head@school.test", currentPassword: "head-secret" }, cookie: head });
    expect(back.status).toBe(200);
    expect((await call(app, await confirmationLink(db, "head@school.test"), { method: "GET" })).headers.get("location")).toBe("/settings?email=confirmed");
    expect((await db.select().from(users).where(eq(users.email, "head@school.test")).get())!.role).toBe("admin");
  });
});

describe("account settings", () => {
  it("saves the name at once, with the spec's messages, and needs no password for it", async () => {
    const { app, cookie } = await registered();
    const bad = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: " ", email: "x" }, cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ fullName: "Full name is required", email: "Invalid email address" });
    const ok = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira K", email: "Amira@Example.com" }, cookie });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ user: { fullName: "Amira K", email: "amira@example.com" }, pendingEmail: null });
  });

  it("refuses an e-mail change without the current password, and changes nothing", async () => {
    const { app, db, cookie } = await registered();
    for (const currentPassword of [undefined, "", "wrong-password"]) {
      const res = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email: "ak@example.com", currentPassword }, cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Current password is incorrect", errors: { currentPassword: "Current password is incorrect" } });
    }
    expect(await db.select().from(emailChanges).all()).toEqual([]);
    expect(await db.select().from(mailOutbox).all()).toEqual([]);
    expect((await db.select().from(users).get())!.fullName).toBe("Amira Khan");
  });

  it("changes the e-mail only when the link mailed to the new address is opened, once, and tells the old address", async () => {
    const { app, db, cookie } = await registered();
    const res = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira K", email: "AK@Example.com", currentPassword: PASSWORD }, cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      user: expect.objectContaining({ fullName: "Amira K", email: "amira@example.com" }),
      pendingEmail: "ak@example.com",
      message: "We sent a confirmation link to ak@example.com. Your e-mail changes when you open it.",
    });
    // Not changed yet: the old address is still the account's.
    expect((await db.select().from(users).get())!.email).toBe("amira@example.com");
    const [told] = await mailsTo(db, "amira@example.com");
    expect(told.subject).toBe("Your ExamPrep e-mail address is being changed");
    expect(told.text).toContain("ak@example.com");
    const link = await confirmationLink(db, "ak@example.com");
    // Only the token's hash is stored.
    const stored = (await db.select().from(emailChanges).get())!;
    expect(link).not.toContain(stored.tokenHash);
    expect(stored.tokenHash).toBe(hashSessionToken(new URL(link, ORIGIN).searchParams.get("token")!));

    const opened = await call(app, link, { method: "GET" });
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/settings?email=confirmed");
    expect((await db.select().from(users).get())!.email).toBe("ak@example.com");
    expect(await (await call(app, "/api/user", { method: "GET", cookie })).json()).toMatchObject({ email: "ak@example.com" });
    // One use only, and a made-up token is refused alike.
    expect((await call(app, link, { method: "GET" })).headers.get("location")).toBe("/settings?email=invalid");
    expect((await call(app, "/api/user/email/confirm?token=abc", { method: "GET" })).headers.get("location")).toBe("/settings?email=invalid");
  });

  it("refuses an expired confirmation link, and a second request replaces the first link", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { app, db, cookie } = await registered();
    const ask = (email: string) => call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email, currentPassword: PASSWORD }, cookie });
    expect((await ask("first@example.com")).status).toBe(200);
    const first = await confirmationLink(db, "first@example.com");
    expect((await ask("second@example.com")).status).toBe(200);
    expect((await call(app, first, { method: "GET" })).headers.get("location")).toBe("/settings?email=invalid");
    const second = await confirmationLink(db, "second@example.com");
    vi.setSystemTime(Date.now() + 24 * 3600_000 + 1000);
    expect((await call(app, second, { method: "GET" })).headers.get("location")).toBe("/settings?email=invalid");
    expect((await db.select().from(users).get())!.email).toBe("amira@example.com");
  });

  it("answers a change to a taken address exactly as a free one; only the mail to that address says it is in use", async () => {
    const { app, db, cookie } = await registered();
    await db.insert(users).values({ username: "ben", fullName: "Ben", email: "ben@example.com" });
    const ask = (email: string) => call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email, currentPassword: PASSWORD }, cookie });
    const taken = await ask("ben@example.com");
    const takenBody = await taken.json();
    const free = await ask("free@example.com");
    const freeBody = await free.json();
    expect(taken.status).toBe(200);
    expect(free.status).toBe(200);
    expect(JSON.stringify(takenBody).replaceAll("ben@example.com", "X")).toBe(JSON.stringify(freeBody).replaceAll("free@example.com", "X"));

    const [toBen] = await mailsTo(db, "ben@example.com");
    expect(toBen.text).toContain("already belongs to an ExamPrep account");
    expect(toBen.text).not.toContain("/api/user/email/confirm");
    expect((await mailsTo(db, "free@example.com"))[0].text).toContain("/api/user/email/confirm?token=");
    expect((await db.select().from(users).where(eq(users.username, "amira")).get())!.email).toBe("amira@example.com");
  });

  it("says a confirmed address taken in the meantime is taken, and changes nothing", async () => {
    const { app, db, cookie } = await registered();
    await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email: "late@example.com", currentPassword: PASSWORD }, cookie });
    await db.insert(users).values({ username: "late", fullName: "Late", email: "late@example.com" });
    const opened = await call(app, await confirmationLink(db, "late@example.com"), { method: "GET" });
    expect(opened.headers.get("location")).toBe("/settings?email=taken");
    expect((await db.select().from(users).where(eq(users.username, "amira")).get())!.email).toBe("amira@example.com");
  });

  it("limits e-mail change requests per account", async () => {
    const { app, cookie } = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email: `n${i}@example.com`, currentPassword: i ? PASSWORD : "wrong-one" }, cookie, ip: `192.0.2.${i}` });
      expect(res.status).toBe(i ? 200 : 400);
    }
    const sixth = await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira", email: "n6@example.com", currentPassword: PASSWORD }, cookie, ip: "192.0.2.99" });
    expect(sixth.status).toBe(429);
    // The name alone can still be saved.
    expect((await call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Amira N", email: "amira@example.com" }, cookie })).status).toBe(200);
  });

  it("changes the password with the current one, ends the other sessions and tells the account's address", async () => {
    const { app, db, cookie } = await registered();
    const other = sessionCookie(await call(app, "/api/login", { body: { username: "amira", password: PASSWORD } }));
    const wrong = await call(app, "/api/user/password", {
      body: { currentPassword: "nope-nope", newPassword: "better-secret", confirmPassword: "better-secret" },
      cookie,
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Current password is incorrect");
    const mismatch = await call(app, "/api/user/password", {
      body: { currentPassword: PASSWORD, newPassword: "better-secret", confirmPassword: "other" },
      cookie,
    });
    expect((await mismatch.json()).errors).toEqual({ confirmPassword: "Passwords do not match" });
    const common = await call(app, "/api/user/password", { body: { currentPassword: PASSWORD, newPassword: "football1", confirmPassword: "football1" }, cookie });
    expect(common.status).toBe(400);
    expect((await common.json()).errors).toEqual({ newPassword: "This password is too common. Please choose one that is harder to guess" });

    const ok = await call(app, "/api/user/password", {
      body: { currentPassword: PASSWORD, newPassword: "better-secret", confirmPassword: "better-secret" },
      cookie,
    });
    expect(ok.status).toBe(200);
    expect((await call(app, "/api/user", { method: "GET", cookie })).status).toBe(200);
    expect((await call(app, "/api/user", { method: "GET", cookie: other })).status).toBe(401);
    expect((await mailsTo(db, "amira@example.com")).map((m) => m.subject)).toEqual(["Your ExamPrep password was changed"]);
    expect((await call(app, "/api/login", { body: { username: "amira", password: PASSWORD } })).status).toBe(401);
    expect((await call(app, "/api/login", { body: { username: "amira", password: "better-secret" } })).status).toBe(200);
  });

  it("limits password changes per account", async () => {
    const { app, cookie } = await registered();
    for (let i = 0; i < 5; i++) {
      const res = await call(app, "/api/user/password", { body: { currentPassword: "wrong-guess", newPassword: "better-secret", confirmPassword: "better-secret" }, cookie, ip: `192.0.2.${i}` });
      expect(res.status).toBe(400);
    }
    const sixth = await call(app, "/api/user/password", { body: { currentPassword: PASSWORD, newPassword: "better-secret", confirmPassword: "better-secret" }, cookie, ip: "192.0.2.99" });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(800);
  });

  it("lets an account without a password gain one, or change its e-mail, only within minutes of a Google sign-in", async () => {
    const deps = await createTestApp();
    const { app, db } = deps;
    const google = await signedInAs(deps, { username: "gina", email: "gina@example.com" });
    const sessionId = hashSessionToken(google.token);
    const setPassword = () => call(app, "/api/user/password", { body: { currentPassword: "", newPassword: "gina-own-pass", confirmPassword: "gina-own-pass" }, cookie: google.cookie });
    const changeEmail = () => call(app, "/api/user/profile", { method: "PATCH", body: { fullName: "Gina", email: "gina.new@example.com" }, cookie: google.cookie });

    // A session not made by Google, or made by it too long ago, is not enough.
    for (const at of [null, new Date(Date.now() - 11 * 60_000)]) {
      await db.update(sessions).set({ googleSignedInAt: at }).where(eq(sessions.id, sessionId));
      for (const res of [await setPassword(), await changeEmail()]) {
        expect(res.status).toBe(403);
        expect(await res.json()).toEqual({ message: "For your security, sign in with Google again first (it counts for 10 minutes)", reauthenticate: "google" });
      }
    }
    expect((await db.select().from(users).where(eq(users.id, google.userId)).get())!.passwordHash).toBeNull();

    await db.update(sessions).set({ googleSignedInAt: new Date(Date.now() - 60_000) }).where(eq(sessions.id, sessionId));
    expect((await changeEmail()).status).toBe(200);
    expect((await setPassword()).status).toBe(200);
    expect((await mailsTo(db, "gina@example.com")).map((m) => m.subject)).toEqual([
      "Your ExamPrep e-mail address is being changed",
      "A password was set on your ExamPrep account",
    ]);
    expect((await call(app, "/api/login", { body: { username: "gina", password: "gina-own-pass" } })).status).toBe(200);
  });

  it("saves notification preferences per user", async () => {
    const { app, db, env, cookie } = await registered();
    const defaults = await call(app, "/api/user/notifications", { method: "GET", cookie });
    expect(await defaults.json()).toEqual({ paperReady: true, studyReminders: true, productUpdates: false });
    const saved = await call(app, "/api/user/notifications", {
      method: "PUT",
      body: { paperReady: false, studyReminders: true, productUpdates: true },
      cookie,
    });
    expect(saved.status).toBe(200);
    expect(await (await call(app, "/api/user/notifications", { method: "GET", cookie })).json()).toEqual({
      paperReady: false,
      studyReminders: true,
      productUpdates: true,
    });
    const ben = (await signedInAs({ db, env }, { username: "ben", email: "ben@example.com" })).cookie;
    expect((await (await call(app, "/api/user/notifications", { method: "GET", cookie: ben })).json()).paperReady).toBe(true);
    expect((await call(app, "/api/user/notifications", { method: "GET" })).status).toBe(401);
  });
});
