// The Document AI diagnostics (admin-tools.md §2, §4 Diagnostics run, §7): the stored key, the
// service's status, a PDF's download and processing, processor discovery and configuration.
import { eq, sql } from "drizzle-orm";
import { getDocumentProxy } from "unpdf";
import { importPKCS8 } from "jose";
import type { Deps } from "../context.ts";
import { documentAiCredentials } from "../db/schema.ts";
import { HttpError } from "../http.ts";
import { recordAudit } from "../audit/log.ts";
import { fetchPdf } from "../documents/service.ts";
import {
  type DiagnosticsStatus,
  type DownloadResult,
  type ProcessorInfo,
  type ProcessResult,
  PROCESSOR_TYPE,
  REQUIRED_ROLES,
  STATUS_CHECKS,
  type StatusCheck,
  type StoredCredentials,
} from "../../shared/diagnostics.ts";
import { accessToken, createProcessor, documentAiConfig, getProcessor, GoogleApiError, listProcessors, processPdf, type ServiceAccount, serviceAccountSchema } from "./document-ai.ts";
import { processResult } from "./result.ts";
import { seal, unseal } from "./seal.ts";

const ROW_ID = 1;
export const NO_SECRET = "Credentials cannot be stored: the server has no DOCUMENT_AI_SECRET. Set it (at least 32 characters) and restart the server.";
export const NO_STORED_KEY = "No Document AI credentials are stored. Upload a service-account key in the Credentials tab.";
export const UNREADABLE_KEY = "The stored key cannot be decrypted with this server's DOCUMENT_AI_SECRET (it has changed since the key was uploaded). Upload the key again.";
export const NO_PROCESSOR = `No processor is configured. Use Configure Processor in Service Status (a ${PROCESSOR_TYPE} in the project).`;
const ROLES_HINT = `The service account needs the roles ${REQUIRED_ROLES.join(", ")}, and the project the Document AI API enabled.`;
const DISPLAY_NAME = "ExamPrep diagnostics";

/** A processor's location, from its name (projects/P/locations/L/processors/ID). */
const locationOf = (processorName: string, fallback: string) => processorName.split("/")[3] || fallback;

const row = (deps: Deps) => deps.db.select().from(documentAiCredentials).where(eq(documentAiCredentials.id, ROW_ID)).get();

/** Google's refusal, said with what to do about it. */
function explain(err: unknown): string {
  if (!(err instanceof GoogleApiError)) throw err;
  if (err.serviceDisabled) return `The Document AI API is not enabled in this project (${err.message}). Enable it in the Google Cloud console.`;
  if (err.status === 401 || err.status === 403) return `${err.message} ${ROLES_HINT}`;
  return err.message;
}

/** §7 upload: checks the key with Google (an access token) before sealing and storing it; a refused key is not stored. */
export async function storeCredentials(deps: Deps, userId: number, credentialsJson: string): Promise<{ projectId: string; clientEmail: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(credentialsJson);
  } catch {
    throw new HttpError(400, "The credentials are not JSON: choose the key file Google Cloud gave you (a .json file).");
  }
  const checked = serviceAccountSchema.safeParse(parsed);
  if (!checked.success) throw new HttpError(400, checked.error.issues[0].message);
  const account = checked.data;
  try {
    await importPKCS8(account.private_key, "RS256");
  } catch {
    throw new HttpError(400, "The key's private_key cannot be read as an RSA private key (PKCS #8 PEM).");
  }
  // Checked after the file, so an admin fixing a bad file hears about that first.
  const secret = deps.env.DOCUMENT_AI_SECRET;
  if (!secret) throw new HttpError(503, NO_SECRET);
  try {
    await accessToken(documentAiConfig(deps.env), account);
  } catch (err) {
    throw new HttpError(422, `Google refused this key: ${explain(err)}`);
  }
  // The whole file is sealed (Google's client libraries may want its other fields); only the e-mail and project stay readable.
  const sealedKey = await seal(secret, JSON.stringify(parsed));
  const values = { clientEmail: account.client_email, projectId: account.project_id, sealedKey, uploadedBy: userId };
  await deps.db.transaction(async (tx) => {
    const before = await tx.select({ projectId: documentAiCredentials.projectId }).from(documentAiCredentials).where(eq(documentAiCredentials.id, ROW_ID)).get();
    await tx.insert(documentAiCredentials).values({ id: ROW_ID, ...values })
      .onConflictDoUpdate({
        target: documentAiCredentials.id,
        // Another project's key cannot use the processor configured for the old project.
        set: { ...values, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`, ...(before && before.projectId !== account.project_id ? { processorName: null } : {}) },
      });
    await recordAudit(tx, { userId, action: "document_ai.credentials_uploaded", entity: "document_ai_credentials", entityId: ROW_ID, after: { clientEmail: account.client_email, projectId: account.project_id } });
  });
  return { projectId: account.project_id, clientEmail: account.client_email };
}

export async function storedCredentials(deps: Deps): Promise<StoredCredentials> {
  const stored = await row(deps);
  return {
    secretConfigured: Boolean(deps.env.DOCUMENT_AI_SECRET),
    stored: Boolean(stored),
    clientEmail: stored?.clientEmail ?? null,
    projectId: stored?.projectId ?? null,
    processorName: stored?.processorName ?? null,
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** The stored key opened, or an HttpError saying plainly why there is none to use. */
async function account(deps: Deps): Promise<{ account: ServiceAccount; processorName: string | null }> {
  const stored = await row(deps);
  if (!stored) throw new HttpError(409, NO_STORED_KEY);
  if (!deps.env.DOCUMENT_AI_SECRET) throw new HttpError(503, NO_SECRET.replace("stored", "read"));
  const plain = await unseal(deps.env.DOCUMENT_AI_SECRET, stored.sealedKey);
  if (!plain) throw new HttpError(409, UNREADABLE_KEY);
  return { account: serviceAccountSchema.parse(JSON.parse(plain)), processorName: stored.processorName };
}

/** §3 Diagnostics status: each check in turn, stopping at the first that fails (the later ones need it). */
export async function diagnosticsStatus(deps: Deps): Promise<DiagnosticsStatus> {
  const config = documentAiConfig(deps.env);
  const checks = Object.fromEntries(STATUS_CHECKS.map((c) => [c, false])) as Record<StatusCheck, boolean>;
  const errors: string[] = [];
  const stored = await row(deps);
  const details: DiagnosticsStatus["details"] = {
    location: deps.env.DOCUMENT_AI_LOCATION,
    endpoint: config.apiUrl,
    clientEmail: stored?.clientEmail ?? null,
    projectId: stored?.projectId ?? null,
    processor: null,
    checkedAt: new Date().toISOString(),
  };
  const done = () => ({ available: errors.length === 0, errors, error: errors[0] ?? null, details, checks });

  checks.secretConfigured = Boolean(deps.env.DOCUMENT_AI_SECRET);
  checks.credentialsStored = Boolean(stored);
  if (!stored) errors.push(NO_STORED_KEY);
  if (!checks.secretConfigured) errors.push(NO_SECRET);
  if (errors.length) return done();
  const plain = await unseal(deps.env.DOCUMENT_AI_SECRET!, stored!.sealedKey);
  if (!plain) {
    errors.push(UNREADABLE_KEY);
    return done();
  }
  checks.credentialsReadable = true;
  const key = serviceAccountSchema.parse(JSON.parse(plain));

  let token: string;
  try {
    token = await accessToken(config, key);
    checks.authenticated = true;
  } catch (err) {
    errors.push(`Google refused the stored key: ${explain(err)}`);
    return done();
  }
  let processors: ProcessorInfo[];
  try {
    processors = await listProcessors(config, token, key.project_id, deps.env.DOCUMENT_AI_LOCATION);
    checks.apiEnabled = true;
    checks.processorAccess = true;
  } catch (err) {
    // A disabled API answers 403 SERVICE_DISABLED; any other refusal means the API is on but the roles are missing.
    checks.apiEnabled = !(err instanceof GoogleApiError && err.serviceDisabled) && err instanceof GoogleApiError && err.status !== 0;
    errors.push(`Listing processors failed: ${explain(err)}`);
    return done();
  }
  if (!stored!.processorName) {
    errors.push(NO_PROCESSOR);
    return done();
  }
  try {
    const name = stored!.processorName;
    details.processor = processors.find((p) => p.name === name) ?? await getProcessor(documentAiConfig(deps.env, locationOf(name, details.location)), token, name);
    checks.processorReady = details.processor.state === "ENABLED";
    if (!checks.processorReady) errors.push(`The processor ${details.processor.name} is ${details.processor.state}, not ENABLED.`);
  } catch (err) {
    errors.push(`The configured processor cannot be read: ${explain(err)}`);
  }
  return done();
}

/** §7 download: the PDF through the guarded fetcher, its size and pages. */
export async function downloadPdf(deps: Deps, url: string): Promise<{ bytes: Uint8Array; result: DownloadResult }> {
  const bytes = await fetchPdf(deps, url);
  let pages: number;
  try {
    pages = (await getDocumentProxy(new Uint8Array(bytes))).numPages;
  } catch {
    throw new HttpError(422, "The file starts like a PDF but cannot be read as one.");
  }
  return { bytes, result: { success: true, size: bytes.byteLength, pages } };
}

/** §7 process: the PDF at the URL processed by the configured processor, mapped to §3's Process result. */
export async function processUrl(deps: Deps, url: string): Promise<ProcessResult> {
  const { account: key, processorName } = await account(deps);
  if (!processorName) throw new HttpError(409, NO_PROCESSOR);
  const { bytes } = await downloadPdf(deps, url);
  const config = documentAiConfig(deps.env, locationOf(processorName, deps.env.DOCUMENT_AI_LOCATION));
  try {
    const token = await accessToken(config, key);
    const started = performance.now();
    const document = await processPdf(config, token, processorName, bytes);
    return processResult(document, { processor: processorName, size: bytes.byteLength, processingTime: Math.round(performance.now() - started) });
  } catch (err) {
    throw new HttpError(502, `Document AI could not process the PDF: ${explain(err)}`);
  }
}

/** §7 processor list: the project's processors in the location. */
export async function discoverProcessors(deps: Deps, projectId: string, location: string): Promise<ProcessorInfo[]> {
  const { account: key } = await account(deps);
  const config = documentAiConfig(deps.env, location);
  try {
    return await listProcessors(config, await accessToken(config, key), projectId, location);
  } catch (err) {
    throw new HttpError(502, explain(err));
  }
}

/** §7 configure: uses the project's processor of the type, creating one when there is none, and stores its name. */
export async function configureProcessor(deps: Deps, userId: number, projectId: string, location: string, type: string): Promise<{ processor: ProcessorInfo; created: boolean }> {
  const { account: key } = await account(deps);
  const config = documentAiConfig(deps.env, location);
  let processor: ProcessorInfo | undefined;
  let created = false;
  try {
    const token = await accessToken(config, key);
    const existing = (await listProcessors(config, token, projectId, location)).filter((p) => p.type === type);
    processor = existing.find((p) => p.state === "ENABLED") ?? existing[0];
    if (!processor) {
      processor = await createProcessor(config, token, projectId, location, type, DISPLAY_NAME);
      created = true;
    }
  } catch (err) {
    throw new HttpError(502, explain(err));
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(documentAiCredentials).set({ processorName: processor.name }).where(eq(documentAiCredentials.id, ROW_ID));
    await recordAudit(tx, { userId, action: "document_ai.processor_configured", entity: "document_ai_credentials", entityId: ROW_ID, after: { processor: processor.name, created } });
  });
  return { processor, created };
}
