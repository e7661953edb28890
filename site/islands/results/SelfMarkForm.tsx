// Marking an answer yourself: choose the level your answer reaches (the descriptors beside the model
// answer), then the mark within that level's band. A part without levels takes a mark from 0 to its
// maximum. Sends a self-mark for a part waiting for one, or a re-mark of a part already marked.
import { type FormEvent, useId, useState } from "react";
import type { PartResult, SittingResult } from "../../../shared/sittings.ts";
import { ApiHtml } from "../../components/ui/ApiHtml.tsx";
import { INPUT_CLASS } from "../../components/ui/Field.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { remark, selfMark, SittingApiError } from "../../lib/sittings.ts";
import { answerText, marksText } from "./marks-text.ts";

interface SelfMarkFormProps {
  sittingId: number;
  part: PartResult;
  /** A re-mark of a part already marked (else the first mark of a pending part). */
  isRemark: boolean;
  onMarked: (result: SittingResult) => void;
  onCancel?: () => void;
}

export function SelfMarkForm({ sittingId, part, isRemark, onMarked, onCancel }: SelfMarkFormProps) {
  const id = useId();
  const levels = part.levels ?? [];
  const [level, setLevel] = useState<number | null>(null);
  const [marks, setMarks] = useState("");
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  const band = levels.find((l) => l.level === level);
  const [low, high] = band ? band.marks : [0, part.mark.max];
  const choices = Array.from({ length: high - low + 1 }, (_, i) => low + i);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (levels.length && level === null) return setError("Choose the level your answer reaches.");
    const value = Number(marks);
    if (marks === "" || !Number.isInteger(value) || value < low || value > high) return setError(`Choose a mark from ${low} to ${high}.`);
    setError("");
    setSending(true);
    try {
      const body = { part: part.number, marks: value, ...(level !== null ? { level } : {}) };
      onMarked(isRemark ? await remark(sittingId, { ...body, method: "self" }) : await selfMark(sittingId, body));
    } catch (err) {
      setSending(false);
      setError(err instanceof SittingApiError ? err.message : "Your mark could not be saved. Please try again.");
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 rounded-lg border border-brand-100 bg-brand-50/50 p-4" aria-labelledby={`${id}-title`} data-testid="self-mark-form">
      <h5 id={`${id}-title`} className="font-semibold">Mark {part.number} yourself</h5>
      <p className="mt-1 text-sm text-slate-700">Read your answer against the model answer, choose the level it reaches, then the mark within that level.</p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Your answer</p>
            <p className="mt-1 whitespace-pre-wrap text-sm">{answerText(part.answer) || "No answer given."}</p>
          </div>
          <div>
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-600">Model answer</p>
            <ApiHtml html={part.modelAnswer} className="mt-1 text-sm" />
          </div>
        </div>
        <fieldset className="min-w-0" disabled={sending}>
          {levels.length > 0 && (
            <>
              <legend className="text-sm font-semibold">Level descriptors</legend>
              <div className="mt-2 space-y-2">
                {[...levels].sort((a, b) => b.level - a.level).map((l) => (
                  <label key={l.level} className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600">
                    <input
                      type="radio"
                      name={`${id}-level`}
                      checked={level === l.level}
                      onChange={() => {
                        setLevel(l.level);
                        setMarks("");
                      }}
                      className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
                    />
                    <span>
                      <span className="block font-semibold">Level {l.level} ({l.marks[0]}–{l.marks[1]} marks)</span>
                      <span className="block text-slate-700">{l.descriptor}</span>
                    </span>
                  </label>
                ))}
              </div>
            </>
          )}
          {(band || !levels.length) && (
            <div className="mt-3">
              <label htmlFor={`${id}-marks`} className="block text-sm font-medium text-slate-800">
                Your mark{band ? ` within level ${band.level}` : ""} (out of {marksText(part.mark.max)})
              </label>
              <select id={`${id}-marks`} value={marks} onChange={(e) => setMarks(e.target.value)} className={`${INPUT_CLASS} max-w-40`}>
                <option value="">Choose…</option>
                {choices.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            </div>
          )}
        </fieldset>
      </div>
      {error && <p role="alert" className="mt-3 text-sm text-red-700">{error}</p>}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending || undefined}>
          {sending && <Spinner />}
          {sending ? "Saving..." : "Save my mark"}
        </button>
        {onCancel && <button type="button" className="btn-outline" onClick={onCancel} disabled={sending}>Cancel</button>}
      </div>
    </form>
  );
}
