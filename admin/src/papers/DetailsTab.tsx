// The Details tab of a paper (admin-tools.md §2): description, section count, question structure,
// subject code, exam date, and Edit and Delete.
import { useEffect, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { readStructure, structureSummary } from "../../../shared/catalogue.ts";
import { formatDate, formatDateTime } from "../../../shared/format.ts";
import { call } from "../api.ts";
import { PencilIcon, TrashIcon } from "../ui.tsx";
import { ExamDatesEditor } from "./ExamDatesEditor.tsx";

export function DetailsTab({ paper, onEdit, onDelete, onSaved }: { paper: Paper; onEdit(): void; onDelete(): void; onSaved(paper: Paper): void }) {
  const sections = readStructure(paper.questionStructure);
  const rows: [string, string][] = [
    ["Description", paper.description || "None"],
    ["Sections", String(paper.sectionCount)],
    ["Question structure", sections ? structureSummary(sections) : paper.questionStructure.trim() ? "Cannot be read: see Paper Structure" : "Not set yet: see Paper Structure"],
    ["Subject code", paper.subjectCode || "None"],
    ["Next exam date", paper.examDate ? formatDate(paper.examDate) : "None"],
    ["Level", paper.level || "Any level"],
  ];
  return (
    <div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <button type="button" className="btn-outline" onClick={onEdit}><PencilIcon /> Edit</button>
        <button type="button" className="btn-outline text-red-700" onClick={onDelete}><TrashIcon /> Delete</button>
      </div>
      <ExamDatesEditor key={paper.id} paper={paper} onSaved={onSaved} />
      <PaperHistory paper={paper} />
    </div>
  );
}

interface AuditEntry {
  id: number;
  action: string;
  createdAt: string;
  username: string | null;
  before: unknown;
  after: unknown;
}
const ACTIONS: Record<string, string> = { "paper.add": "Created", "paper.update": "Details changed", "paper.structure": "Structure saved", "paper.exam-dates": "Exam dates saved" };

/** The paper's changes from the audit log (who, what, when, before and after), newest first. */
function PaperHistory({ paper }: { paper: Paper }) {
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  // Read again whenever the paper itself changes (an edit or a saved structure adds an entry).
  useEffect(() => {
    call<AuditEntry[]>(`/api/audit-log?entity=paper&entityId=${paper.id}&limit=20`).then((e) => {
      setEntries(e);
      setFailed(false);
    }, () => setFailed(true));
  }, [paper.id, paper.name, paper.description, paper.subjectCode, paper.examDates, paper.questionStructure]);
  return (
    <section className="mt-8" aria-labelledby={`history-${paper.id}`} data-testid="paper-history">
      <h4 id={`history-${paper.id}`} className="font-semibold">Changes</h4>
      {failed && <p className="mt-2 text-sm text-red-800">The changes could not be loaded.</p>}
      {entries && entries.length === 0 && <p className="mt-2 text-sm text-slate-600">No changes recorded: this paper came with the catalogue.</p>}
      {entries && entries.length > 0 && (
        <ol className="mt-2 divide-y divide-slate-200 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="py-2">
              <p>
                <strong className="font-semibold">{ACTIONS[e.action] ?? e.action}</strong>
                <span className="text-slate-600"> · {formatDateTime(e.createdAt)} · {e.username ?? "a deleted account"}</span>
              </p>
              <details className="mt-1">
                <summary className="cursor-pointer text-slate-700">Before and after</summary>
                <div className="mt-1 grid gap-2 sm:grid-cols-2">
                  {(["before", "after"] as const).map((k) => (
                    <div key={k} className="min-w-0">
                      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">{k}</p>
                      <pre tabIndex={0} aria-label={`${k === "before" ? "Before" : "After"} the change`} className="mt-1 max-h-48 overflow-auto rounded bg-slate-100 p-2 text-xs">{e[k] === null ? "Nothing" : JSON.stringify(e[k], null, 2)}</pre>
                    </div>
                  ))}
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
