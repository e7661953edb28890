// Payment providers. With STRIPE_SECRET_KEY: Stripe Checkout. Without: the built-in test-mode
// checkout page, which takes no money and completes through the same fulfilment code.
import Stripe from "stripe";
import { type Env, purchaseMode } from "../env.ts";

/**
 * How long a started checkout can be paid: the Stripe session's expires_at (Stripe allows 30 minutes
 * to 24 hours), and the test-mode page's limit. Its discount code's use is held that long (checkout.ts).
 */
export const CHECKOUT_EXPIRY_MS = 60 * 60 * 1000;

/** The currency of every price (pence): stored with each checkout, and checked in Stripe's webhook. */
export const CURRENCY = "gbp";

export interface CheckoutSessionRequest {
  checkoutId: string;
  userId: number;
  email: string;
  quantity: number;
  amountPence: number;
}

export interface PaymentProvider {
  name: "stripe" | "test";
  createSession(req: CheckoutSessionRequest): Promise<{ sessionId: string; url: string }>;
}

export function stripeClient(env: Env): Stripe | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(api
      ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol.replace(":", "") as "http" | "https" }
      : {}),
  });
}

export function paymentProvider(env: Env): PaymentProvider {
  const stripe = stripeClient(env);
  if (!stripe) {
    // The routes refuse purchases first when they are disabled; this is the last guard.
    if (purchaseMode(env) !== "test") throw new Error("The test checkout is never used in production");
    return {
      name: "test",
      // A full address, as Stripe's is: the confirmation page offers it to copy and paste into a new tab.
      createSession: (req) => Promise.resolve({ sessionId: `test_${req.checkoutId}`, url: `${env.APP_ORIGIN}/checkout/test/${req.checkoutId}` }),
    };
  }
  return {
    name: "stripe",
    async createSession(req) {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        customer_email: req.email,
        client_reference_id: req.checkoutId,
        // Past this the session cannot be paid and Stripe sends checkout.session.expired, which releases the code's use.
        expires_at: Math.floor((Date.now() + CHECKOUT_EXPIRY_MS) / 1000),
        metadata: { checkoutId: req.checkoutId, userId: String(req.userId) },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: req.amountPence,
              product_data: { name: `${req.quantity} ExamPrep credit${req.quantity === 1 ? "" : "s"}` },
            },
          },
        ],
        // The success page follows this checkout until the webhook has credited it.
        success_url: `${env.APP_ORIGIN}/credits/success?checkout=${req.checkoutId}`,
        cancel_url: `${env.APP_ORIGIN}/credits/cancel`,
      });
      if (!session.url) throw new Error("Stripe returned no checkout URL");
      return { sessionId: session.id, url: session.url };
    },
  };
}
