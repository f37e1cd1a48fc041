/**
 * Where the routine log lines go (REQUEST_LOG, config.ts): a local start is not drowned by a JSON line per
 * request, and a host's log collector still gets them when asked (the default with APP_ENV=production). The
 * routine lines are each answered request (logging.ts observeRequests) and each job that finished
 * (lib/jobs.ts); every other line (a failed job, shutdown, warnings, errors) stays on the base log.
 */
import { dirname } from "node:path";
import type { RequestLogMode } from "../config.ts";
import { type Log, type LogEntry, logTime } from "./logging.ts";
import { lineBatcher, retireBatcher } from "./log-writer.ts";

export interface RequestLogSink {
  log: Log;
  /** Flushes and closes the file, stops the summary timer. */
  close(): void;
  /** Where the request lines go, for the start banner. */
  describe: string;
}

export interface RequestLogOptions {
  mode: RequestLogMode;
  file: string;
  /** The log every other line goes to (and the summary, and the request lines with `stdout`). */
  base: Log;
  /** Milliseconds between two summary lines (60 s unless given). */
  summaryEveryMs?: number;
}

/** A line the sink routes: an answered request, or a job that finished. */
export const isRoutine = (entry: LogEntry) =>
  entry.event === "request" || (entry.event === "job" && entry.level === "info");

/** Counts of the answers since the last summary, by status class, and of the jobs that finished. */
export function summarize(statuses: number[], jobs = 0): LogEntry {
  const count = (from: number) => statuses.filter((s) => s >= from && s < from + 100).length;
  return {
    level: "info",
    event: "summary",
    jobs,
    requests: statuses.length,
    "2xx": count(200),
    "3xx": count(300),
    "4xx": count(400),
    "5xx": count(500),
  };
}

export function requestLogSink(options: RequestLogOptions): RequestLogSink {
  const { mode, base } = options;
  if (mode === "stdout") return { log: base, close: () => {}, describe: "request log on stdout" };
  if (mode === "off") {
    return { log: (e) => isRoutine(e) ? undefined : base(e), close: () => {}, describe: "request log off" };
  }
  if (mode === "summary") {
    let statuses: number[] = [];
    let jobs = 0;
    const timer = setInterval(() => {
      if (!statuses.length && !jobs) return;
      base(summarize(statuses, jobs));
      statuses = [];
      jobs = 0;
    }, options.summaryEveryMs ?? 60_000);
    Deno.unrefTimer(timer);
    return {
      log: (e) => {
        if (!isRoutine(e)) return base(e);
        if (e.event === "request") statuses.push(Number(e.status));
        else jobs++;
      },
      close: () => clearInterval(timer),
      describe: "requests summarized each minute",
    };
  }
  Deno.mkdirSync(dirname(options.file), { recursive: true });
  const file = Deno.openSync(options.file, { append: true, create: true });
  // One write per event-loop turn, not per request (log-writer.ts; a synchronous write each cost several µs).
  const lines = lineBatcher((bytes) => file.writeSync(bytes));
  let open = true;
  return {
    log: (e) => {
      if (!isRoutine(e)) return base(e);
      if (open) lines.write(JSON.stringify({ time: logTime(), ...e }));
    },
    close: () => {
      if (open) {
        retireBatcher(lines);
        file.close();
      }
      open = false;
    },
    describe: `request log in ${options.file}`,
  };
}
