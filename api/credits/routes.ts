import { type Context, Hono } from "hono";
import { eq } from "drizzle-orm";
import type { AppEnv } from "../context.ts";
import { purchaseMode } from "../env.ts";
import { HttpError, jsonError, parseBody } from "../http.ts";
import { requireAdmin, requireSignIn } from "../auth/guards.ts";
import { isAdmin } from "../auth/session.ts";
import { users } from "../db/schema.ts";
import { OPERATION_COSTS } from "../../shared/constants.ts";
import {
  checkoutRequestSchema,
  deductionTestSchema,
  discountCodeEntrySchema,
  discountCodeSchema,
  giftSchema,
  referralApplySchema,
  referralCompleteSchema,
} from "../../shared/schemas.ts";
import { cancelCheckout, checkoutExpired, findCheckout, fulfilCheckout, holdCutoff, startCheckout } from "./checkout.ts";
import { handleStripeEvent } from "./stripe-events.ts";
import { createCode, deleteCode, listCodes, updateCode, validateCode } from "./discounts.ts";
import { giftCredits } from "./gifts.ts";
import { creditLimiters, tooMany } from "./limits.ts";
import { ledgerMismatches, listSpending, listTransactions } from "./ledger.ts";
import { chargeForOperation, isOperation } from "./operations.ts";
import { paymentProvider, stripeClient } from "./payments.ts";
import { cancelOwnCheckout, checkoutState, ownCheckout } from "./own-checkout.ts";
import { applyReferral, completeReferral, ensureReferralCode, referralInfo } from "./referrals.ts";

const noStore = { "Cache-Control": "private, no-store" };

/** Counts one discount-code check of the signed-in account: seconds to wait when over the limit, else 0. */
function countCodeCheck(c: Context<AppEnv>): number {
  const limiter = creditLimiters(c.var.deps).codeChecks;
  const key = String(c.var.user!.id);
  const wait = limiter.retryAfter(key);
  if (!wait) limiter.hit(key);
  return wait;
}
const idParam = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(404, "Not found");
  return id;
};

/** Credits, purchases, discount codes, gifts and referrals (§7). */
export const creditRoutes = new Hono<AppEnv>()
  .get("/user/credits", requireSignIn, (c) => {
    const user = c.var.user!;
    return c.json({ credits: user.credits, subscriptionStatus: user.subscriptionStatus }, 200, noStore);
  })
  .get("/user/transactions", requireSignIn, async (c) => c.json(await listTransactions(c.var.deps.db, c.var.user!.id), 200, noStore))
  .get("/user/credit-usage", requireSignIn, async (c) => c.json(await listSpending(c.var.deps.db, c.var.user!.id), 200, noStore))
  .post("/checkout/credits", async (c) => {
    if (!c.var.user) return jsonError(c, 401, "Please log in to purchase credits.");
    const { db, env } = c.var.deps;
    if (purchaseMode(env) === "disabled") throw new HttpError(503, "Purchases are switched off on this server. Please try again later.");
    const { quantity, discountCode } = await parseBody(c, checkoutRequestSchema);
    if (discountCode) {
      const wait = countCodeCheck(c);
      if (wait) return tooMany(c, wait);
    }
    return c.json(await startCheckout(db, env, paymentProvider(env), c.var.user, quantity, discountCode));
  })
  .post("/discount/validate", requireSignIn, async (c) => {
    const { code } = await parseBody(c, discountCodeEntrySchema);
    const wait = countCodeCheck(c);
    if (wait) return tooMany(c, wait);
    return c.json(await validateCode(c.var.deps.db, code, holdCutoff(), c.var.user!.id));
  })
  // The owner's checkout: its state (the success page waits on it for the webhook's credit), and its cancel.
  .get("/checkout/:id", requireSignIn, async (c) => {
    const user = c.var.user!;
    return c.json(checkoutState(await ownCheckout(c.var.deps.db, user.id, c.req.param("id")), user.credits), 200, noStore);
  })
  .post("/checkout/:id/cancel", requireSignIn, async (c) => {
    const { db, env } = c.var.deps;
    await cancelOwnCheckout(db, env, await ownCheckout(db, c.var.user!.id, c.req.param("id")));
    return c.json({ status: "cancelled", redirectTo: "/credits/cancel" });
  })
  // The built-in test-mode checkout (no Stripe configured): completes or cancels through the same fulfilment.
  .post("/checkout/test/:id/:action{complete|cancel}", requireSignIn, async (c) => {
    const { db, env } = c.var.deps;
    // Never in production: the test checkout takes no money.
    if (purchaseMode(env) !== "test") throw new HttpError(404, "Test-mode checkout is off on this server.");
    const checkout = await findCheckout(db, c.req.param("id"));
    if (!checkout || checkout.userId !== c.var.user!.id || checkout.provider !== "test") throw new HttpError(404, "Checkout not found");
    if (c.req.param("action") === "cancel") {
      // Cancelling releases the discount code's use the checkout held.
      await cancelCheckout(db, checkout.id);
      return c.json({ status: "cancelled", redirectTo: "/credits/cancel" });
    }
    if (checkout.status === "pending" && checkoutExpired(checkout)) {
      // As a Stripe session would: past its expiry it holds no code use any more, so it cannot be paid.
      await cancelCheckout(db, checkout.id);
      throw new HttpError(409, "This checkout has expired. Please start a new purchase.");
    }
    const outcome = await fulfilCheckout(db, checkout.id, { id: `test:${checkout.id}`, type: "test.checkout.completed" });
    if (outcome === "not-pending" && checkout.status === "cancelled") throw new HttpError(409, "This checkout was cancelled.");
    return c.json({ status: "completed", redirectTo: `/credits/success?checkout=${checkout.id}` });
  })
  // Stripe's signed webhook: the only way a real payment grants credits.
  .post("/stripe/webhook", async (c) => {
    const { db, env } = c.var.deps;
    const stripe = stripeClient(env);
    if (!stripe || !env.STRIPE_WEBHOOK_SECRET) throw new HttpError(404, "Stripe is not configured");
    const signature = c.req.header("stripe-signature");
    const payload = await c.req.text();
    let event;
    try {
      if (!signature) throw new Error("missing Stripe-Signature header");
      event = await stripe.webhooks.constructEventAsync(payload, signature, env.STRIPE_WEBHOOK_SECRET);
    } catch (err) {
      return jsonError(c, 400, `Webhook signature verification failed: ${(err as Error).message}`);
    }
    return c.json(await handleStripeEvent(db, event));
  })
  .post("/gift-credits", requireSignIn, async (c) => {
    const input = await parseBody(c, giftSchema);
    const limiter = creditLimiters(c.var.deps).unknownRecipients;
    const key = String(c.var.user!.id);
    const result = await giftCredits(c.var.deps.db, c.var.user!.id, input, {
      // Asked before the recipient is looked up: while an account is limited, no gift is answered.
      retryAfter: () => limiter.retryAfter(key),
      missed: () => limiter.hit(key),
    });
    return "retryAfter" in result ? tooMany(c, result.retryAfter) : c.json(result);
  })
  .get("/referrals/code", requireSignIn, async (c) => c.json({ referralCode: await ensureReferralCode(c.var.deps.db, c.var.user!.id) }, 200, noStore))
  .get("/referrals/info", requireSignIn, async (c) => c.json(await referralInfo(c.var.deps.db, c.var.user!.id), 200, noStore))
  .post("/referrals/apply", requireSignIn, async (c) => {
    const { referralCode, userId } = await parseBody(c, referralApplySchema);
    const me = c.var.user!;
    // Applying for someone else is an admin's action (the Credit System Test page).
    if (userId !== undefined && userId !== me.id && !isAdmin(me, c.var.deps.env.ADMIN_EMAIL)) throw new HttpError(403, "You can only apply a referral code to your own account");
    return c.json(await applyReferral(c.var.deps.db, userId ?? me.id, referralCode), 201);
  })
  .post("/referrals/complete", requireAdmin, async (c) => {
    const { referralId } = await parseBody(c, referralCompleteSchema);
    const done = await c.var.deps.db.transaction((tx) => completeReferral(tx, referralId));
    if (!done.paid) throw new HttpError(409, done.reason);
    return c.json({ message: "Referral completed: 1 credit to each side" });
  })
  .get("/credit-system-check", requireAdmin, async (c) => {
    const mismatches = await ledgerMismatches(c.var.deps.db);
    const provider = stripeClient(c.var.deps.env) ? "Stripe" : "test mode (no money taken)";
    return c.json({
      status: mismatches.length ? "degraded" : "operational",
      message: mismatches.length
        ? `${mismatches.length} balance(s) differ from their ledger`
        : `Every balance matches its ledger. Payments: ${provider}.`,
      costs: OPERATION_COSTS,
      operations: [
        { name: "Get balance", method: "GET", endpoint: "/api/user/credits" },
        { name: "Purchase history", method: "GET", endpoint: "/api/user/transactions" },
        { name: "Buy credits", method: "POST", endpoint: "/api/checkout/credits" },
        { name: "Validate discount code", method: "POST", endpoint: "/api/discount/validate" },
        { name: "Gift credits", method: "POST", endpoint: "/api/gift-credits" },
        { name: "Referral info", method: "GET", endpoint: "/api/referrals/info" },
        { name: "Apply referral", method: "POST", endpoint: "/api/referrals/apply" },
        { name: "Complete referral", method: "POST", endpoint: "/api/referrals/complete" },
        { name: "Deduction debug", method: "POST", endpoint: "/api/debug/deduct-credits" },
      ],
    });
  })
  .post("/debug/deduct-credits", requireAdmin, async (c) => {
    const { userId, operation } = await parseBody(c, deductionTestSchema);
    if (!isOperation(operation)) throw new HttpError(400, `Unknown operation '${operation}'`);
    const { db, env } = c.var.deps;
    const user = await db.select().from(users).where(eq(users.id, userId)).get();
    if (!user) throw new HttpError(404, "User not found");
    const result = await chargeForOperation(db, env.ADMIN_EMAIL, userId, operation, `Deduction test (${operation}) by an admin`, { type: "debug_deduction" });
    return c.json({
      success: true,
      deductionResult: result.charged ? "deducted" : result.isAdmin ? "admin: not charged" : "free operation",
      isAdmin: result.isAdmin,
      creditsBefore: result.creditsBefore,
      creditsAfter: result.creditsAfter,
      difference: result.creditsAfter - result.creditsBefore,
      message: result.charged ? `Deducted ${result.cost} credit(s)` : "No credits deducted",
      user: { id: user.id, username: user.username, email: user.email, role: user.role || "regular" },
    });
  })
  .get("/admin/discount-codes", requireAdmin, async (c) => c.json(await listCodes(c.var.deps.db), 200, noStore))
  .post("/admin/discount-codes", requireAdmin, async (c) => c.json(await createCode(c.var.deps.db, await parseBody(c, discountCodeSchema)), 201))
  .put("/admin/discount-codes/:id", requireAdmin, async (c) =>
    c.json(await updateCode(c.var.deps.db, idParam(c.req.param("id")), await parseBody(c, discountCodeSchema))))
  .delete("/admin/discount-codes/:id", requireAdmin, async (c) => {
    await deleteCode(c.var.deps.db, idParam(c.req.param("id")));
    return c.json({ message: "Discount code deleted successfully" });
  });
