// Marks per topic on the results page: a table (read by screen readers as one) with a bar per row.
import type { TopicResult } from "../../../shared/sittings.ts";
import { percent } from "./marks-text.ts";

export function TopicMarks({ topics }: { topics: TopicResult[] }) {
  return (
    <section className="card p-5 sm:p-6" aria-labelledby="topics-title" data-testid="topic-marks">
      <h2 id="topics-title" className="text-lg font-bold">Marks by topic</h2>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col" className="py-2 pr-3 font-semibold">Topic</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Marks</th>
            <th scope="col" className="w-2/5 py-2 font-semibold max-sm:sr-only">Score</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {topics.map((t) => {
            const score = percent(t.awarded, t.max);
            return (
              <tr key={t.topic} data-testid="topic-row">
                <th scope="row" className="py-2 pr-3 text-left font-medium">{t.topicName}</th>
                <td className="py-2 pr-3 text-right tabular-nums">{t.awarded} / {t.max}</td>
                <td className="py-2 max-sm:hidden">
                  <div className="flex items-center gap-2">
                    <div className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                      <div className={`h-full rounded-full ${score >= 70 ? "bg-green-600" : score >= 40 ? "bg-amber-500" : "bg-red-600"}`} style={{ width: `${score}%` }} />
                    </div>
                    <span className="w-10 text-right tabular-nums text-slate-700">{score}%</span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
