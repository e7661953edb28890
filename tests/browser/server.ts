// Starts the built server for tests: a free port, a fresh database (or the one `env` names), known
// config plus `env`.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";

export const TEST_ENV = {
  ADMIN_EMAIL: "head@school.test",
  ADMIN_PASSWORD: "admin-pass-123",
  CONTACT_EMAIL: "privacy@examprep.test",
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface TestServer {
  baseURL: string;
  databaseUrl: string;
  process: ChildProcess;
  /** What the server has written to stdout and stderr so far. */
  output: () => string;
  stop: () => void;
}

/**
 * Starts `server/start.ts` (after `npm run build`) and waits until it answers /api/health.
 * `permissions`: Deno's permission flags for the server (all by default).
 */
export async function startServer(name: string, env: Record<string, string> = {}, permissions: string[] = ["-A"]): Promise<TestServer> {
  const port = await freePort();
  const databaseUrl = env.DATABASE_URL ?? `file:${join(mkdtempSync(join(tmpdir(), `examprep-${name}-`)), `${name}.db`)}`;
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["run", ...permissions, "server/start.ts"], {
    env: { ...process.env, ...TEST_ENV, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "test", APP_ORIGIN: baseURL, ...env, DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The ${name} server did not start (did \`npm run build\` run?):\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, databaseUrl, process: child, output: () => output, stop: () => void child.kill("SIGTERM") };
}
