/**
 * The one route table. Every screen of both specifications has a row: its path (wouter pattern), its title
 * (the <h1>, the document title and its breadcrumb label) and its lazily loaded page. Every row is made by
 * `page()` (routes/page.tsx), so a screen is a file under features/<domain>/ and its loader in its area's
 * file: routes/public.ts, routes/member.ts, routes/admin.ts. Order matters inside a table:
 * `/new` before `/:id`.
 * Breadcrumbs are derived from this table (see crumbs.ts): each path prefix that is itself a row is a crumb.
 */
import type { AppRoute } from "./routes/page.tsx";
import { ADMIN_ROUTES } from "./routes/admin.ts";
import { MEMBER_ROUTES } from "./routes/member.ts";
import { PUBLIC_ROUTES } from "./routes/public.ts";

export type { AppRoute };
export { PUBLIC_ROUTES };

export const APP_ROUTES: AppRoute[] = [...MEMBER_ROUTES, ...ADMIN_ROUTES];
