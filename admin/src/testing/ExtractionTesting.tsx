// Extraction testing dashboard (admin-tools.md §2, §4, §5, §8): a test configuration (a PDF by URL or
// an uploaded PDF), the AI engine's status, and a session whose five phases run one request each, in
// order; the session is polled while a phase runs, so its progress and logs are the server's. A
// failed phase stops the run. Recreation testing, the results and Download Report follow.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, call } from "../api.ts";
import { AdminTabs } from "../AdminTabs.tsx";
import { Field, inputClass, type Notice, NoticeRegion } from "../ui.tsx";
import {
  type AiConfigValidation,
  type AiInteraction,
  PHASE_INFO,
  type TestFileInfo,
  TEST_PHASES,
  type TestSession,
  TESTING_MESSAGES,
} from "../../../shared/extraction-testing.ts";
import { AiDialoguePanel, MonitorPanel, OverviewPanel, ResultsPanel, StatusBadge, ValidationPanel } from "./panels.tsx";
import { PdfUpload, RecreationPanel, type RecreationState } from "./RecreationPanel.tsx";

/** How often a running session is read again for its progress. */
const POLL_MS = 1000;

/** Saves a JSON answer as a file, as Download Report and Export do. */
export function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(new Blob([typeof data === "string" ? data : JSON.stringify(data, null, 2)], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function AiStatus({ config, onCheck, checking }: { config: AiConfigValidation | null; onCheck: () => void; checking: boolean }) {
  const tone = config?.connectionStatus === "connected" ? "bg-green-100 text-green-900" : config?.connectionStatus === "failed" ? "bg-red-100 text-red-900" : "bg-slate-100 text-slate-700";
  const label = { connected: "Connected", failed: "Connection failed", not_configured: "Not configured" }[config?.connectionStatus ?? "not_configured"];
  return (
    <section className="card p-5" aria-labelledby="ai-status-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ai-status-heading" className="font-bold">AI engine status</h2>
        <button type="button" className="btn-outline" onClick={onCheck} aria-disabled={checking}>{checking ? "Checking..." : "Check again"}</button>
      </div>
      {config ? (
        <div className="mt-3 space-y-2 text-sm">
          <p><span className={`badge ${tone}`}>{label}</span> {config.model && <span className="ml-1 font-mono">{config.model}</span>}</p>
          <p className="text-slate-700">{config.message}</p>
          <p className="text-slate-700">
            Test sessions' model calls: {config.performanceMetrics.calls}
            {config.performanceMetrics.calls > 0 && `, ${config.performanceMetrics.averageLatency} ms on average, ${config.performanceMetrics.successRate}% well-formed`}.
          </p>
        </div>
      ) : <p className="mt-3 text-sm text-slate-600">{checking ? "Checking the model..." : "Not checked yet."}</p>}
    </section>
  );
}

export function ExtractionTesting() {
  const [fileUrl, setFileUrl] = useState("");
  const [fileName, setFileName] = useState("");
  const [subject, setSubject] = useState("");
  const [errors, setErrors] = useState<{ fileUrl?: string; fileName?: string }>({});
  const [uploaded, setUploaded] = useState<TestFileInfo | null>(null);
  const [session, setSession] = useState<TestSession | null>(null);
  const [interactions, setInteractions] = useState<AiInteraction[]>([]);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [config, setConfig] = useState<AiConfigValidation | null>(null);
  const [checking, setChecking] = useState(false);
  const [recreation, setRecreation] = useState<RecreationState>({ result: null, report: null });
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);

  const checkConfig = async () => {
    if (checking) return;
    setChecking(true);
    try {
      const { validation } = await call<{ validation: AiConfigValidation }>("/api/testing/validate-ai-config");
      setConfig(validation);
      if (validation.connectionStatus === "failed") setNotice({ tone: "error", title: "AI Configuration Issue", text: "OpenAI API connection failed. Please check your API key." });
    } catch (e) {
      setNotice({ tone: "error", title: "Configuration Error", text: (e as Error).message });
    } finally {
      setChecking(false);
    }
  };
  useEffect(() => {
    void checkConfig();
    return () => {
      if (poll.current) clearInterval(poll.current);
    };
  }, []);

  const refresh = async (id: number) => {
    const [{ session: fresh }, { interactions: calls }] = await Promise.all([
      call<{ session: TestSession }>(`/api/testing/session-status/${id}`),
      call<{ interactions: AiInteraction[] }>(`/api/testing/ai-interactions/${id}`),
    ]);
    setSession(fresh);
    setInteractions(calls);
    return fresh;
  };

  const onUploaded = (file: TestFileInfo) => {
    setUploaded(file);
    setRecreation({ result: null, report: null });
    setFileUrl(file.fileUrl);
    if (!fileName.trim()) setFileName(file.fileName);
    setErrors({});
    setNotice({ tone: "success", title: "File Uploaded", text: `${file.fileName} (${(file.size / 1024 / 1024).toFixed(2)} MB) is ready to test.` });
  };

  async function runTest(e: FormEvent) {
    e.preventDefault();
    if (running) return;
    // §5: a PDF URL first, then a file name.
    if (!fileUrl.trim()) {
      setErrors({ fileUrl: TESTING_MESSAGES.noUrl.message });
      setNotice({ tone: "error", title: TESTING_MESSAGES.noUrl.title, text: TESTING_MESSAGES.noUrl.message });
      return;
    }
    if (!fileName.trim()) {
      setErrors({ fileName: TESTING_MESSAGES.noFileName.message });
      setNotice({ tone: "error", title: TESTING_MESSAGES.noFileName.title, text: TESTING_MESSAGES.noFileName.message });
      return;
    }
    setErrors({});
    setNotice(null);
    setRunning(true);
    let id: number | null = null;
    try {
      const created = await call<{ session: TestSession }>("/api/testing/create-session", { fileUrl: fileUrl.trim(), fileName: fileName.trim(), subject: subject.trim() });
      id = created.session.id;
      setSession(created.session);
      setInteractions([]);
      const sessionId = id;
      poll.current = setInterval(() => void refresh(sessionId).catch(() => {}), POLL_MS);
      for (const phase of TEST_PHASES) {
        try {
          await call(`/api/testing/execute-phase/${sessionId}`, { phase });
        } finally {
          // §4: after each phase the session's status and AI interactions are read again.
          await refresh(sessionId);
        }
      }
      const done = await refresh(sessionId);
      setNotice({ tone: "success", title: "Test Completed", text: `${done.finalResults?.questions.length ?? 0} parts extracted; validation score ${done.validation?.overallScore ?? 0}%.` });
    } catch (err) {
      const title = err instanceof ApiError && err.status === 400 ? (err.errors.fileUrl ? TESTING_MESSAGES.noUrl.title : err.errors.fileName ? TESTING_MESSAGES.noFileName.title : "Test Failed") : "Test Failed";
      if (err instanceof ApiError && err.status === 400) setErrors({ fileUrl: err.errors.fileUrl, fileName: err.errors.fileName });
      setNotice({ tone: "error", title, text: (err as Error).message });
    } finally {
      if (poll.current) clearInterval(poll.current);
      poll.current = null;
      setRunning(false);
    }
  }

  async function downloadReport() {
    if (!session) return;
    try {
      const res = await fetch(`/api/testing/comprehensive-report/${session.id}`, { credentials: "include" });
      if (!res.ok) throw new Error(`${res.status}: ${await res.text()}`);
      saveJson(await res.text(), `extraction-test-session-${session.id}.json`);
      setNotice({ tone: "success", title: "Report Downloaded", text: `The report of session #${session.id} was saved as JSON.` });
    } catch (e) {
      setNotice({ tone: "error", title: "Download Failed", text: (e as Error).message });
    }
  }

  const current = session?.extractionSteps.find((s) => s.status === "running");
  return (
    <div className="space-y-6">
      <NoticeRegion notice={notice} />
      <div className="grid gap-6 lg:grid-cols-2">
        <form className="card space-y-4 p-5" aria-labelledby="config-heading" noValidate onSubmit={runTest}>
          <h2 id="config-heading" className="font-bold">Test configuration</h2>
          <Field id="test-url" label="PDF URL" error={errors.fileUrl} hint="A past paper's address (fetched by the server), or upload a PDF below.">
            {(d) => <input id="test-url" type="url" className={inputClass(errors.fileUrl)} value={fileUrl} onChange={(e) => setFileUrl(e.target.value)} aria-describedby={d} aria-invalid={!!errors.fileUrl} placeholder="https://…/question-paper.pdf" />}
          </Field>
          <PdfUpload id="test-upload" label="Or upload a PDF" subject={subject} onUploaded={onUploaded} onError={(text) => setNotice({ tone: "error", title: "Upload Failed", text })} />
          <Field id="test-name" label="File name" error={errors.fileName}>
            {(d) => <input id="test-name" className={inputClass(errors.fileName)} value={fileName} onChange={(e) => setFileName(e.target.value)} aria-describedby={d} aria-invalid={!!errors.fileName} />}
          </Field>
          <Field id="test-subject" label="Subject (optional)" hint="Compared with the subject the cover states.">
            {(d) => <input id="test-subject" className={inputClass()} value={subject} onChange={(e) => setSubject(e.target.value)} aria-describedby={d} />}
          </Field>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={running}>{running ? "Running..." : "Run Test"}</button>
            <button type="button" className="btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={!session || running} onClick={() => !running && void downloadReport()}>Download Report</button>
          </div>
          {session && (
            <p className="text-sm text-slate-700" aria-live="polite">
              Session #{session.id} <StatusBadge status={session.status} />{current ? ` ${PHASE_INFO[current.id].name}: ${current.progress}%` : ""}
            </p>
          )}
        </form>
        <AiStatus config={config} onCheck={() => void checkConfig()} checking={checking} />
      </div>
      <section className="card p-5" aria-label="Test session">
        <AdminTabs
          label="Test session"
          idPrefix="testing"
          tabs={[
            { id: "overview", label: "Overview", render: () => <OverviewPanel session={session} /> },
            { id: "monitor", label: "Extraction Monitor", render: () => <MonitorPanel session={session} /> },
            { id: "ai", label: "AI Dialogue", render: () => <AiDialoguePanel interactions={interactions} configured={config?.connectionStatus === "connected"} /> },
            { id: "validation", label: "Validation", render: () => <ValidationPanel validation={session?.validation ?? null} /> },
            { id: "recreation", label: "Recreation Testing", render: () => <RecreationPanel file={uploaded ?? (session?.fileId ? { fileId: session.fileId, fileName: session.fileName } : null)} subject={subject} onUploaded={onUploaded} setNotice={setNotice} state={recreation} setState={setRecreation} /> },
            { id: "results", label: "Results", render: () => <ResultsPanel session={session} /> },
          ]}
        />
      </section>
    </div>
  );
}
