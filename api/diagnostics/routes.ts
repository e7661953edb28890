// Document AI diagnostics routes (admin-tools.md §7 Diagnostics), admins only. A failure is the house's
// JSON error ({message}, with the right status); the status route always answers 200 with its checks.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { parseBody } from "../http.ts";
import { credentialsUploadSchema, diagnosticsUrlSchema, processorConfigureSchema, processorListSchema } from "../../shared/diagnostics.ts";
import { configureProcessor, diagnosticsStatus, discoverProcessors, downloadPdf, processUrl, storeCredentials, storedCredentials } from "./service.ts";

const noStore = { "Cache-Control": "private, no-store" };

export const diagnosticsRoutes = new Hono<AppEnv>()
  .use("/diagnostics/*", requireAdmin)
  .get("/diagnostics/document-ai/status", async (c) => c.json(await diagnosticsStatus(c.var.deps), 200, noStore))
  .post("/diagnostics/document-ai/download", async (c) => {
    const { url } = await parseBody(c, diagnosticsUrlSchema);
    return c.json((await downloadPdf(c.var.deps, url)).result);
  })
  .post("/diagnostics/document-ai/process", async (c) => {
    const { url } = await parseBody(c, diagnosticsUrlSchema);
    return c.json(await processUrl(c.var.deps, url));
  })
  .get("/diagnostics/google-credentials", async (c) => c.json(await storedCredentials(c.var.deps), 200, noStore))
  .post("/diagnostics/google-credentials/upload", async (c) => {
    const { credentialsJson } = await parseBody(c, credentialsUploadSchema);
    const stored = await storeCredentials(c.var.deps, c.var.user!.id, credentialsJson);
    return c.json({ success: true, ...stored });
  })
  .post("/diagnostics/processor/list", async (c) => {
    const { projectId, location } = await parseBody(c, processorListSchema);
    const processors = await discoverProcessors(c.var.deps, projectId, location);
    return c.json({ success: true, totalCount: processors.length, processors });
  })
  .post("/diagnostics/processor/configure", async (c) => {
    const { projectId, location, processorType } = await parseBody(c, processorConfigureSchema);
    const { processor, created } = await configureProcessor(c.var.deps, c.var.user!.id, projectId, location, processorType);
    return c.json({
      success: true,
      processor,
      message: `${created ? "Created" : "Using"} the ${processorType} ${processor.displayName ? `'${processor.displayName}' ` : ""}(${processor.name}).`,
    });
  });
