// A part's answer field, by the kind of answer it takes (shared/sittings.ts ANSWER_KINDS): a radio
// group of the options, a number with its units beside it, one word, a short or a long written answer
// (with a live word count), or the blank cells of the question's table (TableAnswer.tsx).
import { ANSWER_MAX_CHARS, type AnswerValue, type SittingPart } from "../../../shared/sittings.ts";
import { INPUT_CLASS } from "../../components/ui/Field.tsx";
import { TableAnswer } from "./TableAnswer.tsx";


export const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

interface AnswerFieldProps {
  part: SittingPart;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  /** Ids: the field's own, and the part's label for a group. */
  id: string;
  labelledBy: string;
}

export function AnswerField({ part, value, onChange, id, labelledBy }: AnswerFieldProps) {
  const text = typeof value === "string" ? value : "";
  const label = `Answer to ${part.number}`;
  switch (part.kind) {
    case "choice":
      return (
        <fieldset className="mt-3" aria-labelledby={labelledBy} data-testid="answer-choice">
          <div className="grid gap-2">
            {(part.options ?? []).map((option, i) => (
              <label
                key={i}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input type="radio" name={id} value={option} checked={text === option} onChange={() => onChange(option)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
                <span>{option}</span>
              </label>
            ))}
          </div>
        </fieldset>
      );
    case "number":
      return (
        <div className="mt-3">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
          <div className="flex items-center gap-2">
            <input
              id={id}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              value={text}
              onChange={(e) => onChange(e.target.value)}
              aria-describedby={part.units ? `${id}-units` : undefined}
              className={`${INPUT_CLASS} max-w-48`}
              data-testid="answer-number"
            />
            {part.units && <span id={`${id}-units`} className="mt-1 text-sm font-semibold text-slate-800">{part.units}</span>}
          </div>
        </div>
      );
    case "word":
      return (
        <div className="mt-3">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
          <input id={id} type="text" autoComplete="off" maxLength={200} value={text} onChange={(e) => onChange(e.target.value)} className={`${INPUT_CLASS} max-w-md`} data-testid="answer-word" />
        </div>
      );
    case "short":
    case "long": {
      const long = part.kind === "long";
      return (
        <div className="mt-3">
          <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
          <textarea
            id={id}
            rows={long ? 14 : 4}
            maxLength={ANSWER_MAX_CHARS}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            aria-describedby={long ? `${id}-count` : undefined}
            className={`${INPUT_CLASS} leading-6`}
            data-testid={`answer-${part.kind}`}
          />
          {long && (
            <p id={`${id}-count`} className="mt-1 text-right text-xs text-slate-600" data-testid="word-count">
              {wordCount(text)} word{wordCount(text) === 1 ? "" : "s"}
            </p>
          )}
        </div>
      );
    }
    case "table":
      return <TableAnswer html={part.content} cells={part.cells ?? 0} value={Array.isArray(value) ? value : []} onChange={onChange} partNumber={part.number} />;
  }
}
