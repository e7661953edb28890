// One part on the results page: the student's answer beside the model answer and the mark scheme,
// the mark with how it was reached and why, earlier marks, the time spent, and marking it yourself or
// asking for a re-mark.
import { useState } from "react";
import type { PartMark, PartResult, SittingResult } from "../../../shared/sittings.ts";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { remark, SittingApiError } from "../../lib/sittings.ts";
import { answerText, durationText, markText, METHOD_LABEL } from "./marks-text.ts";
import { SelfMarkForm } from "./SelfMarkForm.tsx";

function MarkLine({ mark }: { mark: PartMark }) {
  return (
    <>
      <span className="font-semibold">{markText(mark)}</span> <span className="text-slate-600">· {METHOD_LABEL[mark.method]}</span>
    </>
  );
}

interface PartResultCardProps {
  sittingId: number;
  part: PartResult;
  onResult: (result: SittingResult) => void;
  /** A model is configured: a re-mark by the model can be asked for. */
  hasModel: boolean;
}

export function PartResultCard({ sittingId, part, onResult, hasModel }: PartResultCardProps) {
  const [marking, setMarking] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState("");
  const { mark } = part;
  const pending = mark.method === "pending";
  // A part with one right answer (a choice, a number, a word) was marked exactly and is not re-marked;
  // a point-by-point mark the student disagrees with, a model's and their own can be.
  const canRemark = mark.method === "model" || mark.method === "self" || mark.method === "points";
  // The model marks extended answers against their level descriptors only.
  const canAskModel = hasModel && Boolean(part.levels?.length);
  const answer = answerText(part.answer);

  async function askModel() {
    setAsking(true);
    setError("");
    try {
      onResult(await remark(sittingId, { part: part.number, method: "model" }));
    } catch (err) {
      setError(err instanceof SittingApiError ? err.message : "The re-mark could not be asked for. Please try again.");
    } finally {
      setAsking(false);
    }
  }

  return (
    <li className="card p-5 sm:p-6" data-testid="part-result" data-part={part.number} data-method={mark.method}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-base font-bold">
          <span className="font-mono">{part.number}</span> <span className="text-sm font-normal text-slate-600">{part.topicName}</span>
        </h4>
        <p className="text-sm text-slate-600">Time spent: {durationText(part.seconds)}</p>
      </div>
      <p className={`mt-2 rounded-lg px-3 py-2 text-sm ${pending ? "bg-amber-50 text-amber-900" : "bg-slate-50"}`} data-testid="part-mark">
        <MarkLine mark={mark} />
      </p>
      {mark.reasons.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-6 text-sm text-slate-700" aria-label={`Why ${part.number} got this mark`} data-testid="part-reasons">
          {mark.reasons.map((r, i) => <li key={i}>{r}</li>)}
        </ul>
      )}

      <details className="mt-3 text-sm" data-testid="part-question">
        <summary className="cursor-pointer font-semibold text-brand-700">Question</summary>
        <ApiHtml html={part.content} className="mt-1 text-sm" />
      </details>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="min-w-0">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Your answer</h5>
          {answer ? <p className="mt-1 whitespace-pre-wrap break-words text-sm" data-testid="part-answer">{answer}</p> : <p className="mt-1 text-sm italic text-slate-600">No answer given.</p>}
        </div>
        <div className="min-w-0">
          <h5 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Model answer</h5>
          <ApiHtml html={part.modelAnswer} className="mt-1 text-sm" />
          {part.markScheme && (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer font-semibold text-brand-700">Mark scheme</summary>
              <ApiHtml html={part.markScheme} className="mt-1 text-sm" />
            </details>
          )}
        </div>
      </div>

      {part.earlier.length > 0 && (
        <details className="mt-4 text-sm" data-testid="earlier-marks">
          <summary className="cursor-pointer font-semibold text-slate-800">Earlier marks ({part.earlier.length})</summary>
          <ol className="mt-2 space-y-2">
            {part.earlier.map((m, i) => (
              <li key={i} className="rounded-lg border border-slate-200 px-3 py-2">
                <MarkLine mark={m} />
                {m.reasons.length > 0 && <ul className="mt-1 list-disc pl-5 text-slate-700">{m.reasons.map((r, j) => <li key={j}>{r}</li>)}</ul>}
              </li>
            ))}
          </ol>
        </details>
      )}

      {pending && <SelfMarkForm sittingId={sittingId} part={part} isRemark={false} onMarked={onResult} />}
      {canRemark && !marking && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold text-slate-800">Re-mark:</span>
          {canAskModel && (
            <button type="button" className="btn-outline px-3 py-1.5" onClick={() => void askModel()} disabled={asking} aria-busy={asking || undefined}>
              {asking && <Spinner />}
              {asking ? "Asking the model..." : mark.method === "model" ? "Ask the model again" : "Ask the model"}
              <span className="sr-only"> for {part.number}</span>
            </button>
          )}
          <button type="button" className="btn-outline px-3 py-1.5" onClick={() => setMarking(true)} disabled={asking}>
            Mark it myself<span className="sr-only"> ({part.number})</span>
          </button>
        </div>
      )}
      {canRemark && marking && (
        <SelfMarkForm
          sittingId={sittingId}
          part={part}
          isRemark
          onMarked={(result) => {
            setMarking(false);
            onResult(result);
          }}
          onCancel={() => setMarking(false)}
        />
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-700">{error}</p>}
    </li>
  );
}
