// Starts the built server once for the browser tests: a free port, a fresh database, known config.
import type { TestProject } from "vitest/node";
import { startServer } from "./server.ts";

export { TEST_ENV } from "./server.ts";

export default async function setup(project: TestProject) {
  const server = await startServer("browser");
  project.provide("baseURL", server.baseURL);
  project.provide("databaseUrl", server.databaseUrl);
  return () => server.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
  }
}
