/** The address a request came from, for the per-address limits and the audit (moved from auth, decision 0083). */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * The caller's address: the socket's, or with TRUST_PROXY=1 the last X-Forwarded-For entry, the one our proxy
 * appended. Earlier entries are whatever the client sent, so trusting the first would let a client pick a new
 * address for every attempt and walk past the per-address limits.
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.get("deps").config.trustProxy) {
    const forwarded = c.req.header("X-Forwarded-For")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const info = (c.env as { remoteAddr?: { hostname?: string } } | undefined)?.remoteAddr;
  return info?.hostname ?? "local";
}
