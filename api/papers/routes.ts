// Paper generation (§7 POST /api/generate-enhanced-paper) and the student's generated papers
// (GET/DELETE /api/generated-papers…, DELETE /api/history/all), plus the catalogue paper's
// available past years and topics.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { HttpError, parseBody } from "../http.ts";
import { requireSignIn } from "../auth/guards.ts";
import { CACHE_SECONDS, CATALOGUE_NAME_MAX } from "../../shared/constants.ts";
import { generationRequestSchema } from "../../shared/generation.ts";
import { readBlueprint } from "./bank.ts";
import { availableYears } from "./generate.ts";
import { clearHistory, deletePaper, findCataloguePaper, generateForUser, type GenerationResult, listPapers, ownPaper, pdfOf, viewerPaper } from "./service.ts";
import { papers } from "../db/schema.ts";
import { eq } from "drizzle-orm";
import { currentLog } from "../log.ts";
import { listTopics } from "../structure/topics.ts";

const noStore = { "Cache-Control": "private, no-store" };
const idParam = (raw: string) => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1) throw new HttpError(404, "Paper not found");
  return id;
};
const catalogueName = z.string().min(1).max(CATALOGUE_NAME_MAX);
export const availableYearsQuery = z.object({ subject: catalogueName, examBoard: catalogueName, paperName: catalogueName, level: catalogueName.default("GCSE") });
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/** The finished generation's answer (JSON or the stream's last event): the paper, and how many questions the model wrote. */
const generated = (result: GenerationResult) => ({
  success: true,
  id: result.paper.id,
  pdfUrl: result.paper.pdfUrl,
  viewerUrl: result.paper.viewerUrl,
  paper: result.paper,
  modelShare: result.modelShare,
});

export const paperRoutes = new Hono<AppEnv>()
  .post("/generate-enhanced-paper", requireSignIn, async (c) => {
    const request = await parseBody(c, generationRequestSchema);
    const deps = c.var.deps;
    const user = c.var.user!;
    // The generator page follows the real progress as Server-Sent Events; any other client gets JSON.
    if (c.req.header("accept")?.includes("text/event-stream")) {
      return streamSSE(c, async (stream) => {
        try {
          const result = await generateForUser(deps, user, request, {
            onStep: (step) => void stream.writeSSE({ event: "step", data: JSON.stringify({ step }) }),
            onModel: (progress) => void stream.writeSSE({ event: "model", data: JSON.stringify(progress) }),
          });
          await stream.writeSSE({ event: "done", data: JSON.stringify(generated(result)) });
        } catch (err) {
          const status = err instanceof HttpError ? err.status : 500;
          const message = err instanceof HttpError ? err.message : "The paper could not be generated. Your credit has not been used; please try again.";
          if (!(err instanceof HttpError)) currentLog().error("paper generation failed", { error: err });
          await stream.writeSSE({ event: "error", data: JSON.stringify({ status, message, ...(err instanceof HttpError ? err.details : {}) }) });
        }
      });
    }
    const result = await generateForUser(deps, user, request);
    return c.json(generated(result), 200, noStore);
  })
  .get("/papers/available-years", async (c) => {
    const q = availableYearsQuery.safeParse(c.req.query());
    if (!q.success) throw new HttpError(400, "subject, examBoard and paperName are required");
    const paper = await findCataloguePaper(c.var.deps, q.data.subject, q.data.examBoard, q.data.level, q.data.paperName);
    const years = paper ? await availableYears(c.var.deps.db, paper.id) : [];
    return c.json({ availableYears: years }, 200, { "Cache-Control": `public, max-age=${CACHE_SECONDS.lists}` });
  })
  .get("/papers/:id/topics", async (c) => {
    const id = idParam(c.req.param("id"));
    const paper = await c.var.deps.db.select().from(papers).where(eq(papers.id, id)).get();
    if (!paper) throw new HttpError(404, "Paper not found");
    // The admin's stored topics (numeric ids) when the paper has any, else its blueprint's built-in list (slug ids).
    const stored = await listTopics(c.var.deps.db, id);
    if (stored.length) return c.json(stored.map(({ id, name, description }) => ({ id, name, description })), 200, noStore);
    const bp = readBlueprint(paper.blueprint);
    return c.json((bp?.topics ?? []).map(({ id, name, description }) => ({ id, name, description })), 200, noStore);
  })
  .get("/generated-papers", requireSignIn, async (c) => {
    const q = pageQuery.safeParse(c.req.query());
    if (!q.success) throw new HttpError(400, "page and pageSize must be positive whole numbers (pageSize at most 100)");
    const { papers: list, total } = await listPapers(c.var.deps, c.var.user!.id, q.data.page, q.data.pageSize);
    return c.json(list, 200, { "Cache-Control": "private, no-store", "X-Total-Count": String(total) });
  })
  .get("/history", requireSignIn, async (c) => {
    const { papers: list } = await listPapers(c.var.deps, c.var.user!.id, 1, 100);
    return c.json(list.map((p) => ({ ...p, type: "paper" })), 200, noStore);
  })
  .get("/generated-papers/:id", requireSignIn, async (c) => {
    const row = await ownPaper(c.var.deps, c.var.user!.id, idParam(c.req.param("id")));
    return c.json(viewerPaper(row), 200, noStore);
  })
  .get("/generated-papers/:id/pdf", requireSignIn, async (c) => {
    const row = await ownPaper(c.var.deps, c.var.user!.id, idParam(c.req.param("id")));
    const bytes = await pdfOf(row);
    const filename = `${row.name.replace(/[^A-Za-z0-9()]+/g, "-").replace(/^-|-$/g, "")}-${row.id}.pdf`;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    });
  })
  .delete("/generated-papers/:id", requireSignIn, async (c) => {
    await deletePaper(c.var.deps, c.var.user!.id, idParam(c.req.param("id")));
    return c.json({ message: "The generated paper has been deleted successfully." });
  })
  .delete("/history/all", requireSignIn, async (c) => {
    const deleted = await clearHistory(c.var.deps, c.var.user!.id);
    return c.json({ message: "All history items have been deleted successfully.", deleted });
  });
