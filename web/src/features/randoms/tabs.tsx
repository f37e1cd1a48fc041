/** Tabs for the pool screen (WAI-ARIA tabs: arrow keys move between them, one panel shown). */
import { type KeyboardEvent, type ReactNode, useId } from "react";

export interface Tab {
  key: string;
  label: string;
  panel: () => ReactNode;
}

export function Tabs(
  { tabs, current, onChange }: { tabs: Tab[]; current: string; onChange(key: string): void },
) {
  const id = useId();
  const active = tabs.find((t) => t.key === current) ?? tabs[0];
  const onKey = (event: KeyboardEvent) => {
    const at = tabs.indexOf(active);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    const next = tabs[(at + step + tabs.length) % tabs.length];
    onChange(next.key);
    document.getElementById(`${id}-tab-${next.key}`)?.focus();
  };
  return (
    <div className="random-tabs">
      <div role="tablist" aria-label="Pool sections" onKeyDown={onKey} className="random-tablist">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === active.key}
            aria-controls={`${id}-panel`}
            tabIndex={t.key === active.key ? 0 : -1}
            className={t.key === active.key ? "button button-primary" : "button button-secondary"}
            onClick={() => onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active.key}`} tabIndex={0}>
        {active.panel()}
      </div>
    </div>
  );
}
