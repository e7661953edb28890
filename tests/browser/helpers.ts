import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { AxeBuilder } from "@axe-core/playwright";
import { inject } from "vitest";
import { connect, type Database } from "../../api/db/client.ts";
import { generatedPapers, sessions, users } from "../../api/db/schema.ts";
import { hashSessionToken, SESSION_COOKIE } from "../../api/auth/session.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.ts";
import { changeCredits } from "../../api/credits/ledger.ts";

export const baseURL = () => inject("baseURL");

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A page in a context of its own (axe needs pages made from a context). */
export async function newPage(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on("close", () => void context.close().catch(() => {}));
  return page;
}

let db: Database | undefined;
/** The server's own database file, opened from the test process to arrange data. */
export async function serverDb(): Promise<Database> {
  db ??= await connect(inject("databaseUrl"));
  return db;
}

/** Gives a user credits through the ledger (an admin grant), as a real balance would be given. */
export async function grantCredits(userId: number, credits: number) {
  await (await serverDb()).transaction((tx) => changeCredits(tx, { userId, delta: credits, type: "admin_grant", description: "browser test grant" }));
}

/** Creates a user with a live session in the server's database and puts its cookie in the browser context. */
export async function signIn(
  context: BrowserContext,
  fields: { username: string; email: string; fullName: string; role?: string },
  papers: { name: string; subject: string }[] = [],
): Promise<number> {
  const database = await serverDb();
  const user = await database.insert(users).values({ role: "user", ...fields }).returning().get();
  for (const p of papers) {
    await database.insert(generatedPapers).values({ userId: user.id, examBoard: "AQA", level: "GCSE", ...p });
  }
  const token = randomBytes(20).toString("base64url");
  await database.insert(sessions).values({ id: hashSessionToken(token), userId: user.id, expiresAt: new Date(Date.now() + 86_400_000) });
  await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL(), httpOnly: true, sameSite: "Lax" }]);
  return user.id;
}

/** Serious and critical accessibility violations on the page, as 'rule: target' lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // A colour transition caught halfway (a button fading in) is no contrast failure: let them end first.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition)), undefined, { timeout: 2000 })
    .catch(() => {});
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}

/** Waits until the React island of that component has hydrated (before that its buttons do nothing). */
export async function hydrated(page: Page, component: string): Promise<void> {
  await page.locator(`astro-island[component-url*="${component}"]:not([ssr])`).first().waitFor({ state: "attached" });
}

/** Waits until the header's script has started (site/lib/user-menu.ts): before that Sign Out does nothing. */
export async function headerReady(page: Page): Promise<void> {
  await page.locator("#user-menu[data-ready]").waitFor({ state: "attached" });
}

/** Waits until the toaster's script has started (site/lib/toaster.ts): before that no toast shows. */
export async function toasterReady(page: Page): Promise<void> {
  await page.locator("#toast-viewport[data-ready]").waitFor({ state: "attached" });
}
