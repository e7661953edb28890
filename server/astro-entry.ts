// The server entry Astro bundles into dist/server/entry.mjs. It exposes one fetch handler
// for everything Astro renders (pages and, through site/fetch.ts, the Hono API).
import { createApp } from "astro/app/entrypoint";

// Not streamed: see site/fetch.ts, which renders every page whole.
const app = createApp({ streaming: false });

/** Must equal CLIENT_ADDRESS of api/http.ts, which reads it back for rate limits. */
const CLIENT_ADDRESS = Symbol.for("examprep.clientAddress");

export function handle(request: Request, clientAddress?: string): Promise<Response> {
  Reflect.set(request, CLIENT_ADDRESS, clientAddress);
  return app.render(request, { clientAddress, addCookieHeader: true });
}
