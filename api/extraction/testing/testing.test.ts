// The extraction testing dashboard through the real app (admin-tools.md §2–§5, §7): sessions that run
// the five phases over a corpus PDF fetched by URL (served on loopback, reachable only through the
// test-only switch) or an uploaded file, the model's calls logged and checked (the OpenAI stand-in),
// §5's messages, a failed phase stopping the run, recreation's accuracy, the report, and admins only.
import http from "node:http";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createApp } from "../../app.ts";
import type { Deps } from "../../context.ts";
import { createTestDeps, send, signedInAs, TEST_ORIGIN } from "../../test-utils.ts";
import { type OpenAIStandIn, startOpenAIStandIn } from "../../ai/stand-in.ts";
import { buildCorpus, corpusTruth } from "../corpus/print.ts";
import { renderPaperPdf } from "../../papers/pdf/index.ts";
import { type ExtractedQuestion, extractPdf } from "../extract.ts";
import { paperDocumentOf } from "./recreate.ts";
import { type AiInteraction, TEST_PHASES, type TestSession, type RecreationResult, type ValidationReport } from "../../../shared/extraction-testing.ts";

const truth = corpusTruth();
const PAPER = "aqa-biology-8461-1h-2024";
let corpusPdf: Uint8Array;
let site: { origin: string; close: () => Promise<void> };
let blankPdf: Uint8Array;
let lowPdf: Uint8Array;

/** A PDF with a page of text and no question: extraction finds nothing in it. */
async function noQuestionsPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage();
  ["Minutes of the staff meeting", "The meeting opened at four o'clock.", "Nothing further was discussed."].forEach((t, i) => page.drawText(t, { x: 60, y: 760 - i * 20, size: 12, font }));
  return await doc.save();
}

const part = (number: string, question: number, marks: number, text: string): ExtractedQuestion =>
  ({ number, question, section: "", marks, type: "Short Answer", stem: null, text, options: null, table: null, page: 2, confidence: 1, issues: [] });

/** A paper printed by the paper engine whose part 01.2 reads with Low confidence (a few words for 25 marks). */
async function paperWithLowPart() {
  const questions = [
    part("01.1", 1, 2, "Name the part of the cell where aerobic respiration takes place."),
    part("01.2", 1, 25, "De fine."), // a word the reading split
    part("02", 2, 3, "Describe how the structure of the small intestine is adapted for absorption."),
  ];
  const { doc } = paperDocumentOf({
    convention: "AQA",
    cover: { board: "AQA", subject: "Biology", level: "GCSE", tier: "Higher", series: "June", year: 2024, paperCode: "8461/1H", totalMarks: 30, timeMinutes: 105, coverPage: 1 },
    questions,
    statistics: { questions: 3, withMarks: 3, totalMarks: 30, coverTotalMarks: 30, averageConfidence: 1, bands: { high: 3, medium: 0, low: 0 }, pages: 2, ocrPages: 0, textBytes: 0 },
  }, "Low confidence fixture");
  return await renderPaperPdf(doc);
}

async function serveSite() {
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, "http://x").pathname;
    if (path === "/paper.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end(corpusPdf);
    if (path === "/blank.pdf") return void res.writeHead(200, { "content-type": "application/pdf" }).end(blankPdf);
    if (path === "/page.pdf") return void res.writeHead(200, { "content-type": "text/html" }).end("<html>not a pdf</html>");
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

beforeAll(async () => {
  const built = await buildCorpus();
  corpusPdf = readFileSync(built.papers.find((p) => p.id === PAPER)!.pdf);
  blankPdf = await noQuestionsPdf();
  lowPdf = await paperWithLowPart();
  site = await serveSite();
}, 180_000);
afterAll(() => site?.close());

async function setup(env: Record<string, string> = {}) {
  const base = await createTestDeps(env);
  const deps: Deps = { ...base, fetchGuard: { testOnlyLoopbackOrigins: [site.origin] } };
  const app = createApp(deps);
  const admin = await signedInAs(deps, { username: "admin", email: "admin@example.com", role: "admin" });
  const student = await signedInAs(deps, { username: "student", email: "student@example.com" });
  return { deps, app, admin: admin.cookie, student: student.cookie };
}
type Setup = Awaited<ReturnType<typeof setup>>;

async function newSession(s: Setup, body: Record<string, unknown>) {
  const res = await send(s.app, "/api/testing/create-session", body, s.admin);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { session: TestSession }).session;
}
const runPhase = (s: Setup, id: number, phase: string) => send(s.app, `/api/testing/execute-phase/${id}`, { phase }, s.admin);
async function status(s: Setup, id: number) {
  const res = await send(s.app, `/api/testing/session-status/${id}`, undefined, s.admin);
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string; session: TestSession }).session;
}
async function runAll(s: Setup, id: number) {
  for (const phase of TEST_PHASES) {
    const res = await runPhase(s, id, phase);
    expect(res.status, `${phase}: ${await res.clone().text()}`).toBe(200);
  }
  return await status(s, id);
}
async function uploadPdf(s: Setup, bytes: Uint8Array, name: string, cookie = s.admin) {
  const form = new FormData();
  form.set("file", new File([bytes.slice()], name, { type: "application/pdf" }));
  form.set("subject", "Biology");
  return await s.app.request("/api/upload", { method: "POST", headers: { origin: TEST_ORIGIN, cookie }, body: form });
}

describe("a session over a corpus PDF fetched by URL, with no model", () => {
  let s: Setup;
  let session: TestSession;
  beforeAll(async () => {
    s = await setup();
    const created = await newSession(s, { fileUrl: `${site.origin}/paper.pdf`, fileName: "AQA Biology 8461/1H June 2024", subject: "Biology" });
    expect(created.status).toBe("idle");
    expect(created.extractionSteps.map((st) => [st.id, st.status])).toEqual(TEST_PHASES.map((p) => [p, "pending"]));
    session = await runAll(s, created.id);
  }, 120_000);

  it("runs the five phases in order to completed, with the final results and a passing validation", () => {
    const parts = truth.papers.find((p) => p.id === PAPER)!.parts;
    expect(session.status).toBe("completed");
    expect(session.startTime && session.endTime && session.endTime >= session.startTime).toBeTruthy();
    expect(session.extractionSteps.map((st) => [st.id, st.status, st.progress])).toEqual(TEST_PHASES.map((p) => [p, "completed", 100]));
    expect(session.pages).toBeGreaterThan(1);
    expect(session.cover).toMatchObject({ board: "AQA", subject: "Biology", paperCode: "8461/1H" });
    expect(session.finalResults!.questions.map((q) => [q.number, q.marks])).toEqual(parts.map((p) => [p.number, p.marks]));
    expect(session.finalResults!.totalMarks).toBe(parts.reduce((n, p) => n + p.marks, 0));
    expect(session.validation!.overallScore).toBeGreaterThanOrEqual(85);
    expect(session.validation!.passed).toBe(true);
    expect(session.validation!.checks.map((c) => c.name)).toEqual(["Completeness", "Marks", "Numbering", "Confidence"]);
    const logs = session.extractionSteps.flatMap((st) => st.systemLogs.map((l) => l.message)).join("\n");
    expect(logs).toMatch(/Fetched \d[\d,]* bytes/);
    expect(logs).toMatch(/PASSED/);
    expect(session.extractionSteps.every((st) => st.aiInteractions.length === 0)).toBe(true);
  });

  it("refuses to run a phase again, or out of order", async () => {
    expect((await runPhase(s, session.id, "validation")).status).toBe(409);
    const fresh = await newSession(s, { fileUrl: `${site.origin}/paper.pdf`, fileName: "again" });
    const res = await runPhase(s, fresh.id, "content_extraction");
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toBe("Run Preparation first.");
  });

  it("downloads the whole session as a JSON report", async () => {
    const res = await send(s.app, `/api/testing/comprehensive-report/${session.id}`, undefined, s.admin);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="extraction-test-session-${session.id}.json"`);
    const report = (await res.json()) as { session: TestSession; extraction: { questions: unknown[] }; aiSummary: { calls: number }; validationReport: ValidationReport };
    expect(report.session.id).toBe(session.id);
    expect(report.session.extractionSteps).toHaveLength(5);
    expect(report.extraction.questions).toHaveLength(session.finalResults!.questions.length);
    expect(report.aiSummary.calls).toBe(0);
    expect(report.validationReport.validation.dataCompleteness).toBe(100);
  });

  it("recreates the paper with the paper engine and scores how closely it extracts again", async () => {
    const res = await send(s.app, `/api/testing/recreate-paper/${session.fileId}`, { includeOriginalFormatting: true, includeDiagrams: true, validateAccuracy: true }, s.admin);
    expect(res.status, await res.clone().text()).toBe(200);
    const { result } = (await res.json()) as { result: RecreationResult };
    const total = session.finalResults!.questions.length;
    expect(result.success).toBe(true);
    expect(result.accuracy).toMatchObject({ questionsMatched: total, totalQuestions: total, accuracyScore: 100 });
    expect(result.errors).toEqual([]);
    // The recreated PDF is a real paper: it opens, and extracting it again finds the same marks.
    const pdf = await send(s.app, result.outputPath!, undefined, s.admin);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const again = await extractPdf(new Uint8Array(await pdf.arrayBuffer()), { ocr: false });
    expect(again.questions.map((q) => q.marks)).toEqual(session.finalResults!.questions.map((q) => q.marks));

    const validation = await send(s.app, `/api/testing/validate-recreation/${session.fileId}`, undefined, s.admin, "POST");
    const report = ((await validation.json()) as { validation: ValidationReport }).validation;
    expect(report.validation).toEqual({ dataCompleteness: 100, recreationFidelity: 100, overallScore: 100 });
    expect(report.result.passed).toBe(true);
    expect(report.extraction.questionsExtracted).toBe(total);
  }, 60_000);

  it("exports the file's extracted data", async () => {
    const res = await send(s.app, `/api/testing/export-extracted-data/${session.fileId}`, undefined, s.admin);
    const { data } = (await res.json()) as { data: { sessionId: number; questions: { number: string }[]; cover: { subject: string } } };
    expect(data.sessionId).toBe(session.id);
    expect(data.questions.map((q) => q.number)).toEqual(session.finalResults!.questions.map((q) => q.number));
    expect(data.cover.subject).toBe("Biology");
  });
});

describe("with a model configured (the OpenAI stand-in)", () => {
  let s: Setup;
  let standIn: OpenAIStandIn;
  let session: TestSession;
  let interactions: AiInteraction[];
  beforeAll(async () => {
    standIn = await startOpenAIStandIn(async (req) => {
      if (req.response_format?.type !== "json_schema") return { content: "OK" };
      await new Promise((r) => setTimeout(r, 30)); // a model takes its time: the latency is measured
      if (req.response_format.json_schema.name === "cover_subject") return { content: JSON.stringify({ subject: "Biology", agrees: true, reason: "The cover prints GCSE BIOLOGY." }) };
      // The tidied page, with a question the page does not have.
      const asked = JSON.parse(req.messages[1].content.slice(req.messages[1].content.indexOf("{"))) as { questions: { number: string; marks: number | null; text: string }[] };
      return { content: JSON.stringify({ questions: [...asked.questions, { number: "01.3", marks: 4, text: "Explain why enzymes are denatured at high temperatures." }] }) };
    });
    s = await setup({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in-model" });
    const uploaded = await uploadPdf(s, lowPdf, "low-confidence.pdf");
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { fileId: number; fileUrl: string };
    expect(file.fileUrl).toBe(`/api/testing/files/${file.fileId}/pdf`);
    const created = await newSession(s, { fileUrl: file.fileUrl, fileName: "low-confidence.pdf", subject: "Biology" });
    session = await runAll(s, created.id);
    const res = await send(s.app, `/api/testing/ai-interactions/${session.id}`, undefined, s.admin);
    interactions = ((await res.json()) as { interactions: AiInteraction[] }).interactions;
  }, 60_000);
  afterAll(() => standIn?.close());

  it("logs every model call with its prompts, answer, tokens and latency", () => {
    expect(interactions.map((i) => i.step)).toEqual(["subject_detection", "content_extraction"]);
    for (const i of interactions) {
      expect(i.model).toBe("stand-in-model");
      expect(i.promptSent.systemPrompt.length).toBeGreaterThan(50);
      expect(i.responseReceived.usage).toEqual({ totalTokens: 20, promptTokens: 10, completionTokens: 10 });
      expect(i.responseReceived.processingTime).toBeGreaterThanOrEqual(25);
      expect(i.validationResults.structureValid).toBe(true);
    }
    expect(interactions[0].promptSent.userPrompt).toMatch(/BIOLOGY/i);
    expect(interactions[0].accepted).toBe(true);
    expect(interactions[1].promptSent.userPrompt).toContain('"number": "01.2"');
    expect(standIn.requests).toHaveLength(2);
    // The session's steps carry their own calls.
    expect(session.extractionSteps.find((st) => st.id === "content_extraction")!.aiInteractions.map((i) => i.id)).toEqual([interactions[1].id]);
  });

  it("refuses a model answer that invents a question, and keeps the local reading", () => {
    const tidy = interactions[1];
    expect(tidy.accepted).toBe(false);
    expect(tidy.validationResults.errors).toContain("It invents question 01.3, which the page does not have.");
    expect(session.status).toBe("completed");
    expect(session.finalResults!.questions.map((q) => q.number)).toEqual(["01.1", "01.2", "02"]);
    expect(session.finalResults!.questions[1].text).toBe("De fine.");
    const logs = session.extractionSteps.find((st) => st.id === "content_extraction")!.systemLogs.map((l) => l.message).join("\n");
    expect(logs).toMatch(/model's answer was refused/);
  });

  it("checks the model's configuration with a real call", async () => {
    const res = await send(s.app, "/api/testing/validate-ai-config", undefined, s.admin);
    const { validation } = (await res.json()) as { validation: { connectionStatus: string; model: string; performanceMetrics: { calls: number; successRate: number; averageLatency: number } } };
    expect(validation.connectionStatus).toBe("connected");
    expect(validation.model).toBe("stand-in-model");
    expect(validation.performanceMetrics.calls).toBe(2);
    expect(validation.performanceMetrics.successRate).toBe(100);
    expect(standIn.requests).toHaveLength(3);
  });
});

describe("with a model that tidies a page as it may", () => {
  it("uses the tidied text: the same questions and marks, a split word joined", async () => {
    const standIn = await startOpenAIStandIn((req) => {
      if (req.response_format?.type !== "json_schema" || req.response_format.json_schema.name === "cover_subject") return { content: JSON.stringify({ subject: null, agrees: true, reason: "" }) };
      const asked = JSON.parse(req.messages[1].content.slice(req.messages[1].content.indexOf("{"))) as { questions: { number: string; marks: number | null; text: string }[] };
      return { content: JSON.stringify({ questions: asked.questions.map((q) => ({ ...q, text: q.text.replace("De fine.", "Define.") })) }) };
    });
    try {
      const s = await setup({ OPENAI_API_KEY: "test-key", OPENAI_BASE_URL: standIn.baseUrl });
      const file = (await (await uploadPdf(s, lowPdf, "low-confidence.pdf")).json()) as { fileUrl: string };
      const session = await runAll(s, (await newSession(s, { fileUrl: file.fileUrl, fileName: "low-confidence.pdf" })).id);
      const tidy = session.extractionSteps.find((st) => st.id === "content_extraction")!.aiInteractions;
      expect(tidy.map((i) => [i.accepted, i.validationResults.errors])).toEqual([[true, []]]);
      expect(session.finalResults!.questions.map((q) => [q.number, q.marks])).toEqual([["01.1", 2], ["01.2", 25], ["02", 3]]);
      expect(session.finalResults!.questions[0].text).toBe("Name the part of the cell where aerobic respiration takes place.");
      expect(session.finalResults!.questions[1].text).toBe("Define.");
    } finally {
      await standIn.close();
    }
  }, 60_000);
});

describe("bad input, failures and permissions", () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });

  it("answers §5's messages for a missing or bad URL and a missing file name", async () => {
    for (const fileUrl of ["", "   ", "not a url", "ftp://example.com/paper.pdf", "/api/testing/files/x/pdf"]) {
      const res = await send(s.app, "/api/testing/create-session", { fileUrl, fileName: "Paper" }, s.admin);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ title: "No URL Provided", message: "Please enter a valid PDF URL to test" });
    }
    const res = await send(s.app, "/api/testing/create-session", { fileUrl: "https://example.com/paper.pdf", fileName: " " }, s.admin);
    expect(await res.json()).toMatchObject({ title: "No File Name" });
    const missing = await send(s.app, "/api/testing/create-session", { fileUrl: "/api/testing/files/999/pdf", fileName: "Paper" }, s.admin);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ title: "No File", message: "Please upload a file first" });
    const recreate = await send(s.app, "/api/testing/recreate-paper/999", {}, s.admin);
    expect(await recreate.json()).toMatchObject({ title: "No File", message: "Please upload a file first" });
    const notPdf = await uploadPdf(s, new TextEncoder().encode("<html></html>"), "page.pdf");
    expect(notPdf.status).toBe(400);
    expect(await notPdf.json()).toMatchObject({ message: "Please select a PDF file." });
  });

  it("a failed phase fails the session and stops the run", async () => {
    const created = await newSession(s, { fileUrl: `${site.origin}/blank.pdf`, fileName: "Minutes" });
    for (const phase of ["preparation", "subject_detection"]) expect((await runPhase(s, created.id, phase)).status).toBe(200);
    const failed = await runPhase(s, created.id, "content_extraction");
    expect(failed.status).toBe(422);
    expect(await failed.json()).toEqual({ success: false, message: "No questions were found in the document." });
    const later = await runPhase(s, created.id, "validation");
    expect(later.status).toBe(409);
    const session = await status(s, created.id);
    expect(session.status).toBe("failed");
    expect(session.endTime).not.toBeNull();
    expect(session.extractionSteps.map((st) => st.status)).toEqual(["completed", "completed", "failed", "pending", "pending"]);
    expect(session.finalResults).toBeNull();
  });

  it("fails preparation when the address is not a PDF or is refused by the guard", async () => {
    for (const [url, message] of [[`${site.origin}/page.pdf`, /did not return a PDF/], ["http://127.0.0.1:9/paper.pdf", /could not be fetched/]] as const) {
      const created = await newSession(s, { fileUrl: url, fileName: "Bad" });
      const res = await runPhase(s, created.id, "preparation");
      expect(res.status).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
      expect((await status(s, created.id)).status).toBe("failed");
    }
  });

  it("is for admins only: 403 for a student, 401 signed out", async () => {
    const created = await newSession(s, { fileUrl: `${site.origin}/paper.pdf`, fileName: "Paper" });
    const calls: [string, unknown?][] = [
      ["/api/testing/validate-ai-config"],
      ["/api/testing/create-session", { fileUrl: `${site.origin}/paper.pdf`, fileName: "Paper" }],
      [`/api/testing/execute-phase/${created.id}`, { phase: "preparation" }],
      [`/api/testing/session-status/${created.id}`],
      [`/api/testing/ai-interactions/${created.id}`],
      [`/api/testing/comprehensive-report/${created.id}`],
      ["/api/testing/recreate-paper/1", {}],
      ["/api/testing/export-extracted-data/1"],
    ];
    for (const [path, body] of calls) {
      expect((await send(s.app, path, body, s.student)).status, path).toBe(403);
      expect((await send(s.app, path, body)).status, path).toBe(401);
    }
    expect((await uploadPdf(s, lowPdf, "x.pdf", s.student)).status).toBe(403);
    expect((await status(s, created.id)).extractionSteps[0].status).toBe("pending");
  });
});
