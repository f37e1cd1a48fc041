/**
 * Tabs (WAI-ARIA tabs pattern): a tablist of buttons, arrow keys move between them, one panel shown. The
 * chosen tab is kept in the address (`?tab=`), so Back, a reload and a shared link open the same tab.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { useSearchParams } from "wouter";

export interface Tab {
  id: string;
  label: string;
  render(): ReactNode;
}

export function Tabs({ tabs, label }: { tabs: Tab[]; label: string }) {
  const [search, setSearch] = useSearchParams();
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = tabs.find((tab) => tab.id === search.get("tab")) ?? tabs[0];
  if (!chosen) return null;

  const choose = (tab: Tab) =>
    setSearch((previous) => {
      previous.set("tab", tab.id);
      return previous;
    }, { replace: true });

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    choose(tabs[next]);
    buttons.current[next]?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-${tab.id}-tab`}
            aria-selected={tab === chosen}
            aria-controls={`${base}-${tab.id}-panel`}
            tabIndex={tab === chosen ? 0 : -1}
            className="tab"
            onClick={() => choose(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-${chosen.id}-panel`}
        aria-labelledby={`${base}-${chosen.id}-tab`}
        className="tab-panel"
      >
        {chosen.render()}
      </div>
    </div>
  );
}
