import { createHash } from "node:crypto";
import type { Context } from "hono";
import ipaddr from "ipaddr.js";
import type { Deps } from "./context.ts";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** An error with an HTTP status whose message is safe to show to the user. */
export class HttpError extends Error {
  constructor(readonly status: ContentfulStatusCode, message: string, readonly details?: Record<string, unknown>) {
    super(message);
    this.name = "HttpError";
  }
}

/** A numeric id from the path; anything else is a 404 naming the thing, as if it did not exist. */
export function pathId(raw: string, what: string): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, `${what} not found`);
  return id;
}

export const jsonError = (c: Context, status: ContentfulStatusCode, message: string, details?: Record<string, unknown>) =>
  c.json({ message, ...details }, status);

/** Set by the server on each request (server/astro-entry.ts): the socket peer's address. */
export const CLIENT_ADDRESS = Symbol.for("examprep.clientAddress");

/**
 * The client's address, as rate limits count it. With TRUSTED_PROXY_HEADER set, from that header (the
 * last address in it: the one the trusted proxy itself saw and appended, which a client cannot forge);
 * otherwise the socket's peer. IPv6 is counted per /64, the block one household or device gets, so a
 * client cannot step past a limit by changing the last 64 bits; IPv4-mapped IPv6 is counted as IPv4.
 */
export function clientAddress(c: Context): string {
  const header = (c.get("deps") as Deps | undefined)?.env.TRUSTED_PROXY_HEADER;
  const raw = header ? c.req.header(header)?.split(",").at(-1) : (Reflect.get(c.req.raw, CLIENT_ADDRESS) as string | undefined);
  return rateLimitAddress(raw);
}

/** An address as a rate-limit key: IPv4 as it is, IPv6 as its /64; anything unparseable as 'unknown'. */
export function rateLimitAddress(raw: string | undefined): string {
  const value = raw?.trim().replace(/^\[|\]$/g, "");
  if (!value || !ipaddr.isValid(value)) return "unknown";
  let address = ipaddr.parse(value);
  if (address.kind() === "ipv6" && (address as ipaddr.IPv6).isIPv4MappedAddress()) address = (address as ipaddr.IPv6).toIPv4Address();
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(parts).toNormalizedString().split(":").slice(0, 4).join(":")}::/64`;
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

const ERROR_PAGE_STYLE =
  "body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}main{max-width:32rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}h1{font-size:1.5rem;margin:0 0 .5rem}p{color:#475569}a.button{display:inline-block;background:#1d4ed8;color:#fff;border-radius:.5rem;padding:.6rem 1rem;font-size:1rem;text-decoration:none}small{display:block;margin-top:1rem;color:#64748b}";

/** The fallback page's own policy: its one style block, by hash, and nothing else (no script at all). */
export const ERROR_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(ERROR_PAGE_STYLE).digest("base64")}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/**
 * The fallback page for failures outside Astro's rendering (§2: 'Something went wrong', the message,
 * Reload Page), with the request's reference for support. 'Reload Page' is a link to the same
 * address: the page runs no script, so its policy can forbid every script.
 */
export function errorPageHtml(message: string, requestId?: string): string {
  const reference = requestId ? `<small>Reference: <code>${escapeHtml(requestId)}</code></small>` : "";
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong · ExamPrep</title>
<style>${ERROR_PAGE_STYLE}</style></head>
<body><main role="alert"><h1>Something went wrong</h1><p>${escapeHtml(message)}</p><a class="button" href="">Reload Page</a>${reference}</main></body></html>`;
}
