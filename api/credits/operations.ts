// Charging for what costs credits (§9 operation costs). Admins are never charged.
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { isAdmin } from "../auth/session.ts";
import { OPERATION_COSTS } from "../../shared/constants.ts";
import { changeCredits } from "./ledger.ts";

export type Operation = keyof typeof OPERATION_COSTS;
export const isOperation = (op: string): op is Operation => Object.hasOwn(OPERATION_COSTS, op);

export interface ChargeResult {
  charged: boolean;
  cost: number;
  isAdmin: boolean;
  creditsBefore: number;
  creditsAfter: number;
}

/** Charges a user for one operation, atomically; NotEnoughCredits when the balance does not cover it. */
export async function chargeForOperation(
  db: Database,
  adminEmail: string | undefined,
  userId: number,
  operation: Operation,
  description: string,
  reference?: string,
): Promise<ChargeResult> {
  const user = await db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new HttpError(404, "User not found");
  const cost = OPERATION_COSTS[operation];
  const admin = isAdmin(user, adminEmail);
  if (admin || cost === 0) return { charged: false, cost, isAdmin: admin, creditsBefore: user.credits, creditsAfter: user.credits };
  const creditsAfter = await db.transaction((tx) =>
    changeCredits(tx, { userId, delta: -cost, type: "paper_generation", description, reference })
  );
  return { charged: true, cost, isAdmin: false, creditsBefore: creditsAfter + cost, creditsAfter };
}

/** Gives back a charge whose operation failed. */
export async function refundOperation(db: Database, userId: number, charge: ChargeResult, description: string, reference?: string) {
  if (!charge.charged) return;
  await db.transaction((tx) => changeCredits(tx, { userId, delta: charge.cost, type: "refund", description, reference }));
}
