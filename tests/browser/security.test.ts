// The Content-Security-Policy in a real browser: every page of the route table loads and hydrates
// with no script, style or other resource refused, so the policy forbids inline scripts without
// breaking anything. Also the headers on pages, the API and static files, and the 500 page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { eq, sql } from "drizzle-orm";
import { ROUTE_ACCESS } from "../../shared/constants.ts";
import { users } from "../../api/db/schema.ts";
import { baseURL, launch, newPage, serverDb, signIn } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Collects the page's CSP violations (the browser's own event) from before any of its scripts run. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
  });
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)), ...console];
}

describe("Content-Security-Policy in the browser", () => {
  it("refuses nothing on any page of the route table, signed out or signed in as an admin", async () => {
    const paths = ROUTE_ACCESS.filter((r) => !r.pattern.includes(":")).map((r) => r.pattern);
    const visitor = await newPage(browser);
    const visitorViolations = await watchViolations(visitor);
    for (const path of ["/", "/pricing", "/auth", "/terms-of-service", "/privacy-policy"]) {
      await visitor.goto(baseURL() + path, { waitUntil: "networkidle" });
      expect(await visitorViolations(), path).toEqual([]);
    }
    await visitor.close();

    const admin = await newPage(browser);
    await signIn(admin.context(), { username: "cspadmin", email: "csp-admin@school.test", fullName: "Csp Admin", role: "admin" });
    const adminViolations = await watchViolations(admin);
    for (const path of paths.filter((p) => p !== "/auth")) {
      const response = await admin.goto(baseURL() + path, { waitUntil: "networkidle" });
      expect(response?.status(), path).toBe(200);
      // Every island hydrated: Astro removes the ssr attribute once an island's script has run.
      await expect.poll(() => admin.locator("astro-island[ssr]").count(), { message: path }).toBe(0);
      expect(await adminViolations(), path).toEqual([]);
    }
    await admin.close();
  });
});

describe("security headers", () => {
  it("are on pages, the API and static files, and signed-in pages are never stored", async () => {
    for (const path of ["/", "/api/papers", "/favicon.svg", "/api/no-such-route"]) {
      const res = await fetch(baseURL() + path, { method: "HEAD" });
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      // No inline script runs unless the policy names it by hash.
      expect(res.headers.get("content-security-policy")?.match(/script-src[^;]*/)?.[0] ?? "", path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(res.headers.get("x-request-id"), path).toMatch(/^[0-9a-f]{16}$/);
    }
    const home = await fetch(baseURL() + "/");
    expect(home.headers.get("content-security-policy")).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);

    const page = await newPage(browser);
    await signIn(page.context(), { username: "nostore", email: "nostore@example.com", fullName: "No Store" });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    for (const path of ["/", "/history", "/api/user"]) {
      const res = await fetch(baseURL() + path, { headers: { cookie } });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    await page.close();
  });
});

describe("a page that fails while rendering", () => {
  it("is rendered whole before it is sent, so a failure ends in the complete 500 page with a reference and no internal error text", async () => {
    // Rendered whole: the page goes out with its length, never as a stream that a failure could cut off.
    const home = await fetch(baseURL() + "/pricing");
    expect(home.headers.get("content-length")).toMatch(/^\d+$/);
    expect((await home.text()).trimEnd()).toMatch(/<\/html>$/);

    const page = await newPage(browser);
    const userId = await signIn(page.context(), { username: "broken", email: "broken@example.com", fullName: "Broken Name" });
    // An e-mail the layout cannot read (bytes, not text): the layout fails while rendering the page.
    const db = await serverDb();
    await db.run(sql`UPDATE users SET email = x'00ff10' WHERE id = ${userId}`);
    try {
      const response = await page.goto(baseURL() + "/pricing");
      expect(response?.status()).toBe(500);
      const html = await response!.text();
      expect(html.trimEnd()).toMatch(/<\/html>$/);
      expect(html).toContain("Something went wrong");
      expect(html).not.toMatch(/is not a function|TypeError|at [A-Za-z.]+ \(/);
      const reference = await page.getByTestId("request-id").textContent();
      expect(reference).toBe(response!.headers()["x-request-id"]);
      // No script on the page; its Reload Page link points at the same address.
      expect(await page.locator("script").count()).toBe(0);
      expect(await page.getByRole("link", { name: "Reload Page" }).getAttribute("href")).toBe("");
    } finally {
      await db.update(users).set({ email: "broken@example.com" }).where(eq(users.id, userId));
      await page.close();
    }
  });
});
