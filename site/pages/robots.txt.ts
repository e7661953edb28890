// robots.txt (issue 17): the public pages may be crawled; signed-in pages, the admin tools and the
// API may not; the sitemap is on the site's public origin.
import type { APIRoute } from "astro";
import { getDeps } from "../../api/runtime.ts";
import { robotsTxt } from "../../api/catalogue/sitemap.ts";

export const GET: APIRoute = async () => {
  const { env } = await getDeps();
  return new Response(robotsTxt(env.APP_ORIGIN), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
};
