/**
 * The administrators' header search (issue 24 item 4, decision 0070): users, companies and orders as the
 * administrator types. The WAI-ARIA combobox pattern with a grouped listbox: ↓/↑ move through the results,
 * Enter opens the highlighted record (the first when none is), Escape closes the list (and clears the box when
 * it is already closed). Typing waits 200 ms after the last key, and a newer text cancels the request in flight,
 * so a slow answer never replaces a newer one.
 */
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { useLocation } from "wouter";
import { useSignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { errorMessage } from "../../lib/form.ts";
import { type Hit, hitsOf, SEARCH_MIN, searchAll } from "./api.ts";
import "./header-search.css";

const DEBOUNCE_MS = 200;

type State =
  | { kind: "idle" }
  | { kind: "loading"; hits: Hit[] }
  | { kind: "done"; hits: Hit[] }
  | { kind: "error"; message: string };

export default function HeaderSearch() {
  useSignals();
  const id = useId();
  const listId = `${id}-list`;
  const text = useSignal("");
  const open = useSignal(false);
  const active = useSignal(-1);
  const state = useSignal<State>({ kind: "idle" });
  const [, navigate] = useLocation();
  const input = useRef<HTMLInputElement>(null);

  // The request of the latest text only: a newer text (or closing) aborts the one in flight.
  useEffect(() => {
    const q = text.value.trim();
    if (q.length < SEARCH_MIN) {
      state.value = { kind: "idle" };
      return;
    }
    const controller = new AbortController();
    const previous = state.value.kind === "done" || state.value.kind === "loading" ? state.value.hits : [];
    state.value = { kind: "loading", hits: previous };
    const timer = setTimeout(async () => {
      try {
        const result = await searchAll(q, controller.signal);
        if (controller.signal.aborted) return;
        state.value = { kind: "done", hits: hitsOf(result) };
        active.value = -1;
      } catch (error) {
        if (controller.signal.aborted) return;
        state.value = { kind: "error", message: errorMessage(error) };
      }
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text.value]);

  const hits = state.value.kind === "done" || state.value.kind === "loading" ? state.value.hits : [];
  // The popup shows while the box has focus and enough text; the listbox exists only with results (an empty
  // listbox is not a valid one), and the combobox is expanded exactly when it does.
  const showing = open.value && text.value.trim().length >= SEARCH_MIN;
  const expanded = showing && hits.length > 0;

  function go(hit: Hit) {
    open.value = false;
    text.value = "";
    active.value = -1;
    navigate(hit.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      open.value = true;
      if (!hits.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      active.value = (active.value + step + hits.length) % hits.length;
      if (active.value < 0) active.value = hits.length - 1;
    } else if (event.key === "Enter") {
      const hit = hits[active.value] ?? (state.value.kind === "done" ? hits[0] : undefined);
      if (hit && showing) {
        event.preventDefault();
        go(hit);
      }
    } else if (event.key === "Escape") {
      if (open.value && text.value) {
        // A search box's own Escape clears it: the first Escape only closes the list, the text stays.
        event.preventDefault();
        open.value = false;
        active.value = -1;
      } else text.value = "";
    }
  }

  const activeHit = expanded ? hits[active.value] : undefined;
  const status = state.value.kind === "loading" && !hits.length
    ? "Searching…"
    : state.value.kind === "error"
    ? state.value.message
    : state.value.kind === "done" && !hits.length
    ? "No users, companies or orders match."
    : state.value.kind === "done"
    ? `${hits.length} result${hits.length === 1 ? "" : "s"}`
    : "";
  const groups = (["Users", "Companies", "Orders"] as const)
    .map((group) => ({ group, items: hits.map((h, i) => ({ h, i })).filter(({ h }) => h.group === group) }))
    .filter((g) => g.items.length);

  return (
    <div className="header-search" role="search" aria-label="Find a record">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        Find a user, company or order
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        className="header-search-input"
        placeholder="Name, e-mail, EIN, order no."
        autoComplete="off"
        spellCheck={false}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={activeHit?.key}
        value={text.value}
        onChange={(e) => {
          text.value = e.currentTarget.value;
          open.value = true;
        }}
        onFocus={() => (open.value = true)}
        onBlur={() => (open.value = false)}
        onKeyDown={onKeyDown}
      />
      <div className="header-search-popup" hidden={!showing}>
        {expanded && (
          <div role="listbox" id={listId} aria-label="Matches" className="header-search-list">
            {groups.map(({ group, items }) => (
              <div role="group" key={group} aria-labelledby={`${id}-${group}`}>
                <div role="presentation" id={`${id}-${group}`} className="header-search-group">{group}</div>
                {items.map(({ h, i }) => (
                  <div
                    key={h.key}
                    id={h.key}
                    role="option"
                    aria-selected={i === active.value}
                    className="header-search-option"
                    // Keep the focus in the box: the blur would close the list before the click lands.
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() =>
                      go(h)}
                    onMouseEnter={() => (active.value = i)}
                  >
                    <span className="header-search-title">{h.title}</span>
                    <span className="header-search-detail">{h.detail}</span>
                  </div>
                ))}
              </div>
            ))}
          </div>
        )}
        <p className="header-search-status" aria-live="polite">{status}</p>
      </div>
    </div>
  );
}
