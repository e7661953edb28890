import { type Access, ROUTE_ACCESS } from "./constants.ts";

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split("/");
  const b = pathname.split("/");
  if (a.length !== b.length) return false;
  return a.every((part, i) => (part.startsWith(":") ? b[i].length > 0 : part === b[i]));
}

/** Normalises a request path: no trailing slash except for the root. */
export function normalisePath(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
}

/** The access rule of a page route, or null when the path is not in the route table. */
export function accessFor(pathname: string): Access | null {
  const path = normalisePath(pathname);
  return ROUTE_ACCESS.find((r) => matches(r.pattern, path))?.access ?? null;
}

// Control characters (browsers drop tabs and newlines inside URLs, so "/\t/evil" becomes "//evil") and
// backslashes (browsers read "\\" as "/") are refused outright, in the raw value and in every
// percent-decoded form of it, rather than guessed at.
const UNSAFE_IN_NEXT = /[\u0000-\u001f\u007f\\]/;

/**
 * Where a sign-in should send the user back to: a path on `origin` (APP_ORIGIN on the server,
 * location.origin in the browser), or "/" for anything else. The value is resolved against the origin
 * and kept only if it stays there; control characters, backslashes and scheme-relative forms
 * ("//host") are refused whether written raw or percent-encoded. The same function serves the server
 * (the /auth page, Google sign-in) and the sign-in form before it navigates.
 */
export function safeNextPath(next: string | null | undefined, origin: string): string {
  if (!next || next.length > 2000) return "/";
  let decoded = next;
  // Decoded until it stops changing (a few rounds at most), so "%2509" cannot hide a "%09".
  for (let round = 0; round < 4; round++) {
    if (UNSAFE_IN_NEXT.test(decoded) || !decoded.startsWith("/") || decoded.startsWith("//")) return "/";
    let again: string;
    try {
      again = decodeURIComponent(decoded);
    } catch {
      return "/";
    }
    if (again === decoded) break;
    decoded = again;
  }
  let base: URL;
  try {
    base = new URL(origin);
  } catch {
    return "/";
  }
  const url = new URL(next, base);
  if (url.origin !== base.origin) return "/";
  return url.pathname + url.search + url.hash;
}
