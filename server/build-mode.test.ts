// One build, any mode: a build made with NODE_ENV=development in the shell is served whole under
// NODE_ENV=production, and under development too. (It used to fail on every page with 'jsxDEV is not
// a function', sent as a truncated 200.)
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import process from "node:process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/browser/server.ts";

// Inside the project (.cache is git-ignored): the built server imports its npm packages from node_modules.
mkdirSync(".cache", { recursive: true });
const out = resolve(mkdtempSync(join(".cache", "build-mode-")));
const servers: ReturnType<typeof spawn>[] = [];

beforeAll(() => {
  const build = spawnSync(process.execPath, ["run", "-A", "npm:astro", "build", "--outDir", out], {
    env: { ...process.env, NODE_ENV: "development" },
    encoding: "utf8",
    timeout: 240_000,
  });
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}\n${build.stderr}`);
}, 300_000);

afterAll(() => {
  for (const s of servers) s.kill("SIGTERM");
  rmSync(out, { recursive: true, force: true });
});

/** Serves the build in `out` under a NODE_ENV and returns its address once it answers. */
async function serve(nodeEnv: string): Promise<string> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "examprep-build-db-"));
  const child = spawn(process.execPath, ["run", "-A", "server/start.ts", out], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      DISABLE_ALL_PURCHASES: "true",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(dir, "db.db")}`,
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return base;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start:\n${output}`);
}

describe("a build made with NODE_ENV=development", () => {
  it("is a production build: the server bundle never calls React's development-only jsxDEV", () => {
    const chunks = readdirSync(join(out, "server"), { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".mjs"));
    expect(chunks.length).toBeGreaterThan(0);
    const withJsxDev = chunks.filter((f) => readFileSync(join(out, "server", f), "utf8").includes("jsxDEV"));
    expect(withJsxDev).toEqual([]);
  });

  for (const nodeEnv of ["production", "development"]) {
    it(`serves every page whole under NODE_ENV=${nodeEnv}`, async () => {
      const base = await serve(nodeEnv);
      for (const path of ["/", "/pricing", "/auth", "/privacy-policy"]) {
        const res = await fetch(base + path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(html.trimEnd(), path).toMatch(/<\/html>$/);
        // The header's React island rendered on the server (it failed first when the modes differed).
        expect(html, path).toContain("Sign In");
      }
    }, 90_000);
  }
});
