/**
 * The site's address within a request. PUBLIC_URL when it is set (always in production: config.ts
 * productionProblems); otherwise the request's own origin, so a server started on another port issues letters,
 * QR codes and e-mailed links that open on that port. Behind a proxy (TRUST_PROXY=1) the origin is the one the
 * proxy was asked for (X-Forwarded-Proto, X-Forwarded-Host). Outside production only: a Host header is the
 * client's to choose, so a link mailed to someone else could point anywhere.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "./context.ts";

/** A host with an optional port, nothing else (no user info, path or spaces to smuggle into a link). */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

export function requestOrigin(
  url: string,
  header: (name: string) => string | undefined,
  trustProxy: boolean,
): string | undefined {
  // The request's URL is parsed only when no Host header names the host (not on every request).
  const first = (name: string) => header(name)?.split(",")[0]?.trim() || undefined;
  const proto = (trustProxy && first("X-Forwarded-Proto")) || url.slice(0, url.indexOf(":")).toLowerCase();
  const host = (trustProxy && first("X-Forwarded-Host")) || header("Host") || new URL(url).host;
  if (proto !== "http" && proto !== "https") return undefined;
  if (!HOST.test(host)) return undefined;
  return `${proto}://${host}`;
}

/**
 * The deps and config copies made for each origin, kept rather than copied again on every request (a copy of
 * both objects per request was a visible share of a read's CPU). A few origins at most in practice; the Host
 * header is the client's, so the kept copies are bounded.
 */
const withOrigin = new WeakMap<Deps, Map<string, Deps>>();
const MAX_ORIGINS = 16;

function depsWithOrigin(deps: Deps, origin: string): Deps {
  let byOrigin = withOrigin.get(deps);
  if (!byOrigin) withOrigin.set(deps, byOrigin = new Map());
  let found = byOrigin.get(origin);
  if (!found) {
    if (byOrigin.size >= MAX_ORIGINS) byOrigin.clear();
    found = { ...deps, config: { ...deps.config, publicUrl: origin } };
    byOrigin.set(origin, found);
  }
  return found;
}

/** Gives the request's deps a config whose publicUrl is the request's origin, when PUBLIC_URL is unset. */
export const siteUrlFromRequest: MiddlewareHandler<AppEnv> = (c, next) => {
  const deps = c.get("deps");
  if (deps.config.publicUrlFromRequest) {
    const origin = requestOrigin(c.req.url, (name) => c.req.header(name), deps.config.trustProxy);
    if (origin && origin !== deps.config.publicUrl) c.set("deps", depsWithOrigin(deps, origin));
  }
  return next();
};
