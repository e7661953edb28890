// After a Stripe payment the success page waits for the webhook's credit: a server of its own in
// Stripe mode, its Stripe API a local stand-in, the webhook signed by the SDK's test helper. The
// browser is sent to the success_url the server gave Stripe, as Stripe would send it.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { hydrated, launch, newPage, seriousViolations, toasterReady } from "./helpers.ts";
import { startServer, type TestServer } from "./server.ts";
import { connect, type Database } from "../../api/db/client.ts";
import { checkouts, sessions, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { deliverWebhook, sessionEvent, startStripeStandIn, type StripeStandIn } from "../../api/credits/stripe-stand-in.ts";
import { CONFIRMATION_POLL_MS } from "../../site/islands/PaymentConfirmation.tsx";
import { CONFIRMATION_PATIENCE_MS } from "../../site/islands/PaymentConfirmation.tsx";

const SECRET = "whsec_browser_secret";
let browser: Browser;
let stripe: StripeStandIn;
let server: TestServer | undefined;
let db: Database;

beforeAll(async () => {
  browser = await launch();
  stripe = await startStripeStandIn();
  server = await startServer("stripe", { STRIPE_SECRET_KEY: "sk_test_browser", STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.apiUrl });
  db = await connect(server.databaseUrl);
});
afterAll(async () => {
  server?.stop();
  await stripe?.close();
  await browser?.close();
});

/** A student signed in on a new page. */
async function student(name: string): Promise<{ page: Page; userId: number }> {
  const page = await newPage(browser);
  const user = await db.insert(users).values({ username: name, email: `${name}@example.com`, fullName: name, role: "user" }).returning().get();
  const token = randomBytes(20).toString("base64url");
  await db.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: server!.baseURL, httpOnly: true, sameSite: "Lax" }]);
  return { page, userId: user.id };
}

/** Buys `quantity` credits on /pricing up to Stripe's page; returns the checkout and where Stripe sends the student back. */
async function payAtStripe(page: Page, userId: number, quantity: 1 | 5) {
  await page.goto(server!.baseURL + "/pricing");
  await hydrated(page, "PricingPanel");
  if (quantity === 5) await page.getByRole("button", { name: "5 credits" }).click();
  await page.getByRole("button", { name: new RegExp(`^Buy ${quantity} credits? for`) }).click();
  await page.waitForURL(server!.baseURL + "/checkout-confirmation");
  const checkout = (await db.select().from(checkouts).where(eq(checkouts.userId, userId)).all()).at(-1)!;
  const session = stripe.sessions.get(checkout.providerSessionId!)!;
  const successUrl = stripe.received.find((r) => r.body.get("client_reference_id") === checkout.id)!.body.get("success_url")!;
  return { checkout, session, successUrl };
}

describe("the success page after a Stripe payment", () => {
  it("waits for the payment to be confirmed, then shows the credit once the webhook lands", async () => {
    const { page, userId } = await student("stripebuyer");
    const { checkout, session, successUrl } = await payAtStripe(page, userId, 5);
    expect(successUrl).toBe(`${server!.baseURL}/credits/success?checkout=${checkout.id}`);

    // Paid at Stripe, which sends the student back before its webhook arrives.
    session.status = "complete";
    await page.goto(successUrl);
    const card = page.getByTestId("payment-confirmation");
    await expect.poll(() => card.getAttribute("data-state")).toBe("waiting");
    expect(await card.innerText()).toContain("Waiting for your payment to be confirmed…");
    expect(await page.getByTestId("header-credits").innerText()).toBe("0 credits");
    expect(await seriousViolations(page)).toEqual([]);
    // It stays there: no credit yet, no move to /pricing.
    expect(new URL(page.url()).pathname).toBe("/credits/success");

    const payload = sessionEvent("checkout.session.completed", "evt_browser_1", {
      id: session.id,
      amount_total: session.amount_total,
      currency: session.currency,
      checkoutId: checkout.id,
      paymentStatus: "paid",
    });
    expect((await deliverWebhook(server!.baseURL, payload, SECRET)).status).toBe(200);

    // The page asks every CONFIRMATION_POLL_MS: give it a few rounds (expect.poll's own default is 1 s).
    await expect.poll(() => card.getAttribute("data-state"), { timeout: CONFIRMATION_POLL_MS * 4 }).toBe("credited");
    expect(await card.innerText()).toContain("Payment Successful");
    expect(await card.innerText()).toContain("5 credits were added to your account. You now have 5 credits.");
    await expect.poll(() => page.getByTestId("header-credits").innerText(), { timeout: CONFIRMATION_POLL_MS * 4 }).toBe("5 credits");
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it("says so when confirmation takes longer than usual, and checks again when asked", async () => {
    const { page, userId } = await student("slowbuyer");
    const { checkout, session, successUrl } = await payAtStripe(page, userId, 1);
    await page.clock.install();
    await page.goto(successUrl);
    const card = page.getByTestId("payment-confirmation");
    await expect.poll(() => card.getAttribute("data-state")).toBe("waiting");
    // The server's markup already says 'waiting': the wait's deadline is set when the island runs,
    // so the clock moves on only after that (under load, hydration can come after the fast-forward).
    await hydrated(page, "PaymentConfirmation");

    await page.clock.fastForward(CONFIRMATION_PATIENCE_MS + 5_000);
    await expect.poll(() => card.getAttribute("data-state")).toBe("slow");
    expect(await card.innerText()).toContain("Your payment is taking longer than usual to be confirmed. Your credits are added as soon as it is");
    expect(await card.getByRole("link", { name: "Go to Credits" }).getAttribute("href")).toBe("/pricing");

    const payload = sessionEvent("checkout.session.completed", "evt_browser_2", {
      id: session.id,
      amount_total: session.amount_total,
      currency: session.currency,
      checkoutId: checkout.id,
      paymentStatus: "paid",
    });
    await deliverWebhook(server!.baseURL, payload, SECRET);
    await card.getByRole("button", { name: "Check again" }).click();
    // The page asks every CONFIRMATION_POLL_MS: give it a few rounds (expect.poll's own default is 1 s).
    await expect.poll(() => card.getAttribute("data-state"), { timeout: CONFIRMATION_POLL_MS * 4 }).toBe("credited");
    expect(await card.innerText()).toContain("1 credit was added to your account. You now have 1 credit.");
    await page.close();
  });

  it("Cancel Purchase expires the Stripe session and cancels the checkout", async () => {
    const { page, userId } = await student("stripecanceller");
    const { checkout, session } = await payAtStripe(page, userId, 1);
    await toasterReady(page);
    await page.getByRole("button", { name: "Cancel Purchase" }).click();
    await page.waitForURL(/\/credits\/cancel$/);
    expect(stripe.expired).toContain(session.id);
    expect((await db.select().from(checkouts).where(eq(checkouts.id, checkout.id)).get())!.status).toBe("cancelled");
    await page.close();
  });
});
