// The extraction testing dashboard's routes (admin-tools.md §7 Testing dashboard), admin only; the
// rules live in phases.ts and service.ts.
import { Hono } from "hono";
import type { AppEnv } from "../../context.ts";
import { requireAdmin } from "../../auth/guards.ts";
import { HttpError, parseBody, pathId } from "../../http.ts";
import { isPdf } from "../../documents/service.ts";
import { DOCUMENT_MAX_BYTES } from "../../../shared/documents.ts";
import { createSessionSchema, executePhaseSchema, recreateSchema, TESTING_MESSAGES } from "../../../shared/extraction-testing.ts";
import { interactionsOf, saveTestFile, sessionRow, sessionView, testFile, testFileBytes } from "./store.ts";
import { executePhase } from "./phases.ts";
import { comprehensiveReport, createSession, exportExtractedData, recreateFile, validateAiConfig, validateRecreation } from "./service.ts";

const sessionId = (raw: string) => pathId(raw, "Test session");
/** A test file's id: one that cannot exist is §5's 'No File' (as one that does not). */
const fileId = (raw: string) => {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, TESTING_MESSAGES.noFile.message, { title: TESTING_MESSAGES.noFile.title });
  return id;
};
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9()]+/g, "-").replace(/^-|-$/g, "") || "file";

export const testingRoutes = new Hono<AppEnv>()
  .use("/upload", requireAdmin)
  .use("/testing/*", requireAdmin)
  // §7: multipart with a file (a PDF, checked by its bytes) and a subject.
  .post("/upload", async (c) => {
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      throw new HttpError(400, "Please upload the PDF as multipart form data with a file field.");
    }
    const file = form.file;
    if (!(file instanceof File) || !file.size) throw new HttpError(400, TESTING_MESSAGES.noFile.message, { title: TESTING_MESSAGES.noFile.title });
    if (file.size > DOCUMENT_MAX_BYTES) throw new HttpError(413, `The PDF must not be larger than ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (!isPdf(bytes)) throw new HttpError(400, "Please select a PDF file.", { title: "Invalid file type" });
    const subject = typeof form.subject === "string" ? form.subject.trim().slice(0, 100) : "";
    const saved = await saveTestFile(c.var.deps.db, { fileName: (file.name || "upload.pdf").slice(0, 200), subject, source: "upload", bytes, userId: c.var.user!.id });
    return c.json({ success: true, ...saved }, 201);
  })
  .get("/testing/files/:id/pdf", async (c) => {
    const id = fileId(c.req.param("id"));
    const file = await testFile(c.var.deps.db, id);
    const bytes = await testFileBytes(c.var.deps.db, id);
    return c.body(bytes.slice().buffer as ArrayBuffer, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${asciiName(file.fileName.replace(/\.pdf$/i, ""))}.pdf"`,
      "Cache-Control": "private, no-store",
    });
  })
  .get("/testing/validate-ai-config", async (c) => c.json({ success: true, validation: await validateAiConfig(c.var.deps) }))
  .post("/testing/create-session", async (c) => {
    let input;
    try {
      input = await parseBody(c, createSessionSchema);
    } catch (error) {
      // The toast's title with §5's message: 'No URL Provided' first, as the page checks it first.
      if (error instanceof HttpError && error.details?.errors) {
        const errors = error.details.errors as Record<string, string>;
        const which = errors.fileUrl ? TESTING_MESSAGES.noUrl : errors.fileName ? TESTING_MESSAGES.noFileName : null;
        throw new HttpError(400, which ? errors[which === TESTING_MESSAGES.noUrl ? "fileUrl" : "fileName"] : error.message, { errors, ...(which ? { title: which.title } : {}) });
      }
      throw error;
    }
    const session = await createSession(c.var.deps, c.var.user!.id, input);
    return c.json({ success: true, session, message: `Session ${session.id} created: run its five phases in order.` }, 201);
  })
  .post("/testing/execute-phase/:sessionId", async (c) => {
    const id = sessionId(c.req.param("sessionId"));
    const { phase } = await parseBody(c, executePhaseSchema);
    const result = await executePhase(c.var.deps, c.var.user!.id, id, phase);
    return c.json(result, result.success ? 200 : 422);
  })
  .get("/testing/session-status/:sessionId", async (c) => {
    const row = await sessionRow(c.var.deps.db, sessionId(c.req.param("sessionId")));
    const session = await sessionView(c.var.deps.db, row);
    return c.json({ success: true, status: session.status, session });
  })
  .get("/testing/ai-interactions/:sessionId", async (c) => {
    const row = await sessionRow(c.var.deps.db, sessionId(c.req.param("sessionId")));
    return c.json({ success: true, interactions: await interactionsOf(c.var.deps.db, row.id) });
  })
  .post("/testing/recreate-paper/:fileId", async (c) => {
    const id = fileId(c.req.param("fileId"));
    const options = await parseBody(c, recreateSchema);
    return c.json({ success: true, result: await recreateFile(c.var.deps, c.var.user!.id, id, options) });
  })
  .get("/testing/export-extracted-data/:fileId", async (c) => {
    const data = await exportExtractedData(c.var.deps, fileId(c.req.param("fileId")));
    return c.json({ success: true, data });
  })
  .post("/testing/validate-recreation/:fileId", async (c) => c.json({ success: true, validation: await validateRecreation(c.var.deps, fileId(c.req.param("fileId"))) }))
  .get("/testing/comprehensive-report/:sessionId", async (c) => {
    const id = sessionId(c.req.param("sessionId"));
    const report = await comprehensiveReport(c.var.deps, id);
    return c.body(JSON.stringify(report, null, 2), 200, {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="extraction-test-session-${id}.json"`,
      "Cache-Control": "private, no-store",
    });
  });
