/**
 * Who may call a route. Every /api route starts with `allow(...)`; a test walks the app and fails on any route
 * without it. Administrators pass every role check. Ownership ("only your own record") is not a role: it is a
 * filter in the query, and another member's record answers 404.
 */
import type { Context, MiddlewareHandler } from "hono";
import { clientIp } from "./client-ip.ts";
import type { Actor, AppEnv, SessionUser } from "./context.ts";
import { AppError } from "./errors.ts";
import { type Role, tag } from "./route.ts";

export function allow(...roles: [Role, ...Role[]]): MiddlewareHandler<AppEnv> {
  return access(roles, true);
}

/**
 * A signed-in caller whose second factor may still be pending: only the session's own calls (who am I, sign
 * out) and the second-factor calls that complete it (decision 0043). Documented as the role "user".
 */
export function allowBeforeSecondFactor(): MiddlewareHandler<AppEnv> {
  return access(["user"], false);
}

/** Whether the session still owes its second factor: every administrator, and anyone who enrolled one. */
export function secondFactorPending(user: SessionUser): boolean {
  return (user.is_admin || user.has_second_factor) && user.second_factor_at === null;
}

/**
 * A step-up for the most sensitive actions: the second factor must have been verified within the setting
 * SECOND_FACTOR_STEP_UP_SECONDS (by the injected clock). Callers without a second factor (members and DERs who
 * enrolled none) pass: for them there is nothing to ask again. Put it after `allow()`.
 */
export function requireRecentSecondFactor(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = caller(c);
    if (user.is_admin || user.has_second_factor) {
      const { now, config } = c.get("deps");
      const at = user.second_factor_at;
      if (!at || now().getTime() - at.getTime() > config.secondFactorStepUpSeconds * 1000) {
        throw new AppError(
          "STEP_UP_REQUIRED",
          "For this action, please confirm it is you with your second factor again.",
        );
      }
    }
    await next();
  };
}

function access(roles: [Role, ...Role[]], needsSecondFactor: boolean): MiddlewareHandler<AppEnv> {
  // Public routes do not look the caller up: most never need to, and it would cost a query per request.
  if (roles.includes("public")) {
    return tag<MiddlewareHandler<AppEnv>>((_c, next) => next(), { kind: "access", roles });
  }
  return tag<MiddlewareHandler<AppEnv>>(async (c, next) => {
    const found = await c.get("deps").authenticate(c);
    if (!found) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
    const { user } = found;
    const permitted = user.is_admin || roles.includes("user") || (roles.includes("der") && user.is_der);
    if (!permitted) throw new AppError("FORBIDDEN", "You do not have access to this.");
    if (needsSecondFactor && secondFactorPending(user)) {
      throw user.has_second_factor
        ? new AppError("SECOND_FACTOR_REQUIRED", "Please confirm your sign-in with your second factor.")
        : new AppError(
          "SECOND_FACTOR_ENROLMENT_REQUIRED",
          "Administrators sign in with a second factor. Please set up a passkey or an authenticator app.",
        );
    }
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
