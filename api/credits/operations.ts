// Charging for what costs credits (§9 operation costs). Admins are never charged.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { transactions, users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { isAdmin } from "../auth/session.ts";
import { OPERATION_COSTS } from "../../shared/constants.ts";
import { changeCredits, recordCreditChange, REFUNDED } from "./ledger.ts";

export type Operation = keyof typeof OPERATION_COSTS;
export const isOperation = (op: string): op is Operation => Object.hasOwn(OPERATION_COSTS, op);

export interface ChargeResult {
  charged: boolean;
  cost: number;
  isAdmin: boolean;
  creditsBefore: number;
  creditsAfter: number;
  /** The charge's ledger row, when one was written. */
  transactionId?: number;
}

export interface ChargeOptions {
  reference?: string;
  /**
   * paper_generation for real spending; debug_deduction for an admin's test on /credit-debug, which
   * moves the balance the same way but must not show as the user's spending.
   */
  type?: "paper_generation" | "debug_deduction";
}

/** Charges a user for one operation, atomically; NotEnoughCredits when the balance does not cover it. */
export async function chargeForOperation(
  db: Database,
  adminEmail: string | undefined,
  userId: number,
  operation: Operation,
  description: string,
  { reference, type = "paper_generation" }: ChargeOptions = {},
): Promise<ChargeResult> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new HttpError(404, "User not found");
  const cost = OPERATION_COSTS[operation];
  const admin = isAdmin(user, adminEmail);
  if (admin || cost === 0) return { charged: false, cost, isAdmin: admin, creditsBefore: user.credits, creditsAfter: user.credits };
  const { credits: creditsAfter, transactionId } = await db.transaction((tx) =>
    recordCreditChange(tx, { userId, delta: -cost, type, description, reference })
  );
  return { charged: true, cost, isAdmin: false, creditsBefore: creditsAfter + cost, creditsAfter, transactionId };
}

/**
 * Gives back a charge whose operation failed, and marks the charge's ledger row 'refunded' in the
 * same transaction, so the Credit Usage tab (real spending) leaves it out.
 */
export async function refundOperation(db: Database, userId: number, charge: ChargeResult, description: string, reference?: string) {
  if (!charge.charged) return;
  await db.transaction(async (tx) => {
    await changeCredits(tx, { userId, delta: charge.cost, type: "refund", description, reference });
    if (charge.transactionId !== undefined) {
      await tx.update(transactions).set({ status: REFUNDED }).where(and(eq(transactions.id, charge.transactionId), eq(transactions.userId, userId)));
    }
  });
}
