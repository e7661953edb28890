// Starts the built server once for the browser tests: a free port, a fresh database, known config.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

export const TEST_ENV = {
  ADMIN_EMAIL: "head@school.test",
  ADMIN_PASSWORD: "admin-pass-123",
  CONTACT_EMAIL: "privacy@examprep.test",
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "examprep-browser-"));
  const databaseUrl = `file:${join(dir, "browser.db")}`;
  const baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["run", "-A", "server/start.ts"], {
    env: { ...process.env, ...TEST_ENV, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: databaseUrl, NODE_ENV: "test" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout?.on("data", (d) => (output += d));
  server.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The server did not start (did \`npm run build\` run?):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  project.provide("baseURL", baseURL);
  project.provide("databaseUrl", databaseUrl);
  return () => {
    server?.kill("SIGTERM");
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    databaseUrl: string;
  }
}
