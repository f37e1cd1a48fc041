/**
 * Limits of the HTTP layer, answered in the error model (docs/decisions/0044-audit-and-limits.md): an address
 * longer than MAX_URL_BYTES is a 414 URI_TOO_LONG and request headers larger than MAX_HEADER_BYTES together are
 * a 431 HEADERS_TOO_LARGE, before any router runs. Both sit well below what Deno's HTTP server itself accepts
 * (it drops a request head past about 64 kB with a bare 400 that no application code sees), so every request
 * that reaches this server gets its refusal as `{ error, code }`. A body is bounded by BODY_LIMIT (app.ts) or
 * its route's own limit (route.ts `bodyLimitOf`), answered 413 PAYLOAD_TOO_LARGE.
 */
import type { MiddlewareHandler } from "hono";
import { AppError } from "./errors.ts";

export const MAX_URL_BYTES = 8 * 1024;
export const MAX_HEADER_BYTES = 16 * 1024;

export const HTTP_LIMIT_MESSAGES = {
  urlTooLong:
    `The address is too long (at most ${MAX_URL_BYTES} characters); send long input in a request body.`,
  headersTooLarge: `The request headers are too large (at most ${MAX_HEADER_BYTES} bytes together).`,
} as const;

/**
 * The size of the headers as sent: each name, value and the ": " and line break around them. `forEach`, not
 * `for...of`: Deno's Headers iterator sorts the whole header list again on every step, so iterating a
 * browser's dozen headers cost tens of microseconds per request; `forEach` visits the same pairs from one sort.
 */
export function headerBytes(headers: Headers): number {
  let total = 0;
  headers.forEach((value, name) => {
    total += name.length + value.length + 4;
  });
  return total;
}

export const refuseOversizedHead: MiddlewareHandler = (c, next) => {
  // The full URL is never shorter than its path and query, so only a long one is parsed (not every request).
  const href = c.req.url;
  if (href.length > MAX_URL_BYTES) {
    const url = new URL(href);
    if (url.pathname.length + url.search.length > MAX_URL_BYTES) {
      throw new AppError("URI_TOO_LONG", HTTP_LIMIT_MESSAGES.urlTooLong);
    }
  }
  if (headerBytes(c.req.raw.headers) > MAX_HEADER_BYTES) {
    throw new AppError("HEADERS_TOO_LARGE", HTTP_LIMIT_MESSAGES.headersTooLarge);
  }
  return next();
};
