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

/** Where a sign-in should send the user back to: only same-site paths, never another origin. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  return next;
}
