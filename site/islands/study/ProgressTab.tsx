import { formatDate, formatDateTime } from "../../../shared/format.ts";
import { percent, type TopicMastery } from "../../../shared/progress.ts";
import { formatMinutes, type StudyAnalytics } from "../../../shared/study.ts";
import { EmptyState, Loading, NO_SUBJECT } from "./ui.tsx";

/** Progress & Analytics: this week's study against the goal, the plan's completion, papers per subject. */
export function ProgressTab({ subject, analytics, loading }: { subject: string; analytics: StudyAnalytics | null; loading: boolean }) {
  if (!subject) return <EmptyState>{NO_SUBJECT}</EmptyState>;
  if (!analytics) return loading ? <Loading what="your progress" /> : <EmptyState>Your progress could not be loaded. Choose the subject again to retry.</EmptyState>;
  const a = analytics;
  const weekPct = a.weeklyGoalMinutes ? Math.round((a.minutesThisWeek / a.weeklyGoalMinutes) * 100) : 0;
  const recPct = a.recommendations.total ? Math.round((a.recommendations.completed / a.recommendations.total) * 100) : 0;
  const maxDay = Math.max(30, ...a.daily.map((d) => d.minutes));
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label="Studied this week" testId="stat-week" value={formatMinutes(a.minutesThisWeek)} note={`of your ${formatMinutes(a.weeklyGoalMinutes)} weekly goal`} pct={weekPct} />
        <Stat
          label="Recommendations completed"
          testId="stat-completed"
          value={`${a.recommendations.completed} of ${a.recommendations.total}`}
          note={a.recommendations.total ? `${recPct}% of your current plan` : "No plan yet"}
          pct={recPct}
        />
        <Stat label="Papers generated" testId="stat-papers" value={String(a.papers.total)} note={a.papers.total ? "across all subjects" : "Generate one in the Exam Generator"} />
      </div>

      <MasterySection subject={subject} mastery={a.mastery ?? []} />

      <section className="card p-5" aria-labelledby="daily-title">
        <h2 id="daily-title" className="text-base font-bold">{subject} study this week</h2>
        <p className="text-sm text-slate-600">Minutes logged each day, Monday to Sunday.</p>
        <ol className="mt-4 grid h-40 grid-cols-7 items-end gap-2" aria-label="Minutes studied each day">
          {a.daily.map((d) => (
            <li key={d.date} className="flex h-full flex-col items-center justify-end gap-1">
              <span className="text-xs font-semibold text-slate-800">{d.minutes ? d.minutes : ""}</span>
              <div className="w-full max-w-10 rounded-t bg-brand-600" style={{ height: `${(d.minutes / maxDay) * 100}%`, minHeight: d.minutes ? 4 : 0 }} aria-hidden="true" />
              <span className="text-xs text-slate-600" aria-hidden="true">{d.day}</span>
              <span className="sr-only">{`${d.day}: ${d.minutes} minutes`}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <section className="card p-5" aria-labelledby="papers-title">
          <h2 id="papers-title" className="text-base font-bold">Papers per subject</h2>
          {a.papers.bySubject.length ? (
            <table className="mt-3 w-full text-left text-sm">
              <caption className="sr-only">Generated papers per subject</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr><th scope="col" className="py-1.5 font-medium">Subject</th><th scope="col" className="py-1.5 text-right font-medium">Papers</th><th scope="col" className="py-1.5 text-right font-medium">Predicted</th></tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {a.papers.bySubject.map((p) => (
                  <tr key={p.subject} data-testid="papers-row"><td className="py-1.5">{p.subject}</td><td className="py-1.5 text-right font-semibold">{p.count}</td><td className="py-1.5 text-right">{p.predicted}</td></tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-sm text-slate-600">No papers yet. <a href="/exam-generator" className="font-medium text-brand-700 underline">Generate a paper</a> to practise a topic.</p>
          )}
          {a.topicsPractised.length > 0 && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-800">{subject} topics on your papers</h3>
              <ul className="mt-1 space-y-1 text-sm text-slate-700">
                {a.topicsPractised.map((t) => <li key={t.topic} className="flex justify-between gap-3"><span>{t.name}</span><span className="shrink-0 text-slate-600">{t.questions} question{t.questions === 1 ? "" : "s"}</span></li>)}
              </ul>
            </>
          )}
        </section>
        <section className="card p-5" aria-labelledby="recent-title">
          <h2 id="recent-title" className="text-base font-bold">Recent activity</h2>
          {a.recent.length ? (
            <ul className="mt-3 space-y-2 text-sm">
              {a.recent.map((r) => (
                <li key={r.id} className="border-b border-slate-100 pb-2 last:border-0" data-testid="recent-activity">
                  <span className="font-medium text-slate-900">{r.title}</span>
                  <span className="block text-slate-600">{formatMinutes(r.minutes)} · {r.status === "completed" ? "completed" : "in progress"} · {formatDateTime(r.createdAt)}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-600">Nothing logged for {subject} yet. Select Mark Complete on a recommendation when you finish it.</p>
          )}
        </section>
      </div>
    </div>
  );
}

/** Mastery per topic from the student's marked sittings, weakest first: the order the plan takes them. */
function MasterySection({ subject, mastery }: { subject: string; mastery: TopicMastery[] }) {
  return (
    <section className="card p-5" aria-labelledby="mastery-title" data-testid="topic-mastery">
      <h2 id="mastery-title" className="text-base font-bold">{subject} topic mastery</h2>
      {mastery.length ? (
        <>
          <p className="text-sm text-slate-600">
            From the papers you sat on screen, weakest first: the share of each topic's marks you earned, your latest sitting counting most. New plans start
            from the weakest topics.
          </p>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Mastery of each {subject} topic, weakest first</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-1.5 font-medium">Topic</th>
                <th scope="col" className="py-1.5 text-right font-medium">Mastery</th>
                <th scope="col" className="hidden py-1.5 pl-6 font-medium sm:table-cell">Evidence</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {mastery.map((m) => (
                <tr key={m.topic} data-testid="mastery-row">
                  <td className="py-1.5 pr-2">
                    {m.topicName}
                    <span className="block text-xs text-slate-600 sm:hidden">{evidence(m)}</span>
                  </td>
                  <td className="py-1.5 text-right">
                    <span className="font-semibold">{percent(m.mastery)}</span>
                    <div className="ml-auto mt-1 h-1.5 w-20 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                      <div className={`h-full rounded-full ${m.mastery < 0.4 ? "bg-red-600" : m.mastery < 0.7 ? "bg-amber-500" : "bg-green-600"}`} style={{ width: percent(m.mastery) }} />
                    </div>
                  </td>
                  <td className="hidden py-1.5 pl-6 text-slate-600 sm:table-cell">{evidence(m)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          No marked {subject} papers yet. Sit one of your papers on screen: its marks show here topic by topic, and new plans then start from your weakest topics.
        </p>
      )}
    </section>
  );
}

const evidence = (m: TopicMastery) => `${m.awarded} of ${m.max} marks over ${m.sittings} sitting${m.sittings === 1 ? "" : "s"}, last ${formatDate(m.lastSat)}`;

function Stat({ label, value, note, pct, testId }: { label: string; value: string; note: string; pct?: number; testId: string }) {
  return (
    <section className="card p-5" aria-label={label} data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-600">{label}</h2>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      <p className="text-sm text-slate-600">{note}</p>
      {pct !== undefined && (
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, pct)}>
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${Math.min(100, pct)}%` }} />
        </div>
      )}
    </section>
  );
}
