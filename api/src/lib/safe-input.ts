/**
 * Input that cannot reach the database wrongly. PostgreSQL refuses a NUL character in text and jsonb, and a
 * lone UTF-16 surrogate is not text at all (it cannot be encoded as UTF-8): either one used to surface as a 500
 * from deep inside a query. Two checks, so no route has to remember them: `refuseUnsafeUrl` runs on every /api
 * request (path and query string), and `validate()` (route.ts) calls `refuseUnsafeBody` on every JSON body
 * before the route's schema runs. A JSON body must also be an object: `null`, a number or an array is a 422
 * here rather than a property read on null somewhere later.
 *
 * The walk is iterative: a body nested thousands deep (well inside the body limit) must not overflow the stack.
 */
import type { Context, MiddlewareHandler } from "hono";
import { AppError, type Issue } from "./errors.ts";

export const SAFE_INPUT_MESSAGES = {
  notObject: "The request body must be a JSON object.",
  nul: "must not contain a NUL character",
  unpaired: "must be valid Unicode text (it contains an unpaired surrogate)",
} as const;

/** Why `text` cannot be stored, or null when it can. */
export function unsafeText(text: string): string | null {
  if (text.includes("\u0000")) return SAFE_INPUT_MESSAGES.nul;
  if (!text.isWellFormed()) return SAFE_INPUT_MESSAGES.unpaired;
  return null;
}

/** Every string (and object key) in `value` that cannot be stored, with the path of the value holding it. */
export function unsafeStrings(value: unknown): Issue[] {
  const issues: Issue[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length && issues.length < 20) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      const why = unsafeText(item);
      if (why) issues.push({ path, message: `${path || "The value"} ${why}.` });
    } else if (Array.isArray(item)) {
      item.forEach((v, i) => stack.push([v, path ? `${path}.${i}` : String(i)]));
    } else if (item && typeof item === "object") {
      for (const [key, v] of Object.entries(item)) {
        const why = unsafeText(key);
        // The key itself is not repeated in the answer: it is what cannot be shown.
        if (why) issues.push({ path, message: `A field name in ${path || "the body"} ${why}.` });
        else stack.push([v, path ? `${path}.${key}` : key]);
      }
    }
  }
  return issues;
}

/**
 * Throws a 422 when a JSON body is not an object or holds text that cannot be stored. `value` is undefined
 * when the request has no JSON body (the route's schema then decides).
 */
export function refuseUnsafeBody(value: unknown): void {
  if (value === undefined) return;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new AppError("VALIDATION_FAILED", SAFE_INPUT_MESSAGES.notObject, [
      { path: "", message: SAFE_INPUT_MESSAGES.notObject },
    ]);
  }
  refuse(unsafeStrings(value));
}

/**
 * The path and query string of every /api request, decoded as the routers see them. Checked before any router
 * runs, since some work (an Idempotency-Key claim records the path) happens before a route validates its
 * parameters.
 */
export const refuseUnsafeUrl: MiddlewareHandler = (c, next) => {
  checkSafeUrl(c);
  return next();
};

/** `refuseUnsafeUrl`'s check alone (app.ts runs the /api checks in one middleware): throws the 422. */
export function checkSafeUrl(c: Context): void {
  const pathProblem = unsafeText(c.req.path);
  if (pathProblem) refuse([{ path: "path", message: `The address ${pathProblem}.` }]);
  // Without a query string there is nothing more to decode (most requests).
  if (c.req.url.includes("?")) refuse(unsafeStrings(c.req.queries()));
}

function refuse(issues: Issue[]): void {
  if (issues.length) throw new AppError("VALIDATION_FAILED", issues[0].message, issues);
}
