// The server entry Astro bundles into dist/server/entry.mjs. It exposes one fetch handler
// for everything Astro renders (pages and, through site/fetch.ts, the Hono API).
import { createApp } from "astro/app/entrypoint";

const app = createApp({ streaming: true });

export function handle(request: Request, clientAddress?: string): Promise<Response> {
  return app.render(request, { clientAddress, addCookieHeader: true });
}
