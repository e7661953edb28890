// A test session's five phases (admin-tools.md §4), run for real over its PDF, one request per phase,
// in order: preparation (the PDF fetched through the guard, or the upload read, and its pages
// counted), subject detection (the cover's facts; a configured model may confirm the subject),
// content extraction (extractPdf; a configured model may tidy a page read with Low confidence, checked
// against the local pass), validation (validate.ts) and finalization. Each phase writes its progress
// and logs to the session as it goes, so the page's polling shows where it is; a phase that fails
// fails the session, and no later phase runs.
import { and, eq, isNull } from "drizzle-orm";
import type { Deps } from "../../context.ts";
import { extractionTestSessions } from "../../db/schema.ts";
import { HttpError } from "../../http.ts";
import { currentLog } from "../../log.ts";
import { modelClient } from "../../ai/client.ts";
import { guardedFetch } from "../../documents/fetcher.ts";
import { isPdf } from "../../documents/service.ts";
import { pdfText, type TextLine } from "../../structure/pdf-text.ts";
import { type CoverFacts, readCover } from "../cover.ts";
import { confidenceBand, extractPdf, type PaperExtraction } from "../extract.ts";
import { PHASE_INFO, type SystemLog, TEST_FILE_PATH, TEST_PHASES, type TestPhase, type FinalResults } from "../../../shared/extraction-testing.ts";
import { saveTestFile, sessionRow, type SessionRow, stepsOf, type StoredStep, testFile, testFileBytes } from "./store.ts";
import { confirmSubject, tidyPage } from "./model-calls.ts";
import { validateExtraction } from "./validate.ts";

/** A page with fewer text lines than this is read by OCR (as extractPdf decides). */
const TEXT_PAGE_LINES = 3;

/** A phase's failure: its message goes to the step's log and to the admin. */
class PhaseFailure extends Error {}

interface PhaseContext {
  deps: Deps;
  userId: number;
  row: SessionRow;
  log: (level: SystemLog["level"], message: string) => Promise<void>;
  progress: (percent: number) => Promise<void>;
  save: (fields: Partial<typeof extractionTestSessions.$inferInsert>) => Promise<void>;
}

const now = () => new Date().toISOString();
const bytesOf = async (ctx: PhaseContext) => {
  if (!ctx.row.fileId) throw new PhaseFailure("The session has no PDF: run Preparation first.");
  return await testFileBytes(ctx.deps.db, ctx.row.fileId);
};
const extractionOf = (row: SessionRow): PaperExtraction => {
  if (!row.extraction) throw new PhaseFailure("The session has no extraction: run Content Extraction first.");
  return JSON.parse(row.extraction);
};
const describeCover = (c: CoverFacts) =>
  [c.board, c.level, c.subject, c.tier && `${c.tier} tier`, c.paperCode && `paper ${c.paperCode}`, c.series && c.year ? `${c.series} ${c.year}` : c.year,
    c.totalMarks !== null && `${c.totalMarks} marks`, c.timeMinutes !== null && `${c.timeMinutes} minutes`].filter(Boolean).join(", ");

const PHASES: Record<TestPhase, (ctx: PhaseContext) => Promise<void>> = {
  async preparation(ctx) {
    const { deps, row } = ctx;
    const own = TEST_FILE_PATH.exec(row.fileUrl);
    let bytes: Uint8Array;
    if (own) {
      const file = await testFile(deps.db, Number(own[1]));
      bytes = await testFileBytes(deps.db, file.id);
      await ctx.log("info", `Read the uploaded file ${file.fileName} (${bytes.length.toLocaleString("en-GB")} bytes).`);
      await ctx.save({ fileId: file.id });
    } else {
      await ctx.log("info", `Fetching ${row.fileUrl} through the server's guarded fetcher.`);
      const fetched = await guardedFetch(row.fileUrl, { ...deps.fetchGuard, accept: "application/pdf" }).catch((e: unknown) => {
        throw new PhaseFailure(`The PDF could not be fetched: ${e instanceof Error ? e.message : String(e)}`);
      });
      if (!isPdf(fetched.bytes)) throw new PhaseFailure(`The address did not return a PDF (it answered ${fetched.contentType || "no content type"}).`);
      bytes = fetched.bytes;
      const file = await saveTestFile(deps.db, { fileName: row.fileName, subject: row.subject, source: "url", sourceUrl: fetched.url, bytes, userId: ctx.userId });
      await ctx.log("info", `Fetched ${bytes.length.toLocaleString("en-GB")} bytes from ${fetched.url}.`);
      await ctx.save({ fileId: file.fileId });
    }
    await ctx.progress(60);
    const { lines, pages } = await pdfText(bytes).catch((e: unknown) => {
      throw new PhaseFailure(`The PDF could not be read: ${e instanceof Error ? e.message : String(e)}`);
    });
    const perPage = new Map<number, number>();
    for (const l of lines) perPage.set(l.page, (perPage.get(l.page) ?? 0) + 1);
    const bare = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => (perPage.get(p) ?? 0) < TEXT_PAGE_LINES);
    await ctx.save({ pages });
    await ctx.log("info", `${pages} page${pages === 1 ? "" : "s"}: ${pages - bare.length} with a text layer${bare.length ? `, ${bare.length} to be read by OCR (pages ${bare.join(", ")})` : ""}.`);
  },

  async subject_detection(ctx) {
    const { deps, row } = ctx;
    const bytes = await bytesOf(ctx);
    const { lines } = await pdfText(bytes);
    let first: TextLine[] = lines.filter((l) => l.page === 1);
    if (first.length < TEXT_PAGE_LINES) {
      await ctx.log("info", "The first page has no text layer: reading it by OCR.");
      const { ocrLines, withOcr } = await import("../ocr.ts");
      first = await withOcr((worker) => ocrLines(bytes, [1], worker));
    }
    await ctx.progress(40);
    const cover = readCover([...first, ...lines.filter((l) => l.page !== 1)]);
    await ctx.log(cover.coverPage ? "info" : "warning", cover.coverPage ? `Cover read: ${describeCover(cover) || "no facts"}.` : `The first page is not a cover; facts found: ${describeCover(cover) || "none"}.`);
    const mc = modelClient(deps.env);
    if (mc) {
      await ctx.log("info", `Asking ${mc.model} to confirm the subject.`);
      const { subject, checks } = await confirmSubject(deps.db, mc, row.id, first.map((l) => l.text).join("\n"), cover);
      if (checks.errors.length) await ctx.log("warning", `The model: ${checks.errors.join(" ")}`);
      if (!cover.subject && subject) {
        cover.subject = subject;
        await ctx.log("info", `Subject taken from the model's reading of the cover: ${subject}.`);
      } else if (subject && cover.subject && subject.toLowerCase().includes(cover.subject.toLowerCase())) await ctx.log("info", `The model confirms the subject: ${cover.subject}.`);
    }
    if (!cover.subject) await ctx.log("warning", "No subject could be read from the cover.");
    else if (row.subject && !cover.subject.toLowerCase().includes(row.subject.toLowerCase()) && !row.subject.toLowerCase().includes(cover.subject.toLowerCase())) {
      await ctx.log("warning", `The cover says ${cover.subject}, not the subject given for the test (${row.subject}).`);
    }
    await ctx.save({ cover: JSON.stringify(cover) });
  },

  async content_extraction(ctx) {
    const { deps, row } = ctx;
    const bytes = await bytesOf(ctx);
    await ctx.log("info", "Extracting questions, marks, text, options and tables (pages without text by OCR, about 2 s a page).");
    await ctx.progress(10);
    const started = performance.now();
    const ex = await extractPdf(bytes);
    await ctx.progress(70);
    await ctx.log("info", `Found ${ex.questions.length} parts (${ex.convention} numbering) in ${Math.round(performance.now() - started)} ms; ${ex.statistics.withMarks} with marks, ${ex.statistics.totalMarks} marks in all.`);
    if (!ex.questions.length) throw new PhaseFailure("No questions were found in the document.");
    const cover: CoverFacts | null = row.cover ? JSON.parse(row.cover) : null;
    if (cover?.subject && !ex.cover.subject) ex.cover.subject = cover.subject;
    const mc = modelClient(deps.env);
    const lowPages = [...new Set(ex.questions.filter((q) => confidenceBand(q.confidence) === "Low").map((q) => q.page))];
    if (mc && lowPages.length) {
      for (const [i, page] of lowPages.entries()) {
        const onPage = ex.questions.filter((q) => q.page === page);
        await ctx.log("info", `Page ${page} was read with Low confidence: asking ${mc.model} to tidy its ${onPage.length} part${onPage.length === 1 ? "" : "s"}.`);
        const { tidied, checks } = await tidyPage(deps.db, mc, row.id, page, onPage);
        if (tidied) {
          onPage.forEach((q, k) => (q.text = tidied[k].text));
          await ctx.log("info", `Page ${page}: the model's tidied text is used (same questions, numbers and marks, the same words).`);
        } else await ctx.log("warning", `Page ${page}: the model's answer was refused, the local reading is kept. ${checks.errors.join(" ")}`);
        await ctx.progress(70 + Math.round((25 * (i + 1)) / lowPages.length));
      }
    } else if (lowPages.length) await ctx.log("info", `${lowPages.length} page${lowPages.length === 1 ? "" : "s"} read with Low confidence; no model is configured to tidy them.`);
    await ctx.save({ extraction: JSON.stringify(ex) });
  },

  async validation(ctx) {
    const ex = extractionOf(ctx.row);
    const v = validateExtraction(ex);
    for (const c of v.checks) await ctx.log(c.score >= 85 ? "info" : "warning", `${c.name}: ${c.score}%. ${c.detail}`);
    for (const e of v.criticalErrors) await ctx.log("error", e);
    await ctx.log(v.passed ? "info" : "warning", `Overall score ${v.overallScore}%: ${v.passed ? "PASSED" : "NEEDS IMPROVEMENT"} (85% passes).`);
    await ctx.save({ validation: JSON.stringify(v) });
  },

  async finalization(ctx) {
    const ex = extractionOf(ctx.row);
    const results: FinalResults = {
      questions: ex.questions.map((q) => ({ number: q.number, section: q.section, marks: q.marks, type: q.type, text: q.text, options: q.options, table: q.table, page: q.page, confidence: q.confidence })),
      visualElements: ex.questions.filter((q) => q.table).length,
      totalMarks: ex.statistics.totalMarks,
    };
    await ctx.save({ finalResults: JSON.stringify(results) });
    await ctx.log("info", `Final results: ${results.questions.length} parts, ${results.totalMarks} marks, ${results.visualElements} table${results.visualElements === 1 ? "" : "s"}.`);
  },
};

/**
 * Runs one phase of a session, to its end. Refused (409) out of order, twice, while another phase of
 * the session runs, or after the session failed or completed.
 */
export async function executePhase(deps: Deps, userId: number, sessionId: number, phase: TestPhase): Promise<{ success: boolean; message: string }> {
  const row = await sessionRow(deps.db, sessionId);
  const steps = stepsOf(row);
  const index = TEST_PHASES.indexOf(phase);
  if (row.status === "failed") throw new HttpError(409, "This session has failed: a failed phase stops the run. Start a new session.");
  if (steps[index].status === "completed") throw new HttpError(409, `${PHASE_INFO[phase].name} has already run in this session.`);
  const notRun = steps.slice(0, index).find((st) => st.status !== "completed");
  if (notRun) throw new HttpError(409, `Run ${PHASE_INFO[notRun.id].name} first.`);
  const claimed = await deps.db.update(extractionTestSessions)
    .set({ runningPhase: phase, status: "running", startTime: row.startTime ?? now() })
    .where(and(eq(extractionTestSessions.id, sessionId), isNull(extractionTestSessions.runningPhase)))
    .returning({ id: extractionTestSessions.id }).get();
  if (!claimed) throw new HttpError(409, "A phase of this session is already running.");

  const step: StoredStep = steps[index];
  const current = { ...row, status: "running", runningPhase: phase } as SessionRow;
  const writeSteps = () => deps.db.update(extractionTestSessions).set({ steps: JSON.stringify(steps) }).where(eq(extractionTestSessions.id, sessionId));
  const ctx: PhaseContext = {
    deps,
    userId,
    row: current,
    log: async (level, message) => {
      step.systemLogs.push({ time: now(), level, message });
      await writeSteps();
    },
    progress: async (percent) => {
      step.progress = percent;
      await writeSteps();
    },
    save: async (fields) => {
      Object.assign(current, fields);
      await deps.db.update(extractionTestSessions).set(fields).where(eq(extractionTestSessions.id, sessionId));
    },
  };
  step.status = "running";
  step.progress = 5;
  await ctx.log("info", `${PHASE_INFO[phase].name} started.`);
  try {
    await PHASES[phase](ctx);
    step.status = "completed";
    step.progress = 100;
    step.systemLogs.push({ time: now(), level: "info", message: `${PHASE_INFO[phase].name} completed.` });
    const last = phase === "finalization";
    await deps.db.update(extractionTestSessions)
      .set({ steps: JSON.stringify(steps), runningPhase: null, ...(last ? { status: "completed", endTime: now() } : {}) })
      .where(eq(extractionTestSessions.id, sessionId));
    return { success: true, message: `${PHASE_INFO[phase].name} completed.` };
  } catch (error) {
    const known = error instanceof PhaseFailure || error instanceof HttpError;
    if (!known) currentLog().error(`extraction test session ${sessionId}: ${phase} failed`, { error });
    const message = known ? (error as Error).message : `${PHASE_INFO[phase].name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`;
    step.status = "failed";
    step.systemLogs.push({ time: now(), level: "error", message });
    await deps.db.update(extractionTestSessions)
      .set({ steps: JSON.stringify(steps), runningPhase: null, status: "failed", endTime: now() })
      .where(eq(extractionTestSessions.id, sessionId));
    return { success: false, message };
  }
}
