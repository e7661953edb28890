// sitemap.xml (issue 17): the public pages and every subject and paper page of the catalogue, from
// the database's catalogue (the one the pages are built from, with any paper an admin added since).
import type { APIRoute } from "astro";
import { getDeps } from "../../api/runtime.ts";
import { catalogueList } from "../../api/catalogue/service.ts";
import { sitemapXml } from "../../api/catalogue/sitemap.ts";
import { CACHE_SECONDS } from "../../shared/constants.ts";

export const GET: APIRoute = async () => {
  const { db, env } = await getDeps();
  const catalogue = (await catalogueList(db, "papers")).value;
  return new Response(sitemapXml(env.APP_ORIGIN, catalogue), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": `public, max-age=${CACHE_SECONDS.lists}` },
  });
};
