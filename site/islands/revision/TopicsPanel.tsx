// Revision aids per topic: a five-minute summary and a quick quiz marked on the spot.
import { useState } from "react";
import type { DeckOverview, QuizQuestion, QuizResult, TopicSummary } from "../../../shared/revision.ts";
import { apiErrorMessage, postJson } from "../../lib/api.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";

/** The summary's points under the question each answers (the API sends one question's points together). */
function groupByQuestion(points: TopicSummary["points"]) {
  const groups: { question: string; source: string; points: string[] }[] = [];
  for (const p of points) {
    const last = groups.at(-1);
    if (last && last.question === p.question && last.source === p.source) last.points.push(p.html);
    else groups.push({ question: p.question, source: p.source, points: [p.html] });
  }
  return groups;
}

type Open = { topic: string; kind: "summary"; summary: TopicSummary } | { topic: string; kind: "quiz"; quiz: QuizQuestion[]; choices: Record<string, number>; result: QuizResult | null };

export function TopicsPanel({ paperId, deck }: { paperId: number; deck: DeckOverview }) {
  const [open, setOpen] = useState<Open | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const base = `/api/revision/decks/${paperId}/topics`;

  async function show(topic: string, kind: "summary" | "quiz") {
    if (open?.topic === topic && open.kind === kind) return setOpen(null);
    setLoading(`${topic}:${kind}`);
    setError(null);
    try {
      const res = await fetch(`${base}/${encodeURIComponent(topic)}/${kind}`, { credentials: "include" });
      if (!res.ok) throw new Error(await apiErrorMessage(res));
      if (kind === "summary") setOpen({ topic, kind, summary: (await res.json()) as TopicSummary });
      else setOpen({ topic, kind, quiz: (await res.json()) as QuizQuestion[], choices: {}, result: null });
    } catch (e) {
      setError(e instanceof Error ? e.message : "That could not be loaded");
    } finally {
      setLoading(null);
    }
  }

  async function mark() {
    if (open?.kind !== "quiz") return;
    const answers = open.quiz.filter((q) => open.choices[q.key] !== undefined).map((q) => ({ key: q.key, choice: open.choices[q.key] }));
    if (!answers.length) return setError("Choose an answer to at least one question");
    setError(null);
    const res = await postJson(`${base}/${encodeURIComponent(open.topic)}/quiz`, { answers });
    if (!res.ok) return setError(await apiErrorMessage(res));
    setOpen({ ...open, result: (await res.json()) as QuizResult });
  }

  return (
    <ul className="space-y-3" data-testid="topic-list">
      {deck.topics.map((t) => (
        <li key={t.id} className="card p-4" data-testid="topic-row">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h3 className="font-semibold">{t.name}</h3>
              <p className="text-sm text-slate-600">
                {t.cards} card{t.cards === 1 ? "" : "s"}, {t.due} due{t.weak ? <span className="badge ml-2 bg-amber-100 text-amber-900">Focus topic</span> : null}
              </p>
            </div>
            <div className="flex gap-2">
              <button type="button" className="btn-outline" aria-expanded={open?.topic === t.id && open.kind === "summary"} onClick={() => show(t.id, "summary")}>
                {loading === `${t.id}:summary` ? <Spinner /> : null}Summary
              </button>
              {t.hasQuiz ? (
                <button type="button" className="btn-outline" aria-expanded={open?.topic === t.id && open.kind === "quiz"} onClick={() => show(t.id, "quiz")}>
                  {loading === `${t.id}:quiz` ? <Spinner /> : null}Quiz
                </button>
              ) : null}
            </div>
          </div>
          {error && open?.topic === t.id ? <p className="mt-2 text-sm text-red-700" role="alert">{error}</p> : null}
          {open?.topic === t.id && open.kind === "summary" ? (
            <div className="mt-4 border-t border-slate-200 pt-4" data-testid="topic-summary">
              <p className="text-slate-800">{open.summary.description}</p>
              {open.summary.points.length ? (
                <>
                  <h4 className="mt-4 text-sm font-semibold">What the mark schemes credit</h4>
                  <ul className="mt-2 space-y-2">
                    {groupByQuestion(open.summary.points).map((g, i) => (
                      <li key={i} className="rounded-lg bg-slate-50 p-3">
                        <p className="text-sm font-semibold text-slate-800">{g.question}</p>
                        <ul className="mt-1 list-disc space-y-1 pl-5">
                          {g.points.map((html, k) => <li key={k}><ApiHtml html={html} /></li>)}
                        </ul>
                        <p className="mt-1 text-xs text-slate-600">{g.source}</p>
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </div>
          ) : null}
          {open?.topic === t.id && open.kind === "quiz" ? (
            <form className="mt-4 space-y-4 border-t border-slate-200 pt-4" data-testid="topic-quiz" onSubmit={(e) => { e.preventDefault(); mark(); }}>
              {open.quiz.map((q, qi) => {
                const result = open.result?.results.find((r) => r.key === q.key);
                return (
                  <fieldset key={q.key} className="rounded-lg border border-slate-200 p-3">
                    <legend className="px-1 text-sm font-semibold">Question {qi + 1}</legend>
                    <ApiHtml html={q.prompt} />
                    <div className="mt-2 space-y-1">
                      {q.options.map((o, oi) => (
                        <label key={oi} className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 ${result && result.answer === oi ? "bg-green-50" : ""}`}>
                          <input type="radio" name={q.key} checked={open.choices[q.key] === oi} disabled={Boolean(open.result)} onChange={() => setOpen({ ...open, choices: { ...open.choices, [q.key]: oi } })} />
                          <span>{o}</span>
                        </label>
                      ))}
                    </div>
                    {result ? (
                      <div className="mt-2 text-sm" role="status">
                        <p className={result.correct ? "font-semibold text-green-800" : "font-semibold text-red-700"}>{result.correct ? "Correct" : `Not quite: the answer is ${q.options[result.answer]}`}</p>
                        <ApiHtml html={result.explanation} className="mt-1 text-sm" />
                      </div>
                    ) : null}
                    <p className="mt-2 text-xs text-slate-600">{q.source}</p>
                  </fieldset>
                );
              })}
              {open.result ? (
                <p className="text-lg font-bold" data-testid="quiz-score">You scored {open.result.score} out of {open.result.outOf}</p>
              ) : (
                <button type="submit" className="btn-primary">Mark my answers</button>
              )}
            </form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
