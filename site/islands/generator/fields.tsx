// The generator form's controls: a labelled select, a group of described radio choices, a described
// checkbox, each with its error and hint wired for screen readers.
import { type ReactNode, useId } from "react";

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? `${h} h${m ? ` ${m} min` : ""}` : `${m} min`;
}

export function Select({ label, value, onChange, error, hint, children }: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 disabled:bg-slate-100"
      >
        {children}
      </select>
      {hint && !error && <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">{hint}</p>}
      {error && <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

export function RadioGroup({ legend, name, value, onChange, choices, columns = false }: {
  legend: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  choices: { value: string; label: string; text: string }[];
  columns?: boolean;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div className={`mt-2 grid gap-2 ${columns ? "sm:grid-cols-2" : ""}`}>
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" name={name} value={c.value} checked={value === c.value} onChange={() => onChange(c.value)} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
            <span>
              <span className="block font-semibold text-slate-900">{c.label}</span>
              <span className="block text-slate-600">{c.text}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function Check({ label, text, checked, onChange }: { label: string; text: string; checked: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-text`} className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600" />
      <div>
        <label htmlFor={id} className="font-semibold text-slate-900">{label}</label>
        <p id={`${id}-text`} className="text-slate-600">{text}</p>
      </div>
    </div>
  );
}
