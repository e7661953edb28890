import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { createTestApp, send, signedInAs, studentWithCredits } from "../test-utils.ts";
import { checkouts, discountCodes, papers, questions, referrals, transactions, users } from "../db/schema.ts";
import { ledgerMismatches } from "./ledger.ts";
import { ALREADY_USED, codeProblem, TOO_MANY_HOLDS, USED_UP } from "./discounts.ts";
import { CREDIT_LIMITS } from "./limits.ts";
import { NO_SUCH_RECIPIENT } from "./gifts.ts";
import { HOLD_MS } from "./checkout.ts";
import type { Deps } from "../context.ts";
import type { App } from "../app.ts";

const ORIGIN = "http://localhost:8000";
type TestApp = Deps & { app: App };

const student = studentWithCredits;

const balance = async (t: TestApp, userId: number) => (await t.db.select().from(users).where(eq(users.id, userId)).get())!.credits;

async function addCode(t: TestApp, fields: Partial<typeof discountCodes.$inferInsert> & { code: string }) {
  return await t.db.insert(discountCodes).values({ discountPercentage: 10, maxUses: 10, ...fields }).returning().get();
}

describe("balance and ledger", () => {
  it("shows credits and the ledger only to their owner", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira", 3);
    expect(await (await send(t.app, "/api/user/credits", undefined, amira.cookie)).json()).toEqual({ credits: 3, subscriptionStatus: "pay-as-you-go" });
    const history = await (await send(t.app, "/api/user/transactions", undefined, amira.cookie)).json();
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ transactionType: "admin_grant", creditsAdded: 3, creditsDeducted: 0, amount: "0", status: "completed" });
    expect((await send(t.app, "/api/user/credits")).status).toBe(401);
    expect((await send(t.app, "/api/user/transactions")).status).toBe(401);
  });
});

describe("credit usage", () => {
  it("lists real spending only: a refunded paper charge and an admin's debug deduction are not spending", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira", 5);
    await student(t, "ben");
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    const paper = { subject: "Computer Science", examBoard: "AQA", level: "GCSE", paperName: "", isPredicted: false };
    const cs = (await t.db.select().from(papers).where(eq(papers.subject, "Computer Science")).get())!;
    paper.paperName = cs.name;

    // A paper made (1 credit), a gift (2 credits), a debug deduction by an admin (1 credit).
    expect((await send(t.app, "/api/generate-enhanced-paper", paper, amira.cookie)).status).toBe(200);
    expect((await send(t.app, "/api/gift-credits", { recipient: "ben@example.com", creditAmount: 2 }, amira.cookie)).status).toBe(200);
    expect((await send(t.app, "/api/debug/deduct-credits", { userId: amira.userId, operation: "past_questions" }, admin.cookie)).status).toBe(200);
    // A paper that fails after its credit was taken (its bank emptied): the credit comes back.
    await t.db.delete(questions).where(eq(questions.paperId, cs.id));
    expect((await send(t.app, "/api/generate-enhanced-paper", paper, amira.cookie)).status).toBe(503);
    expect(await balance(t, amira.userId)).toBe(1);

    const usage = await (await send(t.app, "/api/user/credit-usage", undefined, amira.cookie)).json();
    expect(usage.map((u: { transactionType: string; credits: number; description: string }) => [u.transactionType, u.credits, u.description])).toEqual([
      ["gift_sent", 2, expect.stringContaining("ben@example.com")],
      ["paper_generation", 1, `Past paper: Computer Science ${cs.name}`],
    ]);

    // The full history still shows every change: the refunded charge marked so, the debug deduction by its own type.
    const history = await (await send(t.app, "/api/user/transactions", undefined, amira.cookie)).json();
    const rows = history.map((r: { transactionType: string; creditsAdded: number; creditsDeducted: number; status: string }) =>
      [r.transactionType, r.creditsAdded - r.creditsDeducted, r.status]
    ).reverse();
    expect(rows).toEqual([
      ["admin_grant", 5, "completed"],
      ["paper_generation", -1, "completed"],
      ["gift_sent", -2, "completed"],
      ["debug_deduction", -1, "completed"],
      ["paper_generation", -1, "refunded"],
      ["refund", 1, "completed"],
    ]);
    expect((await send(t.app, "/api/user/credit-usage")).status).toBe(401);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("checkout", () => {
  it("asks a signed-out buyer to log in", async () => {
    const t = await createTestApp();
    const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 1 });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Please log in to purchase credits.");
  });

  it("gives an admin the credits free", async () => {
    const t = await createTestApp({ ADMIN_EMAIL: "head@school.test" });
    const head = await signedInAs(t, { username: "head", email: "head@school.test" });
    const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 5 }, head.cookie);
    expect(await res.json()).toMatchObject({ adminFreeCredits: true, creditQuantity: 5, reason: "admin account", redirectToPage: "/pricing", credits: 5 });
    expect(await balance(t, head.userId)).toBe(5);
  });

  it("accepts the test page's `quantity` as well as `creditQuantity`, and refuses less than 1", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const res = await send(t.app, "/api/checkout/credits", { quantity: 2 }, amira.cookie);
    expect(await res.json()).toMatchObject({ adminFreeCredits: false, creditQuantity: 2 });
    const zero = await send(t.app, "/api/checkout/credits", { creditQuantity: 0 }, amira.cookie);
    expect(zero.status).toBe(400);
    expect((await zero.json()).message).toBe("Choose at least 1 credit");
  });

  it("gives credits free with a 100% code and counts the use", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const code = await addCode(t, { code: "FREE100", discountPercentage: 100, maxUses: 2 });
    const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 3, discountCode: "free100" }, amira.cookie);
    expect(await res.json()).toMatchObject({ adminFreeCredits: true, creditQuantity: 3, reason: "100% discount code", credits: 3 });
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount).toBe(1);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a code that makes the purchase free gives at most its freeCreditCap a use (default 5)", async () => {
    const t = await createTestApp();
    const [amira, ben] = await Promise.all([student(t, "amira"), student(t, "ben")]);
    const free = await addCode(t, { code: "FREE100", discountPercentage: 100 });
    expect(free.freeCreditCap).toBe(5);
    const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 20, discountCode: "FREE100" }, amira.cookie);
    expect(await res.json()).toMatchObject({ adminFreeCredits: true, creditQuantity: 5, reason: "100% discount code", credits: 5 });
    expect(await balance(t, amira.userId)).toBe(5);
    expect((await t.db.select().from(checkouts).where(eq(checkouts.userId, amira.userId)).get())!).toMatchObject({ quantity: 5, amountPence: 0, provider: "free" });

    // A fixed amount that brings the price to zero is free too, and its own cap applies.
    await addCode(t, { code: "BIGOFF", discountPercentage: 1, amountOffPence: 100_000, freeCreditCap: 2 });
    const fixed = await send(t.app, "/api/checkout/credits", { creditQuantity: 10, discountCode: "BIGOFF" }, ben.cookie);
    expect(await fixed.json()).toMatchObject({ adminFreeCredits: true, creditQuantity: 2, reason: "discount code", credits: 2 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("lets an account use a code once, free or paid, even asking five times at once", async () => {
    const t = await createTestApp();
    const [amira, ben] = await Promise.all([student(t, "amira"), student(t, "ben")]);
    await addCode(t, { code: "FREE100", discountPercentage: 100 });
    const paid = await addCode(t, { code: "SAVE10", discountPercentage: 10 });
    const buy = (cookie: string, discountCode: string, creditQuantity = 2) => send(t.app, "/api/checkout/credits", { creditQuantity, discountCode }, cookie);
    const validate = async (cookie: string, code: string) => (await send(t.app, "/api/discount/validate", { code }, cookie)).json();

    expect((await buy(amira.cookie, "FREE100")).status).toBe(200);
    const second = await buy(amira.cookie, "free100");
    expect(second.status).toBe(400);
    expect((await second.json()).message).toBe(ALREADY_USED);
    expect(await validate(amira.cookie, "FREE100")).toMatchObject({ valid: false, message: ALREADY_USED });
    expect(await validate(ben.cookie, "FREE100")).toMatchObject({ valid: true });
    expect(await balance(t, amira.userId)).toBe(2);

    // A paid checkout with a code is that account's use while it may still be paid.
    const started = await (await buy(amira.cookie, "SAVE10")).json();
    const id = started.url.split("/").pop();
    expect((await (await buy(amira.cookie, "SAVE10")).json()).message).toBe(ALREADY_USED);
    // Cancelled, it was never a use; completed, it was.
    await send(t.app, `/api/checkout/test/${id}/cancel`, {}, amira.cookie);
    const retry = await (await buy(amira.cookie, "SAVE10")).json();
    expect((await send(t.app, `/api/checkout/test/${retry.url.split("/").pop()}/complete`, {}, amira.cookie)).status).toBe(200);
    expect((await (await buy(amira.cookie, "SAVE10")).json()).message).toBe(ALREADY_USED);
    // A checkout that can no longer be paid is not a use either.
    const stale = await (await buy(ben.cookie, "SAVE10")).json();
    await t.db.update(checkouts).set({ createdAt: new Date(Date.now() - HOLD_MS - 1000).toISOString() }).where(eq(checkouts.id, stale.url.split("/").pop()));
    expect((await buy(ben.cookie, "SAVE10")).status).toBe(200);

    // Five at once from one account (free and paid codes): one each gets through, the index refuses the rest.
    const cara = await student(t, "cara");
    await addCode(t, { code: "FREEB", discountPercentage: 100 });
    for (const code of ["FREEB", "SAVE10"]) {
      const results = await Promise.all(Array.from({ length: 5 }, () => buy(cara.cookie, code)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((r) => r.status !== 200)) expect((await r.json()).message).toBe(ALREADY_USED);
    }
    expect(await balance(t, cara.userId)).toBe(2);
    const caraPaid = await t.db.select().from(checkouts).where(and(eq(checkouts.userId, cara.userId), eq(checkouts.discountCodeId, paid.id))).all();
    expect(caraPaid).toHaveLength(1);
  });

  it("caps an account's unfinished discounted checkouts at 3", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    for (const code of ["ONE", "TWO", "THREE", "FOUR"]) await addCode(t, { code });
    const buy = (discountCode: string) => send(t.app, "/api/checkout/credits", { creditQuantity: 10, discountCode }, amira.cookie);
    const ids: string[] = [];
    for (const code of ["ONE", "TWO", "THREE"]) ids.push((await (await buy(code)).json()).url.split("/").pop());
    const fourth = await buy("FOUR");
    expect(fourth.status).toBe(409);
    expect((await fourth.json()).message).toBe(TOO_MANY_HOLDS);
    expect(TOO_MANY_HOLDS).toBe("You already have 3 unfinished checkouts with a discount code. Complete or cancel one before starting another.");
    // Without a code a purchase is not held back.
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 1 }, amira.cookie)).status).toBe(200);
    // Finishing one (cancel, complete, or expiry) makes room.
    await send(t.app, `/api/checkout/test/${ids[0]}/cancel`, {}, amira.cookie);
    expect((await buy("FOUR")).status).toBe(200);
    expect((await buy("ONE")).status).toBe(409);
    await t.db.update(checkouts).set({ createdAt: new Date(Date.now() - HOLD_MS - 1000).toISOString() }).where(eq(checkouts.id, ids[1]));
    expect((await buy("ONE")).status).toBe(200);
  });

  it("limits discount-code checks per account: validation and checkouts with a code alike", async () => {
    const t = await createTestApp();
    const [amira, ben] = await Promise.all([student(t, "amira"), student(t, "ben")]);
    const { max } = CREDIT_LIMITS.codeChecksPerAccount;
    for (let i = 0; i < max - 1; i++) expect((await send(t.app, "/api/discount/validate", { code: `GUESS${i}` }, amira.cookie)).status).toBe(200);
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 1, discountCode: "GUESSX" }, amira.cookie)).status).toBe(400);
    const limited = await send(t.app, "/api/discount/validate", { code: "GUESSY" }, amira.cookie);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 1, discountCode: "GUESSZ" }, amira.cookie)).status).toBe(429);
    // Buying without a code, and another account's checks, go on.
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 1 }, amira.cookie)).status).toBe(200);
    expect((await send(t.app, "/api/discount/validate", { code: "GUESS0" }, ben.cookie)).status).toBe(200);
  });

  it("in test mode, prices on the server with the shared function and grants nothing until completed", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const code = await addCode(t, { code: "SAVE10" });
    const res = await send(t.app, "/api/checkout/credits", { creditQuantity: 10, discountCode: "SAVE10", amount: 1, price: 1 }, amira.cookie);
    const body = await res.json();
    expect(body).toMatchObject({ adminFreeCredits: false, creditQuantity: 10 });
    // A full address on APP_ORIGIN, usable when pasted into a new tab.
    expect(body.url).toMatch(new RegExp(`^${t.env.APP_ORIGIN}/checkout/test/[0-9a-f-]{36}$`));
    const id = body.url.split("/").pop();
    const row = (await t.db.select().from(checkouts).where(eq(checkouts.id, id)).get())!;
    expect(row).toMatchObject({ amountPence: 4042, quantity: 10, status: "pending", provider: "test", discountCodeId: code.id });
    expect(await balance(t, amira.userId)).toBe(0);

    // Someone else cannot complete it.
    const ben = await student(t, "ben");
    expect((await send(t.app, `/api/checkout/test/${id}/complete`, {}, ben.cookie)).status).toBe(404);

    const done = await send(t.app, `/api/checkout/test/${id}/complete`, {}, amira.cookie);
    expect(await done.json()).toEqual({ status: "completed", redirectTo: `/credits/success?checkout=${id}` });
    expect(body.checkoutId).toBe(id);
    expect(await balance(t, amira.userId)).toBe(10);
    const history = await (await send(t.app, "/api/user/transactions", undefined, amira.cookie)).json();
    expect(history[0]).toMatchObject({ transactionType: "purchase", creditsAdded: 10, amount: "4042" });
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount).toBe(1);

    // Completing twice adds nothing.
    await send(t.app, `/api/checkout/test/${id}/complete`, {}, amira.cookie);
    expect(await balance(t, amira.userId)).toBe(10);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("the confirmation page's cancel (POST /api/checkout/:id/cancel) cancels a test checkout and releases its code's use", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    await addCode(t, { code: "LAST", maxUses: 1 });
    const { checkoutId } = await (await send(t.app, "/api/checkout/credits", { creditQuantity: 2, discountCode: "LAST" }, amira.cookie)).json();
    const ben = await student(t, "ben");
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 2, discountCode: "LAST" }, ben.cookie)).status).toBe(400);
    expect((await send(t.app, `/api/checkout/${checkoutId}/cancel`, {}, ben.cookie)).status).toBe(404);
    expect((await send(t.app, `/api/checkout/${checkoutId}/cancel`, {})).status).toBe(401);

    const res = await send(t.app, `/api/checkout/${checkoutId}/cancel`, {}, amira.cookie);
    expect(await res.json()).toEqual({ status: "cancelled", redirectTo: "/credits/cancel" });
    expect((await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId)).get())!.status).toBe("cancelled");
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 2, discountCode: "LAST" }, ben.cookie)).status).toBe(200);
    // Cancelled, it cannot be paid.
    expect((await send(t.app, `/api/checkout/test/${checkoutId}/complete`, {}, amira.cookie)).status).toBe(409);
    expect(await balance(t, amira.userId)).toBe(0);
  });

  it("a cancelled test checkout cannot be completed", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const { url } = await (await send(t.app, "/api/checkout/credits", { creditQuantity: 1 }, amira.cookie)).json();
    const id = url.split("/").pop();
    expect(await (await send(t.app, `/api/checkout/test/${id}/cancel`, {}, amira.cookie)).json()).toEqual({ status: "cancelled", redirectTo: "/credits/cancel" });
    expect((await send(t.app, `/api/checkout/test/${id}/complete`, {}, amira.cookie)).status).toBe(409);
    expect(await balance(t, amira.userId)).toBe(0);
  });

  it("a started discounted checkout holds its code's use until it completes, is cancelled or expires", async () => {
    const t = await createTestApp();
    const [amira, ben, cara, dan] = await Promise.all(["amira", "ben", "cara", "dan"].map((n) => student(t, n)));
    const code = await addCode(t, { code: "ONCE", discountPercentage: 90, amountOffPence: 100, maxUses: 1 });
    const start = (cookie: string, creditQuantity = 10) => send(t.app, "/api/checkout/credits", { creditQuantity, discountCode: "ONCE" }, cookie);
    const validate = async (cookie: string) => (await send(t.app, "/api/discount/validate", { code: "ONCE" }, cookie)).json();

    const first = await (await start(amira.cookie)).json();
    expect(first.url).toContain("/checkout/test/");
    // Amira's unfinished checkout holds the only use: nobody else may start one, or be told the code works.
    const refused = await start(ben.cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe(USED_UP);
    expect(await validate(ben.cookie)).toMatchObject({ valid: false, message: USED_UP });
    // Nor take it through the free path (1 credit: 10% of 499 less 100p is free; 10 credits cost £3.49).
    const free = await start(ben.cookie, 1);
    expect((await free.json()).message).toBe(USED_UP);

    // Cancelling releases it.
    await send(t.app, `/api/checkout/test/${first.url.split("/").pop()}/cancel`, {}, amira.cookie);
    expect(await validate(ben.cookie)).toMatchObject({ valid: true });
    const second = await start(ben.cookie);
    expect(second.status).toBe(200);
    const benCheckout = (await second.json()).url.split("/").pop();

    // So does expiry: Ben's checkout, started longer ago than a checkout can be paid, holds nothing,
    // and can no longer be completed.
    const longAgo = new Date(Date.now() - HOLD_MS - 1000).toISOString();
    await t.db.update(checkouts).set({ createdAt: longAgo }).where(eq(checkouts.id, benCheckout));
    const third = await (await start(cara.cookie)).json();
    const late = await send(t.app, `/api/checkout/test/${benCheckout}/complete`, {}, ben.cookie);
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("This checkout has expired. Please start a new purchase.");
    expect((await t.db.select().from(checkouts).where(eq(checkouts.id, benCheckout)).get())!.status).toBe("cancelled");

    // Cara completes hers: the use is counted and the code is used up for good.
    expect((await send(t.app, `/api/checkout/test/${third.url.split("/").pop()}/complete`, {}, cara.cookie)).status).toBe(200);
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount).toBe(1);
    expect((await (await start(dan.cookie)).json()).message).toBe(USED_UP);
    expect(await balance(t, ben.userId)).toBe(0);
    expect(await balance(t, cara.userId)).toBe(10);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("keeps a code with a date-only expiry valid through that day", () => {
    const code = { isActive: true, usesCount: 0, maxUses: 5, expiresAt: "2030-01-31" } as Parameters<typeof codeProblem>[0];
    expect(codeProblem(code, new Date("2030-01-31T21:30:00Z"))).toBeNull();
    expect(codeProblem(code, new Date("2030-02-01T00:00:00Z"))).toBe("This discount code has expired.");
    expect(codeProblem({ ...code!, expiresAt: "2030-01-31T12:00:00Z" }, new Date("2030-01-31T12:00:01Z"))).toBe("This discount code has expired.");
  });

  it("refuses invalid, inactive, expired and used-up codes with clear messages", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    await addCode(t, { code: "OFF", isActive: false });
    await addCode(t, { code: "OLD", expiresAt: "2020-01-01T00:00:00Z" });
    await addCode(t, { code: "GONE", maxUses: 1, usesCount: 1 });
    await addCode(t, { code: "GOOD", discountPercentage: 15, amountOffPence: 50 });
    const check = async (code: string) => (await send(t.app, "/api/discount/validate", { code }, amira.cookie)).json();
    expect(await check("NOPE")).toEqual({ valid: false, discountPercentage: 0, amountInPence: 0, message: "The discount code is invalid or has expired." });
    expect((await check("off")).message).toBe("This discount code is no longer active.");
    expect((await check("OLD")).message).toBe("This discount code has expired.");
    expect((await check("GONE")).message).toBe("This discount code has been used the maximum number of times.");
    expect(await check("good")).toMatchObject({ valid: true, code: "GOOD", discountPercentage: 15, amountInPence: 50 });
    const blank = await send(t.app, "/api/discount/validate", { code: "  " }, amira.cookie);
    expect((await blank.json()).message).toBe("Please enter a discount code");
    const buy = await send(t.app, "/api/checkout/credits", { creditQuantity: 1, discountCode: "OLD" }, amira.cookie);
    expect(buy.status).toBe(400);
    expect((await buy.json()).message).toBe("This discount code has expired.");
  });
});

describe("admin discount codes", () => {
  it("lists, creates, edits and deletes codes, with the spec's messages, for admins only", async () => {
    const t = await createTestApp();
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    const amira = await student(t, "amira");
    expect((await send(t.app, "/api/admin/discount-codes", undefined, amira.cookie)).status).toBe(403);
    expect((await send(t.app, "/api/admin/discount-codes", { code: "HACK", discountPercentage: 100, maxUses: 99 }, amira.cookie)).status).toBe(403);

    const bad = await send(t.app, "/api/admin/discount-codes", { code: "AB", discountPercentage: 0, maxUses: 0 }, admin.cookie);
    expect((await bad.json()).errors).toEqual({
      code: "Code must be at least 3 characters",
      discountPercentage: "Minimum 1% discount",
      maxUses: "Must allow at least 1 use",
    });
    const big = await send(t.app, "/api/admin/discount-codes", { code: "X".repeat(21), discountPercentage: 101, maxUses: 1 }, admin.cookie);
    expect((await big.json()).errors).toEqual({ code: "Code cannot exceed 20 characters", discountPercentage: "Maximum 100% discount" });

    const created = await send(
      t.app,
      "/api/admin/discount-codes",
      { code: "exam-ab12cd", discountPercentage: 25, maxUses: 3, isActive: true, expiresAt: "", description: "" },
      admin.cookie,
    );
    expect(created.status).toBe(201);
    const row = await created.json();
    expect(row).toMatchObject({ code: "EXAM-AB12CD", discountPercentage: 25, maxUses: 3, usesCount: 0, isActive: true, expiresAt: null, description: null, freeCreditCap: 5 });
    expect((await send(t.app, "/api/admin/discount-codes", { code: "EXAM-AB12CD", discountPercentage: 5, maxUses: 1 }, admin.cookie)).status).toBe(409);

    const edited = await send(
      t.app,
      `/api/admin/discount-codes/${row.id}`,
      { code: "CHANGED", discountPercentage: 30, maxUses: 5, isActive: false, expiresAt: "2030-01-31", freeCreditCap: "3" },
      admin.cookie,
      "PUT",
    );
    expect(await edited.json()).toMatchObject({ code: "EXAM-AB12CD", discountPercentage: 30, maxUses: 5, isActive: false, expiresAt: "2030-01-31", freeCreditCap: 3 });
    const badCap = await send(t.app, `/api/admin/discount-codes/${row.id}`, { code: "X", discountPercentage: 30, maxUses: 5, freeCreditCap: 0 }, admin.cookie, "PUT");
    expect((await badCap.json()).errors.freeCreditCap).toBe("A free use must give at least 1 credit");
    const list = await (await send(t.app, "/api/admin/discount-codes", undefined, admin.cookie)).json();
    expect(list.map((c: { code: string }) => c.code)).toEqual(["EXAM-AB12CD"]);

    const deleted = await send(t.app, `/api/admin/discount-codes/${row.id}`, undefined, admin.cookie, "DELETE");
    expect(await deleted.json()).toEqual({ message: "Discount code deleted successfully" });
    expect((await send(t.app, `/api/admin/discount-codes/${row.id}`, undefined, admin.cookie, "DELETE")).status).toBe(404);
  });
});

describe("gifts", () => {
  it("moves credits atomically, with the spec's messages", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira", 3);
    const ben = await student(t, "ben");
    const gift = (body: unknown) => send(t.app, "/api/gift-credits", body, amira.cookie);

    expect((await (await gift({ recipient: "", creditAmount: 1 })).json()).message).toBe("Recipient required");
    expect((await (await gift({ recipient: "ben", creditAmount: 1 })).json()).message).toBe("Please enter a valid email address");
    expect((await (await gift({ recipient: "ben@example.com", creditAmount: 0 })).json()).message).toBe("You must gift at least 1 credit");
    expect((await (await gift({ recipient: "ben@example.com", creditAmount: 1, message: "x".repeat(201) })).json()).message).toBe(
      "Message must be 200 characters or less",
    );
    const tooMany = await gift({ recipient: "ben@example.com", creditAmount: 4 });
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ title: "Not enough credits", message: "You only have 3 credits available" });
    const self = await gift({ recipient: "AMIRA@example.com", creditAmount: 1 });
    expect((await self.json()).message).toBe("You cannot gift credits to yourself.");
    const unknown = await gift({ recipient: "nobody@example.com", creditAmount: 1 });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/No ExamPrep account uses that e-mail address/);
    expect(await balance(t, amira.userId)).toBe(3);

    const ok = await gift({ recipient: " Ben@Example.com ", creditAmount: 2, message: "Good luck!" });
    expect(await ok.json()).toEqual({ message: "You sent 2 credits to ben@example.com.", remainingCredits: 1 });
    expect(await balance(t, ben.userId)).toBe(2);
    const benHistory = await (await send(t.app, "/api/user/transactions", undefined, ben.cookie)).json();
    expect(benHistory[0]).toMatchObject({ transactionType: "gift_received", creditsAdded: 2 });
    expect(benHistory[0].description).toContain("Good luck!");
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("gift recipients cannot be enumerated", () => {
  it("answers whether an address has an account only to a sender who can afford the gift, and limits the 'no account' answers", async () => {
    const t = await createTestApp();
    const broke = await student(t, "broke");
    const amira = await student(t, "amira", 3);
    const ben = await student(t, "ben");
    // Without the credits, a real and an unknown address get the same answer.
    for (const recipient of ["ben@example.com", "nobody@example.com"]) {
      const res = await send(t.app, "/api/gift-credits", { recipient, creditAmount: 1 }, broke.cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ title: "Not enough credits", message: "You only have 0 credits available" });
    }
    const { max } = CREDIT_LIMITS.unknownRecipientsPerAccount;
    for (let i = 0; i < max; i++) {
      const res = await send(t.app, "/api/gift-credits", { recipient: `guess${i}@example.com`, creditAmount: 1 }, amira.cookie);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe(NO_SUCH_RECIPIENT);
    }
    // Past the limit no gift is answered at all, to a real address either, and nothing moves.
    for (const recipient of ["guess99@example.com", "ben@example.com"]) {
      const res = await send(t.app, "/api/gift-credits", { recipient, creditAmount: 1 }, amira.cookie);
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect((await res.json()).message).toMatch(/^Too many attempts/);
    }
    expect(await balance(t, amira.userId)).toBe(3);
    expect(await balance(t, ben.userId)).toBe(0);
    // Another sender is not held back.
    const cara = await student(t, "cara", 1);
    expect((await send(t.app, "/api/gift-credits", { recipient: "ben@example.com", creditAmount: 1 }, cara.cookie)).status).toBe(200);
  });
});

describe("referrals", () => {
  it("pays no bonus on a test-mode or free checkout: the referral stays pending (paid on a cleared Stripe payment, see stripe.test.ts)", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const { referralCode } = await (await send(t.app, "/api/referrals/code", undefined, amira.cookie)).json();
    expect(referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect((await (await send(t.app, "/api/referrals/code", undefined, amira.cookie)).json()).referralCode).toBe(referralCode);

    // Ben registers through Amira's link.
    const reg = await send(t.app, "/api/register", { fullName: "Ben Ode", email: "ben@example.com", password: "secret123", referralCode: referralCode.toLowerCase() });
    expect(reg.status).toBe(201);
    const benCookie = reg.headers.getSetCookie()[0].split(";")[0];
    const ben = (await t.db.select().from(users).where(eq(users.email, "ben@example.com")).get())!;
    let info = await (await send(t.app, "/api/referrals/info", undefined, amira.cookie)).json();
    expect(info).toMatchObject({ referralCode, totalReferrals: 1, creditsEarned: 0, pendingReferrals: 1, monthlyCap: 10 });
    expect(info.referrals[0]).toMatchObject({ referredUsername: "ben", status: "pending", creditsAwarded: 0 });

    // A code-only (free) checkout, then a test-mode purchase: no money has cleared, so no bonus.
    await addCode(t, { code: "FREE100", discountPercentage: 100 });
    expect((await send(t.app, "/api/checkout/credits", { creditQuantity: 2, discountCode: "FREE100" }, benCookie)).status).toBe(200);
    const bought = await (await send(t.app, "/api/checkout/credits", { creditQuantity: 1 }, benCookie)).json();
    expect((await send(t.app, `/api/checkout/test/${bought.url.split("/").pop()}/complete`, {}, benCookie)).status).toBe(200);

    expect(await balance(t, amira.userId)).toBe(0);
    expect(await balance(t, ben.id)).toBe(3); // 2 free + 1 bought, no bonus
    info = await (await send(t.app, "/api/referrals/info", undefined, amira.cookie)).json();
    expect(info).toMatchObject({ totalReferrals: 1, creditsEarned: 0, pendingReferrals: 1 });
    expect(await ledgerMismatches(t.db)).toEqual([]);

    // Ben cannot apply a code any more (already referred, and has purchased).
    const again = await send(t.app, "/api/referrals/apply", { referralCode }, benCookie);
    expect(again.status).toBe(400);
  });

  it("refuses a referral between two accounts that referred each other, and never pays one", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const ben = await student(t, "ben");
    const code = async (cookie: string) => (await (await send(t.app, "/api/referrals/code", undefined, cookie)).json()).referralCode;
    expect((await send(t.app, "/api/referrals/apply", { referralCode: await code(amira.cookie) }, ben.cookie)).status).toBe(201);
    const back = await send(t.app, "/api/referrals/apply", { referralCode: await code(ben.cookie) }, amira.cookie);
    expect(back.status).toBe(400);
    expect((await back.json()).message).toBe("You cannot use the referral code of someone you referred.");

    // Had both been written (two applications at once), neither is paid, even by an admin.
    const reverse = await t.db.insert(referrals).values({ referrerId: ben.userId, referredId: amira.userId }).returning().get();
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    for (const r of await t.db.select().from(referrals).all()) {
      const res = await send(t.app, "/api/referrals/complete", { referralId: r.id }, admin.cookie);
      expect(res.status).toBe(409);
      expect((await res.json()).message).toBe("These two accounts referred each other, so no bonus is paid.");
    }
    expect(reverse.status).toBe("pending");
    expect(await balance(t, amira.userId)).toBe(0);
    expect(await balance(t, ben.userId)).toBe(0);
  });

  it("pays one referrer at most the monthly cap (the referral_monthly_cap setting, default 10); a completion last month does not count", async () => {
    const t = await createTestApp();
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    const rita = await student(t, "rita");
    const friends = await Promise.all(Array.from({ length: 12 }, (_, i) => student(t, `friend${i}`)));
    const ids = [];
    for (const f of friends) ids.push((await t.db.insert(referrals).values({ referrerId: rita.userId, referredId: f.userId }).returning().get()).id);
    const complete = (id: number) => send(t.app, "/api/referrals/complete", { referralId: id }, admin.cookie);

    for (const id of ids.slice(0, 10)) expect((await complete(id)).status).toBe(200);
    const eleventh = await complete(ids[10]);
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).message).toBe("The referrer has had the most referral bonuses a month allows (10); this referral stays pending.");
    expect(await balance(t, rita.userId)).toBe(10);
    expect(await balance(t, friends[10].userId)).toBe(0);

    // One of them was last month: this month has room for one more.
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await t.db.update(referrals).set({ completedAt: lastMonth.toISOString() }).where(eq(referrals.id, ids[0]));
    expect((await complete(ids[10])).status).toBe(200);
    expect((await complete(ids[11])).status).toBe(409);

    // The setting lowers it; 0 pays nobody.
    expect((await send(t.app, "/api/settings/referral_monthly_cap", { value: "0" }, admin.cookie, "PUT")).status).toBe(200);
    const zero = await complete(ids[11]);
    expect((await zero.json()).message).toBe("The referrer has had the most referral bonuses a month allows (0); this referral stays pending.");
    expect(await balance(t, rita.userId)).toBe(11);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("refuses unknown and own codes, and lets only an admin complete a referral", async () => {
    const t = await createTestApp();
    const amira = await student(t, "amira");
    const ben = await student(t, "ben");
    const { referralCode } = await (await send(t.app, "/api/referrals/code", undefined, amira.cookie)).json();
    expect((await (await send(t.app, "/api/referrals/apply", { referralCode: "NOPE1234" }, ben.cookie)).json()).message).toBe("That referral code does not exist");
    expect((await (await send(t.app, "/api/referrals/apply", { referralCode }, amira.cookie)).json()).message).toBe("You cannot use your own referral code");
    const applied = await send(t.app, "/api/referrals/apply", { referralCode }, ben.cookie);
    expect(applied.status).toBe(201);
    expect((await send(t.app, "/api/referrals/apply", { referralCode }, ben.cookie)).status).toBe(409);
    const registerBad = await send(t.app, "/api/register", { fullName: "Cara", email: "cara@example.com", password: "secret123", referralCode: "NOPE1234" });
    expect(registerBad.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, "cara@example.com")).get()).toBeUndefined();

    const { id } = await applied.json();
    expect((await send(t.app, "/api/referrals/complete", { referralId: id }, ben.cookie)).status).toBe(403);
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    expect((await send(t.app, "/api/referrals/complete", { referralId: id }, admin.cookie)).status).toBe(200);
    expect((await send(t.app, "/api/referrals/complete", { referralId: id }, admin.cookie)).status).toBe(409);
    expect(await balance(t, amira.userId)).toBe(1);
    expect(await balance(t, ben.userId)).toBe(1);
    expect((await t.db.select().from(referrals).all())[0].status).toBe("completed");
  });
});

describe("admin credit tools", () => {
  it("credit system check and deduction debug are admin-only; admins are never charged", async () => {
    const t = await createTestApp();
    const admin = await signedInAs(t, { username: "boss", email: "boss@example.com", role: "admin" });
    const amira = await student(t, "amira", 2);
    expect((await send(t.app, "/api/credit-system-check", undefined, amira.cookie)).status).toBe(403);
    const check = await (await send(t.app, "/api/credit-system-check", undefined, admin.cookie)).json();
    expect(check).toMatchObject({ status: "operational", costs: { past_questions: 1, predicted_questions: 1, view_revision_materials: 0 } });
    expect(check.operations.length).toBeGreaterThan(5);

    expect((await send(t.app, "/api/debug/deduct-credits", { userId: amira.userId }, amira.cookie)).status).toBe(403);
    const missing = await send(t.app, "/api/debug/deduct-credits", {}, admin.cookie);
    expect((await missing.json()).message).toBe("User ID Required");
    const deducted = await (await send(t.app, "/api/debug/deduct-credits", { userId: amira.userId, operation: "predicted_questions" }, admin.cookie)).json();
    expect(deducted).toMatchObject({
      success: true,
      isAdmin: false,
      creditsBefore: 2,
      creditsAfter: 1,
      difference: -1,
      user: { id: amira.userId, username: "amira", email: "amira@example.com", role: "user" },
    });
    const self = await (await send(t.app, "/api/debug/deduct-credits", { userId: admin.userId }, admin.cookie)).json();
    expect(self).toMatchObject({ isAdmin: true, creditsBefore: 0, creditsAfter: 0, difference: 0 });
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
});

describe("concurrency, against a real HTTP server", () => {
  let t: TestApp;
  let server: Deno.HttpServer<Deno.NetAddr>;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, t.app.fetch);
    base = `http://127.0.0.1:${server.addr.port}`;
  });
  afterAll(async () => {
    await server?.shutdown();
  });
  const post = (path: string, body: unknown, cookie: string) =>
    fetch(base + path, { method: "POST", headers: { "content-type": "application/json", cookie, origin: ORIGIN }, body: JSON.stringify(body) });

  it("20 simultaneous gifts from a user with 5 credits move exactly 5", async () => {
    const giver = await student(t, "giver", 5);
    const taker = await student(t, "taker");
    const results = await Promise.all(Array.from({ length: 20 }, () => post("/api/gift-credits", { recipient: "taker@example.com", creditAmount: 1 }, giver.cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(15);
    await Promise.all(results.map((r) => r.body?.cancel()));
    expect(await balance(t, giver.userId)).toBe(0);
    expect(await balance(t, taker.userId)).toBe(5);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("a code with maxUses 3 used by 10 simultaneous purchases is used 3 times", async () => {
    const code = await addCode(t, { code: "THREE", discountPercentage: 100, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => student(t, `buyer${i}`)));
    const results = await Promise.all(buyers.map((b) => post("/api/checkout/credits", { creditQuantity: 2, discountCode: "THREE" }, b.cookie)));
    const statuses = results.map((r) => r.status);
    const bodies = await Promise.all(results.map((r) => r.json()));
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    // Refused either before starting (400) or when counting the use (409), with the same message.
    const refused = bodies.filter((_, i) => statuses[i] !== 200);
    expect(refused).toHaveLength(7);
    for (const b of refused) expect(b.message).toBe("This discount code has been used the maximum number of times.");
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount).toBe(3);
    const credited = await Promise.all(buyers.map((b) => balance(t, b.userId)));
    expect(credited.reduce((a, b) => a + b, 0)).toBe(6);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });

  it("10 simultaneous paid checkouts with a maxUses-3 code: 3 get the discount, the rest are refused, and the code is used 3 times", async () => {
    const code = await addCode(t, { code: "PAIDTHREE", discountPercentage: 10, maxUses: 3 });
    const buyers = await Promise.all(Array.from({ length: 10 }, (_, i) => student(t, `payer${i}`)));
    const started = await Promise.all(buyers.map((b) => post("/api/checkout/credits", { creditQuantity: 10, discountCode: "PAIDTHREE" }, b.cookie)));
    const bodies = await Promise.all(started.map((r) => r.json()));
    const ok = buyers.map((b, i) => ({ b, status: started[i].status, body: bodies[i] })).filter((x) => x.status === 200);
    expect(ok).toHaveLength(3);
    // Refused either by the check before the start (400) or by the conditional insert that holds a use (409).
    const refused = bodies.filter((_, i) => started[i].status !== 200);
    expect(refused).toHaveLength(7);
    for (const b of refused) expect(b.message).toBe(USED_UP);
    expect(started.every((r) => r.status === 200 || r.status === 400 || r.status === 409)).toBe(true);
    // Only the three started checkouts carry the discounted price (4990 less 10% bulk less 10% code).
    const rows = await t.db.select().from(checkouts).where(eq(checkouts.discountCodeId, code.id)).all();
    expect(rows.map((r) => [r.status, r.amountPence])).toEqual([["pending", 4042], ["pending", 4042], ["pending", 4042]]);

    const done = await Promise.all(ok.map(({ b, body }) => post(`/api/checkout/test/${body.url.split("/").pop()}/complete`, {}, b.cookie)));
    expect(done.map((r) => r.status)).toEqual([200, 200, 200]);
    await Promise.all(done.map((r) => r.body?.cancel()));
    expect((await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)).get())!.usesCount).toBe(3);
    const credited = await Promise.all(buyers.map((b) => balance(t, b.userId)));
    expect(credited.reduce((a, c) => a + c, 0)).toBe(30);
    expect(await ledgerMismatches(t.db)).toEqual([]);
  });
  it("50 concurrent gifts, test-mode purchases and paper generations from 10 accounts: the ledger matches every balance, and no credit is created or lost", async () => {
    const accounts = await Promise.all(Array.from({ length: 10 }, (_, i) => student(t, `mixed${i}`, 3)));
    const ids = accounts.map((a) => a.userId);
    const cs = (await t.db.select().from(papers).where(eq(papers.subject, "Computer Science")).get())!;
    const paper = { subject: cs.subject, examBoard: cs.examBoard, level: cs.level, paperName: cs.name, isPredicted: false };
    const totals = async () => {
      const rows = await t.db.select({ id: users.id, credits: users.credits }).from(users).all();
      return rows.filter((r) => ids.includes(r.id)).reduce((n, r) => n + r.credits, 0);
    };
    const before = await totals();

    let bought = 0;
    let generated = 0;
    const operations = Array.from({ length: 50 }, async (_, i) => {
      const me = accounts[i % 10];
      if (i % 3 === 0) {
        const res = await post("/api/gift-credits", { recipient: `mixed${(i + 3) % 10}@example.com`, creditAmount: 1 + (i % 2) }, me.cookie);
        await res.body?.cancel();
        return ["gift", res.status];
      }
      if (i % 3 === 1) {
        // A purchase through the test provider: started, then paid on its test page.
        const quantity = 1 + (i % 4);
        const started = await (await post("/api/checkout/credits", { creditQuantity: quantity }, me.cookie)).json();
        const done = await post(`/api/checkout/test/${started.url.split("/").pop()}/complete`, {}, me.cookie);
        await done.body?.cancel();
        if (done.status === 200) bought += quantity;
        return ["purchase", done.status];
      }
      const res = await post("/api/generate-enhanced-paper", paper, me.cookie);
      await res.body?.cancel();
      if (res.status === 200) generated++;
      return ["generation", res.status];
    });
    const results = await Promise.all(operations);

    // Each kind ran, and every answer was a success or a clear refusal (not enough credits).
    for (const [kind, status] of results) expect([200, 400], `${kind} answered ${status}`).toContain(status);
    expect(results.filter(([k, st]) => k === "purchase" && st === 200)).toHaveLength(17);
    expect(generated).toBeGreaterThan(0);
    expect(results.some(([k, st]) => k === "gift" && st === 200)).toBe(true);

    // The ledger agrees with every balance, and credits in = credits out.
    expect(await ledgerMismatches(t.db)).toEqual([]);
    const ledger = await t.db.select().from(transactions).where(inArray(transactions.userId, ids)).all();
    const sum = (type: string, field: "creditsAdded" | "creditsDeducted") =>
      ledger.filter((r) => r.transactionType === type).reduce((n, r) => n + r[field], 0);
    expect(sum("purchase", "creditsAdded")).toBe(bought);
    const spent = sum("paper_generation", "creditsDeducted") - sum("refund", "creditsAdded");
    expect(spent).toBe(generated);
    expect(sum("gift_sent", "creditsDeducted")).toBe(sum("gift_received", "creditsAdded"));
    expect(before + bought).toBe((await totals()) + spent);
  });
});
