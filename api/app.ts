// createApp(): the one Hono application, used by the server (site/fetch.ts) and by the tests.
// It answers /api/*, enforces page access before any HTML is rendered, and hands pages to `pages`.
import { gzipSync } from "node:zlib";
import { Hono, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { HTTPException } from "hono/http-exception";
import { GENERATOR_ALIASES } from "../shared/constants.ts";
import { accessFor, normalisePath } from "../shared/routes.ts";
import { isAdmin, SESSION_COOKIE, setSessionCookie, validateSessionToken } from "./auth/session.ts";
import { authRoutes } from "./auth/routes.ts";
import { googleRoutes } from "./auth/google.ts";
import { catalogueListRoutes, catalogueRoutes } from "./catalogue/routes.ts";
import { creditRoutes } from "./credits/routes.ts";
import { documentRoutes } from "./documents/routes.ts";
import { structureRoutes } from "./structure/routes.ts";
import { testingRoutes } from "./extraction/testing/routes.ts";
import { extractionRoutes } from "./extraction/routes.ts";
import { extractedContent } from "./extraction/document-extraction.ts";
import { paperRoutes } from "./papers/routes.ts";
import { studyRoutes } from "./study/routes.ts";
import { progressRoutes } from "./progress/routes.ts";
import { revisionRoutes } from "./revision/routes.ts";
import { sittingRoutes } from "./sittings/routes.ts";
import { feedbackRoutes } from "./mail/feedback.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { diagnosticsRoutes } from "./diagnostics/routes.ts";
import type { AppEnv, Deps } from "./context.ts";
import { ERROR_PAGE_CSP, errorPageHtml, HttpError, jsonError } from "./http.ts";
import { createLogger, inRequest, newRequestId } from "./log.ts";
import { applySecurityHeaders } from "./security.ts";
import { allowedMethods, bodyLimits, openApiJson } from "./contract.ts";
import { userRoutes } from "./user/routes.ts";
import { smartExtractionRoutes } from "./extraction/smart-routes.ts";

export interface CreateAppOptions {
  /** Renders pages (Astro in the server). Without it, page paths that pass the access check get a 404. */
  pages?: MiddlewareHandler<AppEnv>;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const isApiPath = (path: string) => path === "/api" || path.startsWith("/api/");

/**
 * Pages are sent gzipped to a browser that takes it: their inline stylesheet makes them ~85 KB, which
 * a first visit on a slow connection waits for (the API's lists compress themselves). A page is
 * rendered whole, so it is compressed whole too and still goes out with its length (never a stream a
 * failure could cut off).
 */
const gzipPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (!/^text\/html/.test(res.headers.get("content-type") ?? "") || res.headers.has("content-encoding") || !res.body) return;
  if (!/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return;
  const body = new Uint8Array(gzipSync(new Uint8Array(await res.arrayBuffer())));
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  // Set after the assignment: Hono copies the old response's headers (its length among them) onto the new one.
  c.res.headers.set("Content-Encoding", "gzip");
  c.res.headers.set("Content-Length", String(body.length));
  c.res.headers.append("Vary", "Accept-Encoding");
};

export function createApp(deps: Deps, options: CreateAppOptions = {}) {
  const api = new Hono<AppEnv>()
    .route("/", catalogueRoutes)
    .route("/", userRoutes)
    .route("/", googleRoutes)
    .route("/", authRoutes())
    .route("/", creditRoutes)
    .route("/", paperRoutes)
    .route("/", studyRoutes())
    .route("/", progressRoutes)
    .route("/", revisionRoutes)
    .route("/", sittingRoutes)
    .route("/", feedbackRoutes())
    .route("/", settingsRoutes)
    .route("/", documentRoutes)
    .route("/", structureRoutes)
    .route("/", diagnosticsRoutes)
    .route("/", testingRoutes)
    .route("/", extractionRoutes)
    .route("/", smartExtractionRoutes())
    .all("*", (c) => {
      // A known path asked with another method is a 405 naming the allowed ones; anything else a 404.
      const allowed = allowedMethods(c.req.path);
      if (!allowed.length) return jsonError(c, 404, `No API route for ${c.req.method} ${c.req.path}`);
      c.header("Allow", allowed.join(", "));
      return jsonError(c, 405, `${c.req.method} is not allowed on ${c.req.path}: use ${allowed.join(" or ")}.`);
    });

  const app = new Hono<AppEnv>();
  const log = deps.log ?? createLogger(deps.env.LOG_LEVEL);

  app.onError((err, c) => {
    const status = err instanceof HttpError || err instanceof HTTPException ? err.status : 500;
    const requestId = c.get("requestId");
    if (status >= 500 && !(err instanceof HttpError)) log.error("unhandled error", { requestId, method: c.req.method, path: c.req.path, error: err });
    else if (status >= 500) log.warn("refused", { requestId, path: c.req.path, status, reason: err.message });
    // What went wrong inside is for the log, never for the page: the user gets the reference to quote.
    const message = status >= 500 && !(err instanceof HttpError) ? "An unexpected error occurred." : err.message;
    const details = { ...(err instanceof HttpError ? err.details : undefined), ...(status >= 500 ? { requestId } : {}) };
    if (isApiPath(c.req.path)) return jsonError(c, status as 500, message, details);
    return c.html(errorPageHtml(message, requestId), status as 500, { "Content-Security-Policy": ERROR_PAGE_CSP });
  });

  // Every request, first: its id, one log line when it is answered, and the security headers.
  app.use("*", async (c, next) => {
    const started = performance.now();
    const requestId = newRequestId();
    c.set("requestId", requestId);
    await inRequest(requestId, log, next);
    let headers = c.res.headers;
    try {
      headers.set("X-Request-Id", requestId);
    } catch {
      // A response with immutable headers (Response.redirect): copied into one whose headers can change.
      c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers: new Headers(c.res.headers) });
      headers = c.res.headers;
      headers.set("X-Request-Id", requestId);
    }
    applySecurityHeaders(headers, deps.env);
    // Personal responses are never stored by any cache: a signed-in user's pages, JSON and PDFs. A
    // page for a visitor who is signed out is checked again on each visit, as the header it shows
    // changes when they sign in.
    if (c.var.user) headers.set("Cache-Control", "private, no-store");
    else if (!headers.has("Cache-Control") && headers.get("Content-Type")?.startsWith("text/html")) headers.set("Cache-Control", "private, no-cache");
    log.info("request", {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.var.user?.id ?? null,
    });
  });

  // Every body is size-checked before anything reads it: 64 KB unless the route's contract entry says more.
  app.use("*", bodyLimits());

  // Liveness: answered before the session and database middleware, touching nothing (also the bench's bare baseline).
  app.get("/api/health", (c) => c.json({ ok: true }));
  // The API's description, generated from the contract (api/contract.ts): public, the same for everyone.
  app.get("/api/openapi.json", (c) => c.body(openApiJson(), 200, { "Content-Type": "application/json", "Cache-Control": "public, max-age=3600" }));

  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });

  // The catalogue lists are public and the same for everyone, read on every page view: answered
  // before the session lookup, which they do not need.
  app.route("/api", catalogueListRoutes);

  app.use("*", async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const found = await validateSessionToken(deps.db, token);
    c.set("user", found?.user ?? null);
    c.set("session", found?.session ?? null);
    if (found?.renewed && token) setSessionCookie(c, token, found.session.expiresAt, deps.env.SECURE_COOKIES);
    await next();
  });

  // State-changing requests must come from the app's own pages (CSRF): their Origin must be ours.
  app.use("/api/*", async (c, next) => {
    // Stripe's webhook comes from Stripe, not from a page: its signature is its proof.
    if (SAFE_METHODS.has(c.req.method) || c.req.path === "/api/stripe/webhook") return next();
    const origin = c.req.header("origin");
    const own = new URL(c.req.url).origin;
    if (!origin || (origin !== own && origin !== deps.env.APP_ORIGIN)) {
      return jsonError(c, 403, "This request did not come from ExamPrep's own pages, so it was refused.");
    }
    return next();
  });

  app.route("/api", api);

  // The extracted content viewer (admin-tools.md §2): the stored extraction JSON, opened in a new tab.
  app.get("/extracted-content/:file{[0-9]+\\.json}", async (c) => {
    const user = c.var.user;
    if (!user) return jsonError(c, 401, "Please sign in first");
    if (!isAdmin(user, deps.env.ADMIN_EMAIL)) return jsonError(c, 403, "Only administrators can do this");
    const id = Number(c.req.param("file").replace(/\.json$/, ""));
    if (!Number.isSafeInteger(id) || id < 1) return jsonError(c, 404, "Document not found");
    return c.body(await extractedContent(deps.db, id), 200, { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store" });
  });

  // The home page's buttons point here; both lead to the generator with the mode preselected.
  for (const [path, mode] of Object.entries(GENERATOR_ALIASES)) {
    app.get(path, (c) => c.redirect(`/exam-generator?mode=${mode}`, 302));
  }

  // Access rules of the route table, enforced before any HTML is sent.
  app.use("*", async (c, next) => {
    const path = normalisePath(c.req.path);
    const access = accessFor(path);
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      // Pages are only read: no page takes a POST or any other method, so such a request never
      // reaches one (the renderer would otherwise draw it whatever its access rule). Other paths
      // (static files, the 404 page) go on as before.
      if (access) return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
      return next();
    }
    const user = c.var.user;
    const here = path + new URL(c.req.url).search;
    if (access === "guest-only" && user) return c.redirect("/", 302);
    if ((access === "signed-in" || access === "admin") && !user) {
      return c.redirect(`/auth?next=${encodeURIComponent(here)}`, 302);
    }
    if (access === "admin" && !isAdmin(user, deps.env.ADMIN_EMAIL)) return c.redirect("/", 302);
    return next();
  });

  if (options.pages) app.use("*", gzipPage, options.pages);
  else app.all("*", (c) => c.text("Not Found", 404));

  return app;
}

export type App = ReturnType<typeof createApp>;
