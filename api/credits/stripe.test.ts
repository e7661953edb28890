// The Stripe path with the real stripe SDK: sessions created against a local stand-in of the Stripe
// API (stripe-stand-in.ts), webhooks signed by the SDK's own test helper.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { deliverWebhook, sessionEvent as stripeSessionEvent, startStripeStandIn, type StripeStandIn } from "./stripe-stand-in.ts";
import { createTestApp, signedInAs, studentWithCredits } from "../test-utils.ts";
import { checkouts, discountCodes, processedEvents, referrals, transactions, users } from "../db/schema.ts";
import { ledgerMismatches } from "./ledger.ts";
import { CHECKOUT_EXPIRY_MS } from "./payments.ts";

const ORIGIN = "http://localhost:8000";
const SECRET = "whsec_test_secret";

let stripe: StripeStandIn;
beforeAll(async () => {
  stripe = await startStripeStandIn();
});
afterAll(() => stripe.close());
beforeEach(() => stripe.reset());

// Each test's app also listens on a real port: webhooks arrive over HTTP, as Stripe sends them.
let appServers: Deno.HttpServer<Deno.NetAddr>[] = [];
afterEach(async () => {
  await Promise.all(appServers.map((srv) => srv.shutdown()));
  appServers = [];
});

async function setup() {
  const t = await createTestApp({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.apiUrl, APP_ORIGIN: ORIGIN });
  const buyer = await signedInAs(t, { username: "amira", email: "amira@example.com" });
  const code = await t.db.insert(discountCodes).values({ code: "SAVE10", discountPercentage: 10, maxUses: 5 }).returning().get();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
  appServers.push(server);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const post = (path: string, body: unknown, cookie = buyer.cookie) =>
    t.app.request(path, { method: "POST", headers: { origin: ORIGIN, cookie, "content-type": "application/json" }, body: JSON.stringify(body) });
  const state = async () => ({
    credits: (await t.db.select().from(users).where(eq(users.id, buyer.userId)).get())!.credits,
    purchases: await t.db.select().from(transactions).where(eq(transactions.transactionType, "purchase")).all(),
    events: await t.db.select().from(processedEvents).all(),
    usesCount: (await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount,
  });
  return { ...t, base, buyer, code, post, state };
}

/** What a session says was paid; by default what the stand-in's session says (as Stripe would send it). */
interface Paid {
  amount?: number;
  currency?: string;
}
function sessionEvent(type: string, id: string, checkoutId: string, sessionId: string, paymentStatus: string, paid: Paid = {}) {
  const session = stripe.sessions.get(sessionId);
  return stripeSessionEvent(type, id, {
    id: sessionId,
    amount_total: paid.amount ?? session?.amount_total ?? 4042,
    currency: paid.currency ?? session?.currency ?? "gbp",
    checkoutId,
    paymentStatus,
  });
}
const completedEvent = (id: string, checkoutId: string, sessionId: string, paymentStatus = "paid", paid: Paid = {}) =>
  sessionEvent("checkout.session.completed", id, checkoutId, sessionId, paymentStatus, paid);

/** A webhook delivery to the app's real port, signed by the SDK's test helper. */
const deliver = (s: { base: string }, payload: string, secret = SECRET, tamper?: (p: string) => string) => deliverWebhook(s.base, payload, secret, tamper);

const checkoutStatus = async (s: { db: Awaited<ReturnType<typeof setup>>["db"] }, id: string) =>
  (await s.db.select().from(checkouts).where(eq(checkouts.id, id)).get())!.status;

async function startPurchase(s: Awaited<ReturnType<typeof setup>>, extra: Record<string, unknown> = {}) {
  const res = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10", ...extra });
  const body = await res.json();
  const row = (await s.db.select().from(checkouts).all()).at(-1)!;
  return { res, body, row };
}

describe("Stripe Checkout", () => {
  it("creates a session priced by the server, and grants nothing until the webhook", async () => {
    const s = await setup();
    const { res, body, row } = await startPurchase(s, { amount: 1, price: 1 });
    expect(res.status).toBe(200);
    expect(body).toEqual({ url: "https://checkout.stripe.test/pay/cs_test_1", adminFreeCredits: false, creditQuantity: 10, checkoutId: row.id });
    expect(stripe.received).toHaveLength(1);
    const sent = stripe.received[0];
    expect(sent.authorization).toBe("Bearer sk_test_123");
    expect(sent.body.get("line_items[0][price_data][unit_amount]")).toBe("4042");
    expect(sent.body.get("line_items[0][price_data][currency]")).toBe("gbp");
    expect(sent.body.get("metadata[checkoutId]")).toBe(row.id);
    expect(sent.body.get("success_url")).toBe(`${ORIGIN}/credits/success?checkout=${row.id}`);
    // The session expires when the checkout's hold on its code's use would (an hour).
    const expiresAt = Number(sent.body.get("expires_at")) * 1000;
    expect(Math.abs(expiresAt - (Date.now() + CHECKOUT_EXPIRY_MS))).toBeLessThan(60_000);
    expect(row).toMatchObject({ status: "pending", provider: "stripe", providerSessionId: "cs_test_1", amountPence: 4042, currency: "gbp" });
    // The success page grants nothing.
    await s.app.request(`/credits/success?checkout=${row.id}`, { headers: { cookie: s.buyer.cookie } });
    expect(await s.state()).toMatchObject({ credits: 0, purchases: [], usesCount: 0 });
  });

  it("the signed webhook grants the credits once, even delivered 5 times at once over HTTP", async () => {
    const s = await setup();
    const { row } = await startPurchase(s);
    // Another buyer's balance and ledger, which the deliveries must leave alone.
    const other = await studentWithCredits(s, "ben", 2);
    const payload = completedEvent("evt_1", row.id, "cs_test_1");
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(s, payload)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(bodies.filter((b) => b.applied)).toHaveLength(1);
    const state = await s.state();
    expect(state.credits).toBe(10);
    expect(state.purchases).toHaveLength(1);
    expect(state.purchases[0]).toMatchObject({ creditsAdded: 10, amountPence: 4042 });
    expect(state.events.map((e) => e.id)).toEqual(["evt_1"]);
    expect(state.usesCount).toBe(1);
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, row.id)).get())!.status).toBe("completed");
    // Every balance is the sum of its ledger afterwards.
    expect(await ledgerMismatches(s.db)).toEqual([]);
    expect((await s.db.select().from(users).where(eq(users.id, other.userId)).get())!.credits).toBe(2);

    // Another event for the same checkout changes nothing either.
    const again = await deliver(s, completedEvent("evt_2", row.id, "cs_test_1"));
    expect(await again.json()).toMatchObject({ received: true, applied: false });
    expect((await s.state()).credits).toBe(10);
    expect((await s.state()).purchases).toHaveLength(1);
  });

  it("an expired session cancels its checkout and releases the code's use it held", async () => {
    const s = await setup();
    await s.db.update(discountCodes).set({ maxUses: 1 }).where(eq(discountCodes.id, s.code.id));
    const { row } = await startPurchase(s);
    const ben = await signedInAs(s, { username: "ben", email: "ben@example.com" });
    const refused = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10" }, ben.cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("This discount code has been used the maximum number of times.");

    const expired = await deliver(s, sessionEvent("checkout.session.expired", "evt_exp", row.id, "cs_test_1", "unpaid"));
    expect(expired.status).toBe(200);
    await expired.body?.cancel();
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, row.id)).get())!.status).toBe("cancelled");
    const started = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10" }, ben.cookie);
    expect(started.status).toBe(200);
    expect((await started.json()).url).toBe("https://checkout.stripe.test/pay/cs_test_2");
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const s = await setup();
    const { row } = await startPurchase(s);
    const payload = completedEvent("evt_bad", row.id, "cs_test_1");
    const wrongSecret = await deliver(s, payload, "whsec_other");
    const tampered = await deliver(s, payload, SECRET, (p) => p.replace('"paid"', '"paid" '));
    const unsigned = await fetch(`${s.base}/api/stripe/webhook`, { method: "POST", body: payload });
    for (const res of [wrongSecret, tampered, unsigned]) {
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(/signature/i);
    }
    expect(await s.state()).toMatchObject({ credits: 0, purchases: [], events: [], usesCount: 0 });
  });

  it("a completed session still unpaid waits for its asynchronous payment, holding the code's use however long it takes", async () => {
    const s = await setup();
    await s.db.update(discountCodes).set({ maxUses: 1 }).where(eq(discountCodes.id, s.code.id));
    const { row } = await startPurchase(s);
    const waiting = await deliver(s, completedEvent("evt_unpaid", row.id, "cs_test_1", "unpaid"));
    expect(await waiting.json()).toEqual({ received: true, applied: false, outcome: "waiting" });
    expect((await s.state()).credits).toBe(0);
    expect(await checkoutStatus(s, row.id)).toBe("processing");

    // Days later (Bacs takes a few) the checkout still holds the only use: nobody else gets it.
    await s.db.update(checkouts).set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() }).where(eq(checkouts.id, row.id));
    const ben = await signedInAs(s, { username: "ben", email: "ben@example.com" });
    const refused = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10" }, ben.cookie);
    expect((await refused.json()).message).toBe("This discount code has been used the maximum number of times.");

    const cleared = await deliver(s, sessionEvent("checkout.session.async_payment_succeeded", "evt_async_ok", row.id, "cs_test_1", "paid"));
    expect(await cleared.json()).toEqual({ received: true, applied: true, outcome: "completed" });
    // Delivered again, nothing more.
    expect(await (await deliver(s, sessionEvent("checkout.session.async_payment_succeeded", "evt_async_ok", row.id, "cs_test_1", "paid"))).json())
      .toMatchObject({ applied: false, outcome: "duplicate" });
    const state = await s.state();
    expect(state).toMatchObject({ credits: 10, usesCount: 1 });
    expect(state.purchases).toHaveLength(1);
    expect(state.events.map((e) => [e.id, e.checkoutId, e.outcome])).toEqual([
      ["evt_unpaid", row.id, "waiting"],
      ["evt_async_ok", row.id, "completed"],
    ]);
    expect(await checkoutStatus(s, row.id)).toBe("completed");
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it("a failed asynchronous payment cancels the checkout and releases the code's use", async () => {
    const s = await setup();
    await s.db.update(discountCodes).set({ maxUses: 1 }).where(eq(discountCodes.id, s.code.id));
    const { row } = await startPurchase(s);
    await (await deliver(s, completedEvent("evt_unpaid", row.id, "cs_test_1", "unpaid"))).body?.cancel();
    const failed = await deliver(s, sessionEvent("checkout.session.async_payment_failed", "evt_async_fail", row.id, "cs_test_1", "unpaid"));
    expect(await failed.json()).toEqual({ received: true, applied: false, outcome: "released" });
    expect(await checkoutStatus(s, row.id)).toBe("cancelled");
    // A late success for the same session grants nothing: the checkout is over.
    const late = await deliver(s, sessionEvent("checkout.session.async_payment_succeeded", "evt_late", row.id, "cs_test_1", "paid"));
    expect(await late.json()).toMatchObject({ applied: false, outcome: "not-pending" });
    expect(await s.state()).toMatchObject({ credits: 0, purchases: [], usesCount: 0 });
    // The use is free again, for this buyer too (a cancelled checkout was never a use).
    const again = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10" });
    expect(again.status).toBe(200);
  });

  it("ignores, records and logs an event whose session id, amount or currency differ from the stored checkout's", async () => {
    const s = await setup();
    const { row } = await startPurchase(s);
    const warnings: string[] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => void warnings.push(args.join(" ")));
    try {
      const wrong = [
        completedEvent("evt_amount", row.id, "cs_test_1", "paid", { amount: 1 }),
        completedEvent("evt_currency", row.id, "cs_test_1", "paid", { currency: "usd" }),
        completedEvent("evt_session", row.id, "cs_test_999", "paid"),
        sessionEvent("checkout.session.async_payment_succeeded", "evt_async_amount", row.id, "cs_test_1", "paid", { amount: 40 }),
      ];
      for (const payload of wrong) {
        const res = await deliver(s, payload);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ received: true, applied: false, outcome: "mismatch" });
      }
    } finally {
      warn.mockRestore();
    }
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toContain("evt_amount");
    expect(warnings[0]).toContain("amount 1 is not the stored 4042");
    expect(warnings[1]).toContain("currency usd is not the stored gbp");
    expect(warnings[2]).toContain("session cs_test_999 is not the checkout's cs_test_1");
    const state = await s.state();
    expect(state).toMatchObject({ credits: 0, purchases: [], usesCount: 0 });
    expect(state.events.map((e) => e.outcome)).toEqual(["mismatch", "mismatch", "mismatch", "mismatch"]);
    expect(await checkoutStatus(s, row.id)).toBe("pending");

    // The true event still completes it.
    expect(await (await deliver(s, completedEvent("evt_true", row.id, "cs_test_1"))).json()).toMatchObject({ applied: true, outcome: "completed" });
    expect((await s.state()).credits).toBe(10);
  });

  it("pays a referral bonus on a cleared Stripe payment only: not while it waits, not on a mismatch, not past the monthly cap", async () => {
    const s = await setup();
    const rita = await signedInAs(s, { username: "rita", email: "rita@example.com" });
    await s.db.insert(referrals).values({ referrerId: rita.userId, referredId: s.buyer.userId });
    const bonuses = async () => (await s.db.select().from(transactions).where(eq(transactions.transactionType, "referral_bonus")).all()).length;

    const { row } = await startPurchase(s);
    await (await deliver(s, completedEvent("evt_unpaid", row.id, "cs_test_1", "unpaid"))).body?.cancel();
    await (await deliver(s, sessionEvent("checkout.session.async_payment_succeeded", "evt_forged", row.id, "cs_test_1", "paid", { amount: 1 }))).body?.cancel();
    expect(await bonuses()).toBe(0);
    await (await deliver(s, sessionEvent("checkout.session.async_payment_succeeded", "evt_ok", row.id, "cs_test_1", "paid"))).body?.cancel();
    expect(await bonuses()).toBe(2);
    expect((await s.db.select().from(users).where(eq(users.id, rita.userId)).get())!.credits).toBe(1);
    expect((await s.state()).credits).toBe(11);
    expect((await s.db.select().from(referrals).get())!.status).toBe("completed");

    // With the month's cap reached (the setting at 1), another friend's cleared payment pays nobody: pending still.
    const admin = await signedInAs(s, { username: "boss", email: "boss@example.com", role: "admin" });
    const put = await s.app.request("/api/settings/referral_monthly_cap", {
      method: "PUT",
      headers: { origin: ORIGIN, cookie: admin.cookie, "content-type": "application/json" },
      body: JSON.stringify({ value: "1" }),
    });
    expect(put.status).toBe(200);
    const ben = await signedInAs(s, { username: "ben", email: "ben@example.com" });
    await s.db.insert(referrals).values({ referrerId: rita.userId, referredId: ben.userId });
    await s.post("/api/checkout/credits", { creditQuantity: 1 }, ben.cookie);
    const benRow = (await s.db.select().from(checkouts).where(eq(checkouts.userId, ben.userId)).get())!;
    const paid = await deliver(s, completedEvent("evt_ben", benRow.id, benRow.providerSessionId!, "paid", { amount: 499 }));
    expect(await paid.json()).toMatchObject({ applied: true });
    expect(await bonuses()).toBe(2);
    expect((await s.db.select().from(referrals).where(eq(referrals.referredId, ben.userId)).get())!.status).toBe("pending");
    expect(await ledgerMismatches(s.db)).toEqual([]);
  });

  it("answers 502 when Stripe fails, and cancels the checkout", async () => {
    const s = await setup();
    stripe.failCreate = true;
    const { res, body, row } = await startPurchase(s);
    expect(res.status).toBe(502);
    expect(body.message).toBe("Failed to create a checkout session. Please try again.");
    expect(row.status).toBe("cancelled");
    expect((await s.state()).credits).toBe(0);
  });

  it("gives an admin free credits without calling Stripe", async () => {
    const s = await setup();
    const admin = await signedInAs(s, { username: "boss", email: "boss@example.com", role: "admin" });
    const res = await s.post("/api/checkout/credits", { creditQuantity: 3 }, admin.cookie);
    expect(await res.json()).toMatchObject({ adminFreeCredits: true, reason: "admin account" });
    expect(stripe.received).toHaveLength(0);
  });

  it("the owner follows the checkout's state until the webhook credits it (GET /api/checkout/:id); nobody else sees it", async () => {
    const s = await setup();
    const { row } = await startPurchase(s);
    const get = (cookie?: string) => s.app.request(`/api/checkout/${row.id}`, { headers: cookie ? { cookie } : {} });
    const before = await get(s.buyer.cookie);
    expect(before.status).toBe(200);
    expect(before.headers.get("cache-control")).toBe("private, no-store");
    expect(await before.json()).toEqual({ id: row.id, status: "pending", quantity: 10, credits: 0 });

    await deliver(s, completedEvent("evt_seen", row.id, "cs_test_1"));
    expect(await (await get(s.buyer.cookie)).json()).toEqual({ id: row.id, status: "completed", quantity: 10, credits: 10 });

    const ben = await signedInAs(s, { username: "ben", email: "ben@example.com" });
    const foreign = await get(ben.cookie);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "Checkout not found" });
    expect((await get()).status).toBe(401);
    expect((await s.app.request("/api/checkout/no-such-id", { headers: { cookie: s.buyer.cookie } })).status).toBe(404);
  });

  it("cancelling from the confirmation page expires the Stripe session, cancels the checkout and releases its code's use", async () => {
    const s = await setup();
    await s.db.update(discountCodes).set({ maxUses: 1 }).where(eq(discountCodes.id, s.code.id));
    const { row } = await startPurchase(s);
    const ben = await signedInAs(s, { username: "ben", email: "ben@example.com" });
    // Another student can neither cancel it nor learn that it exists.
    const foreign = await s.post(`/api/checkout/${row.id}/cancel`, {}, ben.cookie);
    expect(foreign.status).toBe(404);
    expect(stripe.expired).toEqual([]);

    const res = await s.post(`/api/checkout/${row.id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "cancelled", redirectTo: "/credits/cancel" });
    expect(stripe.expired).toEqual(["cs_test_1"]);
    expect(stripe.sessions.get("cs_test_1")!.status).toBe("expired");
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, row.id)).get())!.status).toBe("cancelled");
    // The held use is free again: another buyer can use the last one.
    const started = await s.post("/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10" }, ben.cookie);
    expect(started.status).toBe(200);
    // A second cancel changes nothing.
    expect((await s.post(`/api/checkout/${row.id}/cancel`, {})).status).toBe(200);
    expect(await s.state()).toMatchObject({ credits: 0, purchases: [], usesCount: 0 });
  });

  it("refuses to cancel a checkout Stripe has already been paid for, and the webhook still credits it", async () => {
    const s = await setup();
    const { row } = await startPurchase(s);
    // Paid at Stripe, its webhook not yet here: Stripe refuses to expire a complete session.
    Object.assign(stripe.sessions.get("cs_test_1")!, { status: "complete", payment_status: "paid" });
    const res = await s.post(`/api/checkout/${row.id}/cancel`, {});
    expect(res.status).toBe(409);
    expect((await res.json()).message).toMatch(/already been paid/);
    expect((await s.db.select().from(checkouts).where(eq(checkouts.id, row.id)).get())!.status).toBe("pending");
    await deliver(s, completedEvent("evt_paid", row.id, "cs_test_1"));
    expect(await s.state()).toMatchObject({ credits: 10, usesCount: 1 });
    const late = await s.post(`/api/checkout/${row.id}/cancel`, {});
    expect(late.status).toBe(409);
  });
});
