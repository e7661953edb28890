import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Browser, chromium, type Page } from "playwright-core";
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { baseURL, headerReady, hydrated, launch, newPage, seriousViolations, serverDb, signIn as seedSession } from "./helpers.ts";
import { mailOutbox, sessions, users } from "../../api/db/schema.ts";
import { hashPassword } from "../../api/auth/password.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";

/** Not on the common-password list (secret123, the old test password, is). */
const PASSWORD = "revision-2026";

/**
 * An account with PASSWORD, written straight to the server's database: registrations through the form
 * are limited to 5 an hour per address, and the other tests of this file use them.
 */
async function passwordAccount(fields: { username: string; email: string; fullName: string }) {
  await (await serverDb()).insert(users).values({ ...fields, passwordHash: await hashPassword(PASSWORD) });
}

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

// Until an island has hydrated its controls do nothing (a click on the Register tab, Sign Out or a
// settings tab is lost), so every step waits for the island it is about to use.
async function register(page: Page, fields: { fullName: string; email: string; username?: string; password: string }) {
  await hydrated(page, "AuthForms");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Full name").fill(fields.fullName);
  await page.getByLabel("E-mail").fill(fields.email);
  if (fields.username) await page.getByLabel("Username (optional)").fill(fields.username);
  await page.getByLabel("Password", { exact: true }).fill(fields.password);
  await page.getByLabel("Confirm password").fill(fields.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** Signs out and waits for the home page that follows (its 'Logged out' toast). */
async function signOut(page: Page) {
  await headerReady(page);
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Logged out");
}

async function signIn(page: Page, username: string, password: string) {
  await hydrated(page, "AuthForms");
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("accounts in the browser", () => {
  it("register, see 'Hello, <name>', sign out, sign in, reach /history", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth");
    expect(await seriousViolations(page)).toEqual([]);
    await register(page, { fullName: "Amira Khan", email: "amira.browser@example.com", username: "amira_b", password: PASSWORD });
    await page.waitForURL(baseURL() + "/");
    await expect.poll(() => page.locator("header").innerText()).toContain("Hello, Amira Khan");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Registration successful");

    await signOut(page);
    await page.waitForURL(baseURL() + "/");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Logged out");
    expect(await page.locator("header").innerText()).not.toContain("Hello");

    await page.goto(baseURL() + "/auth");
    await signIn(page, "AMIRA_B", PASSWORD);
    await page.waitForURL(baseURL() + "/");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Welcome back, Amira Khan");
    await page.goto(baseURL() + "/history");
    expect(new URL(page.url()).pathname).toBe("/history");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Generated Papers");
    await page.close();
  });

  it("a signed-out visit to /history lands on /auth and returns to /history after signing in", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth");
    await register(page, { fullName: "Ben Ode", email: "ben.browser@example.com", password: PASSWORD });
    await page.waitForURL(baseURL() + "/");
    await signOut(page);
    await page.waitForURL(baseURL() + "/");

    await page.goto(baseURL() + "/history");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await signIn(page, "ben.browser@example.com", PASSWORD);
    await page.waitForURL(baseURL() + "/history");
    expect(await page.locator("header").innerText()).toContain("Hello, Ben Ode");
    await page.close();
  });

  it("shows the spec's validation messages and the server's answer to a wrong password", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth");
    await hydrated(page, "AuthForms");
    await page.getByRole("tab", { name: "Register" }).click();
    await page.getByLabel("Full name").fill("A");
    await page.getByLabel("E-mail").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("another-revision-2026");
    await page.getByRole("button", { name: "Create Account" }).click();
    const form = page.getByRole("tabpanel");
    await expect.poll(() => form.innerText()).toContain("Full name must be at least 2 characters");
    const text = await form.innerText();
    expect(text).toContain("Please enter a valid email address");
    expect(text).toContain("Passwords do not match");
    expect(text).toContain("You must accept the Terms of Service and Privacy Policy");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("tab", { name: "Login" }).click();
    await signIn(page, "nobody-here", "wrong-password");
    await expect.poll(() => page.getByRole("alert").first().innerText()).toContain("Invalid username or password");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Login failed");
    await page.close();
  });

  it("without Google configured, 'Sign in with Google' comes back to /auth with a clear message", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth?next=%2Fhistory");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.waitForURL(/\/auth\?error=google_not_configured/);
    await expect.poll(() => page.getByRole("alert").first().innerText()).toContain("Google sign-in is not set up");
    await page.close();
  });

  it("carries a friend's referral code to 'Sign up with Google', and says when a code does not exist", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth?ref=FRIEND23&next=%2Fhistory");
    const google = page.getByRole("link", { name: "Sign up with Google" });
    expect(await google.getAttribute("href")).toBe("/api/auth/google?next=%2Fhistory&ref=FRIEND23");
    await page.goto(baseURL() + "/auth?error=referral_invalid&tab=register");
    await expect.poll(() => page.getByRole("alert").first().innerText()).toContain("That referral code does not exist");
    await page.close();
  });

  it("going back to a signed-in page after signing out in another tab never shows it signed in: it goes to /auth", async () => {
    // Playwright turns the back-forward cache off by default; this test needs the browser's real one.
    const bfcacheBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ignoreDefaultArgs: ["--disable-back-forward-cache"] });
    try {
      const context = await bfcacheBrowser.newContext();
      await seedSession(context, { username: "dana_bf", email: "dana.bf@example.com", fullName: "Dana Bell" });
      const page = await context.newPage();
      const first = await page.goto(baseURL() + "/history");
      // A signed-in page is never stored: the browser asks the server again rather than restoring
      // it after the session cookie changed (and the user store checks the user again whenever a
      // page does come back from the back-forward cache).
      expect(first?.headers()["cache-control"]).toBe("private, no-store");
      await headerReady(page);
      await expect.poll(() => page.locator("header").innerText()).toContain("Hello, Dana Bell");
      await page.goto(baseURL() + "/terms-of-service");

      const other = await context.newPage();
      await other.goto(baseURL() + "/");
      await signOut(other);
      await other.close();

      // Not page.goBack(): it waits for a load event, which a page restored from the cache never fires.
      await page.evaluate(() => history.back());
      await expect.poll(() => page.url(), { timeout: 10_000 }).toBe(baseURL() + "/auth?next=%2Fhistory");
      await page.waitForLoadState();
      expect(await page.locator("header").innerText()).not.toContain("Hello");
    } finally {
      await bfcacheBrowser.close();
    }
  });

  it("settings: a student changes their name and notification preferences, and they stay changed", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth");
    await register(page, { fullName: "Cara Lee", email: "cara.browser@example.com", password: PASSWORD });
    await page.waitForURL(baseURL() + "/");
    await page.goto(baseURL() + "/settings");
    await hydrated(page, "AccountSettings");
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Settings");
    expect(await page.locator("#admin-root").count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Full name").fill("Cara Lee-Jones");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Profile updated");
    await expect.poll(() => page.locator("header").innerText()).toContain("Hello, Cara Lee-Jones");

    await page.getByRole("tab", { name: "Notifications" }).click();
    const updates = page.getByRole("switch", { name: /Product updates/ });
    expect(await updates.isChecked()).toBe(false);
    await updates.check();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Preferences saved");

    await page.reload();
    await hydrated(page, "AccountSettings");
    expect(await page.locator("header").innerText()).toContain("Hello, Cara Lee-Jones");
    await page.getByRole("tab", { name: "Notifications" }).click();
    expect(await page.getByRole("switch", { name: /Product updates/ }).isChecked()).toBe(true);
    await page.close();
  });

  it("refuses a common password at registration with the server's message on the field", async () => {
    const page = await newPage(browser);
    await page.goto(baseURL() + "/auth");
    await register(page, { fullName: "Dev Patel", email: "dev.browser@example.com", password: "password1" });
    const form = page.getByRole("tabpanel");
    await expect.poll(() => form.innerText()).toContain("This password is too common. Please choose one that is harder to guess");
    expect(new URL(page.url()).pathname).toBe("/auth");
    await page.close();
  });

  it("never follows a hostile next after sign-in, and keeps a same-site one with its query", async () => {
    const page = await newPage(browser);
    await passwordAccount({ username: "eve_b", email: "eve.browser@example.com", fullName: "Eve Ray" });
    await page.goto(baseURL() + "/auth?next=%2F%09%2Fevil.example");
    expect(await page.getByRole("link", { name: "Sign in with Google" }).getAttribute("href")).toBe("/api/auth/google?next=%2F");
    await signIn(page, "eve_b", PASSWORD);
    await page.waitForURL(baseURL() + "/");
    await signOut(page);
    await page.goto(baseURL() + "/auth?next=%2Fexam-generator%3Fmode%3Dpast");
    await signIn(page, "eve_b", PASSWORD);
    await page.waitForURL(baseURL() + "/exam-generator?mode=past");
    await page.close();
  });

  it("settings: an e-mail change needs the password and happens when the mailed link is opened", async () => {
    const page = await newPage(browser);
    await passwordAccount({ username: "finn_b", email: "finn.browser@example.com", fullName: "Finn Cole" });
    await page.goto(baseURL() + "/auth?next=%2Fsettings");
    await signIn(page, "finn_b", PASSWORD);
    await page.waitForURL(baseURL() + "/settings");
    await hydrated(page, "AccountSettings");

    await page.getByLabel("E-mail").fill("finn.new@example.com");
    const profile = page.getByRole("form", { name: "Profile" });
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect.poll(() => profile.innerText()).toContain("Enter your current password to change your e-mail");
    await profile.getByLabel("Current password").fill("not-my-password");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect.poll(() => profile.innerText()).toContain("Current password is incorrect");
    await profile.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect.poll(() => page.getByTestId("pending-email").innerText()).toContain("finn.new@example.com");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("We sent a confirmation link to finn.new@example.com");
    expect(await page.getByLabel("E-mail").inputValue()).toBe("finn.browser@example.com");
    expect(await seriousViolations(page)).toEqual([]);

    const db = await serverDb();
    const mail = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "finn.new@example.com")).orderBy(desc(mailOutbox.id)).get();
    const link = /\/api\/user\/email\/confirm\?token=[a-z0-9]+/.exec(mail!.text)![0];
    await page.goto(baseURL() + link);
    expect(page.url()).toBe(baseURL() + "/settings?email=confirmed");
    await hydrated(page, "AccountSettings");
    expect(await page.getByRole("status").first().innerText()).toContain("Your new e-mail address is confirmed");
    expect(await page.getByLabel("E-mail").inputValue()).toBe("finn.new@example.com");
    expect(await page.getByTestId("pending-email").count()).toBe(0);
    await page.close();
  });

  it("settings: 'Sign out everywhere' ends this session and the ones on other devices", async () => {
    const phone = await browser.newContext();
    const laptop = await browser.newContext();
    const userId = await seedSession(phone, { username: "gus_b", email: "gus.browser@example.com", fullName: "Gus Hill" });
    // The same account signed in on a second device.
    const token = randomBytes(20).toString("base64url");
    await (await serverDb()).insert(sessions).values({ id: hashSessionToken(token), userId, expiresAt: new Date(Date.now() + 86_400_000) });
    await laptop.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);

    const page = await phone.newPage();
    await page.goto(baseURL() + "/settings");
    await hydrated(page, "AccountSettings");
    await page.getByRole("button", { name: "Sign out everywhere" }).click();
    const dialog = page.getByTestId("sign-out-everywhere-dialog");
    await expect.poll(() => dialog.innerText()).toContain("including this one");
    await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
    await page.waitForURL(baseURL() + "/auth");
    await expect.poll(() => page.getByTestId("toast-viewport").innerText()).toContain("Signed out everywhere");

    const other = await laptop.newPage();
    await other.goto(baseURL() + "/settings");
    expect(new URL(other.url()).pathname).toBe("/auth");
    await phone.close();
    await laptop.close();
  });
});
