// The admin side of credits: the Discount Codes card of /settings, the Credit System Test page and
// the Credit Deduction Debug Tool, against the real API.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { baseURL, headerReady, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { discountCodes, users } from "../../api/db/schema.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { formatDate } from "../../shared/format.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

let admins = 0;
async function adminPage(): Promise<Page> {
  const page = await newPage(browser);
  const n = ++admins;
  await signIn(page.context(), { username: `credit_admin_${n}`, email: `credit.admin${n}@example.com`, fullName: "Ada Admin", role: "admin" });
  return page;
}

const isFocused = (page: Page, selector: string) => page.locator(selector).evaluate((el) => el === document.activeElement);
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? "");

function daysAhead(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

describe("Discount Codes admin card", () => {
  it("creates a generated code, rejects bad input with the schema's messages, edits it with the code locked and deletes it", async () => {
    // Start from an empty list (other files make codes of their own in the same database).
    await (await serverDb()).delete(discountCodes);
    const page = await adminPage();
    await page.goto(baseURL() + "/settings");
    const card = page.getByTestId("discount-codes");
    // Exam Papers is the admins' default tab (admin-tools.md §2 Settings).
    await page.getByRole("tab", { name: "Discount Codes" }).click();
    expect(await page.getByRole("tab", { name: "Discount Codes" }).getAttribute("aria-selected")).toBe("true");
    await card.getByText("No discount codes found. Create one to get started.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Create: the dialog opens with the defaults and focus on the code.
    await card.getByRole("button", { name: "Create Code" }).click();
    const create = page.getByRole("dialog", { name: "Create Discount Code" });
    await create.waitFor();
    const code = create.getByLabel("Code", { exact: true });
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await create.getByLabel("Discount (%)").inputValue()).toBe("10");
    expect(await create.getByLabel("Maximum uses").inputValue()).toBe("10");
    expect(await create.getByLabel("Free credits per use").inputValue()).toBe("5");
    expect(await create.getByLabel("Expiry date (optional)").inputValue()).toBe(daysAhead(30));
    expect(await create.getByRole("switch", { name: /Active/ }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The shared schema's messages, under their fields; focus goes to the first bad field.
    await code.fill("ab");
    await create.getByLabel("Discount (%)").fill("101");
    await create.getByRole("button", { name: "Create Code" }).click();
    await create.getByText("Code must be at least 3 characters").waitFor();
    expect(await create.getByText("Maximum 100% discount").isVisible()).toBe(true);
    expect(await code.getAttribute("aria-invalid")).toBe("true");
    expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);

    await create.getByRole("button", { name: "Generate" }).click();
    const generated = await code.inputValue();
    expect(generated).toMatch(/^EXAM-[A-Z0-9]{6}$/);
    await create.getByLabel("Discount (%)").fill("15");
    await create.getByRole("button", { name: "Create Code" }).click();
    await create.waitFor({ state: "detached" });
    await expect.poll(() => card.getByRole("status").innerText()).toContain("Discount code created successfully");
    expect(await focusedText(page)).toContain("Create Code");
    const row = card.getByTestId("discount-code-row").filter({ hasText: generated });
    const cells = await row.getByRole("cell").allInnerTexts();
    expect(cells.slice(0, 5).map((c) => c.trim())).toEqual([generated, "15%", "0 / 10", formatDate(daysAhead(30)), "Active"]);

    // A duplicate is refused by the API: 'Error' with its message, in the dialog that stays open.
    await card.getByRole("button", { name: "Create Code" }).click();
    const again = page.getByRole("dialog", { name: "Create Discount Code" });
    await again.getByLabel("Code", { exact: true }).fill(generated.toLowerCase());
    await again.getByRole("button", { name: "Create Code" }).click();
    const alert = again.getByRole("alert");
    await expect.poll(() => alert.innerText()).toContain("Error");
    expect(await alert.innerText()).toContain(`The code ${generated} already exists`);
    await again.getByRole("button", { name: "Cancel" }).click();
    await again.waitFor({ state: "detached" });

    // Escape closes a dialog and gives focus back to the button that opened it.
    const editButton = row.getByRole("button", { name: `Edit ${generated}` });
    await editButton.click();
    const edit = page.getByRole("dialog", { name: "Edit Discount Code" });
    await edit.waitFor();
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });
    expect(await editButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // Edit: the code is locked; the change shows in the table.
    await editButton.click();
    await edit.waitFor();
    const locked = edit.getByLabel("Code", { exact: true });
    expect(await locked.inputValue()).toBe(generated);
    expect(await locked.isEditable()).toBe(false);
    expect(await edit.getByRole("button", { name: "Generate" }).count()).toBe(0);
    await edit.getByLabel("Maximum uses").fill("0");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("Must allow at least 1 use").waitFor();
    await edit.getByLabel("Maximum uses").fill("25");
    await edit.getByLabel("Free credits per use").fill("0");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.getByText("A free use must give at least 1 credit").waitFor();
    await edit.getByLabel("Free credits per use").fill("2");
    await edit.getByLabel("Expiry date (optional)").fill("");
    await edit.getByRole("switch", { name: /Active/ }).uncheck();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await edit.waitFor({ state: "detached" });
    await expect.poll(() => card.getByRole("status").innerText()).toContain("Discount code updated successfully");
    const edited = await row.getByRole("cell").allInnerTexts();
    expect(edited.slice(0, 5).map((c) => c.trim())).toEqual([generated, "15%", "0 / 25", "Never", "Inactive"]);
    const stored = await (await serverDb()).select().from(discountCodes).all();
    expect(stored.map((c) => [c.code, c.maxUses, c.isActive, c.expiresAt, c.freeCreditCap])).toEqual([[generated, 25, false, null, 2]]);

    // Delete through its dialog: focus starts on Cancel; afterwards the empty state.
    await row.getByRole("button", { name: `Delete ${generated}` }).click();
    const del = page.getByRole("dialog", { name: "Delete Discount Code" });
    await del.waitFor();
    expect(await del.innerText()).toContain(generated);
    expect(await del.getByRole("button", { name: "Cancel" }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await del.getByRole("button", { name: "Delete Code" }).click();
    await del.waitFor({ state: "detached" });
    await expect.poll(() => card.getByRole("status").innerText()).toContain("Discount code deleted successfully");
    await card.getByText("No discount codes found. Create one to get started.").waitFor();
    expect(await isFocused(page, "[data-testid=discount-codes] button:has-text('Create Code')")).toBe(true);
    await page.close();
  });
});

describe("Credit System Test and Credit Deduction Debug Tool", () => {
  it("shows the credit system's status, its operations and runs the purchase test form", async () => {
    const page = await adminPage();
    await page.goto(baseURL() + "/credit-system-test");
    await expect.poll(() => page.getByTestId("credit-status").innerText()).toBe("operational");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Credit System Test");
    const ops = page.getByTestId("credit-operations");
    expect(await ops.getByRole("columnheader").allInnerTexts()).toEqual(["Operation", "Method", "Endpoint"]);
    const deduction = ops.getByRole("row").filter({ hasText: "Deduction debug" });
    expect((await deduction.getByRole("cell").allInnerTexts()).map((c) => c.trim())).toEqual(["Deduction debug", "POST", "/api/debug/deduct-credits"]);
    expect(await page.getByText("past questions: 1 credit", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("view revision materials: 0 credits", { exact: true }).isVisible()).toBe(true);
    for (const form of ["Test a gift", "Test a referral", "Test a purchase"]) expect(await page.getByRole("form", { name: form }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // An admin's purchase is free: POST /api/checkout/credits {quantity}. The header's balance follows
    // without a reload, though the admin tools are a bundle of their own.
    await headerReady(page);
    const header = page.getByTestId("header-credits");
    expect(await header.innerText()).toBe("0 credits");
    const purchase = page.getByRole("form", { name: "Test a purchase" });
    await purchase.getByLabel("Credits").fill("2");
    await purchase.getByRole("button", { name: "Start purchase" }).click();
    await expect.poll(() => purchase.getByRole("status").innerText()).toBe("2 credits added free (admin account).");
    await expect.poll(() => header.innerText()).toBe("2 credits");

    // So after a gift.
    await (await serverDb()).insert(users).values({ username: "gift_target", email: "gift.target@example.com", fullName: "Gil Target" });
    const gift = page.getByRole("form", { name: "Test a gift" });
    await gift.getByLabel("Recipient e-mail").fill("gift.target@example.com");
    await gift.getByRole("button", { name: "Send gift" }).click();
    await expect.poll(() => gift.getByRole("status").innerText()).toContain("Remaining: 1.");
    await expect.poll(() => header.innerText()).toBe("1 credit");
    await page.close();
  });

  it("asks for a user id, then charges a user and shows the balances, and names a failure", async () => {
    const db = await serverDb();
    // A user with no role: the result shows 'regular'.
    const student = await db.insert(users).values({ username: "debug_student", email: "debug.student@example.com", fullName: "Dee Bug", role: "" }).returning().get();
    await db.transaction((tx) => changeCredits(tx, { userId: student.id, delta: 3, type: "admin_grant", description: "test grant" }));

    const page = await adminPage();
    await page.goto(baseURL() + "/credit-debug");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Credit Deduction Debug Tool");
    const form = page.getByRole("form", { name: "Deduct credits" });
    await form.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByRole("button", { name: "Deduct credits" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toContain("User ID Required");
    expect(await isFocused(page, "input[name=userId]")).toBe(true);

    await form.getByLabel("User id").fill(String(student.id));
    await form.getByLabel("Operation").selectOption("predicted_questions");
    await form.getByRole("button", { name: "Deduct credits" }).click();
    const result = page.getByTestId("debug-result");
    await result.waitFor();
    const rows = Object.fromEntries(
      await result.locator("div").evaluateAll((els) => els.map((el) => [el.querySelector("dt")!.textContent!, el.querySelector("dd")!.textContent!])),
    );
    expect(rows).toEqual({
      success: "true",
      deductionResult: "deducted",
      "Is Admin": "No",
      creditsBefore: "3",
      creditsAfter: "2",
      difference: "-1",
      message: "Deducted 1 credit(s)",
      user: `#${student.id} debug_student <debug.student@example.com> (regular)`,
    });
    expect(await form.getByRole("alert").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel("User id").fill("999999");
    await form.getByRole("button", { name: "Deduct credits" }).click();
    await expect.poll(() => form.getByRole("alert").innerText()).toContain("Credit Deduction Failed");
    expect(await form.getByRole("alert").innerText()).toContain("User not found");
    expect(await result.count()).toBe(0);
    await page.close();
  });

  it("sends a non-admin on the credit tools to /", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "not_admin", email: "not.admin@example.com", fullName: "Nora Student" });
    for (const path of ["/credit-debug", "/credit-system-test"]) {
      await page.goto(baseURL() + path);
      expect(new URL(page.url()).pathname, path).toBe("/");
    }
    await page.close();
  });
});
