/**
 * The one tabs component (issue 23 replaced three: boxed ARIA tabs, underlined link tabs and a row of buttons).
 * WAI-ARIA tabs: a tablist of buttons, arrow keys (and Home/End) move between them, one panel shown and only
 * its content rendered. The chosen tab is kept in the address (`?tab=`, other parameters kept), so Back, a
 * reload and a shared link open the same tab; a screen with its own state passes `current` and `onChange`.
 * On a phone the tabs stay one row that scrolls sideways (styles.css `.tab-list`), the chosen one scrolled into
 * view, never wrapping onto a second or third row.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useSearchParams } from "wouter";

export interface Tab {
  id: string;
  label: string;
  render(): ReactNode;
}

/** The tab named by `?tab=`, or the first when it names none of `tabs`. */
export function useTabParam(tabs: { id: string }[]): string | undefined {
  const [search] = useSearchParams();
  const wanted = search.get("tab");
  return tabs.find((tab) => tab.id === wanted)?.id ?? tabs[0]?.id;
}

export interface TabsProps {
  tabs: Tab[];
  /** The tablist's accessible name, e.g. "Morgan Lee sections". */
  label: string;
  /** Controlled: the chosen tab's id (otherwise `?tab=`). */
  current?: string;
  onChange?(id: string): void;
}

export function Tabs({ tabs, label, current, onChange }: TabsProps) {
  const [, setSearch] = useSearchParams();
  const fromAddress = useTabParam(tabs);
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const chosen = tabs.find((tab) => tab.id === (current ?? fromAddress)) ?? tabs[0];
  const chosenIndex = chosen ? tabs.indexOf(chosen) : -1;

  useEffect(() => {
    buttons.current[chosenIndex]?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [chosenIndex]);

  if (!chosen) return null;

  const choose = (tab: Tab) => {
    if (onChange) return onChange(tab.id);
    // The first tab is the page's own address: no `?tab=` for it.
    setSearch((previous) => {
      if (tab === tabs[0]) previous.delete("tab");
      else previous.set("tab", tab.id);
      return previous;
    }, { replace: true });
  };

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const next = event.key === "ArrowRight"
      ? (index + 1) % tabs.length
      : event.key === "ArrowLeft"
      ? (index + last) % tabs.length
      : event.key === "Home"
      ? 0
      : event.key === "End"
      ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
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
        tabIndex={0}
      >
        {chosen.render()}
      </div>
    </div>
  );
}
