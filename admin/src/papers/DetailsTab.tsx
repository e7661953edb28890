// The Details tab of a paper (admin-tools.md §2): description, section count, question structure,
// subject code, exam date, and Edit and Delete.
import type { Paper } from "../../../shared/schemas.ts";
import { readStructure, structureSummary } from "../../../shared/catalogue.ts";
import { formatDate } from "../../../shared/format.ts";
import { PencilIcon, TrashIcon } from "./ui.tsx";

export function DetailsTab({ paper, onEdit, onDelete }: { paper: Paper; onEdit(): void; onDelete(): void }) {
  const sections = readStructure(paper.questionStructure);
  const rows: [string, string][] = [
    ["Description", paper.description || "None"],
    ["Sections", String(paper.sectionCount)],
    ["Question structure", sections ? structureSummary(sections) : paper.questionStructure.trim() ? "Cannot be read: see Paper Structure" : "Not set yet: see Paper Structure"],
    ["Subject code", paper.subjectCode || "None"],
    ["Exam date", paper.examDate ? formatDate(paper.examDate) : "None"],
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
    </div>
  );
}
