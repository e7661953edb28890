import { useId, useMemo, useState } from "react";
import { formatDateTime } from "../../../shared/format.ts";
import { Spinner } from "./Spinner.tsx";
import { useGeneratedPapers } from "./useGeneratedPapers.ts";

const STEP = 5;
/** The generator's list reads the newest papers at once (the API's largest page) and filters them here. */
const NEWEST = 100;

export const paperType = (isPredicted: boolean) => (isPredicted ? "Predicted" : "Past Paper");

/** The generator's list of the student's papers, filtered by subject and type. */
export function GeneratedPapersList() {
  const { papers, total, loading, failed, reload } = useGeneratedPapers(1, NEWEST);
  const [subject, setSubject] = useState("all");
  const [type, setType] = useState("all");
  const [shown, setShown] = useState(STEP);
  const id = useId();
  const subjects = useMemo(() => [...new Set(papers.map((p) => p.subject))].sort(), [papers]);
  const filtered = papers.filter((p) =>
    (subject === "all" || p.subject === subject) && (type === "all" || (type === "predicted") === p.isPredicted)
  );

  return (
    <section className="card p-5 sm:p-6" aria-labelledby={`${id}-title`} data-testid="generator-papers">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-bold">Your generated papers</h2>
          <p className="text-sm text-slate-600">Newest first. All of them are also in <a href="/history" className="font-medium text-brand-700 underline">My Progress</a>.</p>
        </div>
        <div className="flex gap-3">
          <div>
            <label htmlFor={`${id}-subject`} className="block text-xs font-medium text-slate-700">Filter by subject</label>
            <select
              id={`${id}-subject`}
              value={subject}
              onChange={(e) => {
                setSubject(e.target.value);
                setShown(STEP);
              }}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="all">All subjects</option>
              {subjects.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-type`} className="block text-xs font-medium text-slate-700">Filter by type</label>
            <select
              id={`${id}-type`}
              value={type}
              onChange={(e) => {
                setType(e.target.value);
                setShown(STEP);
              }}
              className="mt-1 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
            >
              <option value="all">All types</option>
              <option value="past">Past Paper</option>
              <option value="predicted">Predicted</option>
            </select>
          </div>
        </div>
      </div>

      {loading
        ? <p className="mt-5 flex items-center gap-2 text-sm text-slate-600"><Spinner /> Loading papers...</p>
        : failed
        ? (
          <p className="mt-5 text-sm text-slate-700" role="alert">
            Your papers could not be loaded. <button type="button" className="font-semibold text-brand-700 underline" onClick={reload}>Try again</button>
          </p>
        )
        : papers.length === 0
        ? <p className="mt-5 text-sm text-slate-600" data-testid="generator-papers-empty">No papers yet: the papers you generate will appear here.</p>
        : filtered.length === 0
        ? <p className="mt-5 text-sm text-slate-600">No papers match these filters.</p>
        : (
          <>
            <ul className="mt-5 divide-y divide-slate-200 border-y border-slate-200">
              {filtered.slice(0, shown).map((p) => (
                <li key={p.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="generator-paper">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      {p.name}{" "}
                      <span className={`badge ml-1 whitespace-nowrap align-middle ${p.isPredicted ? "bg-indigo-100 text-indigo-900" : "bg-slate-200 text-slate-800"}`}>{paperType(p.isPredicted)}</span>
                    </p>
                    <p className="text-xs text-slate-600">
                      {[p.examBoard, p.level, p.tier].filter(Boolean).join(" · ")} · {formatDateTime(p.createdAt)}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <a href={p.pdfUrl} target="_blank" rel="noopener" className="btn-outline px-3 py-1.5" aria-label={`View PDF of ${p.name}, ${formatDateTime(p.createdAt)} (opens in a new tab)`}>
                      View PDF
                    </a>
                    <a href={p.viewerUrl} className="btn-ghost px-3 py-1.5" aria-label={`View ${p.name}, ${formatDateTime(p.createdAt)}`}>View</a>
                  </div>
                </li>
              ))}
            </ul>
            <div className="mt-3 flex items-center justify-between text-sm text-slate-600">
              <span>
                Showing {Math.min(shown, filtered.length)} of {filtered.length}
                {total > papers.length ? ` (your newest ${papers.length})` : ""}
              </span>
              {filtered.length > shown && (
                <button type="button" className="btn-ghost px-3 py-1.5" onClick={() => setShown((n) => n + STEP)}>Show more</button>
              )}
            </div>
          </>
        )}
    </section>
  );
}
