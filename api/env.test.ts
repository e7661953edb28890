import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.ts";

function problems(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe("configuration", () => {
  it("has working defaults with no variables at all", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8000);
    expect(env.DATABASE_URL).toBe("file:data/examprep.db");
    expect(env.APP_ORIGIN).toBe("http://localhost:8000");
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it("treats empty values as unset, as a copied .env.example leaves them", () => {
    const env = parseEnv({ OPENAI_API_KEY: "", ADMIN_EMAIL: "  ", STRIPE_SECRET_KEY: "" });
    expect(env.ADMIN_EMAIL).toBeUndefined();
  });

  it("names the variable at fault", () => {
    expect(problems({ PORT: "eighty" })[0]).toMatch(/^PORT: /);
    expect(problems({ PORT: "70000" })[0]).toMatch(/^PORT: /);
    expect(problems({ DATABASE_URL: "postgres://x" })).toEqual(["DATABASE_URL: must start with file:, libsql:, http(s): or ws(s):"]);
    expect(problems({ ADMIN_EMAIL: "boss" })).toEqual(["ADMIN_EMAIL: must be an e-mail address"]);
    expect(problems({ APP_ORIGIN: "localhost:1234" })).toEqual(["APP_ORIGIN: must be an http(s) URL such as https://example.com"]);
    expect(problems({ ADMIN_PASSWORD: "secret123" })).toEqual(["ADMIN_EMAIL: is required when ADMIN_PASSWORD is set"]);
    expect(problems({ DOCUMENT_AI_SECRET: "too-short" })).toEqual(["DOCUMENT_AI_SECRET: must be at least 32 characters (e.g. openssl rand -base64 32)"]);
    expect(problems({ DOCUMENT_AI_LOCATION: "asia" })[0]).toMatch(/^DOCUMENT_AI_LOCATION: /);
    expect(problems({ DOCUMENT_AI_API_URL: "documentai.local" })).toEqual(["DOCUMENT_AI_API_URL: must be an http(s) URL such as https://example.com"]);
  });

  it("reports every problem at once", () => {
    expect(problems({ PORT: "x", NODE_ENV: "staging" }).map((p) => p.split(":")[0]).sort()).toEqual(["NODE_ENV", "PORT"]);
  });
});

describe("server start-up", () => {
  it("refuses to start on a bad value, naming the variable", async () => {
    const { spawnSync } = await import("node:child_process");
    const run = spawnSync(process.execPath, ["run", "-A", "server/start.ts"], {
      env: { ...process.env, NODE_ENV: "test", PORT: "eighty", ADMIN_EMAIL: "not-an-email" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Invalid configuration");
    expect(run.stderr).toMatch(/PORT: /);
    expect(run.stderr).toContain("ADMIN_EMAIL: must be an e-mail address");
  });
});
