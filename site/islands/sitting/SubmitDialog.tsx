// Handing the paper in: a confirmation that lists the parts not answered and the parts flagged, so
// nothing is left by accident; the error of a failed attempt shows inside it.
import { ConfirmDialog } from "../../components/ui/ConfirmDialog.tsx";

interface SubmitDialogProps {
  open: boolean;
  unanswered: string[];
  /** Said before the lists, e.g. that fewer sections were started than the paper asks for. */
  note: string;
  flagged: string[];
  pending: boolean;
  error: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function SubmitDialog({ open, unanswered, note, flagged, pending, error, onConfirm, onCancel }: SubmitDialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Hand in your paper?"
      testId="submit-dialog"
      confirmLabel="Hand in now"
      pendingLabel="Handing in..."
      pending={pending}
      onCancel={onCancel}
      onConfirm={onConfirm}
      description={
        <>
          <p>Once handed in, your answers are marked and cannot be changed.</p>
          {note && <p className="mt-2 font-semibold" data-testid="submit-note">{note}</p>}
          {unanswered.length > 0 && (
            <p className="mt-2" data-testid="submit-unanswered">
              <span className="font-semibold">Not answered ({unanswered.length}):</span> {unanswered.join(", ")}
            </p>
          )}
          {flagged.length > 0 && (
            <p className="mt-2" data-testid="submit-flagged">
              <span className="font-semibold">Flagged ({flagged.length}):</span> {flagged.join(", ")}
            </p>
          )}
          {unanswered.length === 0 && flagged.length === 0 && !note && <p className="mt-2">Every part is answered and none is flagged.</p>}
          {error && <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">{error}</p>}
        </>
      }
    />
  );
}
