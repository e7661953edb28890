// The platform layer of createApp(): production refuses test-mode purchases, security headers on
// every response, request ids and one structured log line per request, and client addresses as the
// rate limits count them.
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { Hono } from "hono";
import type { AppEnv } from "./context.ts";
import { CLIENT_ADDRESS, clientAddress, rateLimitAddress } from "./http.ts";
import { createLogger } from "./log.ts";
import { hashSessionToken } from "./auth/session.ts";
import { ConfigError, parseEnv } from "./env.ts";
import { createTestDeps, send, signedInAs, studentWithCredits, TEST_ORIGIN } from "./test-utils.ts";

function configProblems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
}

describe("production cannot take purchases in test mode", () => {
  it("refuses a production configuration without Stripe, unless purchases are switched off by name", () => {
    expect(configProblems({ NODE_ENV: "production" })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: is required when NODE_ENV=production.*DISABLE_ALL_PURCHASES=true/),
    ]);
    expect(configProblems({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toEqual([]);
    expect(configProblems({ NODE_ENV: "production", DISABLE_ALL_PURCHASES: "true" })).toEqual([]);
    expect(configProblems({ NODE_ENV: "production", DISABLE_ALL_PURCHASES: "yes" })[0]).toMatch(/^DISABLE_ALL_PURCHASES: /);
  });

  it("refuses to start the server in production without Stripe", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["run", "-A", "server/start.ts"], {
      env: { ...process.env, NODE_ENV: "production", STRIPE_SECRET_KEY: "", DISABLE_ALL_PURCHASES: "", PORT: "1" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("STRIPE_SECRET_KEY: is required when NODE_ENV=production");
  });

  it("with purchases switched off, refuses every checkout and never reaches the test checkout", async () => {
    const deps = await createTestDeps({ NODE_ENV: "production", DISABLE_ALL_PURCHASES: "true" });
    const app = createApp(deps);
    const student = await studentWithCredits(deps, "buyer");
    const checkout = await send(app, "/api/checkout/credits", { quantity: 5 }, student.cookie);
    expect(checkout.status).toBe(503);
    expect((await checkout.json()).message).toBe("Purchases are switched off on this server. Please try again later.");
    const test = await send(app, "/api/checkout/test/anything/complete", {}, student.cookie);
    expect(test.status).toBe(404);
  });
});

describe("security headers", () => {
  it("are on every kind of response: JSON, errors, redirects and pages", async () => {
    const deps = await createTestDeps();
    const app = createApp(deps);
    for (const path of ["/api/papers", "/api/health", "/api/no-such-thing", "/history", "/"]) {
      const res = await app.request(path);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("add HSTS when the site is served over https, whatever NODE_ENV says", async () => {
    const deps = await createTestDeps({ NODE_ENV: "development", APP_ORIGIN: "https://examprep.test" });
    const res = await createApp(deps).request("/api/papers");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("mark every personal response private, no-store: JSON, PDFs and pages of a signed-in user", async () => {
    const deps = await createTestDeps();
    const app = createApp(deps);
    const { cookie } = await signedInAs(deps, { username: "nadia", email: "nadia@example.com" });
    for (const path of ["/api/user", "/api/user/transactions", "/api/generated-papers", "/history"]) {
      const res = await app.request(path, { headers: { cookie } });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    // The public catalogue, read before any session, keeps its shared caching.
    expect((await app.request("/api/papers")).headers.get("cache-control")).toMatch(/^public/);
  });
});

describe("request ids and logs", () => {
  it("give every request an id and one structured line without its query, body or cookie", async () => {
    const lines: string[] = [];
    const deps = await createTestDeps();
    const app = createApp({ ...deps, log: createLogger("info", (line) => lines.push(line)) });
    const { cookie, userId } = await signedInAs(deps, { username: "omar", email: "omar@example.com" });
    const res = await app.request("/api/feedback?token=secret-in-query", {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" },
      body: JSON.stringify({ message: "a private message body" }),
    });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({ level: "info", msg: "request", requestId: id, method: "POST", path: "/api/feedback", status: res.status, userId });
    expect(typeof line.ms).toBe("number");
    expect(lines[0]).not.toMatch(/secret-in-query|private message|session=/);
  });

  it("log an unexpected error with the request's id, which the JSON answer shows", async () => {
    const lines: string[] = [];
    const deps = await createTestDeps();
    const app = createApp({ ...deps, log: createLogger("info", (line) => lines.push(line)) });
    deps.db.$client.close();
    const res = await app.request("/api/user", { headers: { cookie: "session=abc" } });
    const { requestId } = await res.json();
    expect(requestId).toBe(res.headers.get("x-request-id"));
    const error = lines.map((l) => JSON.parse(l)).find((l) => l.level === "error");
    expect(error).toMatchObject({ msg: "unhandled error", requestId, path: "/api/user" });
    expect(error.stack).toBeTruthy();
    // A failed query's parameters (here the session's hash) never reach the log.
    expect(error.error).toContain("params: [redacted]");
    expect(lines.join("\n")).not.toContain(hashSessionToken("abc"));
  });

  it("gives a service's own log lines the id of the request that called it", async () => {
    const lines: string[] = [];
    const deps = await createTestDeps({ STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_API_URL: "http://127.0.0.1:9" });
    const app = createApp({ ...deps, log: createLogger("info", (line) => lines.push(line)) });
    const student = await studentWithCredits(deps, "payer");
    // Stripe unreachable: the checkout service logs why, within the request.
    const res = await send(app, "/api/checkout/credits", { creditQuantity: 1 }, student.cookie);
    expect(res.status).toBe(502);
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "checkout session failed");
    expect(failure).toMatchObject({ level: "error", requestId: res.headers.get("x-request-id") });
  });

  it("stays quiet below the configured level", async () => {
    const lines: string[] = [];
    const deps = await createTestDeps();
    const app = createApp({ ...deps, log: createLogger("warn", (line) => lines.push(line)) });
    await app.request("/api/papers");
    expect(lines).toEqual([]);
  });
});

describe("client addresses", () => {
  it("count IPv4 as it is, IPv6 per /64, IPv4-mapped IPv6 as IPv4, and garbage as unknown", () => {
    expect(rateLimitAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("2001:db8:1:2::9")).toBe("2001:db8:1:2::/64");
    expect(rateLimitAddress("[2001:db8:1:3::1]")).toBe("2001:db8:1:3::/64");
    expect(rateLimitAddress("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(rateLimitAddress(" 198.51.100.4 ")).toBe("198.51.100.4");
    expect(rateLimitAddress("evil, 1.2.3.4")).toBe("unknown");
    expect(rateLimitAddress(undefined)).toBe("unknown");
  });

  /** The address clientAddress() reads for a request from `socket`, with these headers, under `env`. */
  async function addressOf(env: Record<string, string>, socket: string, headers: Record<string, string> = {}) {
    const deps = await createTestDeps(env);
    const probe = new Hono<AppEnv>()
      .use((c, next) => {
        c.set("deps", deps);
        return next();
      })
      .get("/", (c) => c.text(clientAddress(c)));
    const request = new Request("http://localhost/", { headers });
    Reflect.set(request, CLIENT_ADDRESS, socket);
    return (await probe.fetch(request)).text();
  }

  it("are the socket's peer without a trusted proxy: a forwarded header is ignored", async () => {
    expect(await addressOf({}, "203.0.113.5", { "x-forwarded-for": "198.51.100.1" })).toBe("203.0.113.5");
    expect(await addressOf({}, "2001:db8:9:9:1:2:3:4")).toBe("2001:db8:9:9::/64");
  });

  it("come from the trusted proxy's header when one is configured: its last address, the one the proxy saw", async () => {
    const env = { TRUSTED_PROXY_HEADER: "x-forwarded-for" };
    // A client can write anything at the front of X-Forwarded-For; the proxy appends what it saw.
    expect(await addressOf(env, "10.0.0.1", { "x-forwarded-for": "198.51.100.1, 203.0.113.9" })).toBe("203.0.113.9");
    expect(await addressOf(env, "10.0.0.1", { "x-forwarded-for": "2001:db8:7:7::abcd" })).toBe("2001:db8:7:7::/64");
    expect(await addressOf(env, "10.0.0.1")).toBe("unknown");
    expect(await addressOf({ TRUSTED_PROXY_HEADER: "cf-connecting-ip" }, "10.0.0.1", { "cf-connecting-ip": "198.51.100.77" })).toBe("198.51.100.77");
    expect(configProblems({ TRUSTED_PROXY_HEADER: "x forwarded" })[0]).toMatch(/^TRUSTED_PROXY_HEADER: /);
  });
});
