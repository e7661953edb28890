// The share image of a subject or paper page (issue 17): /og/gcse/biology/aqa/paper-1.png, drawn on
// first request from the same catalogue data as the page, then served from memory and cached by
// browsers and proxies for a day (api/share/image.ts).
import type { APIRoute } from "astro";
import { getDeps } from "../../../api/runtime.ts";
import { catalogueList } from "../../../api/catalogue/service.ts";
import { databaseSource, paperPage, paperPath, paperShareCard, subjectPages, subjectPath, subjectShareCard } from "../../../api/catalogue/pages.ts";
import { shareImageResponse } from "../../../api/share/image.ts";

export const GET: APIRoute = async ({ params, request }) => {
  const path = `/${params.path ?? ""}`;
  const { db } = await getDeps();
  const catalogue = (await catalogueList(db, "papers")).value;
  const paper = catalogue.find((p) => paperPath(p) === path);
  if (paper) return await shareImageResponse(paperShareCard(paperPage(await databaseSource(db, paper))), request);
  const inSubject = catalogue.filter((p) => subjectPath(p) === path);
  if (inSubject.length) {
    const [page] = subjectPages(await Promise.all(inSubject.map((p) => databaseSource(db, p))));
    return await shareImageResponse(subjectShareCard(page), request);
  }
  return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
