// A row of tabs (WAI-ARIA tabs pattern): the selected tab is the one in the tab order, and the arrow
// keys, Home and End move between tabs and select them. Each tab controls the panel with the id
// `${idPrefix}-panel-${tab}`, which the caller renders with role="tabpanel".
import { type KeyboardEvent, useRef } from "react";

export function TabList<T extends string>({ label, idPrefix, tabs, value, onChange, className, buttonClassName }: {
  label: string;
  idPrefix: string;
  tabs: readonly (readonly [T, string])[];
  value: T;
  onChange: (tab: T) => void;
  /** The list's layout (grid or flex, gaps, border). */
  className: string;
  /** The buttons' padding and type size. */
  buttonClassName: string;
}) {
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex(([t]) => t === value);
    const next = ({ ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 } as Record<string, number>)[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const [t] = tabs[(next + tabs.length) % tabs.length];
    onChange(t);
    buttons.current[t]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map(([t, text]) => (
        <button
          key={t}
          ref={(el) => {
            buttons.current[t] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t}`}
          aria-selected={value === t}
          aria-controls={`${idPrefix}-panel-${t}`}
          tabIndex={value === t ? 0 : -1}
          onClick={() => onChange(t)}
          className={`-mb-px border-b-2 py-2 text-center font-semibold sm:whitespace-nowrap sm:px-4 sm:text-sm ${buttonClassName} ${value === t ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
