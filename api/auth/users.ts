// Account helpers shared by registration, Google sign-in and the admin seed.
import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * How sign-in reads what was typed: with '@' it is an e-mail (usernames cannot contain one), otherwise
 * a username in any case. `key` names the identifier the same way however it was written.
 */
export function signInIdentifier(identifier: string): { by: "email" | "username"; value: string; key: string } {
  const value = identifier.trim();
  return value.includes("@")
    ? { by: "email", value: normaliseEmail(value), key: `email:${normaliseEmail(value)}` }
    : { by: "username", value, key: `username:${value.toLowerCase()}` };
}

export async function usernameTaken(db: Database, username: string): Promise<boolean> {
  const row = await db.select({ id: users.id }).from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
  return Boolean(row);
}

/** A free username made from a name or an e-mail's local part: 'amira', then 'amira2', 'amira3'… */
export async function uniqueUsername(db: Database, from: string): Promise<string> {
  const base = (from.split("@")[0].toLowerCase().replace(/[^a-z0-9_.-]/g, "") || "student").slice(0, 24).padEnd(3, "0");
  let candidate = base;
  for (let n = 2; await usernameTaken(db, candidate); n++) candidate = `${base}${n}`;
  return candidate;
}
