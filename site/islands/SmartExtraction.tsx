// Smart Document Extraction (admin-tools.md §2, §4, §5, §8): choose a PDF (name and size in MB),
// Extract Content, the server's real progress (its step text and how far it is), then the result's
// tabs or the 'Extraction Failed' panel. §4's simulated timer is not used: every step shown is one the
// server reported.
import { type ChangeEvent, type DragEvent, useEffect, useRef, useState } from "react";
import { looksLikePdf, megabytes, SMART_EXTRACTION_MAX_BYTES, SMART_EXTRACTION_MESSAGES, type SmartExtractionResult, type SmartExtractionStep } from "../../shared/smart-extraction.ts";
import { ExtractionError, streamExtraction } from "../lib/smart-extraction.ts";
import { toast } from "../stores/toasts.ts";
import { Spinner } from "../components/ui/Spinner.tsx";
import { ResultTabs } from "./smart-extraction/ResultTabs.tsx";

type Run =
  | { state: "idle" }
  | { state: "running"; step: SmartExtractionStep }
  | { state: "success"; result: SmartExtractionResult }
  /** `retry`: whether the same file may do better another time (not when the server refused the file itself). */
  | { state: "failure"; message: string; retry: boolean };

const M = SMART_EXTRACTION_MESSAGES;

export default function SmartExtraction() {
  const [file, setFile] = useState<File | null>(null);
  const [markScheme, setMarkScheme] = useState<File | null>(null);
  const [run, setRun] = useState<Run>({ state: "idle" });
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const schemeInput = useRef<HTMLInputElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const abort = useRef<AbortController | null>(null);
  const running = run.state === "running";

  // Leaving the page stops the server's work on it too.
  useEffect(() => () => abort.current?.abort(), []);
  // The outcome replaces the progress: focus moves to it once it has rendered, so a keyboard or
  // screen-reader user follows.
  useEffect(() => {
    if (run.state === "success" || run.state === "failure") outcome.current?.querySelector<HTMLElement>("section")?.focus();
  }, [run.state]);

  /** A chosen file if it is a PDF within the limit (§5); otherwise the toast says why, and the input is cleared. */
  function accepted(chosen: File | undefined, from: HTMLInputElement | null): File | null {
    if (!chosen) return null;
    const problem = !looksLikePdf(chosen) ? { title: M.invalidTypeTitle, description: M.invalidType } : chosen.size > SMART_EXTRACTION_MAX_BYTES ? { title: M.failedTitle, description: M.tooLarge } : null;
    if (!problem) return chosen;
    toast({ ...problem, variant: "destructive" });
    if (from) from.value = "";
    return null;
  }

  function choose(chosen: File | undefined) {
    const pdf = accepted(chosen, input.current);
    if (!pdf) return;
    setFile(pdf);
    setRun({ state: "idle" });
  }

  function chooseScheme(chosen: File | undefined) {
    const pdf = accepted(chosen, schemeInput.current);
    if (pdf) setMarkScheme(pdf);
  }

  function removeScheme() {
    setMarkScheme(null);
    if (schemeInput.current) schemeInput.current.value = "";
    schemeInput.current?.focus();
  }

  function onDrop(e: DragEvent<HTMLLabelElement>) {
    e.preventDefault();
    setDragging(false);
    if (!running) choose(e.dataTransfer.files[0]);
  }

  async function extract() {
    if (!file || running) return;
    const controller = new AbortController();
    abort.current = controller;
    setRun({ state: "running", step: { step: "Uploading the PDF", progress: 0 } });
    try {
      const result = await streamExtraction({ paper: file, markScheme }, (step) => setRun({ state: "running", step }), controller.signal);
      setRun({ state: "success", result });
      toast({ title: M.successTitle, description: M.success(result.questions.length, Math.round(result.extractionStats.confidence * 100)), variant: "success" });
    } catch (err) {
      if (controller.signal.aborted) return;
      const message = err instanceof Error && err.message ? err.message : M.unknownError;
      const refused = err instanceof ExtractionError && err.status >= 400 && err.status < 500 && err.status !== 429;
      setRun({ state: "failure", message, retry: !refused });
      toast({ title: M.failedTitle, description: message, variant: "destructive" });
    } finally {
      abort.current = null;
    }
  }

  return (
    <div className="space-y-6">
      <section className="card p-5 sm:p-6" aria-labelledby="extraction-upload-title">
        <h2 id="extraction-upload-title" className="text-lg font-bold text-slate-900">Upload an exam paper</h2>
        <p className="mt-1 text-sm text-slate-600">
          A PDF of up to {SMART_EXTRACTION_MAX_BYTES / 1024 / 1024} MB. Your PDF is read for this extraction only: it is never saved on our servers, and
          nothing is kept once you leave this page.
        </p>
        <label
          htmlFor="extraction-file"
          onDragOver={(e) => {
            e.preventDefault();
            if (!running) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={`mt-4 flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-slate-50 hover:border-brand-400"} ${running ? "cursor-not-allowed opacity-70" : ""}`}
          data-testid="upload-area"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-9 w-9 text-brand-600" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
            <path d="M14 3v5h5M12 17v-6M9.5 13.5 12 11l2.5 2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {file ? (
            <span>
              <span className="block break-all font-semibold text-slate-900" data-testid="chosen-file">{file.name}</span>
              <span className="block text-sm text-slate-600">{megabytes(file.size)}</span>
              <span className="mt-1 block text-sm font-semibold text-brand-700">Choose another PDF</span>
            </span>
          ) : (
            <span>
              <span className="block font-semibold text-slate-900">Choose a PDF</span>
              <span className="block text-sm text-slate-600">or drop it here</span>
            </span>
          )}
          <input
            ref={input}
            id="extraction-file"
            type="file"
            accept="application/pdf,.pdf"
            className="sr-only"
            disabled={running}
            onChange={(e: ChangeEvent<HTMLInputElement>) => choose(e.target.files?.[0])}
          />
        </label>
        <div className="mt-4 flex flex-col gap-3 rounded-lg border border-slate-200 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-slate-900">
              Mark scheme <span className="font-normal text-slate-600">(optional)</span>
            </p>
            <p className="break-all text-sm text-slate-600" data-testid="chosen-mark-scheme">
              {markScheme ? `${markScheme.name}, ${megabytes(markScheme.size)}` : "Its answers are matched to the questions by number."}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <label htmlFor="extraction-mark-scheme" className={`btn-outline focus-within:outline focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${running ? "cursor-not-allowed opacity-60" : "cursor-pointer"}`}>
              {markScheme ? "Change mark scheme" : "Add mark scheme"}
              <input
                ref={schemeInput}
                id="extraction-mark-scheme"
                type="file"
                accept="application/pdf,.pdf"
                className="sr-only"
                disabled={running}
                onChange={(e: ChangeEvent<HTMLInputElement>) => chooseScheme(e.target.files?.[0])}
              />
            </label>
            {markScheme && (
              <button type="button" className="btn-ghost" onClick={removeScheme} disabled={running}>
                Remove
              </button>
            )}
          </div>
        </div>
        <div className="mt-4 flex justify-end">
          <button type="button" className="btn-primary w-full sm:w-auto" disabled={!file || running} onClick={extract}>
            {running && <Spinner />}
            {running ? "Extracting..." : "Extract Content"}
          </button>
        </div>
      </section>

      {run.state === "running" && (
        <section className="card p-5 sm:p-6" aria-labelledby="extraction-progress-title" data-testid="extraction-progress" data-progress={run.step.progress}>
          <div className="flex items-center justify-between gap-3">
            <h2 id="extraction-progress-title" className="text-lg font-bold text-slate-900">Extracting</h2>
            <span className="text-sm font-semibold tabular-nums text-brand-700" aria-hidden="true">{run.step.progress}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Extraction progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={run.step.progress}
            aria-valuetext={`${run.step.progress}%: ${run.step.step}`}
            className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out" style={{ width: `${run.step.progress}%` }} />
          </div>
          <p className="mt-3 text-sm text-slate-700" aria-live="polite" data-testid="extraction-step">{run.step.step}...</p>
        </section>
      )}

      <div ref={outcome}>
        {run.state === "failure" && (
          <section tabIndex={-1} className="card border-red-300 bg-red-50 p-5 outline-none sm:p-6" aria-labelledby="extraction-failed-title" data-testid="extraction-failed">
            <h2 id="extraction-failed-title" className="text-lg font-bold text-red-900">Extraction Failed</h2>
            <p className="mt-1 text-sm text-red-900">{run.message}</p>
            {run.retry ? (
              <button type="button" className="btn-outline mt-4" onClick={extract} disabled={!file}>
                Try again
              </button>
            ) : (
              <p className="mt-2 text-sm text-red-900">Choose another PDF above to extract it.</p>
            )}
          </section>
        )}
        {run.state === "success" && <ResultTabs result={run.result} />}
      </div>
    </div>
  );
}
