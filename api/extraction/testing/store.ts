// The testing dashboard's rows: its PDFs (stored in pieces, like documents), its sessions with their
// steps and findings, and the model calls of each session. Rows hold JSON; these turn them into the
// shapes of shared/extraction-testing.ts.
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { extractionTestFileContents, extractionTestFiles, extractionTestInteractions, extractionTestSessions } from "../../db/schema.ts";
import { HttpError } from "../../http.ts";
import { storedPieces } from "../../documents/service.ts";
import {
  type AiInteraction,
  type ExtractionStep,
  PHASE_INFO,
  type RecreationResult,
  type SessionStatus,
  TEST_PHASES,
  type TestPhase,
  type TestSession,
  testFileUrl,
  TESTING_MESSAGES,
} from "../../../shared/extraction-testing.ts";

export type StoredStep = Omit<ExtractionStep, "aiInteractions">;
export type SessionRow = typeof extractionTestSessions.$inferSelect;

export async function saveTestFile(db: Database, file: { fileName: string; subject?: string; source: "upload" | "url" | "recreation"; sourceUrl?: string; bytes: Uint8Array; userId: number | null }) {
  return await db.transaction(async (tx) => {
    const row = await tx.insert(extractionTestFiles).values({
      fileName: file.fileName, subject: file.subject ?? "", source: file.source, sourceUrl: file.sourceUrl ?? null, size: file.bytes.length, createdBy: file.userId,
    }).returning({ id: extractionTestFiles.id }).get();
    for (const piece of storedPieces(file.bytes)) await tx.insert(extractionTestFileContents).values({ fileId: row.id, ...piece });
    return { fileId: row.id, fileName: file.fileName, fileUrl: testFileUrl(row.id), size: file.bytes.length };
  });
}

/** A test file's row; 404 with §5's 'Please upload a file first' when there is none. */
export async function testFile(db: Database, id: number) {
  const row = await db.select().from(extractionTestFiles).where(eq(extractionTestFiles.id, id)).get();
  if (!row) throw new HttpError(404, TESTING_MESSAGES.noFile.message, { title: TESTING_MESSAGES.noFile.title });
  return row;
}

export async function testFileBytes(db: Database, id: number): Promise<Uint8Array> {
  await testFile(db, id);
  const pieces = await db.select({ bytes: extractionTestFileContents.bytes }).from(extractionTestFileContents)
    .where(eq(extractionTestFileContents.fileId, id)).orderBy(asc(extractionTestFileContents.seq)).all();
  return new Uint8Array(Buffer.concat(pieces.map((p) => p.bytes)));
}

export async function saveRecreation(db: Database, fileId: number, result: RecreationResult) {
  await db.update(extractionTestFiles).set({ recreation: JSON.stringify(result) }).where(eq(extractionTestFiles.id, fileId));
}

export const freshSteps = (): StoredStep[] =>
  TEST_PHASES.map((id) => ({ id, name: PHASE_INFO[id].name, description: PHASE_INFO[id].description, status: "pending", progress: 0, systemLogs: [] }));

export async function sessionRow(db: Database, id: number): Promise<SessionRow> {
  const row = await db.select().from(extractionTestSessions).where(eq(extractionTestSessions.id, id)).get();
  if (!row) throw new HttpError(404, "Test session not found");
  return row;
}

export const stepsOf = (row: SessionRow): StoredStep[] => JSON.parse(row.steps);
const parsed = <T>(text: string | null): T | null => (text === null ? null : JSON.parse(text) as T);

export async function interactionsOf(db: Database, sessionId: number): Promise<AiInteraction[]> {
  const rows = await db.select().from(extractionTestInteractions).where(eq(extractionTestInteractions.sessionId, sessionId)).orderBy(asc(extractionTestInteractions.id)).all();
  return rows.map((r) => ({
    id: r.id,
    step: r.step as TestPhase,
    timestamp: r.createdAt,
    model: r.model,
    promptSent: { systemPrompt: r.systemPrompt, userPrompt: r.userPrompt },
    responseReceived: {
      content: r.content,
      processingTime: r.processingTime,
      usage: r.totalTokens === null ? null : { totalTokens: r.totalTokens, promptTokens: r.promptTokens ?? 0, completionTokens: r.completionTokens ?? 0 },
    },
    validationResults: JSON.parse(r.validation),
    accepted: r.accepted,
  }));
}

export async function sessionView(db: Database, row: SessionRow): Promise<TestSession> {
  const interactions = await interactionsOf(db, row.id);
  return {
    id: row.id,
    testName: row.testName,
    fileName: row.fileName,
    fileUrl: row.fileUrl,
    subject: row.subject,
    fileId: row.fileId,
    status: row.status as SessionStatus,
    startTime: row.startTime,
    endTime: row.endTime,
    pages: row.pages,
    cover: parsed(row.cover),
    extractionSteps: stepsOf(row).map((s) => ({ ...s, aiInteractions: interactions.filter((i) => i.step === s.id) })),
    validation: parsed(row.validation),
    finalResults: parsed(row.finalResults),
    createdAt: row.createdAt,
  };
}

export async function recentSessions(db: Database, limit = 20) {
  return await db.select({ id: extractionTestSessions.id, testName: extractionTestSessions.testName, status: extractionTestSessions.status, createdAt: extractionTestSessions.createdAt })
    .from(extractionTestSessions).orderBy(desc(extractionTestSessions.id)).limit(limit).all();
}
