import { useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from "react";

/** A tab shows its Panel, or what render() returns (for a panel that needs props from its parent). */
export type Tab = { id: string; label: string } & ({ Panel: ComponentType; render?: never } | { render: () => ReactNode; Panel?: never });

/**
 * ARIA tabs (arrow keys, Home and End move between tabs; only the selected tab is in the tab order).
 * `idPrefix` keeps element ids apart when tabs sit inside other tabs.
 */
export function AdminTabs({ label, tabs, idPrefix = "admin" }: { label: string; tabs: Tab[]; idPrefix?: string }) {
  const [selected, setSelected] = useState(tabs[0]?.id);
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const current = tabs.find((t) => t.id === selected) ?? tabs[0];
  if (!current) return null;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const i = tabs.findIndex((t) => t.id === current.id);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    setSelected(tab.id);
    buttons.current[tab.id]?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200" onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              buttons.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls={`${idPrefix}-panel-${t.id}`}
            tabIndex={t.id === current.id ? 0 : -1}
            onClick={() => setSelected(t.id)}
            className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 text-sm font-semibold ${
              t.id === current.id ? "border-brand-600 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${idPrefix}-panel-${current.id}`} role="tabpanel" aria-labelledby={`${idPrefix}-tab-${current.id}`} className="pt-6">
        {current.Panel ? <current.Panel /> : current.render()}
      </div>
    </div>
  );
}
