// Test helpers: the real createApp() over a fresh, migrated and seeded database file.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { createApp } from "./app.ts";
import { connect, runMigrations } from "./db/client.ts";
import { seed } from "./db/seed.ts";
import { sessions, users } from "./db/schema.ts";
import { hashSessionToken } from "./auth/session.ts";
import { parseEnv } from "./env.ts";
import type { Deps } from "./context.ts";

export async function createTestDeps(env: Record<string, string> = {}): Promise<Deps> {
  const dir = mkdtempSync(join(tmpdir(), "examprep-test-"));
  // Request lines only from a test that asks for them (LOG_LEVEL, or a logger of its own).
  const parsed = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "warn", DATABASE_URL: `file:${join(dir, "test.db")}`, ...env });
  const db = await connect(parsed.DATABASE_URL);
  await runMigrations(db);
  await seed(db, { adminEmail: parsed.ADMIN_EMAIL, adminPassword: parsed.ADMIN_PASSWORD });
  return { db, env: parsed };
}

/** `extra`: the optional dependencies (such as Deps.modelDeadline) a test sets itself. */
export async function createTestApp(env: Record<string, string> = {}, extra: Partial<Deps> = {}) {
  const deps = { ...(await createTestDeps(env)), ...extra };
  return { ...deps, app: createApp(deps) };
}

/** Creates a user and a live session for them, returning the cookie header that carries it. */
export async function signedInAs(
  deps: Deps,
  fields: { username: string; email: string; role?: string; fullName?: string },
  expiresInMs = 30 * 24 * 3600 * 1000,
): Promise<{ cookie: string; userId: number; token: string }> {
  const user = await deps.db
    .insert(users)
    .values({ fullName: fields.fullName ?? fields.username, role: fields.role ?? "user", ...fields })
    .returning()
    .get();
  return { ...(await newSession(deps, user.id, expiresInMs)), userId: user.id };
}

/** A new live session for an existing user: the cookie header that carries it, and its token. */
export async function newSession(deps: Deps, userId: number, expiresInMs = 30 * 24 * 3600 * 1000): Promise<{ cookie: string; token: string }> {
  const token = randomBytes(20).toString("base64url");
  await deps.db.insert(sessions).values({ id: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + expiresInMs) });
  return { cookie: `session=${token}`, token };
}

export const TEST_ORIGIN = "http://localhost:8000";

/** A request to the app as the site's pages send it: own Origin, JSON body, the user's cookie. */
export function send(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }, path: string, body?: unknown, cookie?: string, method = body === undefined ? "GET" : "POST") {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  return Promise.resolve(app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
}

/** A signed-in student given `credits` through the ledger (an admin grant), as a real balance would be. */
export async function studentWithCredits(deps: Deps, name: string, credits = 0) {
  const s = await signedInAs(deps, { username: name, email: `${name}@example.com`, fullName: name });
  if (credits) {
    const { changeCredits } = await import("./credits/ledger.ts");
    await deps.db.transaction((tx) => changeCredits(tx, { userId: s.userId, delta: credits, type: "admin_grant", description: "test grant" }));
  }
  return s;
}
