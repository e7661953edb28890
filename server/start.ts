// Starts ExamPrep: one Deno process serving the built site, the admin bundle and /api/* on PORT.
// `deno run -A server/start.ts [DIST]` serves the build in DIST (default: dist).
import { resolve } from "node:path";
import { ConfigError, type Env, loadEnv, purchaseMode } from "../api/env.ts";
import { createLogger, newRequestId } from "../api/log.ts";
import { applySecurityHeaders } from "../api/security.ts";
import { createStaticHandler } from "./static.ts";

let env: Env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    Deno.exit(1);
  }
  throw err;
}
const log = createLogger(env.LOG_LEVEL);

const dist = resolve(Deno.args[0] ?? "dist");
const entry = resolve(dist, "server/entry.mjs");
try {
  await Deno.stat(entry);
} catch {
  console.error("The site is not built yet: run `npm run build` (or `npm start`, which builds first).");
  Deno.exit(1);
}
if (purchaseMode(env) === "disabled") {
  console.warn("!!! DISABLE_ALL_PURCHASES is set: this server refuses every credit purchase. !!!");
}

// Importing the entry opens the database, applies migrations and seeds the catalogue.
const { handle } = await import(entry);
const serveStatic = createStaticHandler(resolve(dist, "client"), env.APP_ORIGIN);

/** A built file, with the same security headers and log line as everything the app answers. */
async function staticFile(request: Request): Promise<Response | null> {
  const started = performance.now();
  const response = await serveStatic(request);
  if (!response) return null;
  const requestId = newRequestId();
  response.headers.set("X-Request-Id", requestId);
  applySecurityHeaders(response.headers, env);
  const ms = Math.round((performance.now() - started) * 10) / 10;
  log.info("request", { requestId, method: request.method, path: new URL(request.url).pathname, status: response.status, ms, userId: null });
  return response;
}

Deno.serve(
  {
    port: env.PORT,
    hostname: env.HOST,
    onListen: ({ port }) => console.log(`ExamPrep is serving on http://localhost:${port}`),
  },
  async (request, info) => (await staticFile(request)) ?? handle(request, (info.remoteAddr as Deno.NetAddr).hostname),
);
