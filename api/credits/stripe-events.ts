// What each Stripe Checkout event does to its checkout. The route (routes.ts) verifies the signature;
// here every event is recorded once, in the same transaction as its effect, and acts only when the
// session's id, amount and currency are the ones stored when the session was created.
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Database } from "../db/client.ts";
import { checkouts, processedEvents } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import type { Tx } from "./ledger.ts";
import { cancelCheckout, findCheckout, fulfilCheckout, type PaidSession, recordEvent, sessionMismatch } from "./checkout.ts";
import { currentLog } from "../log.ts";

/** The events the webhook acts on; register these in Stripe. */
export const STRIPE_EVENTS = [
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
] as const;

export interface EventResult {
  received: true;
  /** Did this event grant credits? */
  applied: boolean;
  /** completed | waiting | released | mismatch | duplicate | not-pending | ignored */
  outcome: string;
}

const paidSession = (session: Stripe.Checkout.Session): PaidSession => ({
  sessionId: session.id,
  amountTotal: session.amount_total ?? null,
  currency: session.currency ?? null,
});

export async function handleStripeEvent(db: Database, event: Stripe.Event): Promise<EventResult> {
  if (!(STRIPE_EVENTS as readonly string[]).includes(event.type)) return { received: true, applied: false, outcome: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  const checkoutId = session.metadata?.checkoutId ?? session.client_reference_id;
  if (!checkoutId) throw new HttpError(400, "The session names no checkout");
  const record = { id: event.id, type: event.type };

  switch (event.type) {
    case "checkout.session.completed":
      // A card is paid at once; a delayed method (Bacs, SEPA...) completes 'unpaid' and its result
      // arrives later as async_payment_succeeded or _failed. Until then the checkout keeps its hold.
      if (session.payment_status === "unpaid") {
        return await changeState(db, record, checkoutId, paidSession(session), "waiting", async (tx) => {
          const row = await tx.update(checkouts).set({ status: "processing" })
            .where(and(eq(checkouts.id, checkoutId), eq(checkouts.status, "pending"))).returning({ id: checkouts.id }).get();
          return Boolean(row);
        });
      }
      return fulfilled(await fulfilCheckout(db, checkoutId, record, paidSession(session)));
    case "checkout.session.async_payment_succeeded":
      return fulfilled(await fulfilCheckout(db, checkoutId, record, paidSession(session)));
    case "checkout.session.async_payment_failed":
      // The payment did not clear: the checkout is cancelled and its code's use released.
      return await changeState(db, record, checkoutId, paidSession(session), "released", (tx) => cancelCheckout(tx, checkoutId, { processing: true }));
    default:
      // checkout.session.expired: the session can no longer be paid; the same release.
      return await changeState(db, record, checkoutId, paidSession(session), "released", (tx) => cancelCheckout(tx, checkoutId));
  }
}

const fulfilled = (outcome: string): EventResult => ({ received: true, applied: outcome === "completed", outcome });

/**
 * Records the event and, if the session matches its checkout, applies `change` (true when it changed
 * the checkout), all in one transaction. A mismatch is recorded, logged and otherwise ignored.
 */
async function changeState(
  db: Database,
  event: { id: string; type: string },
  checkoutId: string,
  session: PaidSession,
  done: string,
  change: (tx: Tx) => Promise<boolean>,
): Promise<EventResult> {
  return await db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event, checkoutId))) return { received: true, applied: false, outcome: "duplicate" } as const;
    const mismatch = sessionMismatch(await findCheckout(tx, checkoutId), session);
    const outcome = mismatch ? "mismatch" : (await change(tx)) ? done : "not-pending";
    if (mismatch) currentLog().warn("Stripe event ignored", { eventId: event.id, eventType: event.type, checkoutId, mismatch });
    await tx.update(processedEvents).set({ outcome }).where(eq(processedEvents.id, event.id));
    return { received: true, applied: false, outcome };
  });
}
