// Admin-only document routes (admin-tools.md §7 Documents and import, with §7's paths where it names
// them): list a paper's documents, add one by URL, upload a PDF, open one, delete one, and import papers
// from an exam board's page. Rules live in service.ts.
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { HttpError, parseBody, pathId } from "../http.ts";
import { documentListQuery, documentUploadSchema, documentUrlSchema, extractPapersSchema, importPapersSchema } from "../../shared/documents.ts";
import { addDocument, addDocumentFromUrl, deleteDocument, documentPdf, extractPapers, importPapers, listDocuments } from "./service.ts";

/** A query parsed with its schema: 400 with the first message and every field's. */
function parseQuery<T extends z.ZodType>(query: Record<string, string>, schema: T): z.infer<T> {
  const result = schema.safeParse(query);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".") || "query"] ??= issue.message;
  throw new HttpError(400, result.error.issues[0].message, { errors });
}
const documentId = (raw: string) => pathId(raw, "Document");

export const documentRoutes = new Hono<AppEnv>()
  .use("/uploaded-files", requireAdmin)
  .use("/uploaded-files/*", requireAdmin)
  .use("/document-urls", requireAdmin)
  .use("/extract-papers", requireAdmin)
  .use("/import-papers", requireAdmin)
  .get("/uploaded-files", async (c) => {
    const { paperId } = parseQuery(c.req.query(), documentListQuery);
    return c.json({ files: await listDocuments(c.var.deps.db, paperId) });
  })
  // The upload: its fields in the query, the PDF as the raw body (any Content-Type: the bytes are checked).
  .post("/uploaded-files", async (c) => {
    const fields = parseQuery(c.req.query(), documentUploadSchema);
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    const file = await addDocument(c.var.deps.db, c.var.user!.id, { paperId: fields.paperId, type: fields.fileType, title: fields.fileName, year: fields.year, tier: fields.tier, bytes });
    return c.json({ success: true, fileId: file.id, file }, 201);
  })
  .post("/document-urls", async (c) => {
    const input = await parseBody(c, documentUrlSchema);
    const file = await addDocumentFromUrl(c.var.deps, c.var.user!.id, {
      paperId: input.paperId,
      type: input.fileType,
      title: input.fileName,
      year: input.year,
      tier: input.tier,
      sourceUrl: input.fileUrl,
    });
    return c.json({ success: true, file }, 201);
  })
  .get("/uploaded-files/:id/pdf", async (c) => {
    const { title, size, stream } = await documentPdf(c.var.deps.db, documentId(c.req.param("id")));
    const ascii = title.replace(/[^A-Za-z0-9()]+/g, "-").replace(/^-|-$/g, "") || "document";
    return c.body(stream, 200, {
      "Content-Type": "application/pdf",
      "Content-Length": String(size),
      "Content-Disposition": `inline; filename="${ascii}.pdf"; filename*=UTF-8''${encodeURIComponent(title).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)}.pdf`,
      "Cache-Control": "private, no-store",
    });
  })
  .delete("/uploaded-files/:id", async (c) => {
    const id = documentId(c.req.param("id"));
    await deleteDocument(c.var.deps.db, c.var.user!.id, id);
    return c.json({ success: true, id });
  })
  .post("/extract-papers", async (c) => {
    const { url, paperLevel } = await parseBody(c, extractPapersSchema);
    return c.json({ papers: await extractPapers(c.var.deps, url, paperLevel) });
  })
  .post("/import-papers", async (c) => {
    const input = await parseBody(c, importPapersSchema);
    return c.json(await importPapers(c.var.deps, c.var.user!.id, input), 201);
  });
