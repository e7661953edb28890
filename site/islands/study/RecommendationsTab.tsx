import { useState } from "react";
import { MARK_COMPLETE_MINUTES } from "../../../shared/constants.ts";
import { formatDate, formatExamDate } from "../../../shared/format.ts";
import { formatMinutes, type Recommendation, type StudyPlan } from "../../../shared/study.ts";
import { CategoryBadge, EmptyState, Loading, NO_SUBJECT, PriorityBadge } from "./ui.tsx";

interface Props {
  subject: string;
  plan: StudyPlan | null;
  loading: boolean;
  failure: { title: string; text: string } | null;
  onComplete: (rec: Recommendation, minutes: number) => Promise<boolean>;
}

export function RecommendationsTab({ subject, plan, loading, failure, onComplete }: Props) {
  return (
    <div className="space-y-4">
      {failure && (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-5 py-4 text-red-900" data-testid="study-error">
          <p className="font-semibold">{failure.title}</p>
          <p className="mt-1 text-sm">{failure.text}</p>
        </div>
      )}
      {!subject ? (
        <EmptyState>{NO_SUBJECT}</EmptyState>
      ) : loading ? (
        <Loading what="your plan" />
      ) : !plan || !plan.recommendations.length ? (
        <EmptyState>No recommendations for {subject} yet. Set your preferences above and select Generate Recommendations.</EmptyState>
      ) : (
        <>
          <PlanSummaryCard plan={plan} />
          <ol className="space-y-4" aria-label={`Recommendations for ${subject}`}>
            {plan.recommendations.map((r) => <RecommendationCard key={r.id} rec={r} onComplete={onComplete} />)}
          </ol>
        </>
      )}
    </div>
  );
}

function PlanSummaryCard({ plan }: { plan: StudyPlan }) {
  const s = plan.summary;
  const done = plan.recommendations.filter((r) => r.completedAt).length;
  return (
    <section className="card p-5" aria-label="About this plan" data-testid="plan-summary">
      <div className="flex flex-wrap items-center gap-2">
        {s && <span className="badge bg-brand-600 text-white">{s.phaseLabel}</span>}
        <span className="badge bg-slate-100 text-slate-800">{plan.source === "ai" ? "Written by the AI model" : "Made by ExamPrep's planner"}</span>
        <span className="text-sm text-slate-600">
          {done} of {plan.recommendations.length} completed
        </span>
      </div>
      {s && <p className="mt-3 text-slate-800">{s.headline}</p>}
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Weekly time</dt>
          <dd className="font-semibold">{formatMinutes(plan.preferences?.studyTimePerWeek ?? plan.schedule.weeklyMinutes)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Exam</dt>
          <dd className="font-semibold">
            {plan.preferences?.examDate ? `${formatExamDate(plan.preferences.examDate)}${s?.daysToExam != null ? ` (${s.daysToExam} days)` : ""}` : "No date set"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Made</dt>
          <dd className="font-semibold">{plan.createdAt ? formatDate(plan.createdAt) : "–"}</dd>
        </div>
      </dl>
      {s && (
        <p className="mt-3 text-xs text-slate-600">
          {s.topicSource}. {s.historyNote}
        </p>
      )}
    </section>
  );
}

function RecommendationCard({ rec, onComplete }: { rec: Recommendation; onComplete: Props["onComplete"] }) {
  const [minutes, setMinutes] = useState(String(MARK_COMPLETE_MINUTES));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = `minutes-${rec.id}`;
  const titleId = `rec-title-${rec.id}`;

  async function complete() {
    const n = Number(minutes);
    if (!Number.isInteger(n) || n < 1 || n > 1440) {
      setError("Enter the minutes you spent, from 1 to 1440.");
      return;
    }
    setError(null);
    setBusy(true);
    await onComplete(rec, n);
    setBusy(false);
  }

  return (
    <li className={`card p-5 ${rec.completedAt ? "border-green-300 bg-green-50/40" : ""}`} aria-labelledby={titleId} data-testid="recommendation">
      <div className="flex flex-wrap items-center gap-2">
        <CategoryBadge category={rec.category} />
        <PriorityBadge priority={rec.priority} />
        <span className="text-sm text-slate-600">{formatMinutes(rec.estimatedTime)} this week</span>
      </div>
      <h3 id={titleId} className="mt-2 text-lg font-bold text-slate-900">{rec.title}</h3>
      <p className="mt-1 text-sm text-slate-700 sm:text-base">{rec.description}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        {rec.resources.length > 0 && (
          <div>
            <h4 className="text-sm font-semibold text-slate-800">Resources</h4>
            <ul className="mt-1 space-y-1.5 text-sm">
              {rec.resources.map((r, i) => (
                <li key={i}>
                  <span className="font-medium text-slate-900">{r.title}</span>
                  {r.description && <span className="block text-slate-600">{r.description}</span>}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h4 className="text-sm font-semibold text-slate-800">Success looks like</h4>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {rec.successMetrics.map((m, i) => <li key={i}>{m}</li>)}
          </ul>
        </div>
      </div>
      <div className="mt-4 border-t border-slate-200 pt-4">
        {rec.completedAt ? (
          <p className="flex items-center gap-2 text-sm font-semibold text-green-800">
            <svg viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor" aria-hidden="true"><path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" /></svg>
            Completed on {formatDate(rec.completedAt)}
          </p>
        ) : (
          <div className="flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={inputId} className="block text-xs text-slate-600">Minutes spent</label>
              <input
                id={inputId}
                type="number"
                inputMode="numeric"
                min={1}
                max={1440}
                value={minutes}
                onChange={(e) => setMinutes(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className="mt-1 block w-24 rounded-lg border border-slate-300 px-3 py-1.5 text-sm"
              />
            </div>
            <button type="button" className="btn-outline" onClick={complete} disabled={busy} aria-describedby={titleId}>
              {busy ? "Saving..." : "Mark Complete"}
            </button>
            {error && <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-red-700">{error}</p>}
          </div>
        )}
      </div>
    </li>
  );
}
