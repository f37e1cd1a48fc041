import type { Crumb } from "../components/breadcrumbs.tsx";
import type { AppRoute } from "./routes.tsx";

/**
 * Derives a page's breadcrumb trail from the route table: every prefix of its pattern that is itself a
 * route becomes a crumb, with the current params filled in. So /app/admin/users/:id/membership/pause gives
 * Dashboard › Users › User Details › Pause Membership, and new rows never need breadcrumb code.
 */
export function trailFor(routes: AppRoute[], pattern: string, params: PageParams): Crumb[] {
  const byPath = new Map(routes.map((row) => [row.path, row]));
  const segments = pattern.split("/").filter(Boolean);
  const trail: Crumb[] = [];
  for (let length = 0; length <= segments.length; length++) {
    const prefix = "/" + segments.slice(0, length).join("/");
    const row = byPath.get(prefix);
    if (row) trail.push({ label: row.title, href: fillParams(prefix, params) });
  }
  return trail;
}

type PageParams = Partial<Record<string, string>>;

function fillParams(pattern: string, params: PageParams): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
}
