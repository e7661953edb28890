import { useRef, useState, type ComponentType, type KeyboardEvent } from "react";

interface Tab {
  id: string;
  label: string;
  Panel: ComponentType;
}

/** ARIA tabs (arrow keys, Home and End move between tabs; only the selected tab is in the tab order). */
export function AdminTabs({ label, tabs }: { label: string; tabs: Tab[] }) {
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
            id={`admin-tab-${t.id}`}
            aria-selected={t.id === current.id}
            aria-controls={`admin-panel-${t.id}`}
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
      <div id={`admin-panel-${current.id}`} role="tabpanel" aria-labelledby={`admin-tab-${current.id}`} className="pt-6">
        <current.Panel />
      </div>
    </div>
  );
}
