// Buying credits: starting a checkout, and the one fulfilment path every completed payment takes.
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { checkouts, processedEvents } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { isAdmin, type SessionUser } from "../auth/session.ts";
import { priceCredits } from "../../shared/pricing.ts";
import { changeCredits } from "./ledger.ts";
import { claimUse, codeProblem, countUse, findCode, heldUses, insertHoldingCheckout, USED_UP } from "./discounts.ts";
import { completeReferralOfBuyer } from "./referrals.ts";
import { CHECKOUT_EXPIRY_MS, type PaymentProvider } from "./payments.ts";

export type Checkout = typeof checkouts.$inferSelect;

/**
 * How long a pending checkout holds its discount code's use: as long as it can be paid, plus ten
 * minutes for Stripe's webhook of a payment made at the last moment to arrive.
 */
export const HOLD_MS = CHECKOUT_EXPIRY_MS + 10 * 60 * 1000;

/** Pending checkouts created after this instant (created_at's own ISO format) still hold a use. */
export const holdCutoff = (now = Date.now()) => new Date(now - HOLD_MS).toISOString();

/** A checkout that can no longer be paid (Stripe expires its session at the same time). */
export const checkoutExpired = (checkout: Checkout, now = Date.now()) => Date.parse(checkout.createdAt) + CHECKOUT_EXPIRY_MS <= now;

/** §3 Checkout result. */
export interface CheckoutResult {
  url?: string;
  /** A paid checkout's id: the confirmation page cancels it, the success page follows it. */
  checkoutId?: string;
  adminFreeCredits: boolean;
  creditQuantity: number;
  reason?: string;
  redirectToPage?: string;
  credits?: number;
}

export async function startCheckout(
  db: Database,
  env: Env,
  provider: PaymentProvider,
  user: SessionUser,
  quantity: number,
  codeText?: string,
): Promise<CheckoutResult> {
  // Admins receive credits free (§6).
  if (isAdmin(user, env.ADMIN_EMAIL)) {
    const credits = await db.transaction((tx) =>
      changeCredits(tx, { userId: user.id, delta: quantity, type: "admin_grant", description: `${quantity} free credits (admin account)` })
    );
    return { adminFreeCredits: true, creditQuantity: quantity, reason: "admin account", redirectToPage: "/pricing", credits };
  }

  const since = holdCutoff();
  const code = codeText ? await findCode(db, codeText) : undefined;
  if (codeText) {
    const problem = codeProblem(code, new Date(), code ? await heldUses(db, code.id, since) : 0);
    if (problem) throw new HttpError(400, problem);
  }
  const price = priceCredits(quantity, code);
  const checkoutId = crypto.randomUUID();

  if (price.totalPence === 0) {
    // Free through a code: counted and fulfilled at once, or not at all if the code has just run out.
    const credits = await db.transaction(async (tx) => {
      if (code && !(await claimUse(tx, code.id, since))) throw new HttpError(409, USED_UP);
      await tx.insert(checkouts).values({
        id: checkoutId,
        userId: user.id,
        quantity,
        amountPence: 0,
        discountCodeId: code?.id,
        provider: "free",
        status: "completed",
        completedAt: new Date().toISOString(),
      });
      const balance = await changeCredits(tx, {
        userId: user.id,
        delta: quantity,
        type: "purchase",
        description: `${quantity} credit${quantity === 1 ? "" : "s"} with code ${code!.code}`,
        reference: checkoutId,
      });
      await completeReferralOfBuyer(tx, user.id);
      return balance;
    });
    const reason = price.codePercent === 100 ? "100% discount code" : "discount code";
    return { adminFreeCredits: true, creditQuantity: quantity, reason, redirectToPage: "/pricing", credits };
  }

  const row = { id: checkoutId, userId: user.id, quantity, amountPence: price.totalPence, provider: provider.name };
  if (code) {
    // The checkout holds one of the code's remaining uses until it completes, is cancelled or expires;
    // the check above may have raced with other buyers, this conditional insert cannot.
    if (!(await insertHoldingCheckout(db, { ...row, discountCodeId: code.id }, since))) throw new HttpError(409, USED_UP);
  } else {
    await db.insert(checkouts).values(row);
  }
  try {
    const session = await provider.createSession({ checkoutId, userId: user.id, email: user.email, quantity, amountPence: price.totalPence });
    await db.update(checkouts).set({ providerSessionId: session.sessionId }).where(eq(checkouts.id, checkoutId));
    return { url: session.url, checkoutId, adminFreeCredits: false, creditQuantity: quantity };
  } catch (err) {
    await db.update(checkouts).set({ status: "cancelled" }).where(eq(checkouts.id, checkoutId));
    console.error("Checkout session failed:", err);
    throw new HttpError(502, "Failed to create a checkout session. Please try again.");
  }
}

/**
 * Completes a pending checkout: credits, the code's use, the referral. One database transaction.
 * With an event, the event is recorded in the same transaction, so a repeated or concurrent
 * delivery of the same event changes nothing. Returns what happened.
 */
export async function fulfilCheckout(
  db: Database,
  checkoutId: string,
  event?: { id: string; type: string },
): Promise<"completed" | "duplicate" | "not-pending"> {
  return await db.transaction(async (tx) => {
    if (event) {
      const fresh = await tx.insert(processedEvents).values(event).onConflictDoNothing().returning().get();
      if (!fresh) return "duplicate";
    }
    const checkout = await tx
      .update(checkouts)
      .set({ status: "completed", completedAt: new Date().toISOString() })
      .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "pending")))
      .returning()
      .get();
    if (!checkout) return "not-pending";
    await changeCredits(tx, {
      userId: checkout.userId,
      delta: checkout.quantity,
      type: "purchase",
      amountPence: checkout.amountPence,
      description: `Bought ${checkout.quantity} credit${checkout.quantity === 1 ? "" : "s"}`,
      reference: checkout.id,
    });
    // Paid already: the use this checkout held is counted, never beyond maxUses.
    if (checkout.discountCodeId) await countUse(tx, checkout.discountCodeId);
    await completeReferralOfBuyer(tx, checkout.userId);
    return "completed";
  });
}

export async function cancelCheckout(db: Database, checkoutId: string): Promise<boolean> {
  const row = await db
    .update(checkouts)
    .set({ status: "cancelled" })
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "pending")))
    .returning({ id: checkouts.id })
    .get();
  return Boolean(row);
}

export function findCheckout(db: Database, checkoutId: string) {
  return db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get();
}
