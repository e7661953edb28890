import { formatDateTime } from "../../../shared/format.ts";
import { sittingScore } from "../../../shared/progress.ts";
import { resultsUrlFor, sittingUrlFor, type SittingSummary } from "../../../shared/sittings.ts";

/** History's sittings: each paper sat on screen with its score (pending marks noted), newest first. */
export function SittingsList({ sittings }: { sittings: SittingSummary[] }) {
  return (
    <section className="card mt-6" aria-labelledby="sittings-title" data-testid="history-sittings">
      <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <h2 id="sittings-title" className="text-lg font-bold">My Sittings</h2>
        <p className="text-sm text-slate-600">Papers you sat on screen, with their marks, newest first</p>
      </div>
      {sittings.length === 0
        ? (
          <p className="px-6 py-8 text-center text-sm text-slate-600" data-testid="sittings-empty">
            No sittings yet. Open one of your papers and choose Sit this paper to answer it on screen and have it marked.
          </p>
        )
        : (
          <ul className="divide-y divide-slate-200">
            {sittings.map((s) => {
              const open = s.status === "in_progress";
              const when = formatDateTime(s.submittedAt ?? s.startedAt);
              return (
                <li key={s.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6" data-testid="sitting-row">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{s.paperName}</p>
                    <p className="text-xs text-slate-600">{open ? `Started ${when}` : `Submitted ${when}`}</p>
                  </div>
                  <div className="flex shrink-0 items-center justify-between gap-3 sm:justify-end">
                    <span
                      className={`text-sm font-semibold ${open ? "text-amber-800" : "text-slate-900"}`}
                      data-testid="sitting-score"
                    >
                      {sittingScore(s)}
                    </span>
                    <a
                      href={open ? sittingUrlFor(s.id) : resultsUrlFor(s.id)}
                      className="btn-outline px-2.5 py-1.5"
                      aria-label={`${open ? "Carry on" : "Results"}: ${s.paperName}, ${when}`}
                    >
                      {open ? "Carry on" : "Results"}
                    </a>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
    </section>
  );
}
