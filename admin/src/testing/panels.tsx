// The testing dashboard's tabs (admin-tools.md §2 Extraction testing dashboard): what a session shows,
// read from the server's session (real progress, logs, model calls and findings).
import type { AiInteraction, ExtractionStep, SessionStatus, SessionValidation, TestSession } from "../../../shared/extraction-testing.ts";
import { VALIDATION_PASS } from "../../../shared/extraction-testing.ts";

const STATUS_STYLE: Record<string, string> = {
  completed: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  running: "bg-blue-100 text-blue-900",
  pending: "bg-slate-100 text-slate-700",
  idle: "bg-slate-100 text-slate-700",
};
/** §4: completed, failed, running; anything else is shown as idle. */
export const statusLabel = (status: string) => (["completed", "failed", "running", "pending"].includes(status) ? status : "idle");
export function StatusBadge({ status }: { status: SessionStatus | ExtractionStep["status"] }) {
  const label = statusLabel(status);
  return <span className={`badge ${STATUS_STYLE[label]}`}>{label}</span>;
}

export function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
      <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${value}%` }} />
    </div>
  );
}

const time = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString("en-GB") : "–");
const Empty = ({ children }: { children: string }) => <p className="text-sm text-slate-600">{children}</p>;

/** The whole run's progress: each phase a fifth, the running one by its own progress. */
export const overallProgress = (s: TestSession) => Math.round(s.extractionSteps.reduce((n, st) => n + (st.status === "completed" ? 100 : st.progress), 0) / s.extractionSteps.length);

export function OverviewPanel({ session }: { session: TestSession | null }) {
  if (!session) return <Empty>No test has run yet. Enter a PDF URL or upload a PDF, then Run Test.</Empty>;
  const cover = (session.cover ?? {}) as Record<string, string | number | null>;
  const facts: [string, string | number | null | undefined][] = [
    ["Session", `#${session.id}`], ["File", session.fileName], ["Started", time(session.startTime)], ["Finished", time(session.endTime)], ["Pages", session.pages],
    ["Board", cover.board], ["Subject", cover.subject], ["Paper code", cover.paperCode], ["Questions", session.finalResults?.questions.length],
    ["Total marks", session.finalResults?.totalMarks], ["Validation score", session.validation ? `${session.validation.overallScore}%` : null],
  ];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 className="font-bold">{session.testName}</h3>
        <StatusBadge status={session.status} />
      </div>
      <ProgressBar value={overallProgress(session)} label="Test progress" />
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {facts.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-3 border-b border-slate-100 py-1">
            <dt className="text-slate-600">{k}</dt>
            <dd className="text-right font-medium break-all">{v ?? "–"}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function MonitorPanel({ session }: { session: TestSession | null }) {
  if (!session) return <Empty>The five phases appear here when a test runs.</Empty>;
  return (
    <ol className="space-y-4">
      {session.extractionSteps.map((step, i) => (
        <li key={step.id} className="rounded-lg border border-slate-200 p-4" data-step={step.id}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold">{i + 1}. {step.name}</h3>
            <StatusBadge status={step.status} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{step.description}</p>
          <div className="mt-2"><ProgressBar value={step.progress} label={`${step.name} progress`} /></div>
          {step.systemLogs.length > 0 && (
            <ul className="mt-3 space-y-1 text-xs" aria-label={`${step.name} log`}>
              {step.systemLogs.map((log, k) => (
                <li key={k} className={log.level === "error" ? "text-red-800" : log.level === "warning" ? "text-amber-900" : "text-slate-700"}>
                  <span className="font-mono text-slate-600">{time(log.time)}</span> {log.level !== "info" && <strong>{log.level}: </strong>}{log.message}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

export function AiDialoguePanel({ interactions, configured }: { interactions: AiInteraction[]; configured: boolean }) {
  if (!interactions.length) {
    return <Empty>{configured ? "No model calls in this session yet. The model is asked to confirm the subject, and to tidy pages read with Low confidence." : "No model is configured, so the sessions make no model calls: the local extraction does everything."}</Empty>;
  }
  return (
    <ul className="space-y-4">
      {interactions.map((it) => (
        <li key={it.id} className="rounded-lg border border-slate-200 p-4 text-sm" data-interaction={it.id}>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-semibold">{it.step.replace("_", " ")}</span>
            <span className={`badge ${it.accepted ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}>{it.accepted ? "used" : "refused"}</span>
            <span className="text-slate-600">{time(it.timestamp)} · {it.model} · {it.responseReceived.processingTime} ms · {it.responseReceived.usage ? `${it.responseReceived.usage.totalTokens} tokens (${it.responseReceived.usage.promptTokens} prompt, ${it.responseReceived.usage.completionTokens} completion)` : "no usage reported"}</span>
          </div>
          <p className="mt-1 text-slate-700">Structure {it.validationResults.structureValid ? "valid" : "invalid"}, content {it.validationResults.contentComplete ? "complete" : "incomplete"}, quality {it.validationResults.dataQuality}.</p>
          {it.validationResults.errors.length > 0 && <ul className="mt-1 list-disc pl-5 text-red-800">{it.validationResults.errors.map((e) => <li key={e}>{e}</li>)}</ul>}
          <details className="mt-2">
            <summary className="cursor-pointer font-medium text-brand-700">Prompt and response</summary>
            {[["System prompt", it.promptSent.systemPrompt], ["User prompt", it.promptSent.userPrompt], ["Response", it.responseReceived.content]].map(([label, text]) => (
              <div key={label} className="mt-2">
                <p className="text-xs font-semibold uppercase text-slate-600">{label}</p>
                <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-xs">{text || "(empty)"}</pre>
              </div>
            ))}
          </details>
        </li>
      ))}
    </ul>
  );
}

export function ValidationPanel({ validation }: { validation: SessionValidation | null }) {
  if (!validation) return <Empty>The validation phase's checks appear here.</Empty>;
  return (
    <div className="space-y-4">
      <p className="text-lg">
        Overall score <strong>{validation.overallScore}%</strong>{" "}
        <span className={`badge ${validation.passed ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>{validation.passed ? "PASSED" : "NEEDS IMPROVEMENT"}</span>
        <span className="ml-2 text-sm text-slate-600">({VALIDATION_PASS}% passes)</span>
      </p>
      <table className="w-full text-left text-sm">
        <thead><tr className="border-b border-slate-200"><th scope="col" className="py-2">Check</th><th scope="col">Score</th><th scope="col">Detail</th></tr></thead>
        <tbody>
          {validation.checks.map((c) => (
            <tr key={c.name} className="border-b border-slate-100 align-top"><td className="py-2 pr-3 font-medium">{c.name}</td><td className="pr-3">{c.score}%</td><td>{c.detail}</td></tr>
          ))}
        </tbody>
      </table>
      {validation.criticalErrors.length > 0 && <div><h3 className="font-semibold text-red-800">Critical errors</h3><ul className="list-disc pl-5 text-sm">{validation.criticalErrors.map((e) => <li key={e}>{e}</li>)}</ul></div>}
      {validation.warnings.length > 0 && <div><h3 className="font-semibold text-amber-900">Warnings</h3><ul className="list-disc pl-5 text-sm">{validation.warnings.map((e) => <li key={e}>{e}</li>)}</ul></div>}
    </div>
  );
}

export function ResultsPanel({ session }: { session: TestSession | null }) {
  const results = session?.finalResults;
  if (!results) return <Empty>The final results appear when the finalization phase has run.</Empty>;
  return (
    <div>
      <p className="text-sm text-slate-700">{results.questions.length} parts, {results.totalMarks} marks, {results.visualElements} table{results.visualElements === 1 ? "" : "s"}.</p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <thead><tr className="border-b border-slate-200"><th scope="col" className="py-2">Number</th><th scope="col">Marks</th><th scope="col">Page</th><th scope="col">Confidence</th><th scope="col">Text</th></tr></thead>
          <tbody>
            {results.questions.map((q) => (
              <tr key={q.number} className="border-b border-slate-100 align-top">
                <td className="py-2 pr-3 font-mono">{q.number}</td><td className="pr-3">{q.marks ?? "–"}</td><td className="pr-3">{q.page}</td><td className="pr-3">{Math.round(q.confidence * 100)}%</td>
                <td>{q.text.length > 200 ? `${q.text.slice(0, 200)}…` : q.text}{q.options && <span className="text-slate-600"> Options: {q.options.join(" · ")}</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
