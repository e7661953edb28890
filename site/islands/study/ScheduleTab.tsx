import { formatMinutes, type StudyPlan } from "../../../shared/study.ts";
import { CategoryBadge, EmptyState, Loading, NO_SUBJECT, PriorityBadge } from "./ui.tsx";

/** The weekly schedule built from the plan's recommendations and the weekly time. */
export function ScheduleTab({ subject, plan, loading }: { subject: string; plan: StudyPlan | null; loading: boolean }) {
  if (!subject) return <EmptyState>{NO_SUBJECT}</EmptyState>;
  if (loading) return <Loading what="your schedule" />;
  if (!plan || !plan.recommendations.length) return <EmptyState>Generate recommendations for {subject} to get a weekly schedule.</EmptyState>;
  const { schedule } = plan;
  const done = new Set(plan.recommendations.filter((r) => r.completedAt).map((r) => r.id));
  const pct = schedule.weeklyMinutes ? Math.round((schedule.totalMinutes / schedule.weeklyMinutes) * 100) : 0;
  const sessions = schedule.days.reduce((n, d) => n + d.sessions.length, 0);
  return (
    <div className="space-y-4">
      <section className="card p-5" aria-labelledby="schedule-title">
        <h2 id="schedule-title" className="text-lg font-bold">Your week for {subject}</h2>
        <p className="mt-1 text-slate-700" data-testid="schedule-total">
          {sessions} sessions, {formatMinutes(schedule.totalMinutes)} of your {formatMinutes(schedule.weeklyMinutes)} a week.
        </p>
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label="Weekly time scheduled" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, pct)}%` }} />
        </div>
        <p className="mt-2 text-xs text-slate-600">Weekday sessions start after school and weekend ones in the morning, with 10-minute breaks; the most important work comes first in the week.</p>
        {plan.dailyReviewMinutes ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="schedule-reviews">
            Plus about {formatMinutes(plan.dailyReviewMinutes)} a day of flashcard reviews in <a className="font-medium text-brand-700 underline" href="/revision-materials">Smart Study Resources</a>.
          </p>
        ) : null}
      </section>
      <ol className="space-y-3" aria-label="Schedule by day">
        {schedule.days.map((day) => (
          <li key={day.day} className="card p-4 sm:flex sm:gap-4" data-testid="schedule-day">
            <div className="sm:w-32 sm:shrink-0">
              <h3 className="font-bold">{day.day}</h3>
              <p className="text-sm text-slate-600">{day.minutes ? formatMinutes(day.minutes) : "Rest day"}</p>
            </div>
            {day.sessions.length > 0 && (
              <ul className="mt-2 min-w-0 flex-1 space-y-2 sm:mt-0">
                {day.sessions.map((s, i) => (
                  <li key={i} className={`rounded-lg border px-3 py-2 ${done.has(s.recommendationId) ? "border-green-300 bg-green-50" : "border-slate-200 bg-slate-50"}`}>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-mono text-sm font-semibold text-slate-900">
                        <time>{s.start}</time>–<time>{s.end}</time>
                      </span>
                      <span className="text-sm text-slate-600">{s.minutes} minutes</span>
                      <PriorityBadge priority={s.priority} />
                      <CategoryBadge category={s.category} />
                      {done.has(s.recommendationId) && <span className="badge bg-green-100 text-green-900">Done</span>}
                    </div>
                    <p className="mt-1 text-sm font-medium text-slate-800">{s.title}</p>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
