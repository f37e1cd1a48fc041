/**
 * The Admin Notification Center (admin spec §2): the categories with their badges on the left (behind a toggle
 * on small screens), the chosen category's Open or Archived list on the right, at most 800px high and
 * scrollable, with Load More.
 */
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { LoadError } from "../../components/load-error.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useResource } from "../../lib/use-resource.ts";
import type { NotificationCategory } from "@api/contract";
import { NotificationCard } from "./notification-cards.tsx";
import { badge } from "./badge.ts";
import {
  CATEGORY_LIST,
  fetchCounts,
  fetchList,
  NOTIFICATION_COUNTS_KEY,
  notificationsKey,
} from "./notifications-api.ts";

export function NotificationCenter() {
  const [category, setCategory] = useState<NotificationCategory>("registration");
  const [archived, setArchived] = useState(false);
  const [pages, setPages] = useState(1);
  const [menuOpen, setMenuOpen] = useState(false);
  const counts = useResource(NOTIFICATION_COUNTS_KEY, fetchCounts);
  const list = useResource(
    notificationsKey(category, archived, pages),
    (signal) => fetchList(category, archived, pages, signal),
  );
  const label = CATEGORY_LIST.find((c) => c.id === category)!.label;
  const choose = (c: NotificationCategory) => {
    setCategory(c);
    setPages(1);
    setMenuOpen(false);
  };
  const tab = (value: boolean, text: string) => (
    <Button
      variant={archived === value ? "primary" : "secondary"}
      aria-pressed={archived === value}
      onClick={() => {
        setArchived(value);
        setPages(1);
      }}
    >
      {text}
    </Button>
  );

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
        <div className="notification-panel">
          <h4 className="visually-hidden">{label}</h4>
          <div className="notification-tabs" role="group" aria-label="Open or archived">
            {tab(false, "Open")}
            {tab(true, "Archived")}
          </div>
          <div className="notification-list" tabIndex={0} role="region" aria-label={`${label} list`}>
            {list.loading && !list.data ? <Skeleton label="Loading notifications…" /> : list.error
              ? (
                <LoadError
                  title="Notifications could not be loaded"
                  error={list.error}
                  onRetry={list.reload}
                />
              )
              : !list.data?.entries.length
              ? <p className="empty-state">No {archived ? "archived" : "open"} notifications</p>
              : (
                <>
                  {list.data.entries.map((e) => (
                    <NotificationCard key={`${e.kind}-${e.item.id}`} entry={e} open={!archived} />
                  ))}
                  {list.data.entries.length < list.data.total && (
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
    </section>
  );
}
