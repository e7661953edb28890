// First-start seed. Idempotent: every insert skips rows that are already there, so it runs on every start.
import { eq, sql } from "drizzle-orm";
import { EXAM_BOARDS, HOME_SUBJECTS, LEVELS, SAMPLE_PAPERS } from "../../shared/constants.ts";
import { hashPassword } from "../auth/password.ts";
import { invalidateUserSessions } from "../auth/session.ts";
import { normaliseEmail, uniqueUsername } from "../auth/users.ts";
import type { Database } from "./client.ts";
import { examBoards, levels, papers, subjects, users } from "./schema.ts";
import { seedBanks } from "../papers/bank.ts";
import { deletedPaperIdentities, paperIdentityKey } from "../catalogue/admin.ts";

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
  // A paper an admin deleted stays deleted: the audit log names it, and the seed skips it.
  const deleted = await deletedPaperIdentities(db);
  const samples = SAMPLE_PAPERS.filter((p) => !deleted.has(paperIdentityKey(p)));
  // The samples' exam dates are the home page's fallback (§3), not a timetable's: no date is seeded.
  if (samples.length) await db.insert(papers).values(samples.map(({ examDate: _, ...p }) => ({ ...p, sectionCount: 1 }))).onConflictDoNothing();
  await seedBanks(db, undefined, deleted);
  // Every paper's subject, board and level is an offering (admin-tools.md §2: boards depend on
  // subject and level); an admin's offerings without papers are kept.
  await db.run(sql`insert or ignore into offerings (subject_id, exam_board_id, level_id)
    select s.id, b.id, l.id from papers p
    join subjects s on s.name = p.subject join exam_boards b on b.name = p.exam_board join levels l on l.name = p.level`);
  if (options.adminEmail) await ensureAdmin(db, options.adminEmail, options.adminPassword);
}

/**
 * The account of ADMIN_EMAIL. Without one, ADMIN_PASSWORD creates it. An account already holding the
 * address with the 'admin' role is the seed's own (or was given it by an admin) and is left alone.
 * Any other holder took the address on trust (registration or a profile change before it was
 * reserved), yet the address alone makes it an admin: the seed claims it for whoever configured the
 * address. Its sessions end, its password becomes ADMIN_PASSWORD (or none: then only a Google sign-in
 * with the Google-verified address opens it) and any Google link goes, so nobody who merely typed the
 * address keeps a way in. The 'admin' role marks it as claimed, so later starts leave it alone.
 */
async function ensureAdmin(db: Database, rawEmail: string, password: string | undefined): Promise<void> {
  const email = normaliseEmail(rawEmail);
  const existing = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email)).get();
  if (!existing) {
    if (!password) return;
    await db.insert(users).values({
      username: await uniqueUsername(db, email),
      fullName: "Administrator",
      email,
      passwordHash: await hashPassword(password),
      role: "admin",
    }).onConflictDoNothing();
    return;
  }
  if (existing.role === "admin") return;
  const passwordHash = password ? await hashPassword(password) : null;
  await db.transaction(async (tx) => {
    await invalidateUserSessions(tx, existing.id);
    await tx.update(users).set({ role: "admin", passwordHash, googleId: null }).where(eq(users.id, existing.id));
  });
  console.warn(`ADMIN_EMAIL: account ${existing.id} held ${email} without the admin role; it was reset and claimed as the admin account.`);
}
