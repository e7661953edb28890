import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { GeneratedPaperSummary } from "../../shared/generation.ts";
import type { PublicUser } from "../../shared/schemas.ts";
import type { SittingSummary } from "../../shared/sittings.ts";
import { formatDateTime } from "../../shared/format.ts";
import { ConfirmDialog } from "../components/ui/ConfirmDialog.tsx";
import { paperType } from "../components/ui/GeneratedPapersList.tsx";
import { SittingsList } from "../components/ui/SittingsList.tsx";
import { Spinner } from "../components/ui/Spinner.tsx";
import { useGeneratedPapers } from "../components/ui/useGeneratedPapers.ts";
import { clearHistory, deleteGeneratedPaper } from "../stores/generated-papers.ts";
import { toast } from "../stores/toasts.ts";
import { seedUser } from "../stores/user.ts";

/** §2 History: the filter's values; generated papers are "Questions", there are no revision materials yet. */
const FILTERS = [
  { value: "All", label: "All" },
  { value: "Questions", label: "Generated Questions" },
  { value: "Revision", label: "Revision Materials" },
] as const;
type Filter = (typeof FILTERS)[number]["value"];
export const HISTORY_PAGE_SIZE = 10;

/**
 * Generated Papers (§2 History): filter, Clear History, the table with its actions, pagination; and
 * the papers sat on screen with their scores (read with the page; a sitting goes with its paper).
 */
export default function HistoryPanel({ initialUser, initialSittings }: { initialUser: PublicUser; initialSittings: SittingSummary[] }) {
  if (typeof window !== "undefined") seedUser(initialUser);
  const [sittings, setSittings] = useState(initialSittings);
  const [filter, setFilter] = useState<Filter>("All");
  const [page, setPage] = useState(1);
  const { papers, total, loading, failed, reload } = useGeneratedPapers(page, HISTORY_PAGE_SIZE);
  const [toDelete, setToDelete] = useState<GeneratedPaperSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const [clearing, setClearing] = useState(false);

  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  // A page emptied by deletions: show the last page that has papers.
  useEffect(() => {
    if (!loading && !failed && page > pages) setPage(pages);
  }, [loading, failed, page, pages]);

  const rows = filter === "Revision" ? [] : papers;
  /** "2 sittings" of a paper about to be deleted (they go with it), or "" when it has none. */
  const sittingsOf = (paper: GeneratedPaperSummary | null) => {
    const n = paper ? sittings.filter((s) => s.generatedPaperId === paper.id).length : 0;
    return n ? `${n} sitting${n === 1 ? "" : "s"}` : "";
  };

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteGeneratedPaper(toDelete.id);
      const gone = toDelete.id;
      setSittings((list) => list.filter((s) => s.generatedPaperId !== gone));
      setToDelete(null);
      toast({ title: "Paper Deleted", description: "The generated paper has been deleted successfully." });
    } catch (err) {
      toast({ title: "Delete Failed", description: (err as Error).message || "Failed to delete paper", variant: "destructive" });
    } finally {
      setDeleting(false);
    }
  }

  async function confirmClearAll() {
    setClearing(true);
    try {
      await clearHistory();
      setSittings([]);
      setConfirmClear(false);
      setPage(1);
      toast({ title: "History cleared", description: "All history items have been deleted successfully." });
    } catch {
      toast({ title: "Error", description: "Failed to clear history. Please try again.", variant: "destructive" });
    } finally {
      setClearing(false);
    }
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <FilterMenu value={filter} onChange={(v) => setFilter(v)} />
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => setConfirmClear(true)} disabled={loading || total === 0}>
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
          </svg>
          Clear History
        </button>
      </div>

      <section className="card" aria-labelledby="papers-title" aria-busy={loading || undefined}>
        <div className="border-b border-slate-200 px-5 py-4 sm:px-6">
          <h2 id="papers-title" className="text-lg font-bold">My Generated Papers</h2>
          <p className="text-sm text-slate-600">Your saved exam papers in PDF format</p>
        </div>
        {loading
          ? <p className="flex items-center justify-center gap-2 px-6 py-12 text-slate-600" data-testid="history-loading"><Spinner /> Loading papers...</p>
          : failed
          ? (
            <div className="px-6 py-12 text-center" role="alert">
              <p className="font-semibold text-slate-900">Your papers could not be loaded.</p>
              <button type="button" className="btn-outline mt-3" onClick={reload}>Try again</button>
            </div>
          )
          : rows.length === 0
          ? (
            <div className="px-6 py-12 text-center" data-testid="history-empty">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="mx-auto h-10 w-10 text-slate-400" fill="none" stroke="currentColor" strokeWidth="1.5">
                <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h6" />
              </svg>
              <p className="mt-3 font-semibold text-slate-900">No saved papers found</p>
              <p className="mt-1 text-sm text-slate-600">Generate questions and save them as PDF to see them here</p>
              {filter !== "Revision" && <a href="/exam-generator" className="btn-primary mt-4">Go to the Exam Generator</a>}
            </div>
          )
          : (
            <>
              <div className="overflow-x-auto">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Your generated papers, newest first</caption>
                  <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                    <tr>
                      <th scope="col" className="px-4 py-3 sm:px-6">Paper Name</th>
                      <th scope="col" className="hidden px-4 py-3 sm:table-cell">Type</th>
                      <th scope="col" className="hidden px-4 py-3 md:table-cell">Subject</th>
                      <th scope="col" className="hidden px-4 py-3 md:table-cell">Exam Board</th>
                      <th scope="col" className="hidden px-4 py-3 lg:table-cell">Date</th>
                      <th scope="col" className="px-4 py-3 text-right sm:px-6">Actions</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {rows.map((p) => (
                      <tr key={p.id} data-testid="history-row">
                        <td className="min-w-[12rem] px-4 py-3 align-top sm:px-6">
                          <span className="font-medium text-slate-900">{p.name}</span>
                          <span className={`badge mt-1 whitespace-nowrap sm:hidden ${p.isPredicted ? "bg-indigo-100 text-indigo-900" : "bg-slate-200 text-slate-800"}`}>{paperType(p.isPredicted)}</span>
                          {p.tier && <span className="block text-xs text-slate-600">{p.tier} tier</span>}
                          <span className="mt-0.5 block text-xs text-slate-600 md:hidden">{p.subject} · {p.examBoard}</span>
                          <span className="mt-0.5 block text-xs text-slate-600 lg:hidden">{formatDateTime(p.createdAt)}</span>
                        </td>
                        <td className="hidden px-4 py-3 align-top sm:table-cell">
                          <span className={`badge whitespace-nowrap ${p.isPredicted ? "bg-indigo-100 text-indigo-900" : "bg-slate-200 text-slate-800"}`}>{paperType(p.isPredicted)}</span>
                        </td>
                        <td className="hidden px-4 py-3 align-top md:table-cell">{p.subject}</td>
                        <td className="hidden px-4 py-3 align-top md:table-cell">{p.examBoard}</td>
                        <td className="hidden px-4 py-3 align-top lg:table-cell" data-testid="history-date">{formatDateTime(p.createdAt)}</td>
                        <td className="px-4 py-3 align-top sm:px-6">
                          <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                            <a href={p.pdfUrl} target="_blank" rel="noopener" className="btn-outline px-2.5 py-1.5" aria-label={`View PDF: ${p.name}, ${formatDateTime(p.createdAt)} (opens in a new tab)`}>
                              View PDF
                            </a>
                            <a href={p.viewerUrl} className="btn-outline px-2.5 py-1.5" aria-label={`View: ${p.name}, ${formatDateTime(p.createdAt)}`}>View</a>
                            <button
                              type="button"
                              className="btn-ghost px-2.5 py-1.5 text-red-700 hover:bg-red-50"
                              onClick={() => setToDelete(p)}
                              disabled={deleting}
                              aria-label={`Delete Paper: ${p.name}, ${formatDateTime(p.createdAt)}`}
                              title="Delete Paper"
                            >
                              {deleting && toDelete?.id === p.id ? <Spinner /> : (
                                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
                                  <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
                                </svg>
                              )}
                              <span className="hidden 2xl:inline">Delete Paper</span>
                            </button>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {pages > 1 && (
                <nav aria-label="Pages of papers" className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3 text-sm sm:px-6">
                  <button type="button" className="btn-outline px-3 py-1.5" onClick={() => setPage((n) => Math.max(1, n - 1))} disabled={page <= 1}>
                    Previous
                  </button>
                  <span className="text-slate-700" aria-live="polite">Page {page} of {pages} · {total} papers</span>
                  <button type="button" className="btn-outline px-3 py-1.5" onClick={() => setPage((n) => Math.min(pages, n + 1))} disabled={page >= pages}>
                    Next
                  </button>
                </nav>
              )}
            </>
          )}
      </section>

      {filter !== "Revision" && <SittingsList sittings={sittings} />}

      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure?"
        description={
          <p>
            This will permanently delete the generated paper "{toDelete?.name}"{sittingsOf(toDelete) ? ` and your ${sittingsOf(toDelete)} of it` : ""}. This action cannot be undone.
          </p>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={deleting}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
        testId="delete-dialog"
      />
      <ConfirmDialog
        open={confirmClear}
        title="Are you sure?"
        description={
          <p>
            This will permanently delete all your history items including generated papers{sittings.length ? " and your sittings of them" : ""}. This action cannot be undone.
          </p>
        }
        confirmLabel="Delete All"
        pendingLabel="Deleting..."
        pending={clearing}
        onConfirm={confirmClearAll}
        onCancel={() => setConfirmClear(false)}
        testId="clear-dialog"
      />
    </>
  );
}

/** The filter dropdown: a menu button reading 'Filter: ' and the chosen value. */
function FilterMenu({ value, onChange }: { value: Filter; onChange: (v: Filter) => void }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    const items = menu.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]");
    const checked = [...(items ?? [])].findIndex((el) => el.getAttribute("aria-checked") === "true");
    items?.[Math.max(0, checked)]?.focus();
    const onDown = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    return () => document.removeEventListener("pointerdown", onDown);
  }, [open]);

  function choose(v: Filter) {
    onChange(v);
    setOpen(false);
    button.current?.focus();
  }

  function onKey(e: KeyboardEvent<HTMLUListElement>) {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>("[role=menuitemradio]") ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === "ArrowDown") items[(at + 1) % items.length]?.focus();
    else if (e.key === "ArrowUp") items[(at - 1 + items.length) % items.length]?.focus();
    else if (e.key === "Home") items[0]?.focus();
    else if (e.key === "End") items[items.length - 1]?.focus();
    else if (e.key === "Escape" || e.key === "Tab") {
      setOpen(false);
      if (e.key === "Escape") button.current?.focus();
      return;
    } else return;
    e.preventDefault();
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        className="btn-outline"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M22 3H2l8 9.5V19l4 2v-8.5z" />
        </svg>
        Filter: {value}
      </button>
      {open && (
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onKey}
          className="absolute left-0 z-20 mt-1 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {FILTERS.map((f) => (
            <li
              key={f.value}
              role="menuitemradio"
              aria-checked={value === f.value}
              tabIndex={-1}
              onClick={() => choose(f.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter" || e.key === " ") {
                  e.preventDefault();
                  choose(f.value);
                }
              }}
              className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-800 outline-none hover:bg-slate-100 focus:bg-slate-100"
            >
              <span className="w-4" aria-hidden="true">{value === f.value ? "✓" : ""}</span>
              {f.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
