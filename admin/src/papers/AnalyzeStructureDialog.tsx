// STAND-IN (issue 12): the structure branch owns the real Analyze Paper Structure dialog (past papers
// newest first, Analyze Paper); at merge theirs replaces this file. It keeps the agreed props and
// says plainly that the analysis is not part of this build.
import type { Paper } from "../../../shared/schemas.ts";
import { Dialog } from "../Dialog.tsx";

export interface AnalyzeStructureDialogProps {
  paper: Paper;
  open: boolean;
  onClose(): void;
  onProposed(structureJson: string): void;
}

export function AnalyzeStructureDialog({ paper, open, onClose }: AnalyzeStructureDialogProps) {
  if (!open) return null;
  return (
    <Dialog title="Analyze Paper Structure" description={`${paper.examBoard} ${paper.subject}: ${paper.name}`} onClose={onClose}>
      <p className="text-sm text-slate-700">Reading a past paper's structure from its PDF is not part of this build yet. Edit the structure by hand meanwhile.</p>
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-outline" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
