/**
 * The detail screens' tabs (admin spec §2: Details, Employees, …) as links that keep the chosen tab in the
 * address (?tab=employees), so Back and a shared link open the same tab. Plain links with aria-current are
 * simpler for every reader than an ARIA tablist, and each tab's content loads only when shown.
 */
import { Link, useSearchParams } from "wouter";

export interface Tab {
  id: string;
  label: string;
}

/** The tab named in the address, or the first one when it names none of `tabs`. */
export function useTab(tabs: Tab[]): string {
  const [search] = useSearchParams();
  const wanted = search.get("tab");
  return tabs.find((tab) => tab.id === wanted)?.id ?? tabs[0].id;
}

/** `base` may carry its own query (the employee's ?business=); the tab is added to it. */
export function LinkTabs({ tabs, current, base, label }: {
  tabs: Tab[];
  current: string;
  base: string;
  label: string;
}) {
  return (
    <nav className="link-tabs" aria-label={label}>
      <ul>
        {tabs.map((tab, index) => (
          <li key={tab.id}>
            <Link
              href={index === 0 ? base : `${base}${base.includes("?") ? "&" : "?"}tab=${tab.id}`}
              aria-current={tab.id === current ? "page" : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
