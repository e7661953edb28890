// The Analyze Paper Structure dialog (admin-tools.md §2 Dialogs, §5 Analyze, §8 Structure): the paper's
// past-paper documents, newest year first with the newest preselected; Analyze Paper reads the chosen
// PDF on the server (POST /api/analyze-paper-structure) and hands the proposed structure, as the
// editor stores it, to onProposed, which opens the editor with it, unsaved.
import { useEffect, useId, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import type { DocumentInfo } from "../../../shared/documents.ts";
import { STRUCTURE_MESSAGES } from "../../../shared/structure.ts";
import type { AnalyzedStructure } from "../../../shared/structure.ts";
import { ApiError, call } from "../api.ts";
import { Dialog } from "../Dialog.tsx";

export interface AnalyzeStructureDialogProps {
  paper: Paper;
  open: boolean;
  onClose(): void;
  onProposed(structureJson: string): void;
}

interface AnalyzeAnswer {
  success: boolean;
  paperStructure?: AnalyzedStructure;
  questionStructure?: string;
  error?: string;
}

/** Past papers, newest year first (then newest added): the order of §2's list. */
export function pastPapersNewestFirst(files: DocumentInfo[]): DocumentInfo[] {
  return files
    .filter((f) => f.fileType === "pastPaper")
    .sort((a, b) => (b.year ?? 0) - (a.year ?? 0) || b.uploadedAt.localeCompare(a.uploadedAt) || b.id - a.id);
}

export function AnalyzeStructureDialog({ paper, open, onClose, onProposed }: AnalyzeStructureDialogProps) {
  if (!open) return null;
  return <AnalyzeStructureBody paper={paper} onClose={onClose} onProposed={onProposed} />;
}

function AnalyzeStructureBody({ paper, onClose, onProposed }: Omit<AnalyzeStructureDialogProps, "open">) {
  const [files, setFiles] = useState<DocumentInfo[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const legendId = useId();

  useEffect(() => {
    let live = true;
    call<{ files: DocumentInfo[] }>(`/api/uploaded-files?paperId=${paper.id}`)
      .then(({ files }) => {
        if (!live) return;
        const list = pastPapersNewestFirst(files);
        setFiles(list);
        setSelected(list[0]?.id ?? null);
      })
      .catch(() => live && setLoadError("Failed to fetch past paper files"));
    return () => {
      live = false;
    };
  }, [paper.id]);

  async function analyze() {
    if (selected === null) {
      setError(STRUCTURE_MESSAGES.selectPastPaper);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call<AnalyzeAnswer>("/api/analyze-paper-structure", { paperId: paper.id, documentId: selected });
      // §5: the answer must have success and a structure, else it failed with its error.
      if (!answer.success || !answer.paperStructure || !answer.questionStructure) throw new Error(answer.error || STRUCTURE_MESSAGES.analyzeFailed);
      onProposed(answer.questionStructure);
      onClose();
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message || STRUCTURE_MESSAGES.analyzeFailed : STRUCTURE_MESSAGES.analyzeFailed);
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Analyze Paper Structure"
      description={`Choose a past paper of ${paper.name}: its questions, parts and marks are read from the PDF and open in the structure editor, unsaved.`}
      onClose={onClose}
      busy={busy}
    >
      <div data-testid="analyze-structure-dialog">
        {loadError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            <span className="font-semibold">Error: </span>{loadError}
          </p>
        ) : files === null ? (
          <p className="text-sm text-slate-600">Loading past papers...</p>
        ) : files.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            No past papers added yet. Add one under Documents, then analyze it here.
          </p>
        ) : (
          <fieldset disabled={busy}>
            <legend id={legendId} className="mb-2 text-sm font-semibold">Past paper</legend>
            <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
              {files.map((f) => (
                <li key={f.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 text-sm hover:bg-slate-50">
                    <input
                      type="radio"
                      name="past-paper"
                      className="mt-0.5 size-4 accent-brand-600"
                      checked={selected === f.id}
                      onChange={() => {
                        setSelected(f.id);
                        setError(null);
                      }}
                    />
                    <span className="min-w-0">
                      <span className="block break-words font-medium">{f.fileName}</span>
                      <span className="block text-xs text-slate-600">{[f.year, f.tier].filter(Boolean).join(" · ") || "Year not given"}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}

        <div role="status" aria-live="polite" className="empty:hidden">
          {busy && (
            <div className="mt-4" data-testid="analyze-progress">
              <p className="text-sm text-slate-700">Reading the PDF and finding its questions, parts and marks...</p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-600" />
              </div>
            </div>
          )}
        </div>
        {error && (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800" data-testid="analyze-error">
            <span className="block font-semibold">Analysis failed</span>
            {error}
          </p>
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose} disabled={busy}>Cancel</button>
          <button type="button" className="btn-primary" onClick={analyze} disabled={busy || !files?.length}>
            {busy ? "Analyzing..." : "Analyze Paper"}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
