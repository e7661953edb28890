import { Hono } from "hono";
import { CACHE_SECONDS } from "../../shared/constants.ts";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { parseBody } from "../http.ts";
import { newSubjectSchema } from "../../shared/schemas.ts";
import { addSubject, CATALOGUE_LISTS, catalogueList } from "./service.ts";

/**
 * GET /api/papers, /api/subjects, /api/exam-boards, /api/levels: cached 5 min by the browser too.
 * Public: createApp() answers them before the session lookup.
 */
export const catalogueListRoutes = new Hono<AppEnv>();
const LIST_HEADERS = { "Content-Type": "application/json", "Cache-Control": `public, max-age=${CACHE_SECONDS.lists}`, Vary: "Accept-Encoding" };
const GZIP_LIST_HEADERS = { ...LIST_HEADERS, "Content-Encoding": "gzip" };
for (const name of Object.keys(CATALOGUE_LISTS) as (keyof typeof CATALOGUE_LISTS)[]) {
  catalogueListRoutes.get(`/${name}`, async (c) => {
    const { json, gzip } = await catalogueList(c.var.deps.db, name);
    if (/\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) return c.body(gzip as Uint8Array<ArrayBuffer>, 200, GZIP_LIST_HEADERS);
    return c.body(json, 200, LIST_HEADERS);
  });
}

/** POST /api/subjects { name }: admins add a subject to the catalogue. */
export const catalogueRoutes = new Hono<AppEnv>();
catalogueRoutes.post("/subjects", requireAdmin, async (c) => {
  const { name } = await parseBody(c, newSubjectSchema);
  return c.json(await addSubject(c.var.deps.db, name), 201);
});
