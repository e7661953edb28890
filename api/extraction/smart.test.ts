// POST /api/extract/smart through the real app: a corpus PDF (printed by Chromium, with known truth)
// gives its questions, cover and statistics in §3's shape, as JSON and as the stream of steps the page
// follows (OCR page by page for the scan); anything but a PDF is refused with §5's message; signed out
// is a 401; the per-account limit is a 429 with its message; and nothing is stored.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../db/schema.ts";
import { createTestApp, signedInAs, TEST_ORIGIN } from "../test-utils.ts";
import { type BuiltCorpus, buildCorpus, corpusTruth } from "./corpus/print.ts";
import { readSse } from "../../site/lib/api.ts";
import {
  SMART_EXTRACTION_MAX_BYTES,
  SMART_EXTRACTION_MESSAGES,
  SMART_EXTRACTIONS_AT_ONCE,
  SMART_EXTRACTIONS_PER_HOUR,
  type SmartExtractionResult,
  type SmartExtractionStep,
} from "../../shared/smart-extraction.ts";
import { checkedPageCount, specialNotation } from "./smart.ts";

const pdfPages = (path: string) => checkedPageCount(readFileSync(path));

const t = await createTestApp();
let built: BuiltCorpus;
const truth = corpusTruth();

beforeAll(async () => {
  built = await buildCorpus();
}, 180_000);

/** The page's request: multipart with the file field (and the mark scheme's), the site's Origin, the user's cookie. */
function upload(cookie: string | undefined, file: Blob | null, name = "paper.pdf", accept?: string, markScheme?: Blob) {
  const form = new FormData();
  if (file) form.set("file", file, name);
  if (markScheme) form.set("markScheme", markScheme, "mark-scheme.pdf");
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (accept) headers.accept = accept;
  return Promise.resolve(t.app.request("/api/extract/smart", { method: "POST", headers, body: form }));
}
const pdfBlob = (path: string) => new Blob([readFileSync(path)], { type: "application/pdf" });

/** Rows in every table: an extraction must leave them all as they were. */
async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of Object.values(schema)) {
    if (!table || typeof table !== "object" || !(Symbol.for("drizzle:IsDrizzleTable") in table)) continue;
    const { name } = getTableConfig(table as SQLiteTable);
    out[name] = (await t.db.select({ n: count() }).from(table as SQLiteTable).get())!.n;
  }
  return out;
}

let student = 0;
const newStudent = async () => {
  student++;
  return (await signedInAs(t, { username: `extractor${student}`, email: `extractor${student}@example.com` })).cookie;
};

describe("POST /api/extract/smart", () => {
  it("extracts a corpus paper's questions, cover and statistics, and stores nothing", async () => {
    const cookie = await newStudent();
    const paper = built.papers.find((p) => p.id === "aqa-biology-8461-1h-2024")!;
    const known = truth.papers.find((p) => p.id === paper.id)!;
    const before = await rowCounts();
    expect(Object.keys(before).length).toBeGreaterThan(20);
    const res = await upload(cookie, pdfBlob(paper.pdf), "AQA Biology.pdf");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const body = await res.json() as SmartExtractionResult;
    expect(body).toMatchObject({ success: true, error: null, fileName: "AQA Biology.pdf", markScheme: null });
    expect(body.questions.every((q) => q.answer === null)).toBe(true);
    // Every part, with its number and marks, in order; nothing invented.
    expect(body.questions.map((q) => [q.number, q.marks])).toEqual(known.parts.map((p) => [p.number, p.marks]));
    for (const q of body.questions) {
      expect(Object.keys(q)).toEqual(expect.arrayContaining(["number", "marks", "type", "section", "content", "specialNotation"]));
      expect(q.content.length, q.number).toBeGreaterThan(10);
    }
    const first = known.parts[0];
    expect(body.questions[0].content).toContain(first.text.slice(0, 40));
    const withOptions = known.parts.find((p) => p.options)!;
    const q = body.questions.find((x) => x.number === withOptions.number)!;
    for (const option of withOptions.options!) expect(q.content).toContain(option);
    expect(body.metadata).toMatchObject({
      subject: known.cover.subject,
      examBoard: known.cover.board,
      level: "GCSE",
      year: known.cover.year,
      totalMarks: known.cover.totalMarks,
      paperCode: known.cover.paperCode,
    });
    expect(body.metadata.paperType).toContain(known.cover.paperCode);
    const stats = body.extractionStats;
    expect(stats.pagesProcessed).toBeGreaterThan(3);
    expect(stats.imagesProcessed).toBe(0);
    expect(stats.confidence).toBeGreaterThanOrEqual(0.8);
    expect(stats.confidence).toBeLessThanOrEqual(1);
    expect(stats.textExtracted).toBeGreaterThan(2000);
    expect(stats.processingTime).toBeGreaterThan(0);
    expect(await rowCounts()).toEqual(before);
  }, 60_000);

  it("streams its real progress, OCR page by page for a scan, then the result", async () => {
    const cookie = await newStudent();
    const paper = built.papers.find((p) => p.scanned)!;
    const known = truth.papers.find((p) => p.id === paper.id)!;
    const before = await rowCounts();
    const res = await upload(cookie, pdfBlob(paper.pdf), "scan.pdf", "text/event-stream");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const steps: SmartExtractionStep[] = [];
    let done: SmartExtractionResult | null = null;
    for await (const { event, data } of readSse(res.body!)) {
      if (event === "step") steps.push(JSON.parse(data));
      else if (event === "done") done = JSON.parse(data);
      else throw new Error(`unexpected ${event}: ${data}`);
    }
    expect(done).not.toBeNull();
    const pages = done!.extractionStats.pagesProcessed;
    expect(done!.extractionStats.imagesProcessed).toBe(pages);
    expect(steps[0].step).toBe(`Reading the PDF (${pages} pages)`);
    const ocr = steps.filter((s) => s.step.includes("by OCR"));
    expect(ocr.map((s) => s.step.match(/(\d+) of (\d+)\)$/)!.slice(1).map(Number))).toEqual(Array.from({ length: pages }, (_, i) => [i + 1, pages]));
    expect(steps.at(-1)!.step).toMatch(/Finding the questions/);
    // The bar only moves forward.
    expect(steps.map((s) => s.progress)).toEqual([...steps.map((s) => s.progress)].sort((a, b) => a - b));
    expect(done!.questions.map((q) => q.number)).toEqual(known.parts.map((p) => p.number));
    expect(await rowCounts()).toEqual(before);
  }, 180_000);

  it("matches an uploaded mark scheme's answers to the questions by number, with its reading in the steps", async () => {
    const cookie = await newStudent();
    const paper = built.papers.find((p) => p.id === "edexcel-physics-1ph0-1h-2024")!;
    const known = truth.papers.find((p) => p.id === paper.id)!;
    const res = await upload(cookie, pdfBlob(paper.pdf), "paper.pdf", "text/event-stream", pdfBlob(paper.markScheme));
    const steps: string[] = [];
    let done: SmartExtractionResult | null = null;
    for await (const { event, data } of readSse(res.body!)) {
      if (event === "step") steps.push((JSON.parse(data) as SmartExtractionStep).step);
      else if (event === "done") done = JSON.parse(data);
      else throw new Error(`unexpected ${event}: ${data}`);
    }
    expect(steps.map((s) => s.replace(/\d+ pages/, "n pages"))).toEqual([
      "Reading the PDF (n pages)",
      "Finding the questions, their marks and the cover's details",
      "Reading the mark scheme (n pages)",
      "Matching the mark scheme's answers to the questions",
    ]);
    expect(done!.markScheme).toEqual({ fileName: "mark-scheme.pdf", pagesProcessed: expect.any(Number), answersMatched: known.parts.length });
    for (const entry of known.markScheme) {
      const q = done!.questions.find((x) => x.number === entry.number)!;
      // The answer's first marking point, as the mark scheme prints it.
      expect(q.answer, entry.number).toContain(entry.answer.split("\n")[0].slice(0, 25));
    }
    expect(done!.extractionStats.pagesProcessed).toBe(done!.markScheme!.pagesProcessed + (await pdfPages(paper.pdf)));
  }, 60_000);

  it("runs one extraction at a time per account and two in all, and frees the account when the browser goes away", async () => {
    const cookie = await newStudent();
    const scan = built.papers.find((p) => p.scanned)!;
    const printed = pdfBlob(built.papers.find((p) => p.id === "aqa-physics-8463-2f-2023")!.pdf);
    const res = await upload(cookie, pdfBlob(scan.pdf), "scan.pdf", "text/event-stream");
    for await (const { event, data } of readSse(res.body!)) {
      expect(event).toBe("step");
      if ((JSON.parse(data) as SmartExtractionStep).step.includes("by OCR")) break;
    }
    const second = await upload(cookie, printed);
    expect(second.status).toBe(429);
    expect((await second.json()).message).toBe(SMART_EXTRACTION_MESSAGES.alreadyRunning);
    // Someone else is not held back meanwhile.
    expect((await upload(await newStudent(), printed)).status).toBe(200);
    // But with as many running as the server allows at once, a third account is asked to come back.
    expect(SMART_EXTRACTIONS_AT_ONCE).toBe(2);
    const other = await upload(await newStudent(), pdfBlob(scan.pdf), "scan.pdf", "text/event-stream");
    const otherEvents = readSse(other.body!);
    expect((await otherEvents.next()).value?.event).toBe("step");
    const busy = await upload(await newStudent(), printed);
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("60");
    expect((await busy.json()).message).toBe(SMART_EXTRACTION_MESSAGES.busy);
    await otherEvents.return(undefined);
    await other.body!.cancel();
    // The page closes: the stream is cancelled, and the account may extract again once the run has ended.
    await res.body!.cancel();
    await expect.poll(async () => (await upload(cookie, printed)).status, { timeout: 20_000, interval: 300 }).toBe(200);
  }, 60_000);

  it("refuses anything but a PDF with §5's message, checking the bytes, not the name", async () => {
    const cookie = await newStudent();
    const before = await rowCounts();
    // A mark scheme that is not a PDF is refused the same way.
    const badScheme = await upload(cookie, pdfBlob(built.papers[0].pdf), "paper.pdf", undefined, new Blob(["notes"], { type: "text/plain" }));
    expect(badScheme.status).toBe(400);
    expect((await badScheme.json()).message).toBe(SMART_EXTRACTION_MESSAGES.invalidType);
    const cases: [Blob | null, string][] = [
      [new Blob(["Not a PDF at all"], { type: "application/pdf" }), "fake.pdf"],
      [new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "picture.png"],
      [null, "none"],
    ];
    for (const [file, name] of cases) {
      const res = await upload(cookie, file, name);
      expect(res.status, name).toBe(400);
      expect((await res.json()).message, name).toBe(SMART_EXTRACTION_MESSAGES.invalidType);
    }
    // Not multipart at all.
    const json = await t.app.request("/api/extract/smart", { method: "POST", headers: { origin: TEST_ORIGIN, cookie, "content-type": "application/json" }, body: "{}" });
    expect(json.status).toBe(400);
    // A damaged PDF: its signature, then nothing a reader can open.
    const broken = await upload(cookie, new Blob(["%PDF-1.7\nthis is no PDF body"], { type: "application/pdf" }), "broken.pdf");
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe(SMART_EXTRACTION_MESSAGES.unreadable);
    const big = await upload(cookie, new Blob([new Uint8Array(SMART_EXTRACTION_MAX_BYTES + 1)], { type: "application/pdf" }), "big.pdf");
    expect(big.status).toBe(413);
    expect(await rowCounts()).toEqual(before);
  });

  it("is for signed-in users only", async () => {
    const paper = built.papers[0];
    const res = await upload(undefined, pdfBlob(paper.pdf));
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Please sign in first");
  });

  it(`allows ${SMART_EXTRACTIONS_PER_HOUR} extractions an hour per account, then a 429 saying when to come back`, async () => {
    const cookie = await newStudent();
    const other = await newStudent();
    const paper = built.papers.find((p) => p.id === "ocr-chemistry-j248-01-2023")!;
    const file = pdfBlob(paper.pdf);
    for (let i = 0; i < SMART_EXTRACTIONS_PER_HOUR; i++) expect((await upload(cookie, file)).status, `extraction ${i + 1}`).toBe(200);
    const refused = await upload(cookie, file);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect((await refused.json()).message).toBe(SMART_EXTRACTION_MESSAGES.tooMany(3600));
    // Another account is not held back.
    expect((await upload(other, file)).status).toBe(200);
  }, 120_000);
});

describe("special notation", () => {
  it("lists a content's symbols and chemical formulae once, not capitalised words", () => {
    expect(specialNotation("Calculate the area in cm² using π. Water is H2O; CO₂ and NaCl dissolve. AQA NO 2H")).toEqual(["²", "π", "H2O", "CO₂", "NaCl"]);
    expect(specialNotation("Describe the function of DNA in a cell.")).toEqual([]);
  });
});
