/**
 * One HTTP worker (decision 0094): the dependencies, the app, the job runner and `Deno.serve`, and its drain at
 * shutdown. main.ts runs the first worker on its own thread after the start's one-time work (migrations, seed,
 * banner) and, with WORKERS above 1, the others on worker threads (worker.ts), all listening on one port with
 * `reusePort` (Linux shares the connections among them).
 */
import { createApp } from "./app.ts";
import { backgroundJobs } from "./background.ts";
import { buildDeps } from "./boot.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { afterAnswerSettled } from "./lib/after-answer.ts";
import type { Deps } from "./lib/context.ts";
import { releaseLeases, startJobRunner } from "./lib/jobs.ts";
import { jsonLog } from "./lib/logging.ts";
import { type RequestLogSink, requestLogSink } from "./lib/request-log.ts";

export interface Worker {
  deps: Deps;
  /** Where the request lines go (lib/request-log.ts), for the start banner. */
  requestLog: RequestLogSink;
  /**
   * Starts answering on `port` (0: one the system picks) and the job runner; resolves with the port once
   * listening. `reusePort`: other workers listen on the same port.
   */
  listen(port: number, reusePort: boolean): Promise<number>;
  /**
   * Stops accepting, lets in-flight requests and the running job end, then waits for mail in flight; past
   * SHUTDOWN_TIMEOUT_MS hands this worker's job back to the queue. Resolves true when it timed out. The database
   * stays open (its owner closes it).
   */
  stop(): Promise<boolean>;
}

export async function prepareWorker(config: Config, database: Database): Promise<Worker> {
  // Request lines go where REQUEST_LOG says (a file unless asked for, on a local start); the rest stays on stdout.
  const requestLog = requestLogSink({ mode: config.requestLog, file: config.requestLogFile, base: jsonLog });
  const deps = await buildDeps(config, database, { log: requestLog.log });
  // A scrape reaches one worker; it answers for all of them.
  deps.metrics.shareAcross(config.workers, () => deps.metrics.render() + deps.sessionCache.render());
  let server: Deno.HttpServer | undefined;
  let jobRunner: ReturnType<typeof startJobRunner> | undefined;
  return {
    deps,
    requestLog,
    listen(port, reusePort) {
      const app = createApp(deps);
      const jobs = backgroundJobs(config);
      jobRunner = startJobRunner(deps, jobs.handlers, {
        pollMs: config.recovery.jobsPollMs,
        schedules: jobs.schedules,
      });
      return new Promise((resolve) => {
        server = Deno.serve({
          port,
          hostname: config.host,
          reusePort,
          onListen: ({ port }) => resolve(port),
        }, app.fetch);
      });
    },
    async stop() {
      const drained = Promise.all([server?.shutdown().then(afterAnswerSettled), jobRunner?.stop()])
        .then(() => deps.mailer.idle());
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = await Promise.race([
        drained.then(() => false),
        new Promise<true>((resolve) => timer = setTimeout(() => resolve(true), config.shutdownTimeoutMs)),
      ]);
      clearTimeout(timer);
      if (timedOut && jobRunner) {
        const released = await releaseLeases(database.db, jobRunner.id).catch(() => 0);
        deps.log({ level: "warn", event: "shutdown_timeout", released_jobs: released });
      }
      requestLog.close();
      return timedOut;
    },
  };
}
