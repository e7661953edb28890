// Discount codes: validation for buyers, and the admin's list.
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { discountCodes } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { DiscountCodeInput } from "../../shared/schemas.ts";
import type { Queryable, Tx } from "./ledger.ts";

export type DiscountCode = typeof discountCodes.$inferSelect;

export const INVALID_CODE = "The discount code is invalid or has expired.";

/** When a code stops working. A date without a time ("2030-01-31") is valid through that whole day. */
export function expiryTime(expiresAt: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(expiresAt) ? Date.parse(`${expiresAt}T23:59:59.999Z`) : Date.parse(expiresAt);
}

/** Why a code cannot be used now, or null when it can. */
export function codeProblem(code: DiscountCode | undefined, now = new Date()): string | null {
  if (!code) return INVALID_CODE;
  if (!code.isActive) return "This discount code is no longer active.";
  if (code.expiresAt && expiryTime(code.expiresAt) <= now.getTime()) return "This discount code has expired.";
  if (code.usesCount >= code.maxUses) return "This discount code has been used the maximum number of times.";
  return null;
}

export function findCode(db: Queryable, code: string): Promise<DiscountCode | undefined> {
  return db.select().from(discountCodes).where(eq(discountCodes.code, code.trim().toUpperCase())).get();
}

/** POST /api/discount/validate: §3 Discount validation result. */
export async function validateCode(db: Database, raw: string) {
  const code = await findCode(db, raw);
  const problem = codeProblem(code);
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
 * Counts one use, only while uses remain (one conditional UPDATE, so concurrent purchases can never
 * push usesCount past maxUses). Returns false when the code has run out.
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
