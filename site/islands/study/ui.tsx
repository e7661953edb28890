// Small pieces shared by the study tabs.
import type { ReactNode } from "react";
import { CATEGORY_LABELS, type Category, type Priority, PRIORITY_LABELS } from "../../../shared/study.ts";

const PRIORITY_CLASSES: Record<Priority, string> = {
  high: "bg-red-100 text-red-800",
  medium: "bg-amber-100 text-amber-900",
  low: "bg-slate-200 text-slate-800",
};
const CATEGORY_CLASSES: Record<Category, string> = {
  concept_review: "bg-brand-50 text-brand-800",
  practice_problems: "bg-green-100 text-green-900",
  exam_technique: "bg-purple-100 text-purple-900",
  time_management: "bg-teal-100 text-teal-900",
};

export function PriorityBadge({ priority }: { priority: Priority }) {
  return <span className={`badge ${PRIORITY_CLASSES[priority] ?? PRIORITY_CLASSES.medium}`}>{PRIORITY_LABELS[priority] ?? priority}</span>;
}

export function CategoryBadge({ category }: { category: Category }) {
  return <span className={`badge ${CATEGORY_CLASSES[category] ?? CATEGORY_CLASSES.concept_review}`}>{CATEGORY_LABELS[category] ?? category}</span>;
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">{children}</div>;
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" aria-hidden="true" />
      Loading {what}...
    </p>
  );
}

export const NO_SUBJECT = "Choose a subject above, set your preferences and select Generate Recommendations.";
