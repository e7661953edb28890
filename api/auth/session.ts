// Sessions (Copenhagen Book): the cookie holds a random token; the database holds only its SHA-256.
// 30 days idle, extended when used in its second half, and never more than 90 days from sign-in in all;
// a new session at every sign-in.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq, ne } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { Database } from "../db/client.ts";
import { emailChanges, sessions, users } from "../db/schema.ts";
import type { PublicUser } from "../../shared/schemas.ts";
import { normaliseEmail } from "./users.ts";

export const SESSION_COOKIE = "session";
const DAY_MS = 24 * 60 * 60 * 1000;
/** The idle lifetime: a session unused this long ends. */
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** The absolute lifetime: however much it is used, a session ends this long after its sign-in. */
export const SESSION_ABSOLUTE_LIFETIME_MS = 90 * DAY_MS;
const SESSION_RENEW_BEFORE_MS = 15 * DAY_MS;
/** How recent a Google sign-in must be to stand in for the password of an account without one. */
export const FRESH_GOOGLE_SIGN_IN_MS = 10 * 60 * 1000;

export function hashSessionToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export type SessionUser = typeof users.$inferSelect;
export interface SessionRecord {
  id: string;
  userId: number;
  expiresAt: Date;
  /** When Google signed this session in, or null. */
  googleSignedInAt: Date | null;
}

/** Creates a session for a user; returns the token for the cookie (never stored). `viaGoogle` records a Google sign-in. */
export async function createSession(db: Database, userId: number, { viaGoogle = false } = {}): Promise<{ token: string; session: SessionRecord }> {
  const token = generateSessionToken();
  const now = Date.now();
  const session = {
    id: hashSessionToken(token),
    userId,
    expiresAt: new Date(now + SESSION_LIFETIME_MS),
    googleSignedInAt: viaGoogle ? new Date(now) : null,
  };
  await db.insert(sessions).values({ ...session, createdAt: new Date(now).toISOString() });
  return { token, session };
}

/** Whether the session was signed in by Google within the last few minutes. */
export function hasFreshGoogleSignIn(session: SessionRecord | null, now = Date.now()): boolean {
  return Boolean(session?.googleSignedInAt && now - session.googleSignedInAt.getTime() < FRESH_GOOGLE_SIGN_IN_MS);
}

/**
 * The session and user of a token, or null. An expired session (idle, or past its absolute lifetime)
 * is deleted on sight; one in the second half of its idle life is extended to a full 30 days, but
 * never past 90 days from its sign-in (`renewed` tells the caller to re-send the cookie).
 */
export async function validateSessionToken(
  db: Database,
  token: string | undefined,
): Promise<{ session: SessionRecord; user: SessionUser; renewed: boolean } | null> {
  if (!token || token.length > 100) return null;
  const id = hashSessionToken(token);
  const row = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  const now = Date.now();
  const createdAt = Date.parse(row.session.createdAt);
  // An unreadable creation time counts as expired rather than as unlimited.
  const endsAt = Number.isNaN(createdAt) ? 0 : createdAt + SESSION_ABSOLUTE_LIFETIME_MS;
  if (row.session.expiresAt.getTime() <= now || endsAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  let expiresAt = row.session.expiresAt;
  const renewTo = Math.min(now + SESSION_LIFETIME_MS, endsAt);
  if (expiresAt.getTime() - now < SESSION_RENEW_BEFORE_MS && renewTo > expiresAt.getTime()) {
    expiresAt = new Date(renewTo);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    renewed = true;
  }
  const { userId, googleSignedInAt } = row.session;
  return { session: { id, userId, expiresAt, googleSignedInAt }, user: row.user, renewed };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/**
 * Ends every session of a user, and drops any e-mail change waiting for confirmation: for Sign out
 * everywhere, and when someone else proves they own the account's e-mail. Whoever had the account
 * before may have asked for that change, and its link, mailed to them, must not work afterwards.
 */
export async function invalidateUserSessions(db: Pick<Database, "delete">, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Ends every session of a user but the one given (after a password change). */
export async function invalidateOtherSessions(db: Database, userId: number, keepSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}

export function setSessionCookie(c: Context, token: string, expiresAt: Date, secure: boolean): void {
  setCookie(c, SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", secure, path: "/", expires: expiresAt });
}

export function deleteSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: "Lax", secure, path: "/" });
}

/** Whether an address is ADMIN_EMAIL, which makes its account an admin: reserved, never taken on trust. */
export function isAdminEmail(email: string, adminEmail: string | undefined): boolean {
  return !!adminEmail && normaliseEmail(email) === normaliseEmail(adminEmail);
}

/** A user is an admin if their role is 'admin' or their e-mail equals ADMIN_EMAIL (§6). */
export function isAdmin(user: Pick<SessionUser, "role" | "email"> | null, adminEmail: string | undefined): boolean {
  if (!user) return false;
  return user.role === "admin" || isAdminEmail(user.email, adminEmail);
}

export function toPublicUser(user: SessionUser, adminEmail: string | undefined): PublicUser {
  return {
    id: user.id,
    username: user.username,
    fullName: user.fullName,
    email: user.email,
    role: user.role,
    isAdmin: isAdmin(user, adminEmail),
  };
}
