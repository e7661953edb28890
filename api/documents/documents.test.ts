// Documents and import through the real app: admin-only endpoints, the spec's messages, uploads
// checked by their bytes, nothing half-stored, the audit log, and the import from a fixture board site
// served on loopback (reachable only because the test passes the test-only switch).
import http from "node:http";
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, count, eq } from "drizzle-orm";
import { createApp } from "../app.ts";
import { auditLog, documentContents, documents, papers } from "../db/schema.ts";
import { createTestDeps, signedInAs, TEST_ORIGIN } from "../test-utils.ts";
import { DOCUMENT_MAX_BYTES, documentYears, type DocumentInfo } from "../../shared/documents.ts";
import type { Deps } from "../context.ts";
import { DOCUMENT_CHUNK_BYTES, documentBytes } from "./service.ts";

/** A small PDF: the signature and some text that makes each one's bytes (and SHA-256) its own. */
const pdf = (label: string) => new TextEncoder().encode(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

// --- The fixture board site ----------------------------------------------------------------------------
// One index page with the layouts boards use: AQA's coded file names, Pearson Edexcel's descriptive link
// texts (absolute and relative links), OCR's tables under series headings; plus links that are no paper.
const indexPage = (origin: string) => `<!doctype html>
<html><head><title>GCSE Mathematics: past papers</title></head><body>
<h1>GCSE Mathematics past papers and mark schemes</h1>
<section id=aqa>
  <h2>AQA: June 2022</h2>
  <ul>
    <li><a href="/aqa/AQA-84611H-QP-JUN22.PDF">Question paper (Higher): Paper 1 Non-calculator - June 2022</a> (PDF, 1.2MB)</li>
    <li><a href='/aqa/AQA-84611H-MS-JUN22.PDF'>Mark scheme (Higher): Paper 1 Non-calculator - June 2022</a></li>
    <li><a href=/aqa/AQA-84611F-QP-JUN22.PDF>AQA-84611F-QP-JUN22.PDF</a></li>
    <li><a href="/aqa/AQA-84611H-WRE-JUN22.PDF">Examiner report (Higher): Paper 1 - June 2022</a></li>
    <li><a href="/aqa/AQA-8300-SP-2015.PDF">Specification &amp; assessment objectives</a></li>
  </ul>
</section>
<section id=pearson>
  <h2>Pearson Edexcel</h2>
  <div class="doc"><a href="${origin}/pearson/1ma1_1h_rms_20230823.pdf" class="pdf">Mark scheme (Higher) : Paper 1 - June 2023</a></div>
  <div class="doc"><a href="pearson/1ma1_1f_que_20230518.pdf">Question paper (Foundation) : Paper 1 - June 2023</a></div>
  <div class="doc"><a href="./pearson/1ma1_1h_pef_20230823.pdf">Examiner report (Higher) : Paper 1 - June 2023</a></div>
</section>
<section id=ocr>
  <h2>OCR</h2>
  <h3>June 2021</h3>
  <table>
    <tr><td>Paper 1 (Foundation tier)</td><td><a href="/ocr/620447-question-paper-paper-1.pdf">Question paper (PDF, 1MB)</a></td><td><a href="/ocr/620525-mark-scheme-paper-1.pdf">Mark scheme (PDF, 600KB)</a></td></tr>
    <tr><td>Paper 4 (Higher tier)</td><td><a href="/ocr/620450-question-paper-paper-4.pdf">Question paper (PDF, 1MB)</a></td></tr>
  </table>
  <h3>November 2020</h3>
  <ul><li><a href="/ocr/examiners-report-november-2020.pdf">Examiners' report (PDF)</a></li></ul>
</section>
<footer><a href="/about">About us</a> <a href="mailto:papers@board.test">Contact</a> <a href="/aqa/AQA-84611H-QP-JUN22.PDF#page=2">Question paper again</a></footer>
</body></html>`;

let site: { origin: string; hits: string[]; close: () => Promise<void> };
async function serveSite() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, "http://x").pathname;
    hits.push(path);
    if (path === "/papers") return void res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(indexPage(site.origin));
    if (path === "/not-a-pdf.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end("<html>not really</html>");
    if (path === "/missing.pdf") return void res.writeHead(404).end("gone");
    if (/\.pdf$/i.test(path)) return void res.writeHead(200, { "content-type": "application/pdf" }).end(pdf(path));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, hits, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let deps: Deps;
let app: ReturnType<typeof createApp>;
/** The same database without the switch: what a real deployment is. */
let unswitched: ReturnType<typeof createApp>;
let admin: { cookie: string; userId: number };
let student: { cookie: string };
let paperId: number;
let otherPaperId: number;

beforeAll(async () => {
  site = await serveSite();
  const base = await createTestDeps();
  deps = { ...base, fetchGuard: { testOnlyLoopbackOrigins: [site.origin] } };
  app = createApp(deps);
  unswitched = createApp(base);
  admin = await signedInAs(deps, { username: "editor", email: "editor@example.com", role: "admin" });
  student = await signedInAs(deps, { username: "pupil", email: "pupil@example.com" });
  const rows = await deps.db.select({ id: papers.id }).from(papers).orderBy(asc(papers.id)).limit(2).all();
  [paperId, otherPaperId] = rows.map((r) => r.id);
});
afterAll(() => site.close());

type Init = { method?: string; cookie?: string; json?: unknown; body?: BodyInit; contentType?: string };
function call(path: string, { method = "GET", cookie, json, body, contentType }: Init = {}, on = app) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  else if (contentType) headers["content-type"] = contentType;
  return Promise.resolve(on.request(path, { method, headers, body: json !== undefined ? JSON.stringify(json) : body }));
}
const upload = (query: Record<string, string | number>, bytes: BodyInit, cookie = admin.cookie) =>
  call(`/api/uploaded-files?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, { method: "POST", cookie, body: bytes, contentType: "application/pdf" });
const stored = async () => ({
  documents: (await deps.db.select({ n: count() }).from(documents).get())!.n,
  contents: (await deps.db.select({ n: count() }).from(documentContents).get())!.n, // pieces: 1 a small PDF
});
const list = async (id = paperId) => ((await (await call(`/api/uploaded-files?paperId=${id}`, { cookie: admin.cookie })).json()) as { files: DocumentInfo[] }).files;
const year = documentYears()[1];

describe("who may use the document endpoints", () => {
  it("answers anonymous 401, a student 403 and an admin 2xx on every one", async () => {
    const up = await upload({ paperId, fileType: "specification", fileName: "Access check" }, pdf("access"));
    expect(up.status).toBe(201);
    const { fileId } = await up.json() as { fileId: number };
    const routes: [string, Init, number][] = [
      [`/api/uploaded-files?paperId=${paperId}`, {}, 200],
      [`/api/uploaded-files/${fileId}/pdf`, {}, 200],
      [`/api/document-urls`, { method: "POST", json: { paperId, fileType: "markScheme", fileName: "Access MS", fileUrl: `${site.origin}/access/ms.pdf`, year } }, 201],
      [`/api/extract-papers`, { method: "POST", json: { url: `${site.origin}/papers` } }, 200],
      [`/api/import-papers`, { method: "POST", json: { paperId, papers: [{ title: "Access QP", url: `${site.origin}/access/qp.pdf`, year, paperType: "pastPaper" }] } }, 201],
      [`/api/uploaded-files/${fileId}`, { method: "DELETE" }, 200],
    ];
    for (const [path, init, ok] of routes) {
      expect((await call(path, init)).status, `${path} anonymous`).toBe(401);
      expect((await call(path, { ...init, cookie: student.cookie })).status, `${path} student`).toBe(403);
      expect((await call(path, { ...init, cookie: admin.cookie })).status, `${path} admin`).toBe(ok);
    }
    const uploadPath = `/api/uploaded-files?paperId=${paperId}&fileType=specification&fileName=x`;
    expect((await call(uploadPath, { method: "POST", body: pdf("anon") })).status).toBe(401);
    expect((await call(uploadPath, { method: "POST", body: pdf("student"), cookie: student.cookie })).status).toBe(403);
  });
});

describe("uploading a PDF", () => {
  it("stores the bytes in the database, lists it without them, and opens it as a private PDF", async () => {
    const bytes = pdf("Paper 1 June 2024 upload");
    const res = await upload({ paperId: otherPaperId, fileType: "pastPaper", fileName: "Question paper: Paper 1 - June 2024", year, tier: "Higher" }, bytes);
    expect(res.status).toBe(201);
    const { file } = await res.json() as { file: DocumentInfo };
    expect(file).toMatchObject({
      paperId: otherPaperId,
      fileType: "pastPaper",
      fileName: "Question paper: Paper 1 - June 2024",
      year,
      tier: "Higher",
      size: bytes.byteLength,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      sourceUrl: null,
      createdBy: admin.userId,
      fileUrl: `/api/uploaded-files/${file.id}/pdf`,
    });
    expect(await list(otherPaperId)).toEqual([file]);

    const open = await call(file.fileUrl, { cookie: admin.cookie });
    expect(open.status).toBe(200);
    expect(open.headers.get("content-type")).toBe("application/pdf");
    expect(open.headers.get("cache-control")).toBe("private, no-store");
    expect(open.headers.get("content-disposition")).toMatch(/^inline; filename="Question-paper-Paper-1-June-2024\.pdf"/);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(bytes);
  });

  it("stores a large PDF in 1 MB pieces and gives it back whole, streamed or read", async () => {
    const bytes = new Uint8Array(2 * DOCUMENT_CHUNK_BYTES + 12345);
    bytes.set(pdf("large"));
    for (let i = 100; i < bytes.length; i += 997) bytes[i] = i % 256;
    const res = await upload({ paperId: otherPaperId, fileType: "specification", fileName: "Large specification" }, bytes);
    expect(res.status).toBe(201);
    const { file } = await res.json() as { file: DocumentInfo };
    const pieces = await deps.db.select({ seq: documentContents.seq }).from(documentContents).where(eq(documentContents.documentId, file.id)).orderBy(asc(documentContents.seq)).all();
    expect(pieces.map((p) => p.seq)).toEqual([0, 1, 2]);
    const open = await call(file.fileUrl, { cookie: admin.cookie });
    expect(open.headers.get("content-length")).toBe(String(bytes.length));
    expect(Buffer.compare(new Uint8Array(await open.arrayBuffer()), bytes)).toBe(0);
    expect(Buffer.compare(await documentBytes(deps.db, file.id), bytes)).toBe(0);
  });

  it("refuses a file that is not a PDF whatever its name, an oversized one, and a duplicate, storing nothing", async () => {
    const before = await stored();
    const fake = await upload({ paperId, fileType: "pastPaper", fileName: "paper.pdf", year }, new TextEncoder().encode("<html>paper.pdf</html>"));
    expect(fake.status).toBe(400);
    expect((await fake.json()).message).toBe("This file is not a PDF: its content does not start with %PDF-.");

    const huge = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    huge.set(pdf("huge"));
    const big = await upload({ paperId, fileType: "pastPaper", fileName: "Huge paper", year }, huge);
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBe("The request body is too large: at most 20 MB.");

    const empty = await upload({ paperId, fileType: "pastPaper", fileName: "Empty", year }, new Uint8Array());
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Choose a PDF file to upload: the request had no file.");

    const once = pdf("only once");
    expect((await upload({ paperId, fileType: "specification", fileName: "Spec" }, once)).status).toBe(201);
    const twice = await upload({ paperId, fileType: "specification", fileName: "Spec again" }, once);
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toBe("This PDF is already attached to this paper as 'Spec'.");
    expect(await stored()).toEqual({ documents: before.documents + 1, contents: before.contents + 1 });
  });

  it("checks the fields with the spec's messages, and the year against the current year and the nine before", async () => {
    const base = { paperId, fileType: "pastPaper", fileName: "Paper 2" };
    const refused = async (query: Record<string, string | number>) => {
      const res = await upload(query, pdf(JSON.stringify(query)));
      expect(res.status, JSON.stringify(query)).toBe(400);
      return (await res.json()).message as string;
    };
    expect(await refused(base)).toBe("Please select the year for this document.");
    expect(await refused({ ...base, year: documentYears()[9] - 1 })).toBe("Please select the year for this document.");
    expect(await refused({ ...base, year: documentYears()[0] + 1 })).toBe("Please select the year for this document.");
    expect(await refused({ ...base, fileName: " ", year })).toBe("Please enter a name for the document.");
    expect(await refused({ ...base, year, tier: "Intermediate" })).toBe("The tier is Foundation or Higher.");
    const missingPaper = await upload({ ...base, paperId: 999999, year }, pdf("no paper"));
    expect(missingPaper.status).toBe(404);
    // A specification needs no year, and keeps none.
    const spec = await upload({ paperId, fileType: "specification", fileName: "Specification v1.2", year }, pdf("spec v1.2"));
    expect(spec.status).toBe(201);
    expect((await spec.json()).file.year).toBeNull();
  });
});

describe("adding a document by URL", () => {
  it("fetches the PDF through the guard and records where it came from", async () => {
    const res = await call("/api/document-urls", {
      method: "POST",
      cookie: admin.cookie,
      json: { paperId, fileType: "examinerReport", fileName: "Examiner report June 2023", fileUrl: `${site.origin}/reports/er-2023.pdf`, year: documentYears()[3] },
    });
    expect(res.status).toBe(201);
    const { file } = await res.json() as { file: DocumentInfo };
    expect(file).toMatchObject({ fileType: "examinerReport", sourceUrl: `${site.origin}/reports/er-2023.pdf`, year: documentYears()[3] });
    const open = await call(file.fileUrl, { cookie: admin.cookie });
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(pdf("/reports/er-2023.pdf"));
  });

  it("answers the spec's messages for a missing name or URL and an invalid URL", async () => {
    const base = { paperId, fileType: "markScheme", fileName: "MS", fileUrl: `${site.origin}/ms.pdf`, year };
    const message = async (json: unknown) => {
      const res = await call("/api/document-urls", { method: "POST", cookie: admin.cookie, json });
      expect(res.status).toBe(400);
      return (await res.json()).message;
    };
    expect(await message({ ...base, fileName: "" })).toBe("Please enter a name for the document.");
    expect(await message({ ...base, fileName: undefined })).toBe("Please enter a name for the document.");
    expect(await message({ ...base, fileUrl: "" })).toBe("Please enter a URL for the document.");
    expect(await message({ ...base, fileUrl: "not a url" })).toBe("Please enter a valid URL.");
    expect(await message({ ...base, fileUrl: "file:///etc/passwd" })).toBe("Please enter a valid URL.");
    expect(await message({ ...base, year: undefined })).toBe("Please select the year for this document.");
    expect(await message({ ...base, fileType: "additionalResource" })).toBe("Choose the document type.");
  });

  it("stores nothing when the address is refused, missing or not a PDF, and says why", async () => {
    const before = await stored();
    const refused = async (fileUrl: string, on = app) => {
      const res = await call("/api/document-urls", { method: "POST", cookie: admin.cookie, json: { paperId, fileType: "pastPaper", fileName: "Bad", fileUrl, year } }, on);
      expect(res.status, fileUrl).toBe(422);
      return (await res.json()).message;
    };
    expect(await refused(`${site.origin}/not-a-pdf.pdf`)).toBe(`${site.origin}/not-a-pdf.pdf is not a PDF: its content does not start with %PDF-.`);
    expect(await refused(`${site.origin}/missing.pdf`)).toBe(`${site.origin}/missing.pdf answered 404 Not Found.`);
    expect(await refused("http://10.0.0.1/paper.pdf")).toBe("10.0.0.1 leads to a private address (10.0.0.1), which the server does not fetch from.");
    expect(await refused("http://169.254.169.254/latest/meta-data/")).toMatch(/link-local address/);
    // Without the test-only switch the fixture site is what it is: loopback, refused.
    expect(await refused(`${site.origin}/aqa/AQA-84611H-QP-JUN22.PDF`, unswitched)).toMatch(/^127\.0\.0\.1 leads to a loopback address/);
    expect(await stored()).toEqual(before);
  });
});

describe("deleting a document", () => {
  it("removes it and its bytes, and the audit log records the add and the delete with before and after", async () => {
    const res = await upload({ paperId, fileType: "markScheme", fileName: "To delete", year }, pdf("to delete"));
    const { file } = await res.json() as { file: DocumentInfo };
    const del = await call(`/api/uploaded-files/${file.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(del.status).toBe(200);
    expect(await deps.db.select().from(documents).where(eq(documents.id, file.id)).all()).toEqual([]);
    expect(await deps.db.select().from(documentContents).where(eq(documentContents.documentId, file.id)).all()).toEqual([]);
    expect((await call(file.fileUrl, { cookie: admin.cookie })).status).toBe(404);
    const again = await call(`/api/uploaded-files/${file.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(again.status).toBe(404);
    expect((await again.json()).message).toBe("Document not found");

    const entries = await deps.db.select().from(auditLog).where(eq(auditLog.entityId, file.id)).orderBy(asc(auditLog.id)).all();
    expect(entries.map((e) => [e.action, e.userId])).toEqual([["document.add", admin.userId], ["document.delete", admin.userId]]);
    expect(entries[0].before).toBeNull();
    expect(JSON.parse(entries[0].after!)).toEqual(file);
    expect(JSON.parse(entries[1].before!)).toEqual(file);
    expect(entries[1].after).toBeNull();
  });
});

describe("importing papers from a board's website", () => {
  const extract = async (json: unknown, on = app) => call("/api/extract-papers", { method: "POST", cookie: admin.cookie, json }, on);

  it("finds every paper of the fixture site with its type, year and tier", async () => {
    const res = await extract({ url: `${site.origin}/papers` });
    expect(res.status).toBe(200);
    const { papers: found } = await res.json() as { papers: { title: string; url: string; year: number | null; paperType: string; tier: string | null }[] };
    const o = site.origin;
    expect(found.map(({ url, paperType, year, tier }) => ({ url, paperType, year, tier }))).toEqual([
      { url: `${o}/aqa/AQA-84611H-QP-JUN22.PDF`, paperType: "pastPaper", year: 2022, tier: "Higher" },
      { url: `${o}/aqa/AQA-84611H-MS-JUN22.PDF`, paperType: "markScheme", year: 2022, tier: "Higher" },
      { url: `${o}/aqa/AQA-84611F-QP-JUN22.PDF`, paperType: "pastPaper", year: 2022, tier: "Foundation" },
      { url: `${o}/aqa/AQA-84611H-WRE-JUN22.PDF`, paperType: "examinerReport", year: 2022, tier: "Higher" },
      { url: `${o}/aqa/AQA-8300-SP-2015.PDF`, paperType: "specification", year: 2015, tier: null },
      { url: `${o}/pearson/1ma1_1h_rms_20230823.pdf`, paperType: "markScheme", year: 2023, tier: "Higher" },
      { url: `${o}/pearson/1ma1_1f_que_20230518.pdf`, paperType: "pastPaper", year: 2023, tier: "Foundation" },
      { url: `${o}/pearson/1ma1_1h_pef_20230823.pdf`, paperType: "examinerReport", year: 2023, tier: "Higher" },
      { url: `${o}/ocr/620447-question-paper-paper-1.pdf`, paperType: "pastPaper", year: 2021, tier: "Foundation" },
      { url: `${o}/ocr/620525-mark-scheme-paper-1.pdf`, paperType: "markScheme", year: 2021, tier: "Foundation" },
      { url: `${o}/ocr/620450-question-paper-paper-4.pdf`, paperType: "pastPaper", year: 2021, tier: "Higher" },
      { url: `${o}/ocr/examiners-report-november-2020.pdf`, paperType: "examinerReport", year: 2020, tier: null },
    ]);
    expect(found[0].title).toBe("Question paper (Higher): Paper 1 Non-calculator - June 2022");
    expect(found[2].title).toBe("AQA-84611F-QP-JUN22.PDF");
    expect(found[4].title).toBe("Specification & assessment objectives");
    expect(found[8].title).toBe("Paper 1 (Foundation tier): Question paper - June 2021");
    expect(found[9].title).toBe("Paper 1 (Foundation tier): Mark scheme - June 2021");
    expect(found[11].title).toBe("Examiners' report - November 2020");
    expect(found[5].title).toBe("Mark scheme (Higher) : Paper 1 - June 2023");
  });

  it("keeps the chosen tier's papers (and untiered ones) with the dialog's Higher/Foundation toggle", async () => {
    const { papers: higher } = await (await extract({ url: `${site.origin}/papers`, paperLevel: "Higher" })).json() as { papers: { tier: string | null }[] };
    expect(higher.length).toBe(8);
    expect(higher.every((p) => p.tier !== "Foundation")).toBe(true);
  });

  it("says why when the page cannot be used: refused, not a page, not found; no demo fallback", async () => {
    const message = async (url: string, on = app) => {
      const res = await extract({ url }, on);
      expect(res.status, url).toBe(422);
      return (await res.json()).message;
    };
    expect(await message(`${site.origin}/papers`, unswitched)).toMatch(/^127\.0\.0\.1 leads to a loopback address/);
    expect(await message(`${site.origin}/aqa/AQA-84611H-QP-JUN22.PDF`)).toBe(
      `${site.origin}/aqa/AQA-84611H-QP-JUN22.PDF is not a web page (its type is application/pdf): give the address of the page that lists the papers.`,
    );
    expect(await message(`${site.origin}/nothing-here`)).toBe(`${site.origin}/nothing-here answered 404 Not Found.`);
    const empty = await extract({ url: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please enter a URL to extract papers from.");
  });

  it("imports the selected papers as documents, each PDF fetched through the guard, all or none", async () => {
    const { papers: found } = await (await extract({ url: `${site.origin}/papers` })).json() as { papers: { title: string; url: string; year: number | null; paperType: string; tier: string | null }[] };
    const pick = (i: number) => ({ ...found[i], tier: found[i].tier ?? undefined, year: found[i].year ?? undefined });
    const target = (await deps.db.insert(papers).values({ name: "Import target", subject: "Mathematics", examBoard: "AQA", level: "GCSE" }).returning().get()).id;
    const before = await stored();

    // One bad paper in the selection: nothing is stored, and the message names it.
    const bad = await call("/api/import-papers", { method: "POST", cookie: admin.cookie, json: { paperId: target, papers: [pick(0), { title: "Broken link", url: `${site.origin}/missing.pdf`, year: 2022, paperType: "markScheme" }] } });
    expect(bad.status).toBe(422);
    expect((await bad.json()).message).toBe(`'Broken link' could not be imported, so nothing was: ${site.origin}/missing.pdf answered 404 Not Found.`);
    expect(await stored()).toEqual(before);

    const none = await call("/api/import-papers", { method: "POST", cookie: admin.cookie, json: { paperId: target, papers: [] } });
    expect((await none.json()).message).toBe("Please select at least one paper to import.");

    const selection = [pick(0), pick(1), pick(4), pick(6), pick(11)];
    const res = await call("/api/import-papers", { method: "POST", cookie: admin.cookie, json: { paperId: target, papers: selection } });
    expect(res.status).toBe(201);
    const body = await res.json() as { count: number; skipped: unknown[] };
    expect(body).toMatchObject({ count: 5, skipped: [] });
    const files = await list(target);
    expect(files.map(({ fileType, year, tier, sourceUrl }) => ({ fileType, year, tier, sourceUrl })).sort((a, b) => a.sourceUrl!.localeCompare(b.sourceUrl!))).toEqual([
      { fileType: "specification", year: null, tier: null, sourceUrl: `${site.origin}/aqa/AQA-8300-SP-2015.PDF` }, // a specification keeps no year
      { fileType: "markScheme", year: 2022, tier: "Higher", sourceUrl: `${site.origin}/aqa/AQA-84611H-MS-JUN22.PDF` },
      { fileType: "pastPaper", year: 2022, tier: "Higher", sourceUrl: `${site.origin}/aqa/AQA-84611H-QP-JUN22.PDF` },
      { fileType: "examinerReport", year: 2020, tier: null, sourceUrl: `${site.origin}/ocr/examiners-report-november-2020.pdf` },
      { fileType: "pastPaper", year: 2023, tier: "Foundation", sourceUrl: `${site.origin}/pearson/1ma1_1f_que_20230518.pdf` },
    ]);
    const mark = files.find((f) => f.fileType === "markScheme")!;
    expect(new Uint8Array(await (await call(mark.fileUrl, { cookie: admin.cookie })).arrayBuffer())).toEqual(pdf("/aqa/AQA-84611H-MS-JUN22.PDF"));
    expect(await stored()).toEqual({ documents: before.documents + 5, contents: before.contents + 5 });

    // Importing the same page again adds nothing: the PDFs the paper has are skipped and named.
    const again = await call("/api/import-papers", { method: "POST", cookie: admin.cookie, json: { paperId: target, papers: [pick(0)] } });
    expect(await again.json()).toMatchObject({ count: 0, skipped: [{ title: found[0].title, existing: found[0].title }] });
  });

  it("checks each imported paper's year like Add Document", async () => {
    const res = await call("/api/import-papers", { method: "POST", cookie: admin.cookie, json: { paperId, papers: [{ title: "Old paper", url: `${site.origin}/old.pdf`, year: 2009, paperType: "pastPaper" }] } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "Please select the year for this document.", errors: { "papers.0.year": "Please select the year for this document." } });
  });
});
