// The testing dashboard's other actions (admin-tools.md §7 Testing dashboard): sessions created, the
// model's configuration checked with a real call, a file's extracted data, its recreation and the
// recreation's validation, and a session's whole report.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Deps } from "../../context.ts";
import { extractionTestInteractions, extractionTestSessions } from "../../db/schema.ts";
import { modelClient } from "../../ai/client.ts";
import { extractPdf, type PaperExtraction } from "../extract.ts";
import {
  type AiConfigValidation,
  type CreateSessionInput,
  type RecreationResult,
  TEST_FILE_PATH,
  testFileUrl,
  type ValidationReport,
} from "../../../shared/extraction-testing.ts";
import { freshSteps, saveRecreation, saveTestFile, sessionRow, sessionView, testFile, testFileBytes } from "./store.ts";
import { recreatePaper } from "./recreate.ts";
import { validationReport } from "./validate.ts";

export async function createSession(deps: Deps, userId: number, input: CreateSessionInput & { subject: string }) {
  const own = TEST_FILE_PATH.exec(input.fileUrl.trim());
  // An uploaded file named by its own address must exist: §5's 'Please upload a file first' otherwise.
  if (own) await testFile(deps.db, Number(own[1]));
  const row = await deps.db.insert(extractionTestSessions).values({
    testName: input.testName?.trim() || `Extraction test: ${input.fileName.trim()}`,
    fileName: input.fileName.trim(),
    fileUrl: input.fileUrl.trim(),
    subject: input.subject,
    steps: JSON.stringify(freshSteps()),
    createdBy: userId,
  }).returning().get();
  return await sessionView(deps.db, row);
}

/** §3 AI config validation: a real one-line call to the configured model, and the sessions' calls so far. */
export async function validateAiConfig(deps: Deps): Promise<AiConfigValidation> {
  const calls = await deps.db.select({ time: extractionTestInteractions.processingTime, valid: extractionTestInteractions.validation }).from(extractionTestInteractions)
    .orderBy(desc(extractionTestInteractions.id)).limit(200).all();
  const performanceMetrics = {
    averageLatency: calls.length ? Math.round(calls.reduce((n, c) => n + c.time, 0) / calls.length) : null,
    successRate: calls.length ? Math.round((100 * calls.filter((c) => JSON.parse(c.valid).structureValid).length) / calls.length) : null,
    calls: calls.length,
  };
  const mc = modelClient(deps.env);
  if (!mc) {
    return { connectionStatus: "not_configured", model: null, message: "No model is configured (OPENAI_API_KEY): sessions run the local extraction only, with no AI interactions.", modelAccess: { gpt4Vision: null }, performanceMetrics };
  }
  const started = performance.now();
  try {
    await mc.client.chat.completions.create({ model: mc.model, max_tokens: 5, messages: [{ role: "user", content: "Reply with OK." }] });
    return { connectionStatus: "connected", model: mc.model, message: `${mc.model} answered in ${Math.round(performance.now() - started)} ms.`, modelAccess: { gpt4Vision: null }, performanceMetrics };
  } catch (error) {
    return { connectionStatus: "failed", model: mc.model, message: `OpenAI API connection failed: ${error instanceof Error ? error.message : String(error)}`, modelAccess: { gpt4Vision: null }, performanceMetrics };
  }
}

/** A file's extraction: the latest session's over it (with what its model did), else extracted now. */
export async function extractionOfFile(deps: Deps, fileId: number): Promise<{ extraction: PaperExtraction; sessionId: number | null }> {
  await testFile(deps.db, fileId);
  const session = await deps.db.select({ id: extractionTestSessions.id, extraction: extractionTestSessions.extraction }).from(extractionTestSessions)
    .where(and(eq(extractionTestSessions.fileId, fileId), isNotNull(extractionTestSessions.extraction))).orderBy(desc(extractionTestSessions.id)).get();
  if (session?.extraction) return { extraction: JSON.parse(session.extraction), sessionId: session.id };
  return { extraction: await extractPdf(await testFileBytes(deps.db, fileId)), sessionId: null };
}

export async function exportExtractedData(deps: Deps, fileId: number) {
  const file = await testFile(deps.db, fileId);
  const { extraction, sessionId } = await extractionOfFile(deps, fileId);
  return { file: { fileId, fileName: file.fileName, fileUrl: testFileUrl(fileId), size: file.size }, sessionId, exportedAt: new Date().toISOString(), ...extraction };
}

export async function recreateFile(deps: Deps, userId: number, fileId: number, options: { includeDiagrams: boolean }): Promise<RecreationResult> {
  const file = await testFile(deps.db, fileId);
  const { extraction } = await extractionOfFile(deps, fileId);
  const { bytes, result } = await recreatePaper(extraction, file.fileName, options);
  const saved = await saveTestFile(deps.db, { fileName: `${file.fileName} (recreated)`, subject: file.subject, source: "recreation", bytes, userId });
  const full: RecreationResult = { ...result, outputPath: saved.fileUrl, createdAt: new Date().toISOString() };
  await saveRecreation(deps.db, fileId, full);
  return full;
}

export async function validateRecreation(deps: Deps, fileId: number): Promise<ValidationReport> {
  const file = await testFile(deps.db, fileId);
  const { extraction } = await extractionOfFile(deps, fileId);
  return validationReport(extraction, file.recreation ? JSON.parse(file.recreation) : null);
}

/** The whole session for Download Report: its steps with their logs and model calls, findings, and its file's recreation. */
export async function comprehensiveReport(deps: Deps, sessionId: number) {
  const row = await sessionRow(deps.db, sessionId);
  const session = await sessionView(deps.db, row);
  const file = row.fileId ? await testFile(deps.db, row.fileId) : null;
  const recreation: RecreationResult | null = file?.recreation ? JSON.parse(file.recreation) : null;
  const extraction: PaperExtraction | null = row.extraction ? JSON.parse(row.extraction) : null;
  const interactions = session.extractionSteps.flatMap((s) => s.aiInteractions);
  return {
    generatedAt: new Date().toISOString(),
    session,
    extraction,
    aiInteractions: interactions,
    aiSummary: {
      calls: interactions.length,
      accepted: interactions.filter((i) => i.accepted).length,
      totalTokens: interactions.reduce((n, i) => n + (i.responseReceived.usage?.totalTokens ?? 0), 0),
      averageLatency: interactions.length ? Math.round(interactions.reduce((n, i) => n + i.responseReceived.processingTime, 0) / interactions.length) : null,
    },
    recreation,
    validationReport: extraction ? validationReport(extraction, recreation) : null,
  };
}
