import { type ReactNode, useEffect, useId, useRef } from "react";
import { Spinner } from "./Spinner.tsx";

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The confirm button's text while the action runs (e.g. 'Deleting...'). */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape: ignored while the action runs. */
  onCancel: () => void;
  testId?: string;
}

/** A modal confirmation for a destructive action (native <dialog>: focus kept inside, Escape cancels). */
export function ConfirmDialog({ open, title, description, confirmLabel, pendingLabel, pending = false, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        if (!pending) onCancel();
      }}
      className="no-print m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {open && (
        <div className="p-6">
          <h2 id={`${id}-title`} className="text-lg font-bold">{title}</h2>
          <div id={`${id}-description`} className="mt-2 text-sm leading-6 text-slate-700">{description}</div>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onCancel} disabled={pending}>
              Cancel
            </button>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
              {pending && <Spinner />}
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
