// Google Document AI over its REST API, with a service-account key: a JWT signed with the key's private
// key (RS256, jose) is exchanged at Google's token endpoint for an access token (the OAuth 2.0
// JWT-bearer grant), which then calls the processors. Both addresses come from the configuration
// (GOOGLE_TOKEN_URL, DOCUMENT_AI_API_URL), never from the key file: a key's own token_uri would let
// whoever wrote the file choose where the server sends a signed assertion.
import { Buffer } from "node:buffer";
import { importPKCS8, SignJWT } from "jose";
import { z } from "zod";
import type { Env } from "../env.ts";
import type { ProcessorInfo } from "../../shared/diagnostics.ts";

export const serviceAccountSchema = z.object({
  type: z.literal("service_account", { error: "This is not a service-account key: its type is not service_account." }),
  project_id: z.string({ error: "The key has no project_id." }).min(1, "The key has no project_id."),
  private_key_id: z.string().optional(),
  private_key: z.string({ error: "The key has no private_key." }).includes("PRIVATE KEY", { error: "The key's private_key is not a PEM private key." }),
  client_email: z.email({ error: "The key has no client_email." }),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

const SCOPE = "https://www.googleapis.com/auth/cloud-platform";
const TOKEN_TIMEOUT_MS = 15_000;
const CALL_TIMEOUT_MS = 20_000;
/** Online processing of a PDF of up to 15 pages takes seconds, and a minute at worst. */
const PROCESS_TIMEOUT_MS = 120_000;

/** A refusal or failure from Google: the status and Google's own message ('403: Permission denied…'). */
export class GoogleApiError extends Error {
  constructor(readonly status: number, readonly reason: string | null, message: string) {
    super(status ? `${status}: ${message}` : message);
    this.name = "GoogleApiError";
  }
  /** The project has not enabled the Document AI API (Google's ErrorInfo reason SERVICE_DISABLED). */
  get serviceDisabled() {
    return this.reason === "SERVICE_DISABLED";
  }
}

export interface DocumentAiConfig {
  tokenUrl: string;
  apiUrl: string;
}

export function documentAiConfig(env: Env, location: string = env.DOCUMENT_AI_LOCATION): DocumentAiConfig {
  return { tokenUrl: env.GOOGLE_TOKEN_URL, apiUrl: (env.DOCUMENT_AI_API_URL ?? `https://${location}-documentai.googleapis.com`).replace(/\/$/, "") };
}

/** Reads an error body as Google writes it ({error: {code, message, status, details}} or OAuth's {error, error_description}). */
async function googleError(res: Response): Promise<GoogleApiError> {
  const text = await res.text();
  try {
    const body = JSON.parse(text);
    if (typeof body.error === "string") return new GoogleApiError(res.status, body.error, `${body.error}${body.error_description ? `: ${body.error_description}` : ""}`);
    const details: { reason?: string }[] = Array.isArray(body.error?.details) ? body.error.details : [];
    const reason = details.find((d) => typeof d.reason === "string")?.reason ?? body.error?.status ?? null;
    return new GoogleApiError(res.status, reason, body.error?.message ?? text);
  } catch {
    return new GoogleApiError(res.status, null, text.slice(0, 300) || res.statusText);
  }
}

async function request(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const why = (err as Error).name === "TimeoutError" ? `no answer within ${timeoutMs / 1000} seconds` : (err as Error).message;
    throw new GoogleApiError(0, null, `${new URL(url).host} could not be reached (${why}).`);
  }
}

/** An access token for the key (the JWT-bearer grant). Throws GoogleApiError when Google refuses the key. */
export async function accessToken(config: DocumentAiConfig, account: ServiceAccount): Promise<string> {
  let privateKey: CryptoKey;
  try {
    privateKey = await importPKCS8(account.private_key, "RS256");
  } catch {
    throw new GoogleApiError(0, "invalid_key", "The key's private_key cannot be read as an RSA private key.");
  }
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
    .setIssuer(account.client_email)
    .setSubject(account.client_email)
    .setAudience(config.tokenUrl)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const res = await request(config.tokenUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
  }, TOKEN_TIMEOUT_MS);
  if (!res.ok) throw await googleError(res);
  const body = await res.json().catch(() => ({})) as { access_token?: string };
  if (!body.access_token) throw new GoogleApiError(res.status, null, "The token endpoint answered without an access token.");
  return body.access_token;
}

async function call<T>(config: DocumentAiConfig, token: string, method: string, path: string, body?: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> {
  const res = await request(`${config.apiUrl}/v1/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  }, timeoutMs);
  if (!res.ok) throw await googleError(res);
  try {
    return await res.json() as T;
  } catch {
    throw new GoogleApiError(res.status, null, `${new URL(config.apiUrl).host} answered ${path.split("?")[0]} with something other than JSON.`);
  }
}

const toInfo = (p: Partial<ProcessorInfo>): ProcessorInfo => ({ name: p.name ?? "", displayName: p.displayName ?? "", type: p.type ?? "", state: p.state ?? "STATE_UNSPECIFIED" });
const parent = (projectId: string, location: string) => `projects/${encodeURIComponent(projectId)}/locations/${encodeURIComponent(location)}`;

/** Every processor of the project in the location (following the pages). */
export async function listProcessors(config: DocumentAiConfig, token: string, projectId: string, location: string): Promise<ProcessorInfo[]> {
  const all: ProcessorInfo[] = [];
  let pageToken = "";
  for (let page = 0; page < 20; page++) {
    const query = new URLSearchParams({ pageSize: "100", ...(pageToken ? { pageToken } : {}) });
    const body = await call<{ processors?: Partial<ProcessorInfo>[]; nextPageToken?: string }>(config, token, "GET", `${parent(projectId, location)}/processors?${query}`);
    all.push(...(body.processors ?? []).map(toInfo));
    if (!body.nextPageToken) break;
    pageToken = body.nextPageToken;
  }
  return all;
}

export async function getProcessor(config: DocumentAiConfig, token: string, name: string): Promise<ProcessorInfo> {
  return toInfo(await call<Partial<ProcessorInfo>>(config, token, "GET", name));
}

export async function createProcessor(config: DocumentAiConfig, token: string, projectId: string, location: string, type: string, displayName: string): Promise<ProcessorInfo> {
  return toInfo(await call<Partial<ProcessorInfo>>(config, token, "POST", `${parent(projectId, location)}/processors`, { type, displayName }));
}

/** Document AI's Document, the parts the diagnostics read (int64 indexes come as strings in JSON). */
export interface TextAnchor {
  textSegments?: { startIndex?: string | number; endIndex?: string | number }[];
}
export interface Layout {
  textAnchor?: TextAnchor;
  confidence?: number;
  boundingPoly?: { normalizedVertices?: { x?: number; y?: number }[] };
}
export interface DocumentPage {
  pageNumber?: number;
  dimension?: { width?: number; height?: number; unit?: string };
  layout?: Layout;
  blocks?: { layout?: Layout }[];
  paragraphs?: { layout?: Layout }[];
  lines?: { layout?: Layout }[];
  tokens?: { layout?: Layout }[];
  tables?: unknown[];
  formFields?: unknown[];
}
export interface DocumentAiDocument {
  text?: string;
  mimeType?: string;
  pages?: DocumentPage[];
  entities?: unknown[];
}

/** Runs the processor on a PDF (online processing: the bytes inline, base64). */
export async function processPdf(config: DocumentAiConfig, token: string, processorName: string, pdf: Uint8Array): Promise<DocumentAiDocument> {
  const body = await call<{ document?: DocumentAiDocument }>(config, token, "POST", `${processorName}:process`, {
    rawDocument: { content: Buffer.from(pdf).toString("base64"), mimeType: "application/pdf" },
    skipHumanReview: true,
  }, PROCESS_TIMEOUT_MS);
  if (!body.document) throw new GoogleApiError(200, null, "Document AI answered without a document.");
  return body.document;
}
