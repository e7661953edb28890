// Document AI diagnostics against a local stand-in of Google's token endpoint and Document AI's REST
// API (stand-in.ts): the key stored sealed and never sent back, the status checks and their messages,
// a corpus PDF processed and mapped to §3's Process result, a refused key, no credentials, 401/403.
import { createServer, type Server } from "node:http";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, send, signedInAs, studentWithCredits } from "../test-utils.ts";
import { documentAiCredentials } from "../db/schema.ts";
import { buildCorpus, corpusTruth } from "../extraction/corpus/print.ts";
import { type DocumentAiStandIn, documentOfPdf, startDocumentAiStandIn, testServiceAccount } from "./stand-in.ts";
import { seal, unseal } from "./seal.ts";
import { documentLines, documentQuestions } from "./result.ts";
import { NO_PROCESSOR, NO_SECRET, NO_STORED_KEY, UNREADABLE_KEY } from "./service.ts";
import type { DiagnosticsStatus, ProcessResult } from "../../shared/diagnostics.ts";

const SECRET = "a-test-secret-of-at-least-32-characters!";
let standIn: DocumentAiStandIn;
let site: { origin: string; close: () => Promise<void> };
let paperPdf: Buffer;
let paperId: string;

beforeAll(async () => {
  standIn = await startDocumentAiStandIn();
  const corpus = await buildCorpus();
  const paper = corpus.papers.find((p) => p.id === "aqa-biology-8461-1h-2024")!;
  paperId = paper.id;
  paperPdf = readFileSync(paper.pdf);
  // A website serving the paper (reached through the guard, which lets a test name loopback origins).
  const server: Server = createServer((req, res) => {
    if (req.url === "/paper.pdf") res.writeHead(200, { "content-type": "application/pdf" }).end(paperPdf);
    else res.writeHead(200, { "content-type": "text/html" }).end("<p>not a PDF</p>");
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  site = { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => new Promise<void>((done) => server.close(() => done())) };
}, 120_000);
afterAll(async () => {
  await standIn?.close();
  await site?.close();
});

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(
    { DOCUMENT_AI_SECRET: SECRET, GOOGLE_TOKEN_URL: standIn.tokenUrl, DOCUMENT_AI_API_URL: standIn.apiUrl, ...env },
    { fetchGuard: { testOnlyLoopbackOrigins: [site.origin] } },
  );
  const { cookie } = await signedInAs(t, { username: "head", email: "head@school.test", role: "admin" });
  return { t, cookie };
}
type Setup = Awaited<ReturnType<typeof app>>;
const status = async ({ t, cookie }: Setup) => (await (await send(t.app, "/api/diagnostics/document-ai/status", undefined, cookie)).json()) as DiagnosticsStatus;
const upload = ({ t, cookie }: Setup, credentialsJson: unknown) => send(t.app, "/api/diagnostics/google-credentials/upload", { credentialsJson }, cookie);

/** A key Google (the stand-in) knows, uploaded, and a processor configured. */
async function ready(s: Setup, projectId = "exam-prep-test") {
  const sa = await testServiceAccount(projectId);
  standIn.addAccount(sa.account);
  expect((await upload(s, sa.json)).status).toBe(200);
  const configured = await send(s.t.app, "/api/diagnostics/processor/configure", { projectId, location: "us", processorType: "FORM_PARSER_PROCESSOR" }, s.cookie);
  expect(configured.status).toBe(200);
  return sa;
}

describe("Document AI diagnostics are for admins only", () => {
  it("401 signed out, 403 for a student, on every diagnostics call; nothing stored", async () => {
    const s = await app();
    const { cookie } = await studentWithCredits(s.t, "sam");
    const sa = await testServiceAccount();
    const calls: [string, unknown][] = [
      ["/api/diagnostics/document-ai/status", undefined],
      ["/api/diagnostics/google-credentials", undefined],
      ["/api/diagnostics/document-ai/download", { url: `${site.origin}/paper.pdf` }],
      ["/api/diagnostics/document-ai/process", { url: `${site.origin}/paper.pdf` }],
      ["/api/diagnostics/google-credentials/upload", { credentialsJson: sa.json }],
      ["/api/diagnostics/processor/list", { projectId: "exam-prep-test", location: "us" }],
      ["/api/diagnostics/processor/configure", { projectId: "exam-prep-test", location: "us", processorType: "FORM_PARSER_PROCESSOR" }],
    ];
    for (const [path, body] of calls) {
      expect((await send(s.t.app, path, body)).status, path).toBe(401);
      expect((await send(s.t.app, path, body, cookie)).status, path).toBe(403);
    }
    expect(await s.t.db.select().from(documentAiCredentials).all()).toEqual([]);
    expect(standIn.requests.filter((r) => r.path === "/token")).toEqual([]);
  });
});

describe("without credentials", () => {
  it("the status says plainly that no key is stored, and processing refuses", async () => {
    const s = await app();
    const st = await status(s);
    expect(st.available).toBe(false);
    expect(st.error).toBe(NO_STORED_KEY);
    expect(st.checks).toEqual({ secretConfigured: true, credentialsStored: false, credentialsReadable: false, authenticated: false, apiEnabled: false, processorAccess: false, processorReady: false });
    expect(st.details).toMatchObject({ clientEmail: null, projectId: null, processor: null, location: "us", endpoint: standIn.apiUrl });
    const processed = await send(s.t.app, "/api/diagnostics/document-ai/process", { url: `${site.origin}/paper.pdf` }, s.cookie);
    expect(processed.status).toBe(409);
    expect((await processed.json()).message).toBe(NO_STORED_KEY);
    expect(await (await send(s.t.app, "/api/diagnostics/google-credentials", undefined, s.cookie)).json()).toEqual({ secretConfigured: true, stored: false, clientEmail: null, projectId: null, processorName: null, updatedAt: null });
  });

  it("without DOCUMENT_AI_SECRET a key cannot be stored, and the status names both problems", async () => {
    const s = await app({ DOCUMENT_AI_SECRET: "" });
    const sa = await testServiceAccount();
    standIn.addAccount(sa.account);
    const res = await upload(s, sa.json);
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe(NO_SECRET);
    const st = await status(s);
    expect(st.errors).toEqual([NO_STORED_KEY, NO_SECRET]);
    expect(st.checks.secretConfigured).toBe(false);
  });
});

describe("uploading a service-account key", () => {
  it("§5's messages for empty input, and a file that is not a key is refused; nothing stored", async () => {
    const s = await app();
    for (const [body, message] of [["", "No Credentials"], ["   ", "No Credentials"], ["{not json", /not JSON/], [JSON.stringify({ type: "authorized_user" }), /not a service-account key/]] as const) {
      const res = await upload(s, body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toMatch(message);
    }
    const sa = await testServiceAccount();
    const broken = await upload(s, JSON.stringify({ ...sa.key, private_key: "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n" }));
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe("The key's private_key cannot be read as an RSA private key (PKCS #8 PEM).");
    const missing = await send(s.t.app, "/api/diagnostics/google-credentials/upload", {}, s.cookie);
    expect((await missing.json()).message).toBe("No Credentials");
    expect(await s.t.db.select().from(documentAiCredentials).all()).toEqual([]);
  });

  it("a key Google refuses (signed by another private key) is not stored: the reason is Google's", async () => {
    const s = await app();
    const known = await testServiceAccount("exam-prep-test", "known");
    const impostor = await testServiceAccount("exam-prep-test", "known"); // same account, another private key
    standIn.addAccount(known.account);
    const res = await upload(s, impostor.json);
    expect(res.status).toBe(422);
    expect((await res.json()).message).toBe("Google refused this key: 400: invalid_grant: Invalid JWT Signature.");
    expect(standIn.refused.at(-1)).toBe("Invalid JWT Signature.");
    expect(await s.t.db.select().from(documentAiCredentials).all()).toEqual([]);
  });

  it("stores the key sealed (the row holds no private key), shows only its e-mail and project, and never sends it back", async () => {
    const s = await app();
    const sa = await testServiceAccount("exam-prep-sealed");
    standIn.addAccount(sa.account);
    const res = await upload(s, sa.json);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, projectId: "exam-prep-sealed", clientEmail: sa.account.clientEmail });

    const [row] = await s.t.db.select().from(documentAiCredentials).all();
    const stored = JSON.stringify(row);
    const pemBody = sa.key.private_key.split("\n")[1];
    expect(stored).not.toContain("PRIVATE KEY");
    expect(stored).not.toContain(pemBody);
    expect(stored).not.toContain(sa.key.private_key_id);
    expect(row.sealedKey).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    // Sealed with the secret: it opens to the key file with it, and not with another.
    expect(JSON.parse((await unseal(SECRET, row.sealedKey))!)).toEqual(sa.key);
    expect(await unseal("another-secret-of-at-least-32-characters", row.sealedKey)).toBeNull();

    // Nothing the admin can read carries the key.
    for (const path of ["/api/diagnostics/google-credentials", "/api/diagnostics/document-ai/status", "/api/settings"]) {
      const text = await (await send(s.t.app, path, undefined, s.cookie)).text();
      expect(text, path).not.toContain("PRIVATE KEY");
      expect(text, path).not.toContain(pemBody);
    }
    expect(await (await send(s.t.app, "/api/diagnostics/google-credentials", undefined, s.cookie)).json()).toMatchObject({ stored: true, clientEmail: sa.account.clientEmail, projectId: "exam-prep-sealed", processorName: null });
  });

  it("a key of the same project keeps the configured processor; another project's key drops it", async () => {
    const s = await app();
    await ready(s, "exam-prep-replace");
    const configured = async () => (await (await send(s.t.app, "/api/diagnostics/google-credentials", undefined, s.cookie)).json()).processorName;
    expect(await configured()).toMatch(/^projects\/exam-prep-replace\//);
    const rotated = await testServiceAccount("exam-prep-replace", "rotated");
    standIn.addAccount(rotated.account);
    expect((await upload(s, rotated.json)).status).toBe(200);
    expect(await configured()).toMatch(/^projects\/exam-prep-replace\//);
    const other = await testServiceAccount("exam-prep-other");
    standIn.addAccount(other.account);
    expect((await upload(s, other.json)).status).toBe(200);
    expect(await configured()).toBeNull();
    expect(await s.t.db.select().from(documentAiCredentials).all()).toHaveLength(1);
  });

  it("a key stored under another secret cannot be read: the status says so", async () => {
    const s = await app();
    await ready(s);
    const other = { ...s, t: { ...s.t, env: { ...s.t.env, DOCUMENT_AI_SECRET: "a-different-secret-of-32-characters-at-least" } } };
    const { createApp } = await import("../app.ts");
    const st = await status({ ...other, t: { ...other.t, app: createApp(other.t) } });
    expect(st.checks).toMatchObject({ credentialsStored: true, credentialsReadable: false, authenticated: false });
    expect(st.error).toBe(UNREADABLE_KEY);
  });
});

describe("the service status", () => {
  it("every check true with a key, the API enabled and a processor configured", async () => {
    const s = await app();
    const sa = await testServiceAccount("exam-prep-status");
    standIn.addAccount(sa.account);
    await upload(s, sa.json);
    // Before a processor is configured: all but the last check pass, and the status says what to do.
    let st = await status(s);
    expect(st.checks).toEqual({ secretConfigured: true, credentialsStored: true, credentialsReadable: true, authenticated: true, apiEnabled: true, processorAccess: true, processorReady: false });
    expect(st.errors).toEqual([NO_PROCESSOR]);

    // Discovery, then configuration (which creates the Form Parser once, then reuses it).
    expect((await (await send(s.t.app, "/api/diagnostics/processor/list", { projectId: "", location: "us" }, s.cookie)).json()).message).toBe("Missing Project ID");
    const listed = await (await send(s.t.app, "/api/diagnostics/processor/list", { projectId: "exam-prep-status", location: "us" }, s.cookie)).json();
    expect(listed).toEqual({ success: true, totalCount: 0, processors: [] });
    const configure = () => send(s.t.app, "/api/diagnostics/processor/configure", { projectId: "exam-prep-status", location: "us", processorType: "FORM_PARSER_PROCESSOR" }, s.cookie);
    const first = await (await configure()).json();
    expect(first.message).toMatch(/^Created the FORM_PARSER_PROCESSOR 'ExamPrep diagnostics' \(projects\/exam-prep-status\/locations\/us\/processors\/\w+\)\.$/);
    const second = await (await configure()).json();
    expect(second.message).toMatch(/^Using the FORM_PARSER_PROCESSOR/);
    expect(second.processor.name).toBe(first.processor.name);
    expect((await (await send(s.t.app, "/api/diagnostics/processor/list", { projectId: "exam-prep-status" }, s.cookie)).json()).totalCount).toBe(1);

    st = await status(s);
    expect(st.available).toBe(true);
    expect(st.errors).toEqual([]);
    expect(st.error).toBeNull();
    expect(Object.values(st.checks).every(Boolean)).toBe(true);
    expect(st.details).toMatchObject({ clientEmail: sa.account.clientEmail, projectId: "exam-prep-status", processor: { name: first.processor.name, type: "FORM_PARSER_PROCESSOR", state: "ENABLED" } });
  });

  it("the API disabled, a missing role and a revoked key each fail their check with Google's reason and the roles hint", async () => {
    const s = await app();
    const sa = await ready(s, "exam-prep-broken");
    standIn.addAccount({ ...sa.account, apiEnabled: false });
    let st = await status(s);
    expect(st.checks).toMatchObject({ authenticated: true, apiEnabled: false, processorAccess: false });
    expect(st.error).toMatch(/^Listing processors failed: The Document AI API is not enabled in this project \(403: Cloud Document AI API has not been used in project exam-prep-broken/);

    standIn.addAccount({ ...sa.account, permitted: false });
    st = await status(s);
    expect(st.checks).toMatchObject({ authenticated: true, apiEnabled: true, processorAccess: false });
    expect(st.error).toMatch(/403: Permission 'documentai\.processors\.list' denied/);
    expect(st.error).toContain("The service account needs the roles Document AI API User, Document AI Editor, Service Usage Consumer, and the project the Document AI API enabled.");

    // The key deleted in Google Cloud: the stand-in no longer knows it.
    standIn.accounts.delete(sa.account.clientEmail);
    st = await status(s);
    expect(st.checks).toMatchObject({ credentialsReadable: true, authenticated: false });
    expect(st.error).toBe("Google refused the stored key: 400: invalid_grant: Invalid grant: account not found");
    standIn.addAccount(sa.account);
  });
});

describe("a PDF test", () => {
  it("downloads through the guard: size and pages; §5's 'Missing URL'; a refused address says why", async () => {
    const s = await app();
    const res = await send(s.t.app, "/api/diagnostics/document-ai/download", { url: `${site.origin}/paper.pdf` }, s.cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.size).toBe(paperPdf.byteLength);
    expect(body.pages).toBeGreaterThan(3);
    for (const url of ["", "  "]) expect((await (await send(s.t.app, "/api/diagnostics/document-ai/download", { url }, s.cookie)).json()).message).toBe("Missing URL");
    const notPdf = await send(s.t.app, "/api/diagnostics/document-ai/download", { url: `${site.origin}/page.html` }, s.cookie);
    expect(notPdf.status).toBe(422);
    expect((await notPdf.json()).message).toMatch(/is not a PDF/);
    const inside = await send(s.t.app, "/api/diagnostics/document-ai/download", { url: "http://169.254.169.254/latest/meta-data" }, s.cookie);
    expect((await inside.json()).message).toMatch(/link-local address/);
  });

  it("processes a corpus paper with Document AI and maps it to §3's Process result, questions by our segmenter", async () => {
    const s = await app();
    await ready(s, "exam-prep-process");
    const before = standIn.processed.length;
    const res = await send(s.t.app, "/api/diagnostics/document-ai/process", { url: `${site.origin}/paper.pdf` }, s.cookie);
    expect(res.status).toBe(200);
    const result = (await res.json()) as ProcessResult;
    expect(standIn.processed.slice(before)).toEqual([paperPdf.byteLength]);
    expect(result.success).toBe(true);
    expect(result.confidence).toBe(94); // the stand-in's paragraph confidence, as a percent
    expect(result.results.pages).toBe(result.metadata.pages);
    expect(result.results.paragraphs).toBeGreaterThan(20);
    expect(result.elementsFound).toBe(result.results.paragraphs);
    expect(result.metadata).toMatchObject({ mimeType: "application/pdf", size: paperPdf.byteLength });
    expect(result.metadata.processor).toMatch(/^projects\/exam-prep-process\/locations\/us\/processors\//);
    expect(result.processingTime).toBeGreaterThanOrEqual(0);
    // The questions found in Document AI's text are the paper's parts, with their numbers and marks.
    const truth = corpusTruth().papers.find((p) => p.id === paperId)!;
    expect(result.questions.map((q) => [q.number, q.marks])).toEqual(truth.parts.map((p) => [p.number, p.marks]));
    expect(result.questions.every((q) => q.text.length > 0 && q.text.length <= 300)).toBe(true);
  });

  it("without a configured processor processing says what to do", async () => {
    const s = await app();
    const sa = await testServiceAccount("exam-prep-noproc");
    standIn.addAccount(sa.account);
    await upload(s, sa.json);
    const res = await send(s.t.app, "/api/diagnostics/document-ai/process", { url: `${site.origin}/paper.pdf` }, s.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(NO_PROCESSOR);
  });
});

describe("the pieces underneath", () => {
  it("a sealed key opens only unchanged and with its secret", async () => {
    const sealed = await seal(SECRET, "the key file");
    expect(await unseal(SECRET, sealed)).toBe("the key file");
    expect(sealed).not.toContain("the key file");
    const [v, iv, data] = sealed.split(".");
    const flipped = `${v}.${iv}.${data.slice(0, 5)}${data[5] === "A" ? "B" : "A"}${data.slice(6)}`;
    expect(await unseal(SECRET, flipped)).toBeNull();
    expect(await unseal(SECRET, "v1.garbage")).toBeNull();
    // A fresh IV each time: the same key file never seals to the same text.
    expect(await seal(SECRET, "the key file")).not.toBe(sealed);
  });

  it("reads a layout whose pages are measured in pixels (as Document AI gives scans) the same as in points", async () => {
    const doc = await documentOfPdf(new Uint8Array(paperPdf));
    const inPixels = { ...doc, pages: doc.pages!.map((p) => ({ ...p, dimension: { width: 1654, height: 2339, unit: "pixels" } })) };
    const truth = corpusTruth().papers.find((p) => p.id === paperId)!;
    expect(documentQuestions(inPixels).map((q) => q.number)).toEqual(truth.parts.map((p) => p.number));
    expect(documentLines(inPixels)[0].pageWidth).toBe(612);
  });
});
