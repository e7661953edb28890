import { paperExamDates, replaceExamDates } from "./exam-dates.ts";
import { Hono } from "hono";
import { CACHE_SECONDS } from "../../shared/constants.ts";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { HttpError, parseBody } from "../http.ts";
import { newSubjectSchema } from "../../shared/schemas.ts";
import { adminDefaultsSchema, auditQuerySchema, examDatesSchema, offeringSchema, paperDetailsSchema, paperPatchSchema } from "../../shared/catalogue.ts";
import { CATALOGUE_LISTS, catalogueList } from "./service.ts";
import {
  addOffering,
  addRecord,
  adminCatalogue,
  createPaper,
  deleteCataloguePaper,
  deleteOffering,
  listAudit,
  readAdminDefaults,
  saveAdminDefaults,
  savePaperStructure,
  updatePaperDetails,
} from "./admin.ts";

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

const idParam = (raw: string, what: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(404, `${what} not found`);
  return id;
};

/**
 * The catalogue's admin endpoints (admin-tools.md §7 and the paths it leaves open): records,
 * offerings, papers, the audit log and the admin's default settings. All admin-only; every change
 * is audited and drops the cached lists (api/catalogue/admin.ts).
 */
export const catalogueRoutes = new Hono<AppEnv>()
  .get("/catalogue", requireAdmin, async (c) => c.json(await adminCatalogue(c.var.deps.db)))
  .post("/subjects", requireAdmin, async (c) => {
    const { name } = await parseBody(c, newSubjectSchema);
    return c.json(await addRecord(c.var.deps.db, c.var.user!.id, "subject", name), 201);
  })
  .post("/exam-boards", requireAdmin, async (c) => {
    const { name } = await parseBody(c, newSubjectSchema);
    return c.json(await addRecord(c.var.deps.db, c.var.user!.id, "examBoard", name), 201);
  })
  .post("/levels", requireAdmin, async (c) => {
    const { name } = await parseBody(c, newSubjectSchema);
    return c.json(await addRecord(c.var.deps.db, c.var.user!.id, "level", name), 201);
  })
  .post("/offerings", requireAdmin, async (c) => {
    const input = await parseBody(c, offeringSchema);
    return c.json(await addOffering(c.var.deps.db, c.var.user!.id, input), 201);
  })
  .delete("/offerings/:id", requireAdmin, async (c) => {
    await deleteOffering(c.var.deps.db, c.var.user!.id, idParam(c.req.param("id"), "Offering"));
    return c.json({ success: true });
  })
  .post("/papers", requireAdmin, async (c) => {
    const details = await parseBody(c, paperDetailsSchema);
    return c.json(await createPaper(c.var.deps.db, c.var.user!.id, details), 201);
  })
  .patch("/papers/:id", requireAdmin, async (c) => {
    const id = idParam(c.req.param("id"), "Paper");
    // §7: the paper's details, or {questionStructure, sectionCount} from the structure editor.
    const body = await parseBody(c, paperPatchSchema);
    const db = c.var.deps.db;
    const userId = c.var.user!.id;
    if ("sections" in body) return c.json(await savePaperStructure(db, userId, id, body.sections));
    return c.json(await updatePaperDetails(db, userId, id, body));
  })
  .get("/papers/:id/exam-dates", requireAdmin, async (c) => {
    const id = idParam(c.req.param("id"), "Paper");
    return c.json({ examDates: await paperExamDates(c.var.deps.db, id) });
  })
  .put("/papers/:id/exam-dates", requireAdmin, async (c) => {
    const id = idParam(c.req.param("id"), "Paper");
    const { examDates } = await parseBody(c, examDatesSchema);
    return c.json({ examDates: await replaceExamDates(c.var.deps.db, c.var.user!.id, id, examDates) });
  })
  .delete("/papers/:id", requireAdmin, async (c) => {
    const removed = await deleteCataloguePaper(c.var.deps.db, c.var.user!.id, idParam(c.req.param("id"), "Paper"));
    return c.json({ success: true, removed });
  })
  .get("/audit-log", requireAdmin, async (c) => {
    const q = auditQuerySchema.safeParse(c.req.query());
    if (!q.success) throw new HttpError(400, q.error.issues[0].message);
    return c.json(await listAudit(c.var.deps.db, q.data));
  })
  .get("/admin/defaults", requireAdmin, async (c) => c.json(await readAdminDefaults(c.var.deps.db, c.var.user!.id)))
  .put("/admin/defaults", requireAdmin, async (c) => {
    const value = await parseBody(c, adminDefaultsSchema);
    return c.json(await saveAdminDefaults(c.var.deps.db, c.var.user!.id, value));
  });
