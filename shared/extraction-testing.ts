// The extraction testing dashboard (admin-tools.md §2 Extraction testing dashboard, §3 Test session,
// AI interaction, Recreation result, Validation report, §4 test sessions, §5, §7 Testing dashboard):
// the requests, the five phases and the shapes the API answers with. One source for the API and the page.
import { z } from "./zod.ts";

/** §4: a session runs these phases, in this order. */
export const TEST_PHASES = ["preparation", "subject_detection", "content_extraction", "validation", "finalization"] as const;
export type TestPhase = (typeof TEST_PHASES)[number];

export const PHASE_INFO: Record<TestPhase, { name: string; description: string }> = {
  preparation: { name: "Preparation", description: "Fetches the PDF (or reads the uploaded file) and counts its pages." },
  subject_detection: { name: "Subject Detection", description: "Reads the cover: board, subject, level, paper code, total marks and time." },
  content_extraction: { name: "Content Extraction", description: "Extracts every question with its number, marks, text, options and tables." },
  validation: { name: "Validation", description: "Checks completeness, marks against the cover's total and the numbering (85% passes)." },
  finalization: { name: "Finalization", description: "Records the final results and closes the session." },
};

/** §4 and §9: an overall score (and a recreation accuracy) of 85 or more passes. */
export const VALIDATION_PASS = 85;

export const SESSION_STATUSES = ["idle", "running", "completed", "failed"] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
export type StepStatus = "pending" | "running" | "completed" | "failed";

/** §5's messages, with the toast title the page shows them under. */
export const TESTING_MESSAGES = {
  noUrl: { title: "No URL Provided", message: "Please enter a valid PDF URL to test" },
  noFileName: { title: "No File Name", message: "Please enter a file name for the test" },
  noFile: { title: "No File", message: "Please upload a file first" },
} as const;

/** An uploaded test file's own address: a session may name it instead of a web address. */
export const testFileUrl = (id: number) => `/api/testing/files/${id}/pdf`;
export const TEST_FILE_PATH = /^\/api\/testing\/files\/(\d{1,12})\/pdf$/;

const isWebAddress = (s: string) => {
  try {
    const url = new URL(s);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

export const createSessionSchema = z.object({
  fileUrl: z.string({ error: TESTING_MESSAGES.noUrl.message }).trim().min(1, TESTING_MESSAGES.noUrl.message).max(2048, TESTING_MESSAGES.noUrl.message)
    .refine((s) => isWebAddress(s) || TEST_FILE_PATH.test(s), TESTING_MESSAGES.noUrl.message),
  fileName: z.string({ error: TESTING_MESSAGES.noFileName.message }).trim().min(1, TESTING_MESSAGES.noFileName.message).max(200, "The file name must not exceed 200 characters"),
  subject: z.string().trim().max(100, "The subject must not exceed 100 characters").default(""),
  testName: z.string().trim().max(200, "The test name must not exceed 200 characters").optional(),
});
export type CreateSessionInput = z.input<typeof createSessionSchema>;

export const executePhaseSchema = z.object({ phase: z.enum(TEST_PHASES, { error: `The phase must be one of ${TEST_PHASES.join(", ")}` }) });

export const recreateSchema = z.object({
  includeOriginalFormatting: z.boolean().default(true),
  includeDiagrams: z.boolean().default(true),
  validateAccuracy: z.boolean().default(true),
});

export interface SystemLog {
  time: string;
  level: "info" | "warning" | "error";
  message: string;
}

export interface AiInteraction {
  id: number;
  step: TestPhase;
  timestamp: string;
  model: string;
  promptSent: { systemPrompt: string; userPrompt: string };
  responseReceived: {
    content: string;
    /** Milliseconds from request to answer. */
    processingTime: number;
    usage: { totalTokens: number; promptTokens: number; completionTokens: number } | null;
  };
  validationResults: { structureValid: boolean; contentComplete: boolean; dataQuality: "high" | "medium" | "low"; errors: string[] };
  /** Whether the answer was used (false: refused or failed, the local reading kept). */
  accepted: boolean;
}

export interface ExtractionStep {
  id: TestPhase;
  name: string;
  status: StepStatus;
  progress: number;
  description: string;
  systemLogs: SystemLog[];
  aiInteractions: AiInteraction[];
}

export interface FinalResultQuestion {
  number: string;
  section: string;
  marks: number | null;
  type: string;
  text: string;
  options: string[] | null;
  table: { header: string[]; rows: string[][] } | null;
  page: number;
  confidence: number;
}

export interface FinalResults {
  questions: FinalResultQuestion[];
  /** Tables read from the paper (the extractor reads no images). */
  visualElements: number;
  totalMarks: number;
}

export interface ValidationCheck {
  name: string;
  score: number;
  detail: string;
}

export interface SessionValidation {
  overallScore: number;
  passed: boolean;
  checks: ValidationCheck[];
  criticalErrors: string[];
  warnings: string[];
}

export interface TestSession {
  id: number;
  testName: string;
  fileName: string;
  fileUrl: string;
  subject: string;
  /** The stored PDF (the upload, or the fetched one once preparation ran). */
  fileId: number | null;
  status: SessionStatus;
  startTime: string | null;
  endTime: string | null;
  pages: number | null;
  cover: Record<string, unknown> | null;
  extractionSteps: ExtractionStep[];
  validation: SessionValidation | null;
  finalResults: FinalResults | null;
  createdAt: string;
}

export interface AiConfigValidation {
  connectionStatus: "connected" | "failed" | "not_configured";
  model: string | null;
  message: string;
  /** Extraction sends text only: vision is never asked for, so its access is not tested (null). */
  modelAccess: { gpt4Vision: boolean | null };
  performanceMetrics: { averageLatency: number | null; successRate: number | null; calls: number };
}

export interface RecreationResult {
  success: boolean;
  /** The recreated PDF. */
  outputPath: string | null;
  errors: string[];
  warnings: string[];
  accuracy: {
    questionsMatched: number;
    totalQuestions: number;
    /** Tables (the extractor's visual elements) matched. */
    diagramsMatched: number;
    totalDiagrams: number;
    accuracyScore: number;
  };
  createdAt: string;
}

export interface ValidationReport {
  validation: { dataCompleteness: number; recreationFidelity: number | null; overallScore: number };
  extraction: { questionsExtracted: number; diagramsExtracted: number; questionsWithContent: number; diagramsWithImages: number };
  recreation: { success: boolean; errors: string[]; warnings: string[] };
  result: { overallScore: number; passed: boolean; criticalErrors: string[]; warnings: string[] };
}

export interface TestFileInfo {
  fileId: number;
  fileName: string;
  fileUrl: string;
  size: number;
}
