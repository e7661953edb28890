import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

interface DialogProps {
  title: string;
  description?: ReactNode;
  /** Called on Escape and by the dialog's own buttons; the parent unmounts the dialog. */
  onClose: () => void;
  /** What gets focus when the dialog opens (else its first field or button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on close when the element that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
  /** While busy, Escape does nothing (a request is under way). */
  busy?: boolean;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: role dialog, labelled by its title and described by its
 * description, focus moved in on open and trapped by the browser, Escape closes, and focus returns
 * to the element that opened it.
 */
export function Dialog({ title, description, onClose, initialFocus, fallbackFocus, busy = false, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const fallback = useRef(fallbackFocus);
  fallback.current = fallbackFocus;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    const first = initialFocus?.current ?? dialog.querySelector<HTMLElement>("input:not([readonly]), select, textarea, button");
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      const target = opener?.isConnected ? opener : fallback.current?.();
      target?.focus();
    };
    // Runs once per opening: the dialog is mounted to open and unmounted to close.
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="m-auto w-[min(32rem,calc(100vw-2rem))] max-h-[90vh] overflow-y-auto rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="border-b border-slate-200 px-6 py-4">
        <h2 id={`${id}-title`} className="text-lg font-bold">{title}</h2>
        {description && <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      <div className="px-6 py-5">{children}</div>
    </dialog>
  );
}
