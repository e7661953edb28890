// sitemap.xml and robots.txt (issue 17), from the catalogue and the route table.
import type { Paper } from "../../shared/schemas.ts";
import { ROUTE_ACCESS } from "../../shared/constants.ts";
import { paperPath, subjectPath } from "./pages.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The public pages of the route table with no parameter (the home page, pricing, the legal pages). */
export const PUBLIC_PAGES = ROUTE_ACCESS.filter((r) => r.access === "public" && !r.pattern.includes(":") && !r.pattern.startsWith("/credits") && r.pattern !== "/checkout-confirmation")
  .map((r) => r.pattern);

export function sitemapPaths(catalogue: readonly Paper[]): string[] {
  const subjects = [...new Set(catalogue.map(subjectPath))].sort();
  const papers = catalogue.map(paperPath).sort();
  return [...PUBLIC_PAGES, ...subjects, ...papers];
}

export function sitemapXml(origin: string, catalogue: readonly Paper[]): string {
  const base = origin.replace(/\/$/, "");
  const urls = sitemapPaths(catalogue).map((p) => `  <url><loc>${escapeXml(base + p)}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Every route that is not public, as a Disallow line (its fixed part before any parameter). */
export function robotsTxt(origin: string): string {
  const closed = [...new Set(ROUTE_ACCESS.filter((r) => r.access !== "public").map((r) => r.pattern.split("/:")[0]))].sort();
  const lines = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /admin/", ...closed.map((p) => `Disallow: ${p}`), "", `Sitemap: ${origin.replace(/\/$/, "")}/sitemap.xml`, ""];
  return lines.join("\n");
}
