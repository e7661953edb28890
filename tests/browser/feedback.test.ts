// /feedback and the admin System tab of /settings in Chromium: the form's messages, the stored row and
// the outbox mail to the configured recipient, the 5-second thank-you banner; feedback_email, the
// masked write-only mail key, the test e-mail's messages, Access Denied, and 403 for non-admins.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { desc, eq } from "drizzle-orm";
import { baseURL, hydrated, launch, newPage, seriousViolations, serverDb, signIn } from "./helpers.ts";
import { feedback, mailOutbox, settings, users } from "../../api/db/schema.ts";
import { FEEDBACK_BANNER_MS } from "../../shared/constants.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  // Leave no mail key behind for other files: mail would go to the real service.
  await (await serverDb()).delete(settings).where(eq(settings.key, "mail_api_key"));
});

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const latestMail = async () => (await serverDb()).select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1).get();

async function setFeedbackEmail(value: string) {
  const db = await serverDb();
  await db.insert(settings).values({ key: "feedback_email", value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

describe("feedback", () => {
  for (const width of [1280, 375]) {
    it(`validates, stores the feedback, mails the configured recipient and thanks for 5 s (${width} px)`, async () => {
      await setFeedbackEmail(`team${width}@school.test`);
      const page = await newPage(browser, { viewport: { width, height: 900 } });
      const userId = await signIn(page.context(), { username: `feedback_${width}`, email: `feedback${width}@example.com`, fullName: "Fay Feedback" });
      await page.goto(baseURL() + "/feedback");
      await hydrated(page, "FeedbackForm");
      expect(await page.getByLabel("Your e-mail").inputValue()).toBe(`feedback${width}@example.com`);
      expect(await page.getByLabel("Subject").locator("option").allInnerTexts()).toEqual([
        "Select a subject",
        "Technical issue",
        "Feature request",
        "Content question",
        "Account support",
        "General feedback",
        "Other",
      ]);
      expect(await seriousViolations(page)).toEqual([]);

      // §5's messages, under their fields.
      await page.getByLabel("Description").fill("Too short");
      await page.getByLabel("Your e-mail").fill("not-an-email");
      await page.getByRole("button", { name: "Submit Feedback" }).click();
      const alerts = await page.getByRole("alert").allInnerTexts();
      expect(alerts).toEqual(["Please select a subject", "Description must be at least 10 characters long", "Please provide a valid email"]);
      expect(await page.getByLabel("Subject").evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel("Subject").selectOption("content_question");
      await page.getByLabel("Description").fill("The Biology mark scheme for question 3 seems to be missing a point.");
      await page.getByLabel("Your e-mail").fill(`reply${width}@example.com`);
      await page.getByRole("button", { name: "Submit Feedback" }).click();
      const banner = page.getByTestId("feedback-thanks");
      await banner.waitFor();
      const shownAt = Date.now();
      expect(await banner.innerText()).toContain("Thank you for your feedback!");
      expect(await page.getByLabel("Description").inputValue()).toBe("");
      expect(await noSidewaysScroll(page)).toBe(true);

      const db = await serverDb();
      const row = await db.select().from(feedback).where(eq(feedback.userId, userId)).get();
      expect(row).toMatchObject({ subject: "content_question", email: `reply${width}@example.com`, description: "The Biology mark scheme for question 3 seems to be missing a point." });
      expect(await latestMail()).toMatchObject({ to: `team${width}@school.test`, subject: "ExamPrep feedback: Content question", status: "outbox" });

      // The banner stays for 5 seconds, then goes.
      await page.waitForTimeout(FEEDBACK_BANNER_MS - 1500);
      expect(await banner.isVisible()).toBe(true);
      await banner.waitFor({ state: "detached", timeout: 4000 });
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(FEEDBACK_BANNER_MS - 600);
      await page.close();
    });
  }
});

describe("feedback the server cannot take", () => {
  it("shows the server's message, or the specification's default, and keeps what the student wrote", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "feedback_fail", email: "feedback.fail@example.com", fullName: "Fel Fail" });
    await page.goto(baseURL() + "/feedback");
    await hydrated(page, "FeedbackForm");
    const description = "The timer on the generator page never stops counting.";
    await page.getByLabel("Subject").selectOption("technical_issue");
    await page.getByLabel("Description").fill(description);
    const toastViewport = page.getByTestId("toast-viewport");

    await page.route("**/api/feedback", (route) => route.fulfill({ status: 503, json: { message: "Feedback is paused for maintenance." } }));
    await page.getByRole("button", { name: "Submit Feedback" }).click();
    await expect.poll(() => toastViewport.innerText()).toContain("Feedback is paused for maintenance.");
    expect(await page.getByLabel("Description").inputValue()).toBe(description);
    expect(await page.getByTestId("feedback-thanks").count()).toBe(0);

    await page.unroute("**/api/feedback");
    await page.route("**/api/feedback", (route) => route.fulfill({ status: 500, body: "" }));
    await page.getByRole("button", { name: "Submit Feedback" }).click();
    await expect.poll(() => toastViewport.innerText()).toContain("There was a problem submitting your feedback. Please try again.");
    expect(await page.getByLabel("Description").inputValue()).toBe(description);
    await page.close();
  });
});

describe("System settings (admin)", () => {
  let admins = 0;
  async function adminPage(width = 1280): Promise<{ page: Page; userId: number }> {
    const page = await newPage(browser, { viewport: { width, height: 900 } });
    const n = ++admins;
    const userId = await signIn(page.context(), { username: `system_admin_${n}`, email: `system.admin${n}@example.com`, fullName: "Sam System", role: "admin" });
    await page.goto(baseURL() + "/settings");
    await page.getByRole("tab", { name: "System" }).click();
    return { page, userId };
  }

  for (const width of [1280, 375]) {
    it(`changes feedback_email, keeps the mail key masked, and sends a test e-mail to the outbox (${width} px)`, async () => {
      const db = await serverDb();
      await db.delete(settings);
      const { page } = await adminPage(width);
      const panel = page.getByTestId("system-settings");
      await panel.getByText("Feedback e-mail").waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // feedback_email: the server's validation, then saved.
      const email = panel.getByLabel("feedback_email");
      await email.fill("nope");
      await panel.getByRole("button", { name: "Save", exact: true }).click();
      await panel.getByText("Failed to update setting.").waitFor();
      expect(await panel.getByText("Please enter a valid email address.").count()).toBe(1);
      await email.fill("inbox@school.test");
      await panel.getByRole("button", { name: "Save", exact: true }).click();
      await panel.getByText("Feedback now goes to inbox@school.test.").waitFor();
      expect((await db.select().from(settings).where(eq(settings.key, "feedback_email")).get())?.value).toBe("inbox@school.test");

      // The mail key: saved, then only ever shown masked; removed again.
      expect(await panel.getByTestId("mail-status").innerText()).toContain("No key");
      await panel.getByLabel("API key").fill("re_browser_secret_wxyz");
      await panel.getByRole("button", { name: "Save Key" }).click();
      await expect.poll(() => panel.getByTestId("mail-key-masked").innerText()).toBe("••••wxyz");
      expect(await panel.getByLabel("Replace the key").inputValue()).toBe("");
      await page.reload();
      await page.getByRole("tab", { name: "System" }).click();
      await expect.poll(() => page.getByTestId("mail-key-masked").innerText()).toBe("••••wxyz");
      expect(await page.content()).not.toContain("re_browser_secret");
      const api = await page.request.get(baseURL() + "/api/settings");
      expect(await api.text()).not.toContain("re_browser_secret");
      await page.getByRole("button", { name: "Remove Key" }).click();
      await expect.poll(() => page.getByTestId("mail-status").innerText()).toContain("No key");

      // The test e-mail: 'Invalid Email' without an @, else kept in the outbox and listed.
      const to = page.getByLabel("Send to");
      await to.fill("nobody");
      await page.getByRole("button", { name: "Send Test Email" }).click();
      const invalid = page.getByRole("alert").filter({ hasText: "Invalid Email" });
      await invalid.waitFor();
      expect((await invalid.innerText()).split(/\n+/)).toEqual(["Invalid Email", "Please enter a valid email address."]);
      await to.fill("check@school.test");
      await page.getByRole("button", { name: "Send Test Email" }).click();
      await page.getByText("No mail service is configured, so the test email to check@school.test was kept in the outbox.").waitFor();
      await expect.poll(() => page.getByTestId("outbox-mail").first().innerText()).toContain("ExamPrep test e-mail");
      expect(await page.getByTestId("outbox-mail").first().innerText()).toContain("to check@school.test");
      expect(await noSidewaysScroll(page)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  }

  it("shows Access Denied when the settings answer 403", async () => {
    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "system_demoted", email: "system.demoted@example.com", fullName: "Dee Demoted", role: "admin" });
    await page.goto(baseURL() + "/settings");
    await page.getByRole("tab", { name: "System" }).waitFor();
    // The page was rendered for an admin; the role is gone by the time the tab asks the API.
    await (await serverDb()).update(users).set({ role: "user" }).where(eq(users.id, userId));
    await page.getByRole("tab", { name: "System" }).click();
    await page.getByText("Access Denied: You don't have permission to access system settings.").waitFor();
    await page.close();
  });

  it("a non-admin cannot read or change the settings (403) and sees no System tab", async () => {
    const page = await newPage(browser);
    await signIn(page.context(), { username: "system_student", email: "system.student@example.com", fullName: "Stu Student" });
    await page.goto(baseURL() + "/settings");
    await page.getByRole("tab", { name: "Account" }).waitFor();
    expect(await page.getByRole("tab", { name: "System" }).count()).toBe(0);
    const origin = { origin: baseURL() };
    expect((await page.request.get(baseURL() + "/api/settings")).status()).toBe(403);
    expect((await page.request.put(baseURL() + "/api/settings/feedback_email", { headers: origin, data: { value: "me@example.com" } })).status()).toBe(403);
    expect((await page.request.put(baseURL() + "/api/settings/mail_api_key", { headers: origin, data: { value: "re_stolen_12345678" } })).status()).toBe(403);
    expect((await page.request.post(baseURL() + "/api/settings/test-email", { headers: origin, data: { email: "me@example.com" } })).status()).toBe(403);
    expect((await page.request.get(baseURL() + "/api/settings/mail-outbox")).status()).toBe(403);
    await page.close();
  });
});
