// Where the student's answers are: saved, on their way, or kept on this device while offline. Shown
// always; announced to a screen reader only when something is wrong, not at every pause in typing.
import type { SaveStatus } from "./save-queue.ts";

const TEXT: Record<SaveStatus, string> = {
  saved: "Saved",
  saving: "Saving…",
  offline: "Offline – answers kept on this device",
  closed: "Not saved: answers are closed",
  failed: "Not saved",
};

export function SaveStatusText({ status, message }: { status: SaveStatus; message?: string }) {
  const trouble = status === "offline" || status === "closed" || status === "failed";
  const detail = trouble && message ? `${TEXT[status]}: ${message}` : TEXT[status];
  return (
    <p className={`flex items-center gap-1.5 text-sm ${trouble ? "font-semibold text-amber-900" : "text-slate-600"}`} data-testid="save-status" data-status={status}>
      <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${status === "saved" ? "bg-green-600" : status === "saving" ? "bg-slate-400" : "bg-amber-500"}`} />
      <span data-testid="save-status-text">{detail}</span>
      <span className="sr-only" aria-live="polite">{trouble ? detail : ""}</span>
    </p>
  );
}
