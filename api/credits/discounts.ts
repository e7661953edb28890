// Discount codes: validation for buyers, and the admin's list.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { checkouts, discountCodes } from "../db/schema.ts";
import { DISCOUNT_HOLDS_PER_ACCOUNT } from "../../shared/constants.ts";
import { HttpError } from "../http.ts";
import type { DiscountCodeInput } from "../../shared/schemas.ts";
import type { Queryable, Tx } from "./ledger.ts";

export type DiscountCode = typeof discountCodes.$inferSelect;

export const INVALID_CODE = "The discount code is invalid or has expired.";

/** When a code stops working. A date without a time ("2030-01-31") is valid through that whole day. */
export function expiryTime(expiresAt: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(expiresAt) ? Date.parse(`${expiresAt}T23:59:59.999Z`) : Date.parse(expiresAt);
}

export const USED_UP = "This discount code has been used the maximum number of times.";

/**
 * Why a code cannot be used now, or null when it can. `held` is the uses that started, unfinished
 * checkouts are holding (heldUses): they count against maxUses like uses already made.
 */
export function codeProblem(code: DiscountCode | undefined, now = new Date(), held = 0): string | null {
  if (!code) return INVALID_CODE;
  if (!code.isActive) return "This discount code is no longer active.";
  if (code.expiresAt && expiryTime(code.expiresAt) <= now.getTime()) return "This discount code has expired.";
  if (code.usesCount + held >= code.maxUses) return USED_UP;
  return null;
}

/*
 * Holding uses. A paid checkout is priced with its code when it starts but counts the use only when
 * the payment completes, so between the two its use is held: each pending checkout carrying the code,
 * started after `since` (see holdCutoff in checkout.ts), counts against maxUses, and so does each
 * checkout whose asynchronous payment (Bacs, SEPA...) Stripe is still clearing ('processing'), however
 * old. A cancelled or completed checkout, or a pending one older than that, holds nothing.
 */
const holding = (alias: string, since: string) =>
  sql`((${sql.raw(alias)}.status = 'pending' and ${sql.raw(alias)}.created_at > ${since}) or ${sql.raw(alias)}.status = 'processing')`;
const held = (since: string) =>
  sql`(select count(*) from checkouts held where held.discount_code_id = discount_codes.id and ${holding("held", since)})`;
/** The discounted checkouts of one account that hold a use now. */
const heldByAccount = (userId: number, since: string) =>
  sql`(select count(*) from checkouts mine where mine.user_id = ${userId} and mine.discount_code_id is not null and ${holding("mine", since)})`;

export const ALREADY_USED = "You have already used this discount code: each account can use a code once.";
export const TOO_MANY_HOLDS =
  `You already have ${DISCOUNT_HOLDS_PER_ACCOUNT} unfinished checkouts with a discount code. Complete or cancel one before starting another.`;

/** The uses of a code that pending checkouts hold. */
export async function heldUses(db: Queryable, codeId: number, since: string): Promise<number> {
  const row = await db.select({ n: held(since) }).from(discountCodes).where(eq(discountCodes.id, codeId)).get();
  return Number(row?.n ?? 0);
}

/** How many discounted checkouts of this account hold a use now (at most DISCOUNT_HOLDS_PER_ACCOUNT). */
export async function accountHolds(db: Queryable, userId: number, since: string): Promise<number> {
  const row = await db.get<{ n: number }>(sql`select ${heldByAccount(userId, since)} as n`);
  return Number(row?.n ?? 0);
}

/**
 * Has this account used the code, or started a checkout with it that may still be paid? One use per
 * account, whatever the price; a unique index on checkouts (checkouts_one_code_use_per_account) makes
 * it hold under concurrent requests too.
 */
export async function usedByAccount(db: Queryable, codeId: number, userId: number, since: string): Promise<boolean> {
  const row = await db.select({ id: checkouts.id }).from(checkouts)
    .where(and(eq(checkouts.userId, userId), eq(checkouts.discountCodeId, codeId), sql`(${checkouts.status} = 'completed' or ${holding("checkouts", since)})`))
    .get();
  return Boolean(row);
}

/** Is `err` the one-use-per-account index refusing a second checkout of an account with a code? */
export function isSecondUse(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("checkouts.user_id, checkouts.discount_code_id")) return true;
  }
  return false;
}

/**
 * Starts a paid checkout that holds one use of its code, in one conditional INSERT: the row is
 * written only while the code's uses made plus held stay below maxUses and the account holds fewer
 * than DISCOUNT_HOLDS_PER_ACCOUNT, so concurrent starts can never hold more uses than remain.
 * Returns null when written, or why not (a second use by the account throws, see isSecondUse).
 */
export async function insertHoldingCheckout(
  db: Queryable,
  checkout: { id: string; userId: number; quantity: number; amountPence: number; currency: string; provider: string; discountCodeId: number },
  since: string,
): Promise<null | typeof USED_UP | typeof TOO_MANY_HOLDS> {
  const result = await db.run(sql`
    insert into checkouts (id, user_id, quantity, amount_pence, currency, discount_code_id, provider)
    select ${checkout.id}, ${checkout.userId}, ${checkout.quantity}, ${checkout.amountPence}, ${checkout.currency}, discount_codes.id, ${checkout.provider}
    from discount_codes
    where discount_codes.id = ${checkout.discountCodeId} and discount_codes.uses_count + ${held(since)} < discount_codes.max_uses
      and ${heldByAccount(checkout.userId, since)} < ${DISCOUNT_HOLDS_PER_ACCOUNT}`);
  if (result.rowsAffected === 1) return null;
  return (await accountHolds(db, checkout.userId, since)) >= DISCOUNT_HOLDS_PER_ACCOUNT ? TOO_MANY_HOLDS : USED_UP;
}

/**
 * Counts one use now, for a purchase that completes at once (a 100% code): only while the uses made
 * plus those held by pending checkouts stay below maxUses (one conditional UPDATE).
 */
export async function claimUse(tx: Tx, codeId: number, since: string): Promise<boolean> {
  const row = await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), sql`discount_codes.uses_count + ${held(since)} < discount_codes.max_uses`))
    .returning({ id: discountCodes.id })
    .get();
  return Boolean(row);
}

export function findCode(db: Queryable, code: string): Promise<DiscountCode | undefined> {
  return db.select().from(discountCodes).where(eq(discountCodes.code, code.trim().toUpperCase())).get();
}

/** POST /api/discount/validate: §3 Discount validation result. `since`: as for heldUses. */
export async function validateCode(db: Database, raw: string, since: string, userId: number) {
  const code = await findCode(db, raw);
  const problem = codeProblem(code, new Date(), code ? await heldUses(db, code.id, since) : 0) ??
    (code && (await usedByAccount(db, code.id, userId, since)) ? ALREADY_USED : null);
  if (problem || !code) return { valid: false, discountPercentage: 0, amountInPence: 0, message: problem ?? INVALID_CODE };
  return {
    valid: true,
    code: code.code,
    discountPercentage: code.discountPercentage,
    amountInPence: code.amountOffPence ?? 0,
    message: `${code.discountPercentage}% off applied`,
  };
}

/**
 * Counts the use a completing paid checkout held, only while uses remain (one conditional UPDATE, so
 * concurrent completions can never push usesCount past maxUses). Returns false when the code has run out.
 */
export async function countUse(tx: Tx, codeId: number): Promise<boolean> {
  const row = await tx
    .update(discountCodes)
    .set({ usesCount: sql`${discountCodes.usesCount} + 1` })
    .where(and(eq(discountCodes.id, codeId), lt(discountCodes.usesCount, discountCodes.maxUses)))
    .returning({ id: discountCodes.id })
    .get();
  return Boolean(row);
}

export function listCodes(db: Database) {
  return db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id)).all();
}

function values(input: DiscountCodeInput) {
  return {
    discountPercentage: input.discountPercentage,
    maxUses: input.maxUses,
    isActive: input.isActive,
    expiresAt: input.expiresAt ?? null,
    description: input.description ?? null,
    amountOffPence: input.amountOffPence ?? null,
    freeCreditCap: input.freeCreditCap,
  };
}

export async function createCode(db: Database, input: DiscountCodeInput): Promise<DiscountCode> {
  const code = input.code.trim().toUpperCase();
  if (await findCode(db, code)) throw new HttpError(409, `The code ${code} already exists`);
  return await db.insert(discountCodes).values({ code, ...values(input) }).returning().get();
}

/** Edits a code; the code itself is locked after creation (admin-tools.md §4). */
export async function updateCode(db: Database, id: number, input: DiscountCodeInput): Promise<DiscountCode> {
  const row = await db.update(discountCodes).set(values(input)).where(eq(discountCodes.id, id)).returning().get();
  if (!row) throw new HttpError(404, "Discount code not found");
  return row;
}

export async function deleteCode(db: Database, id: number): Promise<void> {
  const row = await db.delete(discountCodes).where(eq(discountCodes.id, id)).returning({ id: discountCodes.id }).get();
  if (!row) throw new HttpError(404, "Discount code not found");
}
