// Document AI diagnostics (admin-tools.md §2 Document AI diagnostics, §3, §5, §7, §8): the request
// schemas the API parses and the answers the AI Diagnostics tab reads.
import { z } from "zod";

/** §5 Diagnostics. */
export const MISSING_URL = "Missing URL";
export const NO_CREDENTIALS = "No Credentials";
export const MISSING_PROJECT_ID = "Missing Project ID";

/** §9: the processors' location and type. */
export const DOCUMENT_AI_LOCATIONS = ["us", "eu"] as const;
export const PROCESSOR_TYPE = "FORM_PARSER_PROCESSOR";

/** §2: the roles the service account needs, as the hint lists them. */
export const REQUIRED_ROLES = ["Document AI API User", "Document AI Editor", "Service Usage Consumer"] as const;

/** §2: the Results tab shows this many of the last questions, then '... and n more'. */
export const RESULTS_SAMPLE = 5;

export const diagnosticsUrlSchema = z.object({
  url: z.string({ error: MISSING_URL }).trim().min(1, MISSING_URL).max(2000, "That URL is too long."),
});

export const credentialsUploadSchema = z.object({
  // A service-account key file is about 2.4 KB; 20 KB leaves room and refuses anything else.
  credentialsJson: z.string({ error: NO_CREDENTIALS }).trim().min(1, NO_CREDENTIALS).max(20_000, "That file is too large to be a service-account key."),
});

const projectId = z.string({ error: MISSING_PROJECT_ID }).trim().min(1, MISSING_PROJECT_ID).max(100).regex(/^[a-z0-9][a-z0-9:.-]*$/, "That is not a Google Cloud project ID.");
const location = z.enum(DOCUMENT_AI_LOCATIONS, { error: "The location must be us or eu." }).default("us");

export const processorListSchema = z.object({ projectId, location });
export const processorConfigureSchema = z.object({
  projectId,
  location,
  processorType: z.literal(PROCESSOR_TYPE, { error: `The processor type must be ${PROCESSOR_TYPE}.` }).default(PROCESSOR_TYPE),
});

/** The checks of a status, in the order they are made: each needs the ones before it. */
export const STATUS_CHECKS = ["secretConfigured", "credentialsStored", "credentialsReadable", "authenticated", "apiEnabled", "processorAccess", "processorReady"] as const;
export type StatusCheck = (typeof STATUS_CHECKS)[number];

export const STATUS_CHECK_LABELS: Record<StatusCheck, string> = {
  secretConfigured: "Encryption secret (DOCUMENT_AI_SECRET) set",
  credentialsStored: "Service-account key stored",
  credentialsReadable: "Stored key readable",
  authenticated: "Google accepts the key (access token)",
  apiEnabled: "Document AI API enabled",
  processorAccess: "Processors can be listed",
  processorReady: "Processor configured and enabled",
};

export interface ProcessorInfo {
  name: string;
  displayName: string;
  type: string;
  state: string;
}

/** §3 Diagnostics status. */
export interface DiagnosticsStatus {
  available: boolean;
  errors: string[];
  error: string | null;
  details: {
    location: string;
    endpoint: string;
    clientEmail: string | null;
    projectId: string | null;
    processor: ProcessorInfo | null;
    checkedAt: string;
  };
  checks: Record<StatusCheck, boolean>;
}

/** What the Credentials tab shows of the stored key: never the key itself. */
export interface StoredCredentials {
  secretConfigured: boolean;
  stored: boolean;
  clientEmail: string | null;
  projectId: string | null;
  processorName: string | null;
  updatedAt: string | null;
}

/** §3 Download result. */
export interface DownloadResult {
  success: boolean;
  size: number;
  pages: number;
  error?: string;
}

export interface FoundQuestion {
  number: string;
  marks: number | null;
  text: string;
}

/** §3 Process result. */
export interface ProcessResult {
  success: boolean;
  /** Percent, 0–100: the mean of Document AI's paragraph confidences. */
  confidence: number;
  elementsFound: number;
  /** Milliseconds Document AI took. */
  processingTime: number;
  metadata: { pages: number; textLength: number; processor: string; mimeType: string; size: number };
  questions: FoundQuestion[];
  /** The elements found, by kind. */
  results: { pages: number; paragraphs: number; lines: number; tokens: number; tables: number; formFields: number; entities: number };
  error?: string;
}
