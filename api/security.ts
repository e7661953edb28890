// Security headers for every response: pages, the API and the static files (server/start.ts).
// Pages get Astro's Content-Security-Policy (the hashes of the scripts and styles it emitted, see
// astro.config.mjs) with frame-ancestors added, which a <meta> policy cannot carry. Everything else
// (JSON, PDFs, scripts, images) loads nothing itself: default-src 'none'.
import type { Env } from "./env.ts";

/** The policy of a response that is not one of Astro's pages. */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const BASE_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  // For browsers that predate frame-ancestors.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/** Two years, as hstspreload.org asks; only sent when the site is served over https. */
const HSTS = "max-age=63072000; includeSubDomains";

/**
 * Adds the security headers to a response's headers, keeping a Content-Security-Policy the response
 * already has (Astro's, or the error page's own) and adding frame-ancestors to it.
 */
export function applySecurityHeaders(headers: Headers, env: Pick<Env, "APP_ORIGIN">): void {
  for (const [name, value] of Object.entries(BASE_HEADERS)) headers.set(name, value);
  if (env.APP_ORIGIN.startsWith("https:")) headers.set("Strict-Transport-Security", HSTS);
  const csp = headers.get("Content-Security-Policy");
  if (!csp) headers.set("Content-Security-Policy", NON_PAGE_CSP);
  else if (!/frame-ancestors/.test(csp)) headers.set("Content-Security-Policy", `${csp.trim().replace(/;?$/, ";")} frame-ancestors 'none'`);
}
