// 'Sit this paper' (issue 15): the paper's time, extra time for access arrangements, and Start, which
// opens a sitting (or the one already open for this paper) and goes to the exam page.
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { EXTRA_TIME_PERCENT, type ExtraTime, sittingUrlFor } from "../../../shared/sittings.ts";
import { formatMinutes } from "../../../shared/format.ts";
import { secondsWithExtraTime, SittingApiError, startSitting } from "../../lib/sittings.ts";
import { Spinner } from "./Spinner.tsx";

export interface SitTarget {
  generatedPaperId: number;
  paperName: string;
  timeMinutes: number;
}

const EXTRA_TIME_LABEL: Record<ExtraTime, string> = { 0: "None", 25: "25% extra time", 50: "50% extra time" };

/** "2 h 11 min 15 s": 25% extra time on a paper of 105 minutes is not a whole number of minutes. */
function allowedText(seconds: number): string {
  const rest = seconds % 60;
  return `${formatMinutes(Math.floor(seconds / 60))}${rest ? ` ${rest} s` : ""}`;
}

/** A modal (native <dialog>: focus kept inside, Escape closes) shown while `target` is set. */
export function SitPaperDialog({ target, onClose }: { target: SitTarget | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [extraTime, setExtraTime] = useState<ExtraTime>(0);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState("");

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (target && !dialog.open) {
      setExtraTime(0);
      setError("");
      dialog.showModal();
    }
    if (!target && dialog.open) dialog.close();
  }, [target]);

  async function start(e: FormEvent) {
    e.preventDefault();
    if (!target || starting) return;
    setStarting(true);
    setError("");
    try {
      const sitting = await startSitting({ generatedPaperId: target.generatedPaperId, extraTime });
      location.assign(sittingUrlFor(sitting.id));
    } catch (err) {
      setStarting(false);
      setError(err instanceof SittingApiError ? err.message : "The paper could not be started. Please try again.");
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      data-testid="sit-paper-dialog"
      onCancel={(e) => {
        e.preventDefault();
        if (!starting) onClose();
      }}
      className="no-print m-auto w-[min(30rem,calc(100vw-2rem))] rounded-xl border border-slate-200 p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/50"
    >
      {target && (
        <form className="p-6" onSubmit={start} noValidate>
          <h2 id={`${id}-title`} className="text-lg font-bold">Sit this paper</h2>
          <p id={`${id}-description`} className="mt-2 text-sm leading-6 text-slate-700">
            <span className="font-semibold">{target.paperName}</span>: {formatMinutes(target.timeMinutes)}, timed from when you start. Your answers are saved as you type, and
            the paper is handed in as it stands when time runs out.
          </p>
          <fieldset className="mt-4" disabled={starting}>
            <legend className="text-sm font-semibold">Extra time (access arrangements)</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {EXTRA_TIME_PERCENT.map((percent) => (
                <label
                  key={percent}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
                >
                  <input type="radio" name={`${id}-extra`} value={percent} checked={extraTime === percent} onChange={() => setExtraTime(percent)} className="h-4 w-4 accent-brand-600" />
                  {EXTRA_TIME_LABEL[percent]}
                </label>
              ))}
            </div>
            <p className="mt-2 text-sm text-slate-700" data-testid="sit-time">
              Time allowed: <span className="font-semibold">{allowedText(secondsWithExtraTime(target.timeMinutes, extraTime))}</span>
            </p>
          </fieldset>
          {error && <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn-outline" onClick={onClose} disabled={starting}>Cancel</button>
            <button type="submit" className="btn-primary" disabled={starting} aria-busy={starting || undefined}>
              {starting && <Spinner />}
              {starting ? "Starting..." : "Start"}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
