import { forwardRef, useEffect, useState } from "react";
import { GENERATION_STEPS } from "../../../shared/constants.ts";
import { progressPercent, shownStepIndex } from "../../stores/generation-progress.ts";
import { Spinner } from "./Spinner.tsx";

export interface GenerationRun {
  startedAt: number;
  /** Index of the furthest step the server has reported, -1 before the first. */
  reached: number;
  /** The steps as the server reported them, in order. */
  received: string[];
  done: boolean;
  /** With a model: how many of the new questions asked of it it has written so far. */
  model?: { written: number; asked: number };
}

/** The progress card of §4: five labelled steps, the real progress paced by the spec's timers. */
export const GenerationProgress = forwardRef<HTMLElement, { run: GenerationRun; paperLabel: string }>(function GenerationProgress({ run, paperLabel }, ref) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (run.done) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [run.done]);
  const elapsed = Math.max(0, now - run.startedAt);
  const shown = shownStepIndex(run.reached, elapsed, run.done);
  const percent = progressPercent(elapsed, run.done);
  const current = GENERATION_STEPS[Math.min(shown, GENERATION_STEPS.length - 1)];
  const status = run.done ? "Your paper is ready" : `${current.label}...`;

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="generation-progress-title"
      className="card border-brand-100 p-5 outline-none sm:p-6"
      data-testid="generation-progress"
      data-step={run.done ? "done" : current.key}
      data-progress={percent}
      data-received-steps={run.received.join(",")}
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="generation-progress-title" className="text-lg font-bold">{run.done ? "Paper ready" : "Generating your paper"}</h2>
        <span className="text-sm font-semibold tabular-nums text-brand-700" aria-hidden="true">{percent}%</span>
      </div>
      <p className="mt-1 text-sm text-slate-600">{paperLabel}</p>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%: ${status}`}
        className="mt-4 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500 ease-out" style={{ width: `${percent}%` }} />
      </div>
      <p className="sr-only" aria-live="polite">{status}</p>
      <ol className="mt-5 space-y-2.5">
        {GENERATION_STEPS.map((step, i) => {
          const state = i < shown ? "complete" : i === shown ? "current" : "pending";
          return (
            <li key={step.key} className="flex items-center gap-3 text-sm" data-step-state={state} aria-current={state === "current" ? "step" : undefined}>
              <span
                className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full border ${
                  state === "complete"
                    ? "border-green-600 bg-green-600 text-white"
                    : state === "current"
                    ? "border-brand-600 text-brand-700"
                    : "border-slate-300 text-slate-400"
                }`}
                aria-hidden="true"
              >
                {state === "complete"
                  ? (
                    <svg viewBox="0 0 24 24" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="3">
                      <path d="M20 6 9 17l-5-5" />
                    </svg>
                  )
                  : state === "current"
                  ? <Spinner className="h-3.5 w-3.5" />
                  : <span className="text-xs">{i + 1}</span>}
              </span>
              <span className={state === "pending" ? "text-slate-600" : "font-medium text-slate-900"}>{step.label}</span>
              <span className="sr-only">{state === "complete" ? "(done)" : state === "current" ? "(in progress)" : "(to do)"}</span>
            </li>
          );
        })}
      </ol>
      {run.model && (
        <p className="mt-4 text-sm text-slate-700" data-testid="model-progress">
          The AI model has written {run.model.written} of the {run.model.asked} new questions asked of it{run.done ? "" : " so far"}. Any it has not written in time keep a
          question from ExamPrep's bank.
        </p>
      )}
      {!run.done && <p className="mt-4 text-xs text-slate-600">This can take up to a minute. Please keep this page open.</p>}
    </section>
  );
});
