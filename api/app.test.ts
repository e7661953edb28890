import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestApp, signedInAs } from "./test-utils.ts";
import { createApp } from "./app.ts";
import { sessions } from "./db/schema.ts";
import { ROUTE_ACCESS } from "../shared/constants.ts";

const SIGNED_IN = ROUTE_ACCESS.filter((r) => r.access === "signed-in").map((r) => r.pattern.replace(":paperId", "42").replace(":checkoutId", "abc"));
const ADMIN = ROUTE_ACCESS.filter((r) => r.access === "admin").map((r) => r.pattern);
const PUBLIC = ROUTE_ACCESS.filter((r) => r.access === "public").map((r) => r.pattern);

describe("page access, enforced before any HTML", () => {
  it("sends a signed-out visitor of every signed-in or admin route to /auth, remembering where they were going", async () => {
    const { app } = await createTestApp();
    for (const path of [...SIGNED_IN, ...ADMIN]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(`/auth?next=${encodeURIComponent(path)}`);
    }
    const withQuery = await app.request("/exam-generator?mode=past");
    expect(withQuery.headers.get("location")).toBe("/auth?next=%2Fexam-generator%3Fmode%3Dpast");
  });

  it("lets anyone through to the public routes", async () => {
    const { app } = await createTestApp();
    for (const path of [...PUBLIC, "/auth"]) {
      const res = await app.request(path);
      // No page renderer in this app: passing the check means reaching the 404 fallback.
      expect(res.status, path).toBe(404);
    }
  });

  it("sends a signed-in non-admin on an admin route to / and lets them reach signed-in routes", async () => {
    const deps = await createTestApp();
    const { cookie } = await signedInAs(deps, { username: "amira", email: "amira@example.com" });
    for (const path of ADMIN) {
      const res = await deps.app.request(path, { headers: { cookie } });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/");
    }
    for (const path of SIGNED_IN) {
      expect((await deps.app.request(path, { headers: { cookie } })).status, path).toBe(404);
    }
  });

  it("lets an admin by role, or by ADMIN_EMAIL, reach admin routes", async () => {
    const deps = await createTestApp({ ADMIN_EMAIL: "head@school.org" });
    const byRole = await signedInAs(deps, { username: "boss", email: "boss@example.com", role: "admin" });
    const byEmail = await signedInAs(deps, { username: "head", email: "head@school.org" });
    for (const { cookie } of [byRole, byEmail]) {
      for (const path of ADMIN) expect((await deps.app.request(path, { headers: { cookie } })).status, path).toBe(404);
    }
  });

  it("sends a signed-in user away from /auth to /", async () => {
    const deps = await createTestApp();
    const { cookie } = await signedInAs(deps, { username: "amira", email: "amira@example.com" });
    const res = await deps.app.request("/auth", { headers: { cookie } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
  });

  it("refuses an expired session and deletes it", async () => {
    const deps = await createTestApp();
    const { cookie, userId } = await signedInAs(deps, { username: "old", email: "old@example.com" }, -1000);
    const res = await deps.app.request("/history", { headers: { cookie } });
    expect(res.headers.get("location")).toBe("/auth?next=%2Fhistory");
    expect(await deps.db.select().from(sessions).where(eq(sessions.userId, userId)).all()).toEqual([]);
  });

  it("refuses a made-up session token", async () => {
    const { app } = await createTestApp();
    const res = await app.request("/history", { headers: { cookie: "session=not-a-real-token" } });
    expect(res.status).toBe(302);
  });

  it("never renders a page for a method other than GET or HEAD, signed in or not: 405", async () => {
    const deps = await createTestApp({ ADMIN_EMAIL: "head@school.org" });
    const rendered: string[] = [];
    // A stand-in for Astro that renders whatever reaches it: any request it sees got past the checks.
    const app = createApp(deps, {
      pages: (c) => {
        rendered.push(`${c.req.method} ${c.req.path}`);
        return Promise.resolve(c.text("the page", 200));
      },
    });
    const student = await signedInAs(deps, { username: "amira", email: "amira@example.com" });
    const admin = await signedInAs(deps, { username: "boss", email: "boss@example.com", role: "admin" });
    const every = ROUTE_ACCESS.map((r) => r.pattern.replace(":paperId", "42").replace(":checkoutId", "abc"));
    for (const cookie of [undefined, student.cookie, admin.cookie]) {
      for (const path of every) {
        for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
          const res = await app.request(path, { method, headers: { origin: "http://localhost:8000", ...(cookie ? { cookie } : {}) } });
          expect(res.status, `${method} ${path}`).toBe(405);
          expect(res.headers.get("allow")).toBe("GET, HEAD");
        }
      }
    }
    expect(rendered).toEqual([]);
    // GET still reaches the pages the rules allow.
    expect((await app.request("/exam-papers", { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await app.request("/exam-papers")).status).toBe(302);
    expect(rendered).toEqual(["GET /exam-papers"]);
  });

  it("redirects the home page's generator links to the generator with the mode preselected", async () => {
    const { app } = await createTestApp();
    const q = await app.request("/question-generator");
    expect(q.status).toBe(302);
    expect(q.headers.get("location")).toBe("/exam-generator?mode=past");
    const e = await app.request("/enhanced-exam-generator");
    expect(e.headers.get("location")).toBe("/exam-generator?mode=predicted");
  });
});

describe("API conventions", () => {
  it("answers GET /api/health without touching the database", async () => {
    const { app, db } = await createTestApp();
    db.$client.close();
    const res = await app.request("/api/health", { headers: { cookie: "session=abc" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("GET /api/user is a JSON 401 when signed out, and the user when signed in", async () => {
    const deps = await createTestApp({ ADMIN_EMAIL: "head@school.org" });
    const out = await deps.app.request("/api/user");
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ message: "Not signed in" });

    const { cookie, userId } = await signedInAs(deps, { username: "head", email: "head@school.org", fullName: "Ms Head" });
    const me = await deps.app.request("/api/user", { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    expect(await me.json()).toEqual({
      id: userId,
      username: "head",
      fullName: "Ms Head",
      email: "head@school.org",
      role: "user",
      isAdmin: true,
    });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { app } = await createTestApp();
    for (const [method, path] of [["GET", "/api/nothing-here"], ["POST", "/api/papers/1/frobnicate"], ["GET", "/api"]]) {
      const res = await app.request(path, { method, headers: { origin: "http://localhost:8000" } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).message).toContain(path === "/api" ? "No API route" : path);
    }
  });

  it("turns an unexpected failure into JSON { message } with status 500 on /api, and the error page elsewhere", async () => {
    const { app, db } = await createTestApp();
    db.$client.close();
    const api = await app.request("/api/papers");
    expect(api.status).toBe(500);
    // Nothing of what failed inside: the message, and the request's id to quote.
    expect(await api.json()).toEqual({ message: "An unexpected error occurred.", requestId: api.headers.get("x-request-id") });
    // A session cookie makes the page request read the (closed) database.
    const page = await app.request("/", { headers: { cookie: "session=abc" } });
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain("Reload Page");
    expect(html).toContain(`Reference: <code>${page.headers.get("x-request-id")}</code>`);
    expect(html).not.toMatch(/closed|SQLITE|libsql/i);
    // The fallback page's own policy: its style by hash, no script at all.
    expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'none'; style-src 'sha256-[^']+'; frame-ancestors 'none'/);
  });
});
