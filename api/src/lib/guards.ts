/** Request guards that apply to every /api route before any router sees the request. */
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { AppError } from "./errors.ts";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const ACCEPTED_BODIES = /^(application\/([\w.-]+\+)?json|multipart\/form-data)\b/i;
/** The one route that takes a raw file as its body, streamed to storage (imports, decision 0084). */
const RAW_CSV_PATHS = new Set(["/api/auth/imports"]);

/** A request with a body must say it is JSON (or a multipart upload); anything else is 415, not a guess. */
export const requireKnownBody: MiddlewareHandler<AppEnv> = (c, next) => {
  checkKnownBody(c);
  return next();
};

/** `requireKnownBody`'s check alone (app.ts runs the /api checks in one middleware): throws the 415. */
export function checkKnownBody(c: Context<AppEnv>): void {
  if (UNSAFE.has(c.req.method)) {
    // A declared media type must be one we read. Without one, only a declared body is refused: servers hand
    // bodiless DELETEs a (empty) body stream too, so the stream alone proves nothing.
    const type = c.req.header("Content-Type");
    const length = c.req.header("Content-Length");
    const declaresBody = (length !== undefined && length !== "0") ||
      c.req.header("Transfer-Encoding") !== undefined;
    const rawCsv = type !== undefined && /^text\/csv\b/i.test(type) && RAW_CSV_PATHS.has(c.req.path);
    if (type ? !ACCEPTED_BODIES.test(type) && !rawCsv : declaresBody) {
      throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
    }
  }
}

/**
 * Browsers attach the session cookie to cross-site requests too; an unsafe request that another site caused
 * is refused. Requests that carry their own Authorization header cannot be forged that way and pass, as do
 * clients that send neither Origin nor Sec-Fetch-Site (they are not browsers acting for a page).
 */
export const rejectCrossSite: MiddlewareHandler<AppEnv> = (c, next) => {
  checkSameSite(c);
  return next();
};

/** `rejectCrossSite`'s check alone: throws the 403 CROSS_SITE_REQUEST. */
export function checkSameSite(c: Context<AppEnv>): void {
  if (UNSAFE.has(c.req.method) && !c.req.header("Authorization")) {
    const site = c.req.header("Sec-Fetch-Site");
    const origin = c.req.header("Origin");
    const crossSite = site
      ? site !== "same-origin" && site !== "none"
      : origin
      ? !sameOrigin(origin, c)
      : false;
    if (crossSite) {
      throw new AppError("CROSS_SITE_REQUEST", "This request came from another site and was refused.");
    }
  }
}

function sameOrigin(origin: string, c: Context<AppEnv>): boolean {
  try {
    const host = c.req.header("X-Forwarded-Host") && c.get("deps").config.trustProxy
      ? c.req.header("X-Forwarded-Host")
      : c.req.header("Host") ?? new URL(c.req.url).host;
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
