/**
 * Which errors mean "the database is not answering" rather than "this request is wrong" or "our code is
 * wrong": they become 503 DATABASE_UNAVAILABLE (lib/errors.ts), the answer a client may simply retry, instead of
 * a 500 that asks people to quote a request id (docs/decisions/0016-database-outages.md).
 */

/** postgres.js's own connection errors and the operating system's socket errors. */
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that is going away, starting, full or too slow: connection exceptions (class 08),
 * admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, and query_canceled (which the
 * statement timeout raises; this server never cancels queries otherwise).
 */
const SERVER_STATES = new Set(["57P01", "57P02", "57P03", "53300", "57014"]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === "object" && depth < 3; e = (e as Error).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    if (CONNECTION_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith("08")) return true;
  }
  return false;
}
