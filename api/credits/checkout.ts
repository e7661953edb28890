// Buying credits: starting a checkout, and the one fulfilment path every completed payment takes.
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { checkouts, processedEvents } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { isAdmin, type SessionUser } from "../auth/session.ts";
import { priceCredits } from "../../shared/pricing.ts";
import { changeCredits, type Queryable, type Tx } from "./ledger.ts";
import { ALREADY_USED, claimUse, codeProblem, countUse, findCode, heldUses, insertHoldingCheckout, isSecondUse, usedByAccount, USED_UP } from "./discounts.ts";
import { completeReferralOfBuyer } from "./referrals.ts";
import { CHECKOUT_EXPIRY_MS, CURRENCY, type PaymentProvider } from "./payments.ts";
import { currentLog } from "../log.ts";

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
    // This account's checkouts that can no longer be paid give up what they held, so they neither
    // count as its use of the code nor against its cap of unfinished discounted checkouts.
    await releaseStaleCheckouts(db, user.id, since);
    if (await usedByAccount(db, code!.id, user.id, since)) throw new HttpError(400, ALREADY_USED);
  }
  const price = priceCredits(quantity, code);
  const checkoutId = crypto.randomUUID();

  if (price.totalPence === 0) {
    // Free through a code: counted and fulfilled at once, or not at all if the code has just run out.
    // One use gives at most the code's freeCreditCap, however many were asked for.
    const given = Math.min(quantity, code!.freeCreditCap);
    const credits = await secondUseRefused(() =>
      db.transaction(async (tx) => {
        if (!(await claimUse(tx, code!.id, since))) throw new HttpError(409, USED_UP);
        await tx.insert(checkouts).values({
          id: checkoutId,
          userId: user.id,
          quantity: given,
          amountPence: 0,
          currency: CURRENCY,
          discountCodeId: code!.id,
          provider: "free",
          status: "completed",
          completedAt: new Date().toISOString(),
        });
        // No referral bonus: nothing was paid.
        return await changeCredits(tx, {
          userId: user.id,
          delta: given,
          type: "purchase",
          description: `${given} credit${given === 1 ? "" : "s"} with code ${code!.code}`,
          reference: checkoutId,
        });
      })
    );
    const reason = price.codePercent === 100 ? "100% discount code" : "discount code";
    return { adminFreeCredits: true, creditQuantity: given, reason, redirectToPage: "/pricing", credits };
  }

  const row = { id: checkoutId, userId: user.id, quantity, amountPence: price.totalPence, currency: CURRENCY, provider: provider.name };
  if (code) {
    // The checkout holds one of the code's remaining uses until it completes, is cancelled or expires;
    // the checks above may have raced with other requests, this conditional insert cannot.
    const refused = await secondUseRefused(() => insertHoldingCheckout(db, { ...row, discountCodeId: code.id }, since));
    if (refused) throw new HttpError(409, refused);
  } else {
    await db.insert(checkouts).values(row);
  }
  try {
    const session = await provider.createSession({ checkoutId, userId: user.id, email: user.email, quantity, amountPence: price.totalPence });
    await db.update(checkouts).set({ providerSessionId: session.sessionId }).where(eq(checkouts.id, checkoutId));
    return { url: session.url, checkoutId, adminFreeCredits: false, creditQuantity: quantity };
  } catch (err) {
    await db.update(checkouts).set({ status: "cancelled" }).where(eq(checkouts.id, checkoutId));
    currentLog().error("checkout session failed", { checkoutId, error: err });
    throw new HttpError(502, "Failed to create a checkout session. Please try again.");
  }
}

/** Runs `write`, answering ALREADY_USED when the one-use-per-account index refuses it (a concurrent second use). */
async function secondUseRefused<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSecondUse(err)) throw new HttpError(409, ALREADY_USED);
    throw err;
  }
}

/** Cancels an account's pending checkouts that can no longer be paid (started before `since`). */
async function releaseStaleCheckouts(db: Database, userId: number, since: string) {
  await db.update(checkouts).set({ status: "cancelled" })
    .where(and(eq(checkouts.userId, userId), eq(checkouts.status, "pending"), lte(checkouts.createdAt, since)));
}

/** What a Stripe event says was paid: checked against what was stored when the session was created. */
export interface PaidSession {
  sessionId: string;
  amountTotal: number | null;
  currency: string | null;
}

/** Why a session does not match its checkout, or null when it does. */
export function sessionMismatch(checkout: Checkout | undefined, session: PaidSession): string | null {
  if (!checkout) return "no such checkout";
  if (checkout.provider !== "stripe") return `checkout is ${checkout.provider}, not stripe`;
  if (checkout.providerSessionId !== session.sessionId) return `session ${session.sessionId} is not the checkout's ${checkout.providerSessionId}`;
  if (session.amountTotal !== checkout.amountPence) return `amount ${session.amountTotal} is not the stored ${checkout.amountPence}`;
  if ((session.currency ?? "").toLowerCase() !== checkout.currency) return `currency ${session.currency} is not the stored ${checkout.currency}`;
  return null;
}

export type FulfilOutcome = "completed" | "duplicate" | "not-pending" | "mismatch";

/**
 * Completes a checkout that is pending or waiting for its payment to clear: credits, the code's use,
 * and (for a paid Stripe payment, which is the only kind that clears) the buyer's referral. One
 * database transaction. With an event, the event is recorded in the same transaction, so a repeated
 * or concurrent delivery of the same event changes nothing; with a session, the checkout completes
 * only if the session's id, amount and currency are the ones stored for it.
 */
export async function fulfilCheckout(
  db: Database,
  checkoutId: string,
  event?: { id: string; type: string },
  session?: PaidSession,
): Promise<FulfilOutcome> {
  return await db.transaction(async (tx) => {
    if (event && !(await recordEvent(tx, event, checkoutId))) return "duplicate";
    const outcome = async (o: FulfilOutcome) => {
      if (event) await tx.update(processedEvents).set({ outcome: o }).where(eq(processedEvents.id, event.id));
      return o;
    };
    if (session) {
      const mismatch = sessionMismatch(await tx.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get(), session);
      if (mismatch) {
        currentLog().warn("Stripe event ignored", { eventId: event?.id ?? null, checkoutId, mismatch });
        return await outcome("mismatch");
      }
    }
    const checkout = await tx
      .update(checkouts)
      .set({ status: "completed", completedAt: new Date().toISOString() })
      .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, ["pending", "processing"])))
      .returning()
      .get();
    if (!checkout) return await outcome("not-pending");
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
    // A referral is paid only for money that has cleared: a Stripe payment (test mode takes none).
    if (checkout.provider === "stripe" && checkout.amountPence > 0) await completeReferralOfBuyer(tx, checkout.userId);
    return await outcome("completed");
  });
}

/** Records a provider event once; false when it was recorded before (a repeated delivery). */
export async function recordEvent(tx: Tx, event: { id: string; type: string }, checkoutId?: string, outcome?: string): Promise<boolean> {
  const fresh = await tx.insert(processedEvents).values({ ...event, checkoutId, outcome }).onConflictDoNothing().returning().get();
  return Boolean(fresh);
}

/** Ends a checkout that was not paid: it holds no code use any more. `processing` too for a failed asynchronous payment. */
export async function cancelCheckout(db: Queryable, checkoutId: string, { processing = false } = {}): Promise<boolean> {
  const row = await db
    .update(checkouts)
    .set({ status: "cancelled" })
    .where(and(eq(checkouts.id, checkoutId), inArray(checkouts.status, processing ? ["pending", "processing"] : ["pending"])))
    .returning({ id: checkouts.id })
    .get();
  return Boolean(row);
}

export function findCheckout(db: Queryable, checkoutId: string) {
  return db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get();
}
