// The share image of a subject or paper page (issue 17): /og/gcse/biology/aqa/paper-1.png, drawn on
// first request from the same catalogue data as the page, then served from memory and cached by
// browsers and proxies for a day (api/share/image.ts).
import type { APIRoute } from "astro";
import { getDeps } from "../../../api/runtime.ts";
import { catalogueList } from "../../../api/catalogue/service.ts";
import { catalogueView, paperShareCard, subjectShareCard } from "../../../api/catalogue/pages.ts";
import { shareImageResponse } from "../../../api/share/image.ts";

export const GET: APIRoute = async ({ params, request }) => {
  const { db } = await getDeps();
  const view = await catalogueView(db, (await catalogueList(db, "papers")).value, `/${params.path ?? ""}`);
  if (!view) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return await shareImageResponse("paper" in view ? paperShareCard(view.paper) : subjectShareCard(view.subject), request);
};
