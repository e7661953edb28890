// Integration: the same migrations, seed and queries against a real libSQL server (sqld), as with
// DATABASE_URL=libsql://… or http://… in production.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connect, type Database, runMigrations } from "./client.ts";
import { seed } from "./seed.ts";
import { generatedPapers, papers, users } from "./schema.ts";
import { createApp } from "../app.ts";
import { signedInAs, TEST_ORIGIN } from "../test-utils.ts";
import { DOCUMENT_MAX_BYTES } from "../../shared/documents.ts";
import { parseEnv } from "../env.ts";
import { loadBanks } from "../papers/bank.ts";
import { type SqldServer, startSqld } from "../../tests/sqld.ts";

let sqld: SqldServer;
let url: string;

beforeAll(async () => {
  sqld = await startSqld();
  url = sqld.url;
});

afterAll(() => {
  sqld?.stop();
});

describe("libSQL server (sqld)", () => {
  let db: Database;

  it("applies the committed migrations and the seed, twice without harm", async () => {
    db = await connect(url);
    await runMigrations(db);
    await seed(db, { adminEmail: "head@school.test", adminPassword: "secret123" });
    await runMigrations(db);
    await seed(db, { adminEmail: "head@school.test", adminPassword: "secret123" });
    expect(await db.select().from(papers).all()).toHaveLength(loadBanks().length);
    expect((await db.select().from(users).all()).map((u) => [u.email, u.role])).toEqual([["head@school.test", "admin"]]);
  });

  it("reads and writes through the server, with constraints enforced", async () => {
    const user = await db.insert(users).values({ username: "Amira", fullName: "Amira Khan", email: "amira@example.com" }).returning().get();
    await db.insert(generatedPapers).values({ userId: user.id, name: "Paper 1", subject: "Biology", examBoard: "AQA", level: "GCSE" });
    const rows = await db.select().from(generatedPapers).where(eq(generatedPapers.userId, user.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0].isPredicted).toBe(false);
    // Usernames are unique case-insensitively, on the server too.
    await expect(db.insert(users).values({ username: "amira", fullName: "Other", email: "other@example.com" })).rejects.toThrow();
  });

  it("serves the API from the server database", async () => {
    const app = createApp({ db, env: parseEnv({ DATABASE_URL: url }) });
    const res = await app.request("/api/papers");
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBe(loadBanks().length);
  });

  it("keeps a document's bytes in the server database: a PDF of the largest size allowed goes in and comes back whole", async () => {
    // The server refuses a single argument of about 5 MB or more: the bytes are stored in 1 MB pieces.
    const deps = { db, env: parseEnv({ DATABASE_URL: url }) };
    const app = createApp(deps);
    const { cookie } = await signedInAs(deps, { username: "librarian", email: "librarian@example.com", role: "admin" });
    const bytes = new Uint8Array(DOCUMENT_MAX_BYTES);
    bytes.set(new TextEncoder().encode("%PDF-1.7\n"));
    for (let i = 9; i < bytes.length; i += 4093) bytes[i] = i % 251;
    const paper = (await db.select({ id: papers.id }).from(papers).get())!;
    const res = await app.request(`/api/uploaded-files?paperId=${paper.id}&fileType=specification&fileName=Specification`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/pdf" },
      body: bytes,
    });
    expect(res.status).toBe(201);
    const { file } = await res.json() as { file: { fileUrl: string; size: number } };
    expect(file.size).toBe(DOCUMENT_MAX_BYTES);
    const open = await app.request(file.fileUrl, { headers: { cookie } });
    expect(open.headers.get("content-length")).toBe(String(DOCUMENT_MAX_BYTES));
    const back = new Uint8Array(await open.arrayBuffer());
    expect(back.length).toBe(bytes.length);
    expect(Buffer.compare(back, bytes)).toBe(0);
  });
});
