import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { baseURL, hydrated, launch, newPage, seriousViolations, serverDb, signIn, toasterReady } from "./helpers.ts";
import { eq } from "drizzle-orm";
import { checkouts, discountCodes, users } from "../../api/db/schema.ts";
import { accessFor } from "../../shared/routes.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { formatPence } from "../../shared/format.ts";
import { priceCredits } from "../../shared/pricing.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("buying credits in test mode", () => {
  it("buys 10 credits with a 10% code: £40.42 on the page and charged, the balance and the history row", async () => {
    const db = await serverDb();
    await db.insert(discountCodes).values({ code: "BROWSER10", discountPercentage: 10, maxUses: 5 });
    const page = await newPage(browser);
    await signIn(page.context(), { username: "buyer", email: "buyer@example.com", fullName: "Bea Buyer" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "10 credits" }).click();
    await expect.poll(() => page.getByTestId("pricing-total").innerText()).toBe("£44.91");
    await page.getByLabel("Discount code").fill("browser10");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("applied-code").innerText()).toContain("BROWSER10");
    expect(await page.getByTestId("pricing-total").innerText()).toBe("£40.42");

    await page.getByRole("button", { name: "Buy 10 credits for £40.42" }).click();
    await page.waitForURL(baseURL() + "/checkout-confirmation");
    await toasterReady(page);
    // A full address, usable when pasted into another tab.
    const payUrl = await page.locator("#checkout-url").inputValue();
    expect(payUrl).toMatch(new RegExp(`^${baseURL()}/checkout/test/[0-9a-f-]{36}$`));

    // 'Open Payment Page' opens the payment page in a new tab, cut off from this one, with no popup warning.
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Open Payment Page" }).click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(payUrl);
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    expect(await page.getByTestId("toast-viewport").innerText()).not.toContain("Popup blocked");

    // The payment page: clearly test mode.
    await hydrated(tab, "TestCheckout");
    expect(await tab.getByRole("note").innerText()).toContain("Test mode, no money is taken");
    expect(await tab.getByTestId("test-checkout-total").innerText()).toBe("£40.42");
    expect(await seriousViolations(tab)).toEqual([]);
    await tab.getByRole("button", { name: "Complete test payment" }).click();
    // The success page follows the checkout and shows the credit once it is there.
    await tab.waitForURL(/\/credits\/success\?checkout=[0-9a-f-]{36}$/);
    const confirmation = tab.getByTestId("payment-confirmation");
    await expect.poll(() => confirmation.getAttribute("data-state")).toBe("credited");
    expect(await confirmation.innerText()).toContain("10 credits were added to your account. You now have 10 credits.");
    await tab.getByRole("link", { name: "Go to Credits" }).click();
    await tab.waitForURL(baseURL() + "/pricing");

    await expect.poll(() => tab.getByTestId("pricing-credits").innerText()).toBe("10");
    expect(await tab.getByTestId("header-credits").innerText()).toBe("10 credits");
    await tab.getByRole("tab", { name: "Purchase History" }).click();
    const row = tab.getByTestId("history-row").first();
    await row.waitFor();
    const text = await row.innerText();
    expect(text.toLowerCase()).toContain("purchase");
    expect(text).toContain("10");
    expect(text).toContain("£40.42");
    expect(text).toContain("completed");
    await tab.close();
    await page.close();
  });

  it("Cancel Purchase cancels the checkout and frees its code's use; no link on the page leads to an admin page", async () => {
    const db = await serverDb();
    const code = await db.insert(discountCodes).values({ code: "HELDONE", discountPercentage: 10, maxUses: 1 }).returning().get();
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "changed", email: "changed@example.com", fullName: "Cam Changed" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    await page.getByLabel("Discount code").fill("heldone");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("applied-code").innerText()).toContain("HELDONE");
    await page.getByRole("button", { name: /^Buy 1 credit for/ }).click();
    await page.waitForURL(baseURL() + "/checkout-confirmation");
    await toasterReady(page);
    await page.locator("#checkout-url").waitFor();
    const pending = await db.select().from(checkouts).where(eq(checkouts.userId, userId)).get();
    expect(pending).toMatchObject({ status: "pending", discountCodeId: code.id });

    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((path) => accessFor(path) === "admin")).toEqual([]);

    // The checkout holds the code's only use: another student cannot use it now.
    const other = await newPage(browser);
    await signIn(other.context(), { username: "nextbuyer", email: "nextbuyer@example.com", fullName: "Nat Next" });
    await other.goto(baseURL() + "/pricing");
    const validate = () =>
      other.evaluate(async () =>
        (await fetch("/api/discount/validate", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code: "HELDONE" }) })).json()
      );
    expect(await validate()).toMatchObject({ valid: false });

    await page.getByRole("button", { name: "Cancel Purchase" }).click();
    await page.waitForURL(/\/credits\/cancel$/);
    expect((await db.select().from(checkouts).where(eq(checkouts.id, pending!.id)).get())!.status).toBe("cancelled");
    // Cancelled, the checkout released the use: the other student may have it.
    expect(await validate()).toMatchObject({ valid: true });
    await other.close();
    await page.close();
  });

  it("the copy button copies the payment link and says 'Link copied!'", async () => {
    const page = await newPage(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.goto(baseURL() + "/pricing");
    const url = `${baseURL()}/checkout/test/00000000-0000-4000-8000-000000000000`;
    await page.evaluate((u) => {
      sessionStorage.setItem("checkoutUrl", u);
      sessionStorage.setItem("checkoutId", u.split("/").pop()!);
    }, url);
    await page.goto(baseURL() + "/checkout-confirmation");
    await toasterReady(page);
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Link copied!");
    expect(await page.getByTestId("toast-viewport").innerText()).toContain("Paste in your browser to complete checkout.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await page.close();
  });

  it("signed out, /pricing shows each package at the price of the shared priceCredits", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/pricing");
    const shown = await page.getByTestId("package-price").allInnerTexts();
    expect(shown).toEqual([5, 10, 20].map((n) => `${n} credits for ${formatPence(priceCredits(n).totalPence)}`));
    expect(shown).toEqual(["5 credits for £23.70", "10 credits for £44.91", "20 credits for £79.84"]);
    await page.close();
  });

  it("a buyer whose session ended is sent to sign in, and the sign-in page says why", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "lapsed", email: "lapsed@example.com", fullName: "Lee Lapsed" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    await page.context().clearCookies();
    await page.getByRole("button", { name: "Buy 1 credit for £4.99" }).click();
    await page.waitForURL(baseURL() + "/auth?next=%2Fpricing");
    await toasterReady(page);
    const toasts = page.getByTestId("toast-viewport");
    await expect.poll(() => toasts.innerText()).toContain("Authentication Required");
    expect(await toasts.innerText()).toContain("Please log in to purchase credits.");
    await page.close();
  });

  it("'Checkout Error' with the server's message when the applied code runs out before the purchase", async () => {
    const db = await serverDb();
    const code = await db.insert(discountCodes).values({ code: "LASTONE", discountPercentage: 10, maxUses: 1 }).returning().get();
    const page = await newPage(browser);
    await signIn(page.context(), { username: "late", email: "late@example.com", fullName: "Lou Late" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    await page.getByLabel("Discount code").fill("LASTONE");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("applied-code").waitFor();
    // Someone else uses it up meanwhile.
    await db.update(discountCodes).set({ usesCount: 1 }).where(eq(discountCodes.id, code.id));
    await page.getByRole("button", { name: "Buy 1 credit for £4.49" }).click();
    const toasts = page.getByTestId("toast-viewport");
    await expect.poll(() => toasts.innerText()).toContain("Checkout Error");
    expect(await toasts.innerText()).toContain("This discount code has been used the maximum number of times.");
    expect(new URL(page.url()).pathname).toBe("/pricing");
    expect(await page.getByRole("button", { name: "Buy 1 credit for £4.49" }).isEnabled()).toBe(true);
    await page.close();
  });

  it("'Validation Error' when the code cannot be checked", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "checker", email: "checker@example.com", fullName: "Cy Checker" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    // The session ends: the server refuses to check the code (401).
    await page.context().clearCookies();
    await page.getByLabel("Discount code").fill("ANYCODE");
    await page.getByRole("button", { name: "Apply" }).click();
    const toasts = page.getByTestId("toast-viewport");
    await expect.poll(() => toasts.innerText()).toContain("Validation Error");
    expect(await toasts.innerText()).toContain("Please sign in first");
    expect(await page.getByTestId("applied-code").count()).toBe(0);
    await page.close();
  });

  it("an invalid code says so and changes nothing", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "buyer2", email: "buyer2@example.com", fullName: "Bo Buyer" });
    await page.goto(baseURL() + "/pricing");
    await hydrated(page, "PricingPanel");
    await page.getByLabel("Discount code").fill("NOPE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Invalid Code");
    expect(await page.getByTestId("toast-viewport").innerText()).toContain("The discount code is invalid or has expired.");
    expect(await page.getByTestId("pricing-total").innerText()).toBe("£4.99");
    await page.close();
  });
});

describe("gifts and referrals", () => {
  it("gifts 2 of 3 credits to a friend, who sees them in their history", async () => {
    const db = await serverDb();
    const giver = await newPage(browser);
    const giverId = await signIn(giver.context(), { username: "giver", email: "giver@example.com", fullName: "Gia Giver" });
    await db.transaction((tx) => changeCredits(tx, { userId: giverId, delta: 3, type: "admin_grant", description: "test grant" }));
    const taker = await newPage(browser);
    await signIn(taker.context(), { username: "taker", email: "taker@example.com", fullName: "Tom Taker" });

    await giver.goto(baseURL() + "/gift-credits");
    await hydrated(giver, "GiftCredits");
    expect(await seriousViolations(giver)).toEqual([]);
    await giver.getByLabel("Friend's e-mail").fill("taker@example.com");
    await giver.getByLabel("Credits to send").fill("5");
    await giver.getByRole("button", { name: "Send Gift" }).click();
    const toasts = giver.getByTestId("toast-viewport");
    await expect.poll(() => toasts.innerText()).toContain("Not enough credits");
    expect(await toasts.innerText()).toContain("You only have 3 credits available");

    await giver.getByLabel("Credits to send").fill("2");
    await giver.getByLabel("Message (optional)").fill("Good luck in the mocks!");
    await giver.getByRole("button", { name: "Send Gift" }).click();
    await expect.poll(() => giver.getByRole("status").first().innerText()).toContain("You have 1 credit left");
    expect(await giver.getByTestId("gift-balance").innerText()).toBe("1");
    expect(await giver.getByLabel("Friend's e-mail").inputValue()).toBe("");

    await taker.goto(baseURL() + "/pricing");
    await hydrated(taker, "PricingPanel");
    expect(await taker.getByTestId("header-credits").innerText()).toBe("2 credits");
    await taker.getByRole("tab", { name: "Purchase History" }).click();
    await expect.poll(() => taker.getByTestId("history-row").first().innerText()).toMatch(/gift received/i);
    await giver.close();
    await taker.close();
  });

  it("says why a gift fails: 'Recipient required', 'Failed to gift credits', and the server's 'Not enough credits'", async () => {
    const db = await serverDb();
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "gifter", email: "gifter@example.com", fullName: "Gus Gifter" });
    await db.transaction((tx) => changeCredits(tx, { userId, delta: 3, type: "admin_grant", description: "test grant" }));
    await page.goto(baseURL() + "/gift-credits");
    await hydrated(page, "GiftCredits");
    const toasts = page.getByTestId("toast-viewport");

    await page.getByRole("button", { name: "Send Gift" }).click();
    await page.getByText("Recipient required").waitFor();
    expect(await page.getByLabel("Friend's e-mail").getAttribute("aria-invalid")).toBe("true");

    // An address with no account: the server refuses it.
    await page.getByLabel("Friend's e-mail").fill("nobody.here@example.com");
    await page.getByRole("button", { name: "Send Gift" }).click();
    await expect.poll(() => toasts.innerText()).toContain("Failed to gift credits");
    expect(await toasts.innerText()).toContain("No ExamPrep account uses that e-mail address");
    expect(await page.getByTestId("gift-balance").innerText()).toBe("3");

    // The balance falls elsewhere after the page loaded: the server's answer names the real balance.
    await db.transaction((tx) => changeCredits(tx, { userId, delta: -2, type: "gift_sent", description: "spent elsewhere" }));
    await db.insert(users).values({ username: "giftee", email: "giftee@example.com", fullName: "Gia Giftee" });
    await page.getByLabel("Friend's e-mail").fill("giftee@example.com");
    await page.getByLabel("Credits to send").fill("2");
    await page.getByRole("button", { name: "Send Gift" }).click();
    await expect.poll(() => toasts.innerText()).toContain("Not enough credits");
    expect(await toasts.innerText()).toContain("You only have 1 credit available");
    await expect.poll(() => page.getByTestId("gift-balance").innerText()).toBe("1");
    await page.close();
  });

  it("shows the referral code with copy feedback and the invitation link", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "inviter", email: "inviter@example.com", fullName: "Ivy Inviter" });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.goto(baseURL() + "/referrals");
    const code = page.getByTestId("referral-code");
    await code.waitFor();
    const text = await code.innerText();
    expect(text).toMatch(/^[A-Z2-9]{8}$/);
    expect(await page.getByLabel("Or share your invitation link").inputValue()).toBe(`${baseURL()}/auth?ref=${text}`);
    await page.getByRole("button", { name: "Copy code" }).click();
    await expect.poll(() => page.getByRole("button", { name: "Copied!" }).count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
    // The feedback clears after its 2 s and the button reads 'Copy code' again.
    await page.getByRole("button", { name: "Copied!" }).waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Copy code" }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
