import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** An error with an HTTP status whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(readonly status: ContentfulStatusCode, message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = "HttpError";
  }
}

export const jsonError = (c: Context, status: ContentfulStatusCode, message: string, details?: Record<string, unknown>) =>
  c.json({ message, ...details }, status);

/** Set by the server on each request (server/astro-entry.ts): the client's address, for rate limits. */
export const CLIENT_ADDRESS = Symbol.for("examprep.clientAddress");
export function clientAddress(c: Context): string {
  return (Reflect.get(c.req.raw, CLIENT_ADDRESS) as string | undefined) ?? "unknown";
}

/** Parses a JSON body with a zod schema: 400 with the first message and every field's messages. */
export async function parseBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, "The request body must be JSON.");
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "body"] ??= issue.message;
  throw new HttpError(400, result.error.issues[0].message, { errors });
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The fallback page for failures outside Astro's rendering (§2: 'Something went wrong', the message, Reload Page). */
export function errorPageHtml(message: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong · ExamPrep</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569}button{background:#1d4ed8;color:#fff;border:0;border-radius:.5rem;padding:.6rem 1rem;font-size:1rem;cursor:pointer}</style></head>
<body><main role="alert"><h1>Something went wrong</h1><p>${escapeHtml(message)}</p><button type="button" onclick="location.reload()">Reload Page</button></main></body></html>`;
}
