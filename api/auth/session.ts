// Sessions (Copenhagen Book): the cookie holds a random token; the database holds only its SHA-256.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import type { PublicUser } from "../../shared/schemas.ts";

export const SESSION_COOKIE = "session";

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export type SessionUser = typeof users.$inferSelect;

/** The user of a live session token, or null. An expired session is deleted on sight. */
export async function findSessionUser(db: Database, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const id = hashSessionToken(token);
  const row = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .get();
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= Date.now()) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  return row.user;
}

/** A user is an admin if their role is 'admin' or their e-mail equals ADMIN_EMAIL (§6). */
export function isAdmin(user: Pick<SessionUser, "role" | "email"> | null, adminEmail: string | undefined): boolean {
  if (!user) return false;
  return user.role === "admin" || (!!adminEmail && user.email === adminEmail.trim().toLowerCase());
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
