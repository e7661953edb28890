import { Hono } from "hono";
import { CACHE_SECONDS } from "../../shared/constants.ts";
import type { AppEnv } from "../context.ts";
import { listExamBoards, listLevels, listPapers, listSubjects } from "./service.ts";

const listCache = `public, max-age=${CACHE_SECONDS.lists}`;

export const catalogueRoutes = new Hono<AppEnv>()
  .get("/papers", async (c) => {
    c.header("Cache-Control", listCache);
    return c.json(await listPapers(c.var.deps.db));
  })
  .get("/subjects", async (c) => {
    c.header("Cache-Control", listCache);
    return c.json(await listSubjects(c.var.deps.db));
  })
  .get("/exam-boards", async (c) => {
    c.header("Cache-Control", listCache);
    return c.json(await listExamBoards(c.var.deps.db));
  })
  .get("/levels", async (c) => {
    c.header("Cache-Control", listCache);
    return c.json(await listLevels(c.var.deps.db));
  });
