/**
 * Who may call a route. Every /api route starts with `allow(...)`; a test walks the app and fails on any route
 * without it. Administrators pass every role check. Ownership ("only your own record") is not a role: it is a
 * filter in the query, and another member's record answers 404.
 */
import type { Context, MiddlewareHandler } from "hono";
import { authenticate, clientIp } from "../auth/sessions.ts";
import type { Actor, AppEnv, SessionUser } from "./context.ts";
import { AppError } from "./errors.ts";
import { type Role, tag } from "./route.ts";

export function allow(...roles: [Role, ...Role[]]): MiddlewareHandler<AppEnv> {
  // Public routes do not look the caller up: most never need to, and it would cost a query per request.
  if (roles.includes("public")) {
    return tag<MiddlewareHandler<AppEnv>>((_c, next) => next(), { kind: "access", roles });
  }
  return tag<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const found = await authenticate(c);
    if (!found) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    const { user } = found;
    const permitted = user.is_admin || roles.includes("user") || (roles.includes("der") && user.is_der);
    if (!permitted) throw new AppError("FORBIDDEN", "You do not have access to this.");
    c.set("user", user);
    await next();
  }, { kind: "access", roles });
}

/** The signed-in caller, for handlers behind `allow()` with a non-public role. */
export function caller(c: Context<AppEnv>): SessionUser {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return user;
}

/** The caller and the address of the request: who a service audits as acting. */
export function actorOf(c: Context<AppEnv>): Actor {
  return { user: caller(c), ip: clientIp(c) };
}
