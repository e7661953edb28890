// Settings → AI Diagnostics (admin-tools.md §2 Document AI diagnostics, §4 Diagnostics run, §5, §8):
// the tabs PDF Test, Service Status, Credentials and Results over the real Document AI calls of
// /api/diagnostics/*. The state lives here, above the tabs, so a run's results survive a tab change.
import { type FormEvent, useCallback, useEffect, useId, useState } from "react";
import { formatDateTime } from "../../../shared/format.ts";
import {
  DOCUMENT_AI_LOCATIONS,
  type DiagnosticsStatus,
  type DownloadResult,
  MISSING_PROJECT_ID,
  MISSING_URL,
  NO_CREDENTIALS,
  type ProcessorInfo,
  type ProcessResult,
  PROCESSOR_TYPE,
  REQUIRED_ROLES,
  RESULTS_SAMPLE,
  STATUS_CHECK_LABELS,
  STATUS_CHECKS,
  type StoredCredentials,
} from "../../../shared/diagnostics.ts";
import { ApiError, call } from "../api.ts";
import { AdminTabs } from "../AdminTabs.tsx";
import { Field, inputClass, type Notice, NoticeRegion } from "../ui.tsx";

/** §4: a run's steps, each logged as success, warning or error with a time. */
type StepStatus = "running" | "success" | "warning" | "error";
interface RunStep {
  name: string;
  status: StepStatus;
  message: string;
  at: string;
}

/** §4 confidence bands, as percents. */
const band = (percent: number) => (percent >= 80 ? "High" : percent >= 60 ? "Medium" : "Low");
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en-GB")} KB`;
const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function AiDiagnostics() {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [status, setStatus] = useState<DiagnosticsStatus | null>(null);
  const [checking, setChecking] = useState(false);
  const [credentials, setCredentials] = useState<StoredCredentials | null>(null);
  const [steps, setSteps] = useState<RunStep[]>([]);
  const [result, setResult] = useState<ProcessResult | null>(null);

  const loadCredentials = useCallback(async () => {
    try {
      setCredentials(await call<StoredCredentials>("/api/diagnostics/google-credentials"));
    } catch (err) {
      setNotice({ tone: "error", title: "Connection Error", text: messageOf(err) });
    }
  }, []);

  /** Checks the service; says so with §8's titles unless `quiet` (the first look when the tab opens). */
  const checkStatus = useCallback(async (quiet = false): Promise<DiagnosticsStatus | null> => {
    setChecking(true);
    try {
      const s = await call<DiagnosticsStatus>("/api/diagnostics/document-ai/status");
      setStatus(s);
      if (!quiet) {
        setNotice(s.available
          ? { tone: "success", title: "Service Available", text: "Document AI accepted the key and the processor is ready." }
          : { tone: "error", title: "Service Issue Detected", text: s.error ?? "A check failed." });
      }
      return s;
    } catch (err) {
      setNotice({ tone: "error", title: "Connection Error", text: messageOf(err) });
      return null;
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    void loadCredentials();
    void checkStatus(true);
  }, [loadCredentials, checkStatus]);

  const tabs = [
    { id: "pdf-test", label: "PDF Test", render: () => <PdfTest steps={steps} setSteps={setSteps} setResult={setResult} setNotice={setNotice} result={result} /> },
    { id: "status", label: "Service Status", render: () => <ServiceStatus status={status} checking={checking} onCheck={() => void checkStatus()} credentials={credentials} onConfigured={() => void Promise.all([loadCredentials(), checkStatus(true)])} setNotice={setNotice} /> },
    { id: "credentials", label: "Credentials", render: () => <Credentials credentials={credentials} setNotice={setNotice} onUploaded={() => void Promise.all([loadCredentials(), checkStatus(true)])} /> },
    { id: "results", label: "Results", render: () => <Results result={result} /> },
  ];
  return (
    <div className="card p-4 sm:p-6" data-testid="ai-diagnostics">
      <h2 className="text-lg font-bold">Document AI diagnostics</h2>
      <p className="mt-1 text-sm text-slate-600">
        Checks Google Document AI with the service-account key stored here: the service, a PDF processed end to end, and what it found.
      </p>
      <div className="mt-4"><NoticeRegion notice={notice} /></div>
      <AdminTabs label="Document AI diagnostics" tabs={tabs} idPrefix="diagnostics" />
    </div>
  );
}

const STEP_STYLE: Record<StepStatus, string> = {
  running: "border-slate-200 bg-slate-50 text-slate-800",
  success: "border-green-200 bg-green-50 text-green-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-800",
};
const STEP_WORD: Record<StepStatus, string> = { running: "Running", success: "Success", warning: "Warning", error: "Error" };

/** §4 Diagnostics run: service check, PDF download, AI processing, quality check; it stops at the first error. */
function PdfTest({ steps, setSteps, setResult, setNotice, result }: {
  steps: RunStep[];
  setSteps: (f: (s: RunStep[]) => RunStep[]) => void;
  setResult: (r: ProcessResult | null) => void;
  setNotice: (n: Notice | null) => void;
  result: ProcessResult | null;
}) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [running, setRunning] = useState(false);
  const id = useId();

  async function run(e: FormEvent) {
    e.preventDefault();
    const address = url.trim();
    if (!address) {
      setError(`${MISSING_URL}: enter the address of a PDF to test.`);
      return;
    }
    setError(undefined);
    setRunning(true);
    setSteps(() => []);
    const step = async <T,>(name: string, work: () => Promise<{ value: T; status: StepStatus; message: string }>): Promise<T | null> => {
      setSteps((s) => [...s, { name, status: "running", message: "…", at: new Date().toISOString() }]);
      let outcome: { value: T | null; status: StepStatus; message: string };
      try {
        outcome = await work();
      } catch (err) {
        outcome = { value: null, status: "error", message: messageOf(err) };
      }
      setSteps((s) => s.map((x, i) => (i === s.length - 1 ? { name, status: outcome.status, message: outcome.message, at: new Date().toISOString() } : x)));
      return outcome.status === "error" ? null : outcome.value;
    };
    try {
      const status = await step("Service check", async () => {
        const s = await call<DiagnosticsStatus>("/api/diagnostics/document-ai/status");
        return { value: s, status: s.available ? "success" : "error", message: s.available ? "Document AI is available." : s.error ?? "A check failed." };
      });
      if (!status) return setNotice({ tone: "error", title: "Service Issue Detected", text: "The run stopped at the service check." });
      const download = await step("PDF download", async () => {
        const d = await call<DownloadResult>("/api/diagnostics/document-ai/download", { url: address });
        return { value: d, status: "success", message: `${kb(d.size)}, ${d.pages} ${d.pages === 1 ? "page" : "pages"}.` };
      });
      if (!download) return setNotice({ tone: "error", title: "Diagnostics stopped", text: "The run stopped at the PDF download." });
      const processed = await step("AI processing", async () => {
        const r = await call<ProcessResult>("/api/diagnostics/document-ai/process", { url: address });
        return { value: r, status: "success", message: `${r.elementsFound} elements in ${(r.processingTime / 1000).toFixed(1)} s.` };
      });
      if (!processed) return setNotice({ tone: "error", title: "Diagnostics stopped", text: "The run stopped at AI processing." });
      setResult(processed);
      await step("Quality check", async () => {
        const n = processed.questions.length;
        const level = band(processed.confidence);
        const good = n > 0 && level !== "Low";
        return {
          value: null,
          status: good ? "success" : "warning",
          message: `${n} ${n === 1 ? "question" : "questions"} found; confidence ${processed.confidence}% (${level}).${n === 0 ? " No question numbers were recognised in the text." : ""}`,
        };
      });
      setNotice({ tone: "success", title: "Diagnostics complete", text: `Found ${processed.questions.length} questions with ${processed.confidence}% confidence. See Results.` });
    } finally {
      setRunning(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="pdf-test">
      <form onSubmit={run} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field id={`${id}-url`} label="PDF URL" error={error} hint="The server fetches it through its guard (public addresses only, at most 20 MB), then sends it to Document AI.">
            {(describedBy) => (
              <input id={`${id}-url`} type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} className={inputClass(error)} aria-invalid={Boolean(error)} aria-describedby={describedBy} placeholder="https://…/paper.pdf" />
            )}
          </Field>
        </div>
        <button type="submit" className="btn-primary sm:mb-6" disabled={running}>{running ? "Running…" : "Run Diagnostics"}</button>
      </form>
      {steps.length > 0 && (
        <ol className="space-y-2" aria-label="Diagnostics run" data-testid="run-steps">
          {steps.map((s) => (
            <li key={s.name} className={`rounded-lg border px-3 py-2 text-sm ${STEP_STYLE[s.status]}`} data-status={s.status}>
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{s.name}: {STEP_WORD[s.status]}</span>
                <time className="text-xs" dateTime={s.at}>{new Date(s.at).toLocaleTimeString("en-GB")}</time>
              </p>
              <p className="break-words">{s.message}</p>
            </li>
          ))}
        </ol>
      )}
      {result && !running && <p className="text-sm text-slate-700">The last run's findings are in the Results tab.</p>}
    </div>
  );
}

function ServiceStatus({ status, checking, onCheck, credentials, onConfigured, setNotice }: {
  status: DiagnosticsStatus | null;
  checking: boolean;
  onCheck: () => void;
  credentials: StoredCredentials | null;
  onConfigured: () => void;
  setNotice: (n: Notice | null) => void;
}) {
  const id = useId();
  const [projectId, setProjectId] = useState(credentials?.projectId ?? "");
  const [location, setLocation] = useState<(typeof DOCUMENT_AI_LOCATIONS)[number]>("us");
  const [projectError, setProjectError] = useState<string | undefined>();
  const [processors, setProcessors] = useState<ProcessorInfo[] | null>(null);
  const [busy, setBusy] = useState<"list" | "configure" | null>(null);
  useEffect(() => {
    if (credentials?.projectId) setProjectId((p) => p || credentials.projectId!);
  }, [credentials?.projectId]);

  async function processorCall(kind: "list" | "configure") {
    if (!projectId.trim()) {
      setProjectError(MISSING_PROJECT_ID);
      return;
    }
    setProjectError(undefined);
    setBusy(kind);
    const [failed, broke] = kind === "list" ? ["Discovery Failed", "Discovery Error"] : ["Configuration Failed", "Configuration Error"];
    try {
      if (kind === "list") {
        const r = await call<{ totalCount: number; processors: ProcessorInfo[] }>("/api/diagnostics/processor/list", { projectId: projectId.trim(), location });
        setProcessors(r.processors);
        setNotice({ tone: "success", title: "Processors found", text: `${r.totalCount} ${r.totalCount === 1 ? "processor" : "processors"} in ${location}.` });
      } else {
        const r = await call<{ message: string }>("/api/diagnostics/processor/configure", { projectId: projectId.trim(), location, processorType: PROCESSOR_TYPE });
        setNotice({ tone: "success", title: "Processor configured", text: r.message });
        setProcessors(null);
        onConfigured();
      }
    } catch (err) {
      setNotice({ tone: "error", title: err instanceof ApiError ? failed : broke, text: messageOf(err) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-6" data-testid="service-status">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-semibold" data-testid="availability">
          {!status ? "Not checked yet." : status.available ? "Document AI is available." : "Document AI is not available."}
        </p>
        <button type="button" className="btn-outline" onClick={onCheck} disabled={checking}>{checking ? "Checking…" : "Check Status"}</button>
      </div>
      {status && (
        <>
          <ul className="space-y-1 text-sm" aria-label="Checks" data-testid="status-checks">
            {STATUS_CHECKS.map((c) => (
              <li key={c} className="flex items-start gap-2" data-check={c} data-ok={status.checks[c]}>
                <span aria-hidden="true" className={`font-bold ${status.checks[c] ? "text-green-700" : "text-red-700"}`}>{status.checks[c] ? "✓" : "✗"}</span>
                <span>{STATUS_CHECK_LABELS[c]}<span className="sr-only">: {status.checks[c] ? "passed" : "failed"}</span></span>
              </li>
            ))}
          </ul>
          {status.errors.length > 0 && (
            <div className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="status-errors">
              <p className="font-semibold">Service Issue Detected</p>
              <ul className="mt-1 list-disc space-y-1 pl-5 break-words">{status.errors.map((e) => <li key={e}>{e}</li>)}</ul>
            </div>
          )}
          <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-slate-600">Service account</dt><dd className="break-all">{status.details.clientEmail ?? "none"}</dd>
            <dt className="font-medium text-slate-600">Project</dt><dd>{status.details.projectId ?? "none"}</dd>
            <dt className="font-medium text-slate-600">Location</dt><dd>{status.details.location}</dd>
            <dt className="font-medium text-slate-600">Endpoint</dt><dd className="break-all">{status.details.endpoint}</dd>
            <dt className="font-medium text-slate-600">Processor</dt>
            <dd className="break-all">{status.details.processor ? `${status.details.processor.displayName || status.details.processor.type} (${status.details.processor.state}): ${status.details.processor.name}` : "none configured"}</dd>
            <dt className="font-medium text-slate-600">Checked</dt><dd>{formatDateTime(status.details.checkedAt)}</dd>
          </dl>
        </>
      )}
      <section aria-labelledby={`${id}-processors`} className="border-t border-slate-200 pt-4">
        <h3 id={`${id}-processors`} className="font-semibold">Processor</h3>
        <p className="mt-1 text-sm text-slate-600">Discover the project's processors, or configure the {PROCESSOR_TYPE} the PDF test uses (created when the project has none).</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_8rem]">
          <Field id={`${id}-project`} label="Project ID" error={projectError}>
            {(describedBy) => <input id={`${id}-project`} value={projectId} onChange={(e) => setProjectId(e.target.value)} className={inputClass(projectError)} aria-invalid={Boolean(projectError)} aria-describedby={describedBy} />}
          </Field>
          <Field id={`${id}-location`} label="Location">
            {() => (
              <select id={`${id}-location`} value={location} onChange={(e) => setLocation(e.target.value as typeof location)} className={inputClass()}>
                {DOCUMENT_AI_LOCATIONS.map((l) => <option key={l}>{l}</option>)}
              </select>
            )}
          </Field>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className="btn-outline" disabled={busy !== null} onClick={() => void processorCall("list")}>{busy === "list" ? "Discovering…" : "Discover Processors"}</button>
          <button type="button" className="btn-primary" disabled={busy !== null} onClick={() => void processorCall("configure")}>{busy === "configure" ? "Configuring…" : "Configure Processor"}</button>
        </div>
        {processors && (
          processors.length === 0
            ? <p className="mt-3 text-sm text-slate-700">The project has no processors in {location}.</p>
            : (
              <ul className="mt-3 space-y-1 text-sm" aria-label="Processors">
                {processors.map((p) => <li key={p.name} className="break-all"><span className="font-medium">{p.displayName || p.type}</span> · {p.type} · {p.state} · {p.name}</li>)}
              </ul>
            )
        )}
      </section>
    </div>
  );
}

function RolesHint() {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700" data-testid="roles-hint">
      <p className="font-semibold">The service account needs these roles</p>
      <ul className="mt-1 list-disc pl-5">
        {REQUIRED_ROLES.map((r) => <li key={r}>{r}</li>)}
        <li>and the Document AI API enabled in its project</li>
      </ul>
    </div>
  );
}

function Credentials({ credentials, setNotice, onUploaded }: { credentials: StoredCredentials | null; setNotice: (n: Notice | null) => void; onUploaded: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const text = file ? (await file.text()).trim() : "";
    if (!text) {
      setError(`${NO_CREDENTIALS}: choose the service account's JSON key file.`);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const r = await call<{ projectId: string; clientEmail: string }>("/api/diagnostics/google-credentials/upload", { credentialsJson: text });
      setNotice({ tone: "success", title: "Credentials Updated", text: `The key of ${r.clientEmail} (project ${r.projectId}) is stored, encrypted.` });
      setFile(null);
      (e.target as HTMLFormElement).reset();
      onUploaded();
    } catch (err) {
      setNotice({ tone: "error", title: err instanceof ApiError ? "Upload Failed" : "Upload Error", text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4" data-testid="credentials">
      <div className="text-sm" data-testid="stored-key">
        {!credentials ? <p className="text-slate-600">Loading…</p> : credentials.stored
          ? (
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
              <dt className="font-medium text-slate-600">Stored key</dt><dd>A service-account key is stored, encrypted. It is never shown again.</dd>
              <dt className="font-medium text-slate-600">Service account</dt><dd className="break-all">{credentials.clientEmail}</dd>
              <dt className="font-medium text-slate-600">Project</dt><dd>{credentials.projectId}</dd>
              <dt className="font-medium text-slate-600">Uploaded</dt><dd>{formatDateTime(credentials.updatedAt)}</dd>
            </dl>
          )
          : <p className="font-medium">No service-account key is stored.</p>}
        {credentials && !credentials.secretConfigured && (
          <p className="mt-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
            The server has no DOCUMENT_AI_SECRET, so it cannot store a key. Set it (at least 32 characters) and restart the server.
          </p>
        )}
      </div>
      <form onSubmit={submit} noValidate className="space-y-3">
        <Field id={`${id}-file`} label={credentials?.stored ? "Replace the key (JSON key file)" : "Service-account key (JSON key file)"} error={error} hint="Google Cloud console → IAM → Service accounts → Keys → Add key → JSON. Google checks the key before it is stored.">
          {(describedBy) => (
            <input id={`${id}-file`} type="file" accept="application/json,.json" className="mt-1 block w-full text-sm" aria-describedby={describedBy} aria-invalid={Boolean(error)} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          )}
        </Field>
        <button type="submit" className="btn-primary" disabled={busy}>{busy ? "Uploading…" : "Upload Credentials"}</button>
      </form>
      <RolesHint />
    </div>
  );
}

function Results({ result }: { result: ProcessResult | null }) {
  if (!result) return <p className="text-sm text-slate-700" data-testid="results">No PDF test has run yet. Run one in PDF Test.</p>;
  const sample = result.questions.slice(-RESULTS_SAMPLE);
  const more = result.questions.length - sample.length;
  const stats: [string, string][] = [
    ["Confidence", `${result.confidence}% (${band(result.confidence)})`],
    ["Elements found", String(result.elementsFound)],
    ["Processing time", `${(result.processingTime / 1000).toFixed(1)} s`],
    ["Pages", String(result.metadata.pages)],
    ["Questions", String(result.questions.length)],
    ["Size", kb(result.metadata.size)],
  ];
  return (
    <div className="space-y-4" data-testid="results">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map(([k, v]) => (
          <div key={k} className="rounded-lg border border-slate-200 p-3">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{k}</dt>
            <dd className="text-lg font-bold">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        Paragraphs {result.results.paragraphs} · lines {result.results.lines} · tables {result.results.tables} · form fields {result.results.formFields} · entities {result.results.entities}
      </p>
      <section aria-labelledby="diagnostics-questions">
        <h3 id="diagnostics-questions" className="font-semibold">Questions (the last {Math.min(RESULTS_SAMPLE, result.questions.length)})</h3>
        {result.questions.length === 0 ? <p className="mt-1 text-sm text-slate-700">No question numbers were recognised in the text.</p> : (
          <ol className="mt-2 space-y-2" data-testid="question-sample">
            {sample.map((q) => (
              <li key={q.number} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <p className="font-semibold">{q.number}{q.marks !== null ? ` · ${q.marks} ${q.marks === 1 ? "mark" : "marks"}` : ""}</p>
                <p className="break-words text-slate-700">{q.text}</p>
              </li>
            ))}
          </ol>
        )}
        {more > 0 && <p className="mt-2 text-sm text-slate-700" data-testid="more-questions">... and {more} more</p>}
      </section>
      <p className="break-all text-xs text-slate-600">Processor: {result.metadata.processor}</p>
    </div>
  );
}
