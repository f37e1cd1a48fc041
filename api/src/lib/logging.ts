/**
 * Structured logs: one JSON object a line on stdout, which every host's log collector reads. Each request
 * writes one line with its request id, the signed-in user's id, the method, the route *pattern* (never the
 * path, whose segments can carry tokens), the status and the time taken. Nothing from the query string, the
 * headers or the body is ever logged, so a password, a token, a card or an SSN cannot reach the logs through
 * here (checked by logging.test.ts).
 */
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./context.ts";
import { writeLogLine } from "./log-writer.ts";

export type LogEntry = Record<string, string | number | boolean | null>;
export type Log = (entry: LogEntry) => void;

/** With WORKERS above 1: this thread's worker number, in every line it logs (decision 0094). */
let worker: { worker: number } | Record<never, never> = {};

/** Marks this thread's lines with its worker number (1 to WORKERS); main.ts and worker.ts call it. */
export function setLogWorker(n: number): void {
  worker = { worker: n };
}

let lastMs = Number.NaN;
let lastTime = "";

/**
 * The time of a log line (wall clock, ISO 8601 to the millisecond). Formatted once per millisecond: under load
 * many lines share one, and `toISOString` cost about as much as the rest of the line.
 */
export function logTime(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastTime = new Date(ms).toISOString();
  }
  return lastTime;
}

/** The server's log: one JSON line a call on stdout (written in batches, log-writer.ts). */
export const jsonLog: Log = (entry) => writeLogLine(JSON.stringify({ time: logTime(), ...worker, ...entry }));

export const silentLog: Log = () => {};

/** The route pattern a request matched, or "*" when only the web app's fallback did (bounded, for metrics). */
export function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const pattern = routePath(c);
  return pattern.startsWith("/api/") && !pattern.endsWith("*")
    ? pattern
    : c.req.path.startsWith("/api/")
    ? "/api/*"
    : "*";
}

/** Logs and counts every request once it has been answered (errors included: onError has run by then). */
export const observeRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  await next();
  const deps = c.get("deps");
  const ms = performance.now() - started;
  const route = routeOf(c);
  const status = c.res.status;
  deps.metrics.observeRequest(c.req.method, route, status, ms / 1000);
  deps.log({
    level: status >= 500 ? "error" : "info",
    event: "request",
    request_id: c.get("requestId"),
    user_id: c.get("user")?.user_id ?? null,
    method: c.req.method,
    route,
    status,
    ms: Math.round(ms * 10) / 10,
  });
};
