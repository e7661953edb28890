// The credit ledger. Every balance change goes through changeCredits() inside a database transaction:
// the balance update and its ledger row commit together or not at all.
import { and, desc, eq, gt, gte, inArray, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import { HttpError } from "../http.ts";

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Queryable = Database | Tx;

export const TRANSACTION_TYPES = [
  "purchase",
  "admin_grant",
  "gift_sent",
  "gift_received",
  "referral_bonus",
  "paper_generation",
  "refund",
  // An admin's test of the deduction code (/credit-debug): a balance change, but not spending.
  "debug_deduction",
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export interface CreditChange {
  userId: number;
  /** Credits added (positive) or taken (negative). */
  delta: number;
  type: TransactionType;
  amountPence?: number;
  description: string;
  reference?: string | null;
}

export class NotEnoughCredits extends HttpError {
  constructor(readonly available: number) {
    super(400, `You only have ${available} credit${available === 1 ? "" : "s"} available`, { title: "Not enough credits", available });
  }
}

/**
 * Applies one balance change and writes its ledger row, inside the caller's transaction. A deduction
 * only happens if the balance covers it (checked in the same UPDATE, so concurrent deductions cannot
 * overdraw); otherwise NotEnoughCredits is thrown and the caller's transaction rolls back.
 */
export async function changeCredits(tx: Tx, change: CreditChange): Promise<number> {
  return (await recordCreditChange(tx, change)).credits;
}

/** changeCredits(), also returning the id of the ledger row it wrote (for a later refund to mark it). */
export async function recordCreditChange(tx: Tx, change: CreditChange): Promise<{ credits: number; transactionId: number }> {
  if (!Number.isInteger(change.delta) || change.delta === 0) throw new Error("delta must be a non-zero whole number");
  const cost = -change.delta;
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}` })
    .where(change.delta < 0 ? and(eq(users.id, change.userId), gte(users.credits, cost)) : eq(users.id, change.userId))
    .returning({ credits: users.credits })
    .get();
  if (!updated) {
    const row = await tx.select({ credits: users.credits }).from(users).where(eq(users.id, change.userId)).get();
    if (!row) throw new HttpError(404, "User not found");
    throw new NotEnoughCredits(row.credits);
  }
  const row = await tx.insert(transactions).values({
    userId: change.userId,
    transactionType: change.type,
    creditsAdded: Math.max(change.delta, 0),
    creditsDeducted: Math.max(cost, 0),
    amountPence: change.amountPence ?? 0,
    description: change.description,
    reference: change.reference ?? null,
  }).returning({ id: transactions.id }).get();
  return { credits: updated.credits, transactionId: row.id };
}

export async function creditBalance(db: Queryable, userId: number): Promise<number> {
  const row = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).get();
  return row?.credits ?? 0;
}

/** The ledger as the Purchase History tab shows it (§3 Transaction: amount in pence, as a string). */
export async function listTransactions(db: Queryable, userId: number) {
  const rows = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .all();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt,
    transactionType: r.transactionType,
    creditsAdded: r.creditsAdded,
    creditsDeducted: r.creditsDeducted,
    amount: String(r.amountPence),
    status: r.status,
    description: r.description,
  }));
}

/** The status a charge's ledger row takes when its operation failed and the credit came back. */
export const REFUNDED = "refunded";

/** What counts as spending on the Credit Usage tab: papers generated and credits given away. */
export const SPENDING_TYPES = ["paper_generation", "gift_sent"] as const satisfies readonly TransactionType[];

/**
 * The Credit Usage tab: real spending only. A charge given back because its paper failed is marked
 * 'refunded' (refundOperation) and left out; an admin's debug deduction has a type of its own.
 */
export async function listSpending(db: Queryable, userId: number) {
  const rows = await db
    .select()
    .from(transactions)
    .where(and(
      eq(transactions.userId, userId),
      gt(transactions.creditsDeducted, 0),
      inArray(transactions.transactionType, [...SPENDING_TYPES]),
      ne(transactions.status, REFUNDED),
    ))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .all();
  return rows.map((r) => ({ id: r.id, createdAt: r.createdAt, transactionType: r.transactionType, credits: r.creditsDeducted, description: r.description }));
}

/** For tests and the credit system check: does every balance equal the sum of its ledger? */
export async function ledgerMismatches(db: Queryable): Promise<{ userId: number; credits: number; ledger: number }[]> {
  const rows = await db
    .select({
      userId: users.id,
      credits: users.credits,
      // Written out: inside a subquery drizzle would leave the column names unqualified.
      ledger: sql<number>`coalesce((select sum(t.credits_added - t.credits_deducted) from transactions t where t.user_id = "users"."id"), 0)`,
    })
    .from(users)
    .all();
  return rows.filter((r) => Number(r.ledger) !== r.credits);
}
