// A student's own checkout, seen from the pages around the payment: its state for the success page
// (which waits for Stripe's webhook to credit it), and cancelling it from the confirmation page.
// Completing a checkout stays with fulfilCheckout (checkout.ts); cancelling goes through its
// cancelCheckout, which releases the discount code's use the checkout held.
import type { Database } from "../db/client.ts";
import type { Env } from "../env.ts";
import { HttpError } from "../http.ts";
import { cancelCheckout, type Checkout, findCheckout } from "./checkout.ts";
import { stripeClient } from "./payments.ts";
import { currentLog } from "../log.ts";

/** GET /api/checkout/:id: what the success page shows. `credits` is the owner's balance now. */
export interface CheckoutState {
  id: string;
  status: "pending" | "completed" | "cancelled";
  quantity: number;
  credits: number;
}

/** The checkout if it is this user's; anyone else's is simply not found. */
export async function ownCheckout(db: Database, userId: number, checkoutId: string): Promise<Checkout> {
  const checkout = await findCheckout(db, checkoutId);
  if (!checkout || checkout.userId !== userId) throw new HttpError(404, "Checkout not found");
  return checkout;
}

export const checkoutState = (checkout: Checkout, credits: number): CheckoutState => ({
  id: checkout.id,
  status: checkout.status as CheckoutState["status"],
  quantity: checkout.quantity,
  credits,
});

/**
 * Cancels the owner's pending checkout. A Stripe checkout's session is expired at Stripe first, so
 * it can no longer be paid (Stripe refuses to expire a session that is already complete: then the
 * payment stands and the webhook credits it); only then is the checkout cancelled here and its code's
 * use released. Cancelling a cancelled checkout changes nothing; a paid one cannot be cancelled.
 */
export async function cancelOwnCheckout(db: Database, env: Env, checkout: Checkout): Promise<void> {
  if (checkout.status === "completed") throw new HttpError(409, "This checkout has already been paid, so it cannot be cancelled.");
  if (checkout.status !== "pending") return;
  const stripe = checkout.provider === "stripe" ? stripeClient(env) : null;
  if (checkout.provider === "stripe" && checkout.providerSessionId) {
    if (!stripe) throw new HttpError(503, "Payments are not configured, so this Stripe checkout cannot be cancelled now.");
    try {
      await stripe.checkout.sessions.expire(checkout.providerSessionId);
    } catch (err) {
      const session = await stripe.checkout.sessions.retrieve(checkout.providerSessionId).catch(() => null);
      if (session?.status === "complete") {
        throw new HttpError(409, "This checkout has already been paid, so it cannot be cancelled. Your credits are added as soon as the payment is confirmed.");
      }
      if (session?.status !== "expired") {
        currentLog().error("Stripe session expiry failed", { checkoutId: checkout.id, error: err });
        throw new HttpError(502, "We could not cancel the payment page. Please try again.");
      }
    }
  }
  await cancelCheckout(db, checkout.id);
}
