// Recreation Testing (admin-tools.md §2, §3 Recreation result, Validation report): the tested PDF's
// extracted paper printed again by the paper engine, extracted again and scored; its extracted data
// exported; the recreation validated. Every action needs a file (§5 'No File').
import { useState } from "react";
import { call } from "../api.ts";
import type { Notice } from "../ui.tsx";
import { type RecreationResult, type TestFileInfo, TESTING_MESSAGES, VALIDATION_PASS, type ValidationReport } from "../../../shared/extraction-testing.ts";
import { saveJson } from "./ExtractionTesting.tsx";

/** A PDF upload (multipart, §7 POST /api/upload): accepts PDF only. */
export function PdfUpload({ id, label, subject, onUploaded, onError }: { id: string; label: string; subject: string; onUploaded: (f: TestFileInfo) => void; onError: (text: string) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      <input
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        disabled={busy}
        aria-describedby={`${id}-hint`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800"
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (!file) return;
          if (file.type !== "application/pdf" && !/\.pdf$/i.test(file.name)) return onError("Please select a PDF file.");
          setBusy(true);
          try {
            const form = new FormData();
            form.set("file", file);
            form.set("subject", subject);
            const res = await fetch("/api/upload", { method: "POST", credentials: "include", body: form });
            const data = await res.json().catch(() => ({}));
            if (!res.ok) throw new Error(data.message ?? `${res.status}: ${res.statusText}`);
            onUploaded(data as TestFileInfo);
          } catch (err) {
            onError((err as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{busy ? "Uploading..." : "PDF only, at most 20 MB."}</p>
    </div>
  );
}

export interface RecreationState {
  result: RecreationResult | null;
  report: ValidationReport | null;
}

export function RecreationPanel({ file, subject, onUploaded, setNotice, state, setState }: {
  file: { fileId: number; fileName: string } | null;
  subject: string;
  onUploaded: (f: TestFileInfo) => void;
  setNotice: (n: Notice) => void;
  state: RecreationState;
  setState: (s: RecreationState) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const { result, report } = state;
  const act = async (name: string, fn: (fileId: number) => Promise<void>, failure: string) => {
    if (busy) return;
    if (!file) return setNotice({ tone: "error", title: TESTING_MESSAGES.noFile.title, text: TESTING_MESSAGES.noFile.message });
    setBusy(name);
    try {
      await fn(file.fileId);
    } catch (e) {
      setNotice({ tone: "error", title: failure, text: (e as Error).message });
    } finally {
      setBusy(null);
    }
  };
  const recreate = () => act("recreate", async (id) => {
    const { result } = await call<{ result: RecreationResult }>(`/api/testing/recreate-paper/${id}`, { includeOriginalFormatting: true, includeDiagrams: true, validateAccuracy: true });
    setState({ result, report: null });
    setNotice({ tone: "success", title: "Recreation Complete", text: `${result.accuracy.questionsMatched} of ${result.accuracy.totalQuestions} questions matched (${result.accuracy.accuracyScore}%).` });
  }, "Recreation Failed");
  const exportData = () => act("export", async (id) => {
    const { data } = await call<{ data: unknown }>(`/api/testing/export-extracted-data/${id}`);
    saveJson(data, `extracted-data-${id}.json`);
    setNotice({ tone: "success", title: "Data Exported", text: "The extracted data was saved as JSON." });
  }, "Export Failed");
  const validate = () => act("validate", async (id) => {
    const { validation } = await call<{ validation: ValidationReport }>(`/api/testing/validate-recreation/${id}`, undefined, "POST");
    setState({ result, report: validation });
    setNotice({ tone: "success", title: "Validation Complete", text: `Overall score ${validation.validation.overallScore}%.` });
  }, "Validation Failed");

  return (
    <div className="space-y-5">
      <PdfUpload id="recreation-upload" label="Upload a PDF to recreate" subject={subject} onUploaded={onUploaded} onError={(text) => setNotice({ tone: "error", title: "Upload Failed", text })} />
      <p className="text-sm text-slate-700">{file ? <>File: <strong>{file.fileName}</strong></> : "No file yet: upload a PDF, or run a test (its PDF is kept)."}</p>
      <div className="flex flex-wrap gap-3">
        {([["recreate", "Recreate Paper", recreate], ["export", "Export Extracted Data", exportData], ["validate", "Validate Recreation", validate]] as const).map(([name, label, fn]) => (
          <button key={name} type="button" className="btn-outline aria-disabled:cursor-not-allowed aria-disabled:opacity-60" aria-disabled={!!busy} onClick={() => void fn()}>
            {busy === name ? "Working..." : label}
          </button>
        ))}
      </div>
      {result && (
        <div className="rounded-lg border border-slate-200 p-4 text-sm" data-recreation>
          <p className="text-lg">
            Accuracy <strong className={result.accuracy.accuracyScore >= VALIDATION_PASS ? "text-brand-700" : "text-slate-700"}>{result.accuracy.accuracyScore}%</strong>
          </p>
          <p>{result.accuracy.questionsMatched} of {result.accuracy.totalQuestions} questions came back with their number and marks; {result.accuracy.diagramsMatched} of {result.accuracy.totalDiagrams} tables cell for cell.</p>
          {result.outputPath && <p className="mt-1"><a className="font-medium text-brand-700 underline" href={result.outputPath} target="_blank" rel="noopener">Open the recreated PDF</a></p>}
          {result.errors.length > 0 && <ul className="mt-2 list-disc pl-5 text-red-800">{result.errors.map((e) => <li key={e}>{e}</li>)}</ul>}
          {result.warnings.length > 0 && <ul className="mt-2 list-disc pl-5 text-amber-900">{result.warnings.map((e) => <li key={e}>{e}</li>)}</ul>}
        </div>
      )}
      {report && (
        <div className="rounded-lg border border-slate-200 p-4 text-sm" data-validation-report>
          <p className="text-lg">Overall <strong>{report.result.overallScore}%</strong> {report.result.passed ? "PASSED" : "NEEDS IMPROVEMENT"}</p>
          <p>Data completeness {report.validation.dataCompleteness}%, recreation fidelity {report.validation.recreationFidelity === null ? "not measured (recreate first)" : `${report.validation.recreationFidelity}%`}.</p>
          <p>{report.extraction.questionsExtracted} questions extracted, {report.extraction.questionsWithContent} with content, {report.extraction.diagramsExtracted} tables.</p>
          {report.result.criticalErrors.length > 0 && <ul className="mt-2 list-disc pl-5 text-red-800">{report.result.criticalErrors.map((e) => <li key={e}>{e}</li>)}</ul>}
        </div>
      )}
    </div>
  );
}
