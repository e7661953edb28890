// The paper's detail card (admin-tools.md §2): four tabs, Details, Documents, Paper Structure and
// Study Topics. Documents and Study Topics are their owners' components, with the agreed props.
import type { Paper } from "../../../shared/schemas.ts";
import { formatDate } from "../../../shared/format.ts";
import { AdminTabs } from "../AdminTabs.tsx";
import { DetailsTab } from "./DetailsTab.tsx";
import { DocumentsTab } from "./DocumentsTab.tsx";
import { StructureCard } from "./StructureCard.tsx";
import { TopicsTab } from "./TopicsTab.tsx";

export function PaperDetail({ paper, onEdit, onDelete, onSaved }: { paper: Paper; onEdit(): void; onDelete(): void; onSaved(paper: Paper): void }) {
  return (
    <article className="card p-4 sm:p-6" aria-labelledby="paper-detail-title" data-testid="paper-detail">
      <p className="text-sm text-slate-600">{paper.examBoard} · {paper.subject} · {paper.level || "Any level"}</p>
      <h2 id="paper-detail-title" className="text-xl font-bold">{paper.name}</h2>
      {paper.examDate && <p className="text-sm text-slate-600">Next exam: {formatDate(paper.examDate)}</p>}
      <div className="mt-4">
        <AdminTabs
          key={paper.id}
          label={`${paper.name}: details`}
          idPrefix="paper"
          tabs={[
            { id: "details", label: "Details", render: () => <DetailsTab paper={paper} onEdit={onEdit} onDelete={onDelete} onSaved={onSaved} /> },
            { id: "documents", label: "Documents", render: () => <DocumentsTab paper={paper} /> },
            { id: "structure", label: "Paper Structure", render: () => <StructureCard key={paper.id} paper={paper} onSaved={onSaved} /> },
            { id: "topics", label: "Study Topics", render: () => <TopicsTab paper={paper} /> },
          ]}
        />
      </div>
    </article>
  );
}
