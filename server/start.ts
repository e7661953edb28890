// Starts ExamPrep: one Deno process serving the built site, the admin bundle and /api/* on PORT.
import { resolve } from "node:path";
import { ConfigError, loadEnv } from "../api/env.ts";
import { createStaticHandler } from "./static.ts";

let env;
try {
  env = loadEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    Deno.exit(1);
  }
  throw err;
}

const entry = resolve("dist/server/entry.mjs");
try {
  await Deno.stat(entry);
} catch {
  console.error("The site is not built yet: run `npm run build` (or `npm start`, which builds first).");
  Deno.exit(1);
}

// Importing the entry opens the database, applies migrations and seeds the catalogue.
const { handle } = await import(entry);
const serveStatic = createStaticHandler("dist/client");

Deno.serve(
  {
    port: env.PORT,
    hostname: env.HOST,
    onListen: ({ port }) => console.log(`ExamPrep is serving on http://localhost:${port}`),
  },
  async (request, info) =>
    (await serveStatic(request)) ?? handle(request, (info.remoteAddr as Deno.NetAddr).hostname),
);
