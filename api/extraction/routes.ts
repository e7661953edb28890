// Admin-only routes of the extraction into the bank (admin-tools.md §4, §7; issue 13): extract a past
// paper or examiner report, poll its status, read its stored JSON, see its pages, and review, edit,
// publish, unpublish and reject its extracted questions. Rules live in document-extraction.ts and review.ts.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { HttpError, parseBody, pathId } from "../http.ts";
import { documentBytes } from "../documents/service.ts";
import { publishAllSchema, reviewEditSchema, reviewListQuery } from "../../shared/extraction-review.ts";
import { extractDocument, extractionStatus } from "./document-extraction.ts";
import { modelClient } from "../ai/client.ts";
import { editItem, publishAll, reviewList, setStatus } from "./review.ts";
import { renderPage } from "./page-image.ts";

const documentId = (raw: string) => pathId(raw, "Document");
const itemId = (raw: string) => pathId(raw, "Extracted question");

export const extractionRoutes = new Hono<AppEnv>()
  .use("/extract-paper-content/*", requireAdmin)
  .use("/extraction-status/*", requireAdmin)
  .use("/extracted-questions", requireAdmin)
  .use("/extracted-questions/*", requireAdmin)
  .use("/uploaded-files/:id/pages/*", requireAdmin)
  .post("/extract-paper-content/:id", async (c) => {
    const { extraction, questions } = await extractDocument(c.var.deps.db, c.var.user!.id, documentId(c.req.param("id")), modelClient(c.var.deps.env));
    return c.json({ success: true, processed: true, questions, statistics: extraction.statistics, markScheme: extraction.markScheme && { documentId: extraction.markScheme.documentId, title: extraction.markScheme.title } });
  })
  .get("/extraction-status/:id", async (c) => c.json(await extractionStatus(c.var.deps.db, documentId(c.req.param("id"))), 200, { "Cache-Control": "private, no-store" }))
  .get("/extracted-questions", async (c) => {
    const parsed = reviewListQuery.safeParse(c.req.query());
    if (!parsed.success) throw new HttpError(400, parsed.error.issues[0].message);
    return c.json(await reviewList(c.var.deps.db, parsed.data.documentId));
  })
  .post("/extracted-questions/publish-all", async (c) => {
    const { documentId } = await parseBody(c, publishAllSchema);
    return c.json(await publishAll(c.var.deps.db, c.var.user!.id, documentId));
  })
  .patch("/extracted-questions/:id", async (c) => {
    const edit = await parseBody(c, reviewEditSchema);
    return c.json({ item: await editItem(c.var.deps.db, c.var.user!.id, itemId(c.req.param("id")), edit) });
  })
  .post("/extracted-questions/:id/:action{publish|unpublish|reject}", async (c) => {
    const status = ({ publish: "published", unpublish: "pending", reject: "rejected" } as const)[c.req.param("action") as "publish" | "unpublish" | "reject"];
    return c.json({ item: await setStatus(c.var.deps.db, c.var.user!.id, itemId(c.req.param("id")), status) });
  })
  .get("/uploaded-files/:id/pages/:page{[0-9]+}", async (c) => {
    const png = await renderPage(await documentBytes(c.var.deps.db, documentId(c.req.param("id"))), Number(c.req.param("page")));
    return c.body(png, 200, { "Content-Type": "image/png", "Cache-Control": "private, max-age=300" });
  });
