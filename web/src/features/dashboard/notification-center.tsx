/**
 * The Admin Notification Center (admin spec §2, issue 24): the categories with their badges on the left (behind
 * a toggle on small screens), the chosen category's Open or Archived list on the right, at most 800px high and
 * scrollable, with Load More. The category is kept in the address (`?category=`), so the review screens come
 * back to it; the list is searched and filtered (words, type, date range), newest first; cards are chosen for
 * a bulk archive (or, for changes that applied at once, a bulk approve) confirmed with its count; J/K move
 * between cards, X chooses one, E archives the focused card, / goes to the search.
 */
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../../components/button.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { toast } from "../../lib/toast.ts";
import { errorMessage } from "../../lib/form.ts";
import { useResource } from "../../lib/use-resource.ts";
import type { NotificationCategory } from "@api/contract";
import { NotificationCard } from "./notification-cards.tsx";
import { badge } from "./badge.ts";
import {
  bulkAct,
  CATEGORY_LIST,
  type Entry,
  fetchCounts,
  fetchList,
  type Filters,
  NO_FILTERS,
  NOTIFICATION_COUNTS_KEY,
  notificationsKey,
  TYPE_LABELS,
} from "./notifications-api.ts";

const isCategory = (v: string | null): v is NotificationCategory => CATEGORY_LIST.some((c) => c.id === v);

/** A change that applied when it was made needs no judgement: it can be approved in bulk. */
const approvable = (e: Entry) =>
  e.kind === "notification" && e.item.attributes.approved === null &&
  ["UPDATE_USER", "UPDATE_BUSINESS", "NEW_VESSEL", "UPDATE_VESSEL"].includes(e.item.attributes.type) &&
  (e.item.attributes.meta as { awaiting_approval?: boolean }).awaiting_approval === false;

export function NotificationCenter() {
  const [params, setParams] = useSearchParams();
  const category: NotificationCategory = isCategory(params.get("category"))
    ? params.get("category") as NotificationCategory
    : "registration";
  const [archived, setArchived] = useState(false);
  const [pages, setPages] = useState(1);
  const [menuOpen, setMenuOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [bulk, setBulk] = useState<"archive" | "approve" | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const counts = useResource(NOTIFICATION_COUNTS_KEY, fetchCounts);
  const list = useResource(
    notificationsKey(category, archived, pages, filters),
    (signal) => fetchList(category, archived, pages, signal, filters),
  );
  const label = CATEGORY_LIST.find((c) => c.id === category)!.label;
  const types = CATEGORY_LIST.find((c) => c.id === category)!.types?.split(",") ?? [];

  // The search applies as one types, a moment after the last key, and only a new search starts again at page 1:
  // the first render's timer (nothing typed) reset the pages too, dropping a Load More made in its first quarter
  // second (issue 37).
  useEffect(() => {
    if (typed === filters.q) return;
    const timer = setTimeout(() => {
      setFilters((f) => (f.q === typed ? f : { ...f, q: typed }));
      setPages(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const reset = () => {
    setPages(1);
    setChosen(new Set());
  };
  const choose = (c: NotificationCategory) => {
    setParams((p) => {
      p.set("category", c);
      return p;
    }, { replace: true });
    setFilters((f) => ({ ...f, type: "" }));
    reset();
    setMenuOpen(false);
  };
  const filter = (patch: Partial<Filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    reset();
  };
  const tab = (value: boolean, text: string) => (
    <Button
      variant={archived === value ? "primary" : "secondary"}
      aria-pressed={archived === value}
      onClick={() => {
        setArchived(value);
        reset();
      }}
    >
      {text}
    </Button>
  );

  const entries = list.data?.entries ?? [];
  const chosenEntries = entries.filter((e) => chosen.has(e.item.id));
  const toggle = (id: number) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allChosen = entries.length > 0 && entries.every((e) => chosen.has(e.item.id));

  async function runBulk() {
    if (!bulk) return;
    const ids = (bulk === "approve" ? chosenEntries.filter(approvable) : chosenEntries).map((e) => e.item.id);
    setBulkBusy(true);
    try {
      toast.success(await bulkAct(bulk, ids));
      setChosen(new Set());
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBulkBusy(false);
      setBulk(null);
    }
  }

  /** J/K (or arrows) move between cards, X chooses the focused card, E archives it, / searches. */
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = event.target as HTMLElement;
    if (["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || event.metaKey || event.ctrlKey) return;
    const cards = [...(listRef.current?.querySelectorAll<HTMLElement>("article.notification") ?? [])];
    const current = cards.findIndex((c) => c.contains(document.activeElement));
    const key = event.key.toLowerCase();
    if (key === "j" || key === "k") {
      event.preventDefault();
      const next = Math.max(0, Math.min(cards.length - 1, current + (key === "j" ? 1 : -1)));
      cards[next]?.focus();
    } else if (key === "/") {
      event.preventDefault();
      search.current?.focus();
    } else if (current >= 0 && key === "x") {
      event.preventDefault();
      cards[current].querySelector<HTMLInputElement>("input.choose")?.click();
    } else if (current >= 0 && key === "e") {
      event.preventDefault();
      [...cards[current].querySelectorAll<HTMLButtonElement>("button")].find((b) =>
        b.textContent === "Archive"
      )
        ?.click();
    }
  }

  const approveCount = chosenEntries.filter(approvable).length;

  return (
    <section className="notification-center" aria-labelledby="notification-center">
      <h3 id="notification-center">Notifications</h3>
      <div className="notification-layout">
        <nav aria-label="Notification categories" className="notification-nav">
          <Button
            variant="secondary"
            className="notification-nav-toggle"
            aria-expanded={menuOpen}
            aria-controls="notification-categories"
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {label} {menuOpen ? "▴" : "▾"}
          </Button>
          <ul id="notification-categories" className={menuOpen ? "categories categories-open" : "categories"}>
            {CATEGORY_LIST.map((c) => {
              const n = counts.data?.[c.id];
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className="category"
                    aria-current={c.id === category ? "true" : undefined}
                    onClick={() => choose(c.id)}
                  >
                    <span>{c.label}</span>
                    {n !== undefined && (
                      <span className="count-badge" aria-label={`${n} open`}>{badge(n)}</span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="notification-panel" onKeyDown={onKeyDown}>
          <h4 className="visually-hidden">{label}</h4>
          <div className="notification-tabs" role="group" aria-label="Open or archived">
            {tab(false, "Open")}
            {tab(true, "Archived")}
          </div>
          <form className="notification-filters" role="search" onSubmit={(e) => e.preventDefault()}>
            <label>
              <span>Search</span>
              <input
                ref={search}
                type="search"
                name="q"
                value={typed}
                placeholder="Name, e-mail, member number, company"
                onChange={(e) => setTyped(e.target.value)}
              />
            </label>
            {types.length > 1 && (
              <label>
                <span>Type</span>
                <select name="type" value={filters.type} onChange={(e) => filter({ type: e.target.value })}>
                  <option value="">All types</option>
                  {types.map((t) => <option key={t} value={t}>{TYPE_LABELS[t] ?? t}</option>)}
                </select>
              </label>
            )}
            <label>
              <span>From</span>
              <input
                type="date"
                name="from"
                value={filters.from}
                onChange={(e) => filter({ from: e.target.value })}
              />
            </label>
            <label>
              <span>To</span>
              <input
                type="date"
                name="to"
                value={filters.to}
                onChange={(e) => filter({ to: e.target.value })}
              />
            </label>
            {(typed || filters.type || filters.from || filters.to) && (
              <Button
                variant="secondary"
                onClick={() => {
                  setTyped("");
                  filter(NO_FILTERS);
                }}
              >
                Clear filters
              </Button>
            )}
          </form>
          {!archived && entries.length > 0 && (
            <div className="bulk-bar" role="group" aria-label="Bulk actions">
              <label className="choose-all">
                <input
                  type="checkbox"
                  checked={allChosen}
                  onChange={() =>
                    setChosen(
                      allChosen ? new Set() : new Set(entries.map((e) =>
                        e.item.id
                      )),
                    )}
                />{" "}
                Choose all shown
              </label>
              <span aria-live="polite">{chosen.size} chosen</span>
              {category === "changes" && (
                <Button
                  variant="secondary"
                  disabled={approveCount === 0}
                  onClick={() => setBulk("approve")}
                >
                  Approve applied changes ({approveCount})
                </Button>
              )}
              <Button variant="secondary" disabled={chosen.size === 0} onClick={() => setBulk("archive")}>
                Archive chosen ({chosen.size})
              </Button>
            </div>
          )}
          <p className="keyboard-help">
            Keyboard: <kbd>J</kbd>/<kbd>K</kbd> next/previous card, <kbd>X</kbd> choose, <kbd>E</kbd> archive,
            {" "}
            <kbd>/</kbd> search. On a review screen: <kbd>A</kbd> approve, <kbd>D</kbd> decline, <kbd>E</kbd>
            {" "}
            archive, <kbd>N</kbd> next.
          </p>
          <div
            ref={listRef}
            className="notification-list"
            tabIndex={0}
            role="region"
            aria-label={`${label} list`}
          >
            {list.loading && !list.data ? <Skeleton label="Loading notifications…" /> : list.error
              ? (
                <LoadError
                  title="Notifications could not be loaded"
                  error={list.error}
                  onRetry={list.reload}
                />
              )
              : !entries.length
              ? <p className="empty-state">No {archived ? "archived" : "open"} notifications</p>
              : (
                <>
                  {entries.map((e) => (
                    <NotificationCard
                      key={`${e.kind}-${e.item.id}`}
                      entry={e}
                      open={!archived}
                      category={category}
                      chosen={chosen.has(e.item.id)}
                      onChoose={archived ? undefined : () => toggle(e.item.id)}
                    />
                  ))}
                  {entries.length < list.data!.total && (
                    <Button
                      variant="secondary"
                      busy={list.loading}
                      busyLabel="Loading…"
                      onClick={() => setPages(pages + 1)}
                    >
                      Load More
                    </Button>
                  )}
                </>
              )}
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={bulk !== null}
        title={bulk === "approve"
          ? `Approve ${approveCount} applied change${approveCount === 1 ? "" : "s"}?`
          : `Archive ${chosen.size} notification${chosen.size === 1 ? "" : "s"}?`}
        confirmLabel={bulk === "approve" ? `Approve ${approveCount}` : `Archive ${chosen.size}`}
        busyLabel="Working…"
        busy={bulkBusy}
        destructive={bulk === "archive"}
        onClose={() => setBulk(null)}
        onConfirm={runBulk}
      >
        <p>
          {bulk === "approve"
            ? "These changes took effect when they were made; approving records it and tells each member."
            : "Archived notifications leave the open list; nothing they report is undone."}{" "}
          One another administrator processed first is skipped and counted.
        </p>
      </ConfirmDialog>
    </section>
  );
}
