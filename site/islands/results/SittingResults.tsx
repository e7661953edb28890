// The results page (issue 15): the total, a grade only where the paper's boundaries are known (with
// their source), marks per topic, and each part's answer, mark and reasons, with self-marking and
// re-marks. A sitting still in progress sends the student back to the exam page.
import { useCallback, useEffect, useState } from "react";
import { formatDateTime } from "../../../shared/format.ts";
import { type PartResult, type SittingResult, sittingUrlFor } from "../../../shared/sittings.ts";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { getResult, SittingApiError } from "../../lib/sittings.ts";
import { durationText, percent } from "./marks-text.ts";
import { PartResultCard } from "./PartResultCard.tsx";
import { TopicMarks } from "./TopicMarks.tsx";
import { SitAgain } from "./SitAgain.tsx";

/** The parts by question, in paper order: "01.2" is a part of question 1. */
function byQuestion(parts: PartResult[]): { question: string; parts: PartResult[] }[] {
  const groups: { question: string; parts: PartResult[] }[] = [];
  for (const part of parts) {
    const head = part.number.split(".")[0];
    const question = /^\d+$/.test(head) ? String(Number(head)) : head;
    const last = groups.at(-1);
    if (last?.question === question) last.parts.push(part);
    else groups.push({ question, parts: [part] });
  }
  return groups;
}

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "result"; result: SittingResult };

export default function SittingResults({ sittingId, hasModel = false }: { sittingId: string; hasModel?: boolean }) {
  const id = Number(sittingId);
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    if (!Number.isSafeInteger(id) || id < 1) return setState({ kind: "error", message: "Sitting not found" });
    try {
      setState({ kind: "result", result: await getResult(id) });
    } catch (err) {
      // Still being sat: the exam page is where it is.
      if (err instanceof SittingApiError && err.status === 409) return location.replace(sittingUrlFor(id));
      setState({ kind: "error", message: err instanceof SittingApiError ? err.message : "The results could not be loaded." });
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    if (state.kind === "result") document.title = `Results: ${state.result.paperName} · ExamPrep`;
  }, [state]);

  if (state.kind === "loading") {
    return (
      <div className="card flex flex-col items-center gap-3 px-6 py-16 text-slate-700" data-testid="results-loading">
        <Spinner className="h-6 w-6 text-brand-700" />
        <h1 className="text-lg font-semibold">Loading your results...</h1>
      </div>
    );
  }
  if (state.kind === "error") {
    return (
      <div className="card mx-auto max-w-xl px-6 py-12 text-center" role="alert" data-testid="results-error">
        <h1 className="text-xl font-bold">Could not open these results</h1>
        <p className="mt-2 text-slate-700">{state.message}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <button type="button" className="btn-outline" onClick={() => void load()}>Try again</button>
          <a href="/history" className="btn-primary">Back to My Progress</a>
        </div>
      </div>
    );
  }

  const { result } = state;
  const update = (next: SittingResult) => setState({ kind: "result", result: next });
  const facts = [result.examBoard, result.tier ? `${result.tier} tier` : null, `Handed in ${formatDateTime(result.submittedAt)}`, `Time taken ${durationText(result.secondsTotal)}`]
    .filter(Boolean);

  return (
    <article className="space-y-6" aria-labelledby="results-title" data-testid="sitting-results">
      <header className="card p-5 sm:p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{result.level} {result.subject} · Results</p>
        <h1 id="results-title" className="mt-1 text-2xl font-bold sm:text-3xl">{result.paperName}</h1>
        <p className="mt-2 text-sm text-slate-700">{facts.join(" · ")}</p>
        {result.automatic && <p className="mt-1 text-sm text-slate-700">Handed in automatically when time ran out.</p>}

        <div className="mt-5 flex flex-wrap items-end gap-x-8 gap-y-4">
          <div data-testid="results-total">
            <p className="text-sm font-semibold text-slate-600">Total</p>
            <p className="text-4xl font-bold tabular-nums">
              {result.awarded} <span className="text-2xl font-semibold text-slate-600">/ {result.totalMarks}</span>
            </p>
            <p className="text-sm text-slate-700">{percent(result.awarded, result.totalMarks)}%</p>
          </div>
          {result.grade && (
            <div data-testid="results-grade">
              <p className="text-sm font-semibold text-slate-600">Grade estimate</p>
              <p className="text-4xl font-bold">{result.grade.grade}</p>
              <p className="text-sm text-slate-700">From {result.grade.source}</p>
            </div>
          )}
        </div>
        {result.pending > 0 && (
          <p className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="results-pending">
            {result.pending === 1 ? "1 answer is" : `${result.pending} answers are`} waiting for your own mark: the total counts {result.pending === 1 ? "it" : "them"} as 0 until you mark{" "}
            {result.pending === 1 ? "it" : "them"} below.
          </p>
        )}
      </header>

      {result.topics.length > 0 && <TopicMarks topics={result.topics} />}
      {result.topics.length > 0 && <SitAgain sittingId={result.id} />}

      <section aria-labelledby="parts-title">
        <h2 id="parts-title" className="text-lg font-bold">Question by question</h2>
        <p className="mt-1 text-sm text-slate-700">
          Each mark says how it was reached.
          {result.parts.some((p) => p.mark.method === "model") &&
            " A mark by AI is the model's judgement against the mark scheme's level descriptors: you can ask for a re-mark or mark the answer yourself."}
        </p>
        <ol className="mt-4 space-y-8">
          {byQuestion(result.parts).map(({ question, parts }) => {
            const marked = parts.filter((p) => p.mark.awarded !== null);
            const awarded = marked.reduce((sum, p) => sum + p.mark.awarded!, 0);
            const max = parts.reduce((sum, p) => sum + p.mark.max, 0);
            return (
              <li key={question} aria-labelledby={`question-${question}`} data-testid="question-result">
                <h3 id={`question-${question}`} className="text-base font-bold">
                  Question {question}{" "}
                  <span className="font-normal text-slate-700">
                    · {awarded} / {max} marks{marked.length < parts.length ? " so far" : ""}
                  </span>
                </h3>
                <ol className="mt-3 space-y-4">
                  {parts.map((part) => <PartResultCard key={part.number} sittingId={result.id} part={part} onResult={update} hasModel={hasModel} />)}
                </ol>
              </li>
            );
          })}
        </ol>
      </section>
    </article>
  );
}
