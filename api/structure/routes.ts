// Admin-only routes of paper structure and study topics (admin-tools.md §7 Structure, Topics):
// Analyze Structure on a past-paper document, and a paper's topics added, edited, deleted and
// generated from its specification. Rules live in analyze.ts, topics.ts and blueprint.ts.
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireAdmin } from "../auth/guards.ts";
import { parseBody, pathId } from "../http.ts";
import { analyzeStructureSchema, generateTopicsSchema, topicInputSchema } from "../../shared/structure.ts";
import { analyzePaperStructure } from "./analyze.ts";
import { addTopic, deleteTopic, generateTopics, updateTopic } from "./topics.ts";

export const structureRoutes = new Hono<AppEnv>()
  .use("/analyze-paper-structure", requireAdmin)
  .use("/topics/*", requireAdmin)
  .post("/analyze-paper-structure", async (c) => {
    const { paperId, documentId } = await parseBody(c, analyzeStructureSchema);
    return c.json(await analyzePaperStructure(c.var.deps, paperId, documentId));
  })
  .post("/papers/:id/topics", requireAdmin, async (c) => {
    const paperId = pathId(c.req.param("id"), "Paper");
    const input = await parseBody(c, topicInputSchema);
    return c.json(await addTopic(c.var.deps.db, c.var.user!.id, paperId, input), 201);
  })
  .post("/topics/generate", async (c) => {
    const { paperId, documentId } = await parseBody(c, generateTopicsSchema);
    return c.json(await generateTopics(c.var.deps, c.var.user!.id, paperId, documentId), 201);
  })
  .patch("/topics/:id", async (c) => {
    const id = pathId(c.req.param("id"), "Topic");
    const input = await parseBody(c, topicInputSchema);
    return c.json(await updateTopic(c.var.deps.db, c.var.user!.id, id, input));
  })
  .delete("/topics/:id", async (c) => {
    const id = pathId(c.req.param("id"), "Topic");
    await deleteTopic(c.var.deps.db, c.var.user!.id, id);
    return c.json({ success: true, id });
  });
