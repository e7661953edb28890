// First-start seed. Idempotent: every insert skips rows that are already there, so it runs on every start.
import { and, eq, sql } from "drizzle-orm";
import { EXAM_BOARDS, HOME_SUBJECTS, LEVELS, SAMPLE_PAPERS } from "../../shared/constants.ts";
import { hashPassword } from "../auth/password.ts";
import { normaliseEmail, uniqueUsername } from "../auth/users.ts";
import type { Database } from "./client.ts";
import { examBoards, levels, papers, subjects, users } from "./schema.ts";
import { seedBanks } from "../papers/bank.ts";

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
}

export async function seed(db: Database, options: SeedOptions = {}): Promise<void> {
  await db
    .insert(subjects)
    .values(HOME_SUBJECTS.map((name, i) => ({ name, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(examBoards)
    .values(EXAM_BOARDS.map((b, i) => ({ name: b.name, available: b.available, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(levels)
    .values(LEVELS.map((name, i) => ({ name, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(papers)
    .values(SAMPLE_PAPERS.map((p) => ({ ...p, sectionCount: 1 })))
    .onConflictDoNothing();
  await seedBanks(db);
  if (options.adminEmail && options.adminPassword) await ensureAdmin(db, options.adminEmail, options.adminPassword);
}

/** Creates the admin account from ADMIN_EMAIL / ADMIN_PASSWORD, or makes an existing account with that e-mail an admin. */
async function ensureAdmin(db: Database, rawEmail: string, password: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (existing) {
    await db.update(users).set({ role: "admin" }).where(and(eq(users.id, existing.id), sql`${users.role} <> 'admin'`));
    return;
  }
  await db.insert(users).values({
    username: await uniqueUsername(db, email),
    fullName: "Administrator",
    email,
    passwordHash: await hashPassword(password),
    role: "admin",
  }).onConflictDoNothing();
}
