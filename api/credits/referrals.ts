// Referrals: each side gets 1 credit, once, when the referred user makes a paid purchase whose payment
// has cleared (or when an admin completes the referral); never for two accounts that referred each
// other, and at most the referral_monthly_cap setting's number a month per referrer.
import { and, count, desc, eq, gte } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { checkouts, referrals, settings, users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { REFERRAL_CREDITS_EACH_SIDE, REFERRAL_MONTHLY_CAP_DEFAULT } from "../../shared/constants.ts";
import { SETTING_KEYS } from "../settings/store.ts";
import { changeCredits, type Queryable, type Tx } from "./ledger.ts";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** The user's referral code, made on first request. */
export async function ensureReferralCode(db: Database, userId: number): Promise<string> {
  const row = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new HttpError(404, "User not found");
  if (row.code) return row.code;
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = randomCode();
    try {
      const updated = await db.update(users).set({ referralCode: code }).where(eq(users.id, userId)).returning({ code: users.referralCode }).get();
      if (updated?.code) return updated.code;
    } catch {
      // a clash with another user's code: try another
    }
  }
  throw new HttpError(500, "Failed to generate referral code");
}

export async function findReferrer(db: Queryable, code: string) {
  return await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code.trim().toUpperCase())).get();
}

export const MUTUAL_REFERRAL = "You cannot use the referral code of someone you referred.";

/** Records that `userId` joined through `code`, before their first purchase. */
export async function applyReferral(db: Database, userId: number, code: string) {
  const referrer = await findReferrer(db, code);
  if (!referrer) throw new HttpError(404, "That referral code does not exist");
  if (referrer.id === userId) throw new HttpError(400, "You cannot use your own referral code");
  if (await referredEachOther(db, referrer.id, userId)) throw new HttpError(400, MUTUAL_REFERRAL);
  const purchases = await db
    .select({ n: count() })
    .from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, "completed")))
    .get();
  if ((purchases?.n ?? 0) > 0) throw new HttpError(400, "A referral code can only be used before your first purchase");
  const row = await db.insert(referrals).values({ referrerId: referrer.id, referredId: userId }).onConflictDoNothing().returning().get();
  if (!row) throw new HttpError(409, "You have already used a referral code");
  return { id: row.id, status: row.status };
}

/** Did `referredId` refer `referrerId` (the other way round)? Such a pair is never paid. */
async function referredEachOther(db: Queryable, referrerId: number, referredId: number): Promise<boolean> {
  const reverse = await db.select({ id: referrals.id }).from(referrals)
    .where(and(eq(referrals.referrerId, referredId), eq(referrals.referredId, referrerId))).get();
  return Boolean(reverse);
}

/** The referral_monthly_cap setting, or its default. */
export async function referralMonthlyCap(db: Queryable): Promise<number> {
  const row = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTING_KEYS.referralMonthlyCap)).get();
  const n = row?.value ? Number(row.value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : REFERRAL_MONTHLY_CAP_DEFAULT;
}

/** The first instant of the calendar month (UTC) of `now`, in created_at's ISO format. */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();

/** Why a pending referral cannot be paid now, or null when it can. */
async function payoutProblem(tx: Tx, referral: { referrerId: number; referredId: number }, now = new Date()): Promise<string | null> {
  if (await referredEachOther(tx, referral.referrerId, referral.referredId)) return "These two accounts referred each other, so no bonus is paid.";
  const cap = await referralMonthlyCap(tx);
  const paid = await tx.select({ n: count() }).from(referrals)
    .where(and(eq(referrals.referrerId, referral.referrerId), eq(referrals.status, "completed"), gte(referrals.completedAt, monthStart(now))))
    .get();
  if ((paid?.n ?? 0) >= cap) return `The referrer has had the most referral bonuses a month allows (${cap}); this referral stays pending.`;
  return null;
}

/**
 * Completes a pending referral: 1 credit to each side, once (a second call changes nothing). Never
 * for two accounts that referred each other, and at most referralMonthlyCap() a calendar month per
 * referrer: past it the referral stays pending (a later cleared purchase, in a later month, pays it).
 * Inside the caller's transaction, which the database runs one at a time, so the count cannot race.
 */
export async function completeReferral(tx: Tx, referralId: number): Promise<{ paid: true } | { paid: false; reason: string }> {
  const pending = await tx.select().from(referrals).where(and(eq(referrals.id, referralId), eq(referrals.status, "pending"))).get();
  if (!pending) return { paid: false, reason: "That referral is not pending" };
  const problem = await payoutProblem(tx, pending);
  if (problem) return { paid: false, reason: problem };
  const done = await tx
    .update(referrals)
    .set({ status: "completed", creditsAwarded: REFERRAL_CREDITS_EACH_SIDE, completedAt: new Date().toISOString() })
    .where(and(eq(referrals.id, referralId), eq(referrals.status, "pending")))
    .returning()
    .get();
  if (!done) return { paid: false, reason: "That referral is not pending" };
  await changeCredits(tx, {
    userId: done.referrerId,
    delta: REFERRAL_CREDITS_EACH_SIDE,
    type: "referral_bonus",
    description: "Referral bonus: a friend you invited made their first purchase",
    reference: `referral:${done.id}`,
  });
  await changeCredits(tx, {
    userId: done.referredId,
    delta: REFERRAL_CREDITS_EACH_SIDE,
    type: "referral_bonus",
    description: "Referral bonus: welcome to ExamPrep",
    reference: `referral:${done.id}`,
  });
  return { paid: true };
}

/**
 * On a buyer's paid purchase whose payment has cleared (fulfilCheckout decides that), their pending
 * referral completes. Free, code-only, admin and test-mode checkouts never come here.
 */
export async function completeReferralOfBuyer(tx: Tx, userId: number): Promise<void> {
  const pending = await tx.select({ id: referrals.id }).from(referrals).where(and(eq(referrals.referredId, userId), eq(referrals.status, "pending"))).get();
  if (pending) await completeReferral(tx, pending.id);
}

/** §3 Referral info. */
export async function referralInfo(db: Database, userId: number) {
  const referralCode = await ensureReferralCode(db, userId);
  const rows = await db
    .select({ id: referrals.id, referredUsername: users.username, createdAt: referrals.createdAt, status: referrals.status, creditsAwarded: referrals.creditsAwarded })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, userId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .all();
  return {
    referralCode,
    totalReferrals: rows.length,
    creditsEarned: rows.reduce((sum, r) => sum + r.creditsAwarded, 0),
    pendingReferrals: rows.filter((r) => r.status === "pending").length,
    monthlyCap: await referralMonthlyCap(db),
    referrals: rows,
  };
}
