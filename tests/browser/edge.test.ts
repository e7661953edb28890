// The edge deployment (README, "Deploying to Deno Deploy"): the BUILT server, in production, on a
// remote libSQL database (sqld over HTTP, as Turso over libsql://), with permissions that refuse
// native modules (--deny-ffi) and every write to the local disk. A server that loaded libSQL's native
// client would stop at start-up; one that wrote a file would fail where it wrote it. Through it over
// HTTP: a student signs up and signs in, is granted a credit, generates a paper and downloads its PDF.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startServer, type TestServer } from "./server.ts";
import { type SqldServer, startSqld } from "../sqld.ts";
import { connect } from "../../api/db/client.ts";
import { users } from "../../api/db/schema.ts";
import { changeCredits } from "../../api/credits/ledger.ts";
import { bankOf, pdftotext, requestFor, RS_1 } from "../../api/papers/testing.ts";

/** What Deno Deploy's edge may lack: a native module (FFI) and a writable disk. */
const EDGE_PERMISSIONS = ["--allow-net", "--allow-read", "--allow-env", "--allow-sys", "--deny-ffi", "--deny-write", "--deny-run"];

let sqld: SqldServer;
let server: TestServer;

beforeAll(async () => {
  sqld = await startSqld();
  server = await startServer("edge", { NODE_ENV: "production", DISABLE_ALL_PURCHASES: "true", DATABASE_URL: sqld.url, LOG_LEVEL: "warn" }, EDGE_PERMISSIONS);
}, 90_000);

afterAll(() => {
  server?.stop();
  sqld?.stop();
});

/** A request as the site's pages send it: the site's own Origin, a JSON body, the caller's cookie. */
async function call(path: string, body?: unknown, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: server.baseURL };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (cookie) headers.cookie = cookie;
  return await fetch(server.baseURL + path, { method: body === undefined ? "GET" : "POST", headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The session cookie a sign-in set, as a Cookie header. */
function sessionOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="));
  if (!cookie) throw new Error(`no session cookie (${res.status})`);
  return cookie.split(";")[0];
}

describe("the built server on a remote libSQL database, without native modules or a writable disk", () => {
  it("serves the pages and the built client files", async () => {
    const home = await fetch(server.baseURL + "/");
    expect(home.status).toBe(200);
    const html = await home.text();
    const asset = /\/_astro\/[^"']+\.(?:js|css)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    expect((await fetch(server.baseURL + asset)).status).toBe(200);
  });

  it("takes a student from signing up to a generated paper's PDF", async () => {
    const student = { fullName: "Edge Student", email: "edge@example.com", username: "edge", password: "remote database 1" };
    const signUp = await call("/api/register", student);
    expect(signUp.status, await signUp.clone().text()).toBe(201);
    const signIn = await call("/api/login", { username: student.email, password: student.password });
    expect(signIn.status, await signIn.clone().text()).toBe(200);
    const cookie = sessionOf(signIn);
    expect(await (await call("/api/user", undefined, cookie)).json()).toMatchObject({ username: "edge", email: "edge@example.com" });

    // Purchases are off (production without Stripe): an admin grant through the ledger, in the same database.
    const db = await connect(sqld.url);
    const { id: userId } = (await db.select({ id: users.id }).from(users).where(eq(users.email, student.email)).get())!;
    await db.transaction((tx) => changeCredits(tx, { userId, delta: 1, type: "admin_grant", description: "edge test grant" }));
    expect(await (await call("/api/user/credits", undefined, cookie)).json()).toMatchObject({ credits: 1 });

    const bp = bankOf(RS_1).blueprint;
    const generated = await call("/api/generate-enhanced-paper", requestFor(bp), cookie);
    expect(generated.status, await generated.clone().text()).toBe(200);
    const { pdfUrl } = (await generated.json()) as { pdfUrl: string };
    const pdf = await fetch(server.baseURL + pdfUrl, { headers: { cookie } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    expect(pdftotext(bytes, 1, 1)).toContain(`Paper code ${bp.code}`);
    expect(await (await call("/api/user/credits", undefined, cookie)).json()).toMatchObject({ credits: 0 });
  }, 60_000);

  it("is still running, having refused nothing it needed", () => {
    expect(server.process.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/NotCapable|PermissionDenied|Requires (ffi|write|run) access/);
  });
});
