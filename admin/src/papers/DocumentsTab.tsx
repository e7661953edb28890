// STAND-IN (issue 12): the docs-ui branch owns the real Document Management card; at merge theirs
// replaces this file. It keeps the agreed props and lists the paper's documents, read-only.
import { useEffect, useState } from "react";
import type { Paper } from "../../../shared/schemas.ts";
import { DOCUMENT_TYPE_LABELS, type DocumentInfo } from "../../../shared/documents.ts";
import { call } from "../api.ts";

export function DocumentsTab({ paper }: { paper: Paper }) {
  const [docs, setDocs] = useState<DocumentInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    setDocs(null);
    call<DocumentInfo[]>(`/api/uploaded-files?paperId=${paper.id}`).then(setDocs, () => setFailed(true));
  }, [paper.id]);
  if (failed) return <p role="alert" className="text-sm text-red-800">Failed to fetch uploaded files</p>;
  if (!docs) return <p className="text-sm text-slate-600">Loading documents…</p>;
  if (!docs.length) return <p className="text-sm text-slate-600">No documents added yet.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {docs.map((d) => (
        <li key={d.id} className="py-2">
          <a href={d.fileUrl} target="_blank" rel="noopener" className="font-medium text-brand-700 underline">{d.fileName}</a>
          <span className="text-slate-600"> · {DOCUMENT_TYPE_LABELS[d.fileType]}{d.year ? ` · ${d.year}` : ""}</span>
        </li>
      ))}
    </ul>
  );
}
