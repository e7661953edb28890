// Small pieces the admin screens share: form fields, notices and icons.
import type { ReactNode } from "react";

export interface Notice {
  title: string;
  text: string;
  tone: "success" | "error";
}

export const inputClass = (error?: string) =>
  `mt-1 block w-full rounded-lg border px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 ${
    error ? "border-red-500" : "border-slate-300"
  }`;

/** A label, its control, a hint and an error message, linked for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: (describedBy?: string) => ReactNode }) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      {children(describedBy)}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** A polite live region showing the last notice (success or error). */
export function NoticeRegion({ notice }: { notice: Notice | null }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="empty:hidden">
      {notice && (
        <div
          className={`mb-4 rounded-lg border px-4 py-3 text-sm ${
            notice.tone === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"
          }`}
        >
          <p className="font-semibold">{notice.title}</p>
          <p>{notice.text}</p>
        </div>
      )}
    </div>
  );
}

/** A problem inside a dialog, announced at once. */
export function ProblemAlert({ title, text }: { title: string; text: string }) {
  return (
    <div role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      <p>{text}</p>
    </div>
  );
}

const iconProps = { "aria-hidden": true, viewBox: "0 0 24 24", fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;
export const PlusIcon = () => <svg {...iconProps} className="h-4 w-4"><path d="M12 5v14M5 12h14" /></svg>;
export const TrashIcon = () => <svg {...iconProps} className="h-4 w-4"><path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" /></svg>;
export const PencilIcon = () => <svg {...iconProps} className="h-4 w-4"><path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" /></svg>;

/**
 * §2: the subject's icon depends on the subject: religious studies, mathematics, English literature,
 * science (and the sciences), history, and a default.
 */
export function subjectIconKind(subject: string): "religious" | "maths" | "literature" | "science" | "history" | "default" {
  const s = subject.toLowerCase();
  if (s.includes("religious")) return "religious";
  if (s.includes("math")) return "maths";
  if (s.includes("english") || s.includes("literature")) return "literature";
  if (/science|biology|chemistry|physics/.test(s)) return "science";
  if (s.includes("history")) return "history";
  return "default";
}

const ICON_PATHS: Record<ReturnType<typeof subjectIconKind>, ReactNode> = {
  // A book with a cross: religious studies.
  religious: <><path d="M4 19.5V5a2 2 0 0 1 2-2h14v18H6a2 2 0 0 1-2-1.5Z" /><path d="M12 7v8M9 10h6" /></>,
  // Plus, minus, times, equals: mathematics.
  maths: <><path d="M5 7h5M7.5 4.5v5M14 7h5M5 16.5l4 4M9 16.5l-4 4M14 16h5M14 20h5" /></>,
  // An open book: literature.
  literature: <><path d="M2 4h7a3 3 0 0 1 3 3v13a2 2 0 0 0-2-2H2Z" /><path d="M22 4h-7a3 3 0 0 0-3 3v13a2 2 0 0 1 2-2h8Z" /></>,
  // A flask: the sciences.
  science: <><path d="M9 3h6M10 3v6L4.5 19a1.5 1.5 0 0 0 1.3 2h12.4a1.5 1.5 0 0 0 1.3-2L14 9V3" /><path d="M7 15h10" /></>,
  // A column building: history.
  history: <><path d="M3 21h18M4 10h16M12 3 3 8h18Z" /><path d="M6 10v8M10 10v8M14 10v8M18 10v8" /></>,
  // A graduation cap: any other subject.
  default: <><path d="M22 9 12 4 2 9l10 5 10-5Z" /><path d="M6 11v5c3 2 9 2 12 0v-5" /></>,
};

export function SubjectIcon({ subject }: { subject: string }) {
  const kind = subjectIconKind(subject);
  return (
    <svg {...iconProps} className="h-5 w-5 shrink-0 text-brand-700" data-icon={kind}>
      {ICON_PATHS[kind]}
    </svg>
  );
}
