/**
 * The audit rule of docs/decisions/0044-audit-and-limits.md, held for every route at once rather than by each
 * handler remembering it: once a request has been answered, a call that must leave an audit row and left none
 * gets one here, naming the caller, the route and its path parameters, the status, the address and the request
 * id (lib/audit.ts reads the last two from the request). The calls that must leave one, read off the route table:
 *
 * - every call of an administrator-only route (`allow("admin")`) that reached it, whatever its outcome, since a
 *   refused attempt at an administrator action is worth tracing too, except the few pure reads of data about no
 *   person listed in UNAUDITED_READS;
 * - every successful download (a route whose description `produces` a file), whoever calls it;
 * - every successful change (any method but GET and HEAD) an administrator makes through any other route.
 *
 * A handler or service that audits its action itself (in the same transaction as the change) writes the one
 * row and this writes none; api/src/audit-per-route.test.ts calls every administrator route and fails on any
 * change that relies on this row instead of its own.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { audit } from "./audit.ts";
import { routeOf } from "./logging.ts";
import { currentRequest } from "./request-context.ts";
import type { DescribedRoute } from "./openapi.ts";

/**
 * Administrator reads of data about no person: counts and aggregates the dashboard polls. Each is a GET (the
 * audit test checks it); keep this list small, and never put a read of a person's or a test's data here.
 */
export const UNAUDITED_READS: ReadonlySet<string> = new Set([
  // The badge count of the notification bell, polled by every administrator screen.
  "GET /api/auth/notifications/count",
  // Aggregate counts of the dashboard: numbers of members, companies, tests and outcomes, no one named.
  "GET /api/auth/stats/overview",
  "GET /api/auth/stats/memberships/consortium",
  "GET /api/auth/stats/memberships/decomposition",
  "GET /api/auth/stats/one-time",
  "GET /api/auth/stats/randoms",
  // The published random-testing rates of a year.
  "GET /api/auth/random-rates/:year",
]);

/** Action names of the rows written here. */
export const GUARD_ACTIONS = {
  admin: "admin.request",
  download: "download",
  change: "admin.change",
} as const;

export type RouteTable = () => ReadonlyMap<string, DescribedRoute>;

/** Which row a call needs when its handler wrote none, or null when it needs none. */
export function guardAction(
  route: DescribedRoute | undefined,
  method: string,
  status: number,
  isAdmin: boolean,
): string | null {
  if (!route) return null;
  const key = `${method} ${route.path}`;
  const adminOnly = !!route.access?.length && route.access.every((r) => r === "admin");
  if (adminOnly) return UNAUDITED_READS.has(key) ? null : GUARD_ACTIONS.admin;
  if (status >= 400) return null;
  if (route.doc?.produces) return GUARD_ACTIONS.download;
  if (isAdmin && method !== "GET" && method !== "HEAD") return GUARD_ACTIONS.change;
  return null;
}

export function auditGuard(routes: RouteTable): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const user = c.get("user");
    const scope = currentRequest();
    if (!user || !scope || scope.audited > 0) return;
    const pattern = routeOf(c);
    const method = c.req.method;
    const action = guardAction(routes().get(`${method} ${pattern}`), method, c.res.status, user.is_admin);
    if (!action) return;
    await audit(c.get("deps").database.db, {
      actor: user.user_id,
      action,
      entity: "route",
      entityId: `${method} ${pattern}`,
      detail: { params: c.req.param() as Record<string, string>, status: c.res.status },
    });
  };
}
