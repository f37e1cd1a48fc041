/**
 * A small durable job queue on the `jobs` table. `enqueue` writes a row (inside the caller's transaction if
 * given one); a runner claims due rows one at a time with `select ... for update skip locked` (on PGlite's
 * single connection the same statement is simply uncontended), marks them locked, runs the handler outside
 * the claim transaction, then marks the job finished or records the error and retries with exponential
 * backoff until max_attempts. A job locked longer than the lease belongs to a process that died and is
 * claimed again.
 *
 * Handlers must be idempotent: a job runs twice when its process dies after the side effect but before the
 * job is marked finished (or when a handler outlives its lease). Money therefore moves with its own
 * idempotency key passed to the payment processor, derived from the job (e.g. `renewal-<membership>-<year>`).
 */
import type { Kysely, Updateable } from "kysely";
import type { Database } from "../db/client.ts";
import type { DB, JsonObject } from "../db/types.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import type { Log } from "./logging.ts";

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface EnqueueOptions {
  /**
   * Not before this time: the injected clock's now for a job due at once. Always given, because the runner
   * claims by the injected clock while the column's default is the database's clock (decision 0088).
   */
  runAt: Date;
  /** Attempts before the job is given up as failed; 5 unless given. */
  maxAttempts?: number;
  /** At most one job per queue with this key, ever (while the row is kept): a second enqueue is a no-op. */
  uniqueKey?: string;
}

/** Adds a job; answers its id, or null when a job with the same unique key already exists. */
export async function enqueue(
  db: Kysely<DB>,
  queue: string,
  payload: JsonObject = {},
  options: EnqueueOptions,
): Promise<number | null> {
  const row = await db.insertInto("jobs")
    .values({
      queue,
      payload,
      run_at: options.runAt,
      ...(options.maxAttempts ? { max_attempts: options.maxAttempts } : {}),
      unique_key: options.uniqueKey ?? null,
    })
    .onConflict((oc) => oc.columns(["queue", "unique_key"]).where("unique_key", "is not", null).doNothing())
    .returning("id").executeTakeFirst();
  return row?.id ?? null;
}

/** A recurring job: the queue gets one job per period of `everyMs` (periods counted from the Unix epoch). */
export interface Schedule {
  queue: string;
  everyMs: number;
}

export const schedule = (queue: string, everyMs: number): Schedule => ({ queue, everyMs });

/** Enqueues the current period's job of a schedule; a no-op when any process already did. */
export async function enqueueScheduled(db: Kysely<DB>, s: Schedule, now: Date): Promise<number | null> {
  const start = new Date(Math.floor(now.getTime() / s.everyMs) * s.everyMs);
  return await enqueue(db, s.queue, { period: start.toISOString() }, {
    runAt: start,
    uniqueKey: `${s.queue}@${start.toISOString()}`,
  });
}

export interface ClaimedJob {
  id: number;
  queue: string;
  payload: JsonObject;
  /** This run's number, from 1. */
  attempts: number;
  max_attempts: number;
}

/** What a runner needs; handlers receive the same object (the server passes its whole Deps). */
export interface JobDeps {
  database: Database;
  now: () => Date;
  /** Where each run is logged (one line per job: id, queue, runner, outcome, time); the server's JSON log. */
  log?: Log;
}

export type JobHandler<D extends JobDeps = JobDeps> = (
  payload: JsonObject,
  context: { deps: D; job: ClaimedJob },
) => void | Promise<void>;

export interface JobRunnerOptions {
  /** Pause between polls when no job is due; 5 s unless given. */
  pollMs?: number;
  /** Jobs run one at a time per runner (more processes give more parallelism). */
  concurrency?: 1;
  /** A job locked longer than this is considered crashed and claimed again; 5 minutes unless given. */
  leaseMs?: number;
  /** Delay before retry number `attempt + 1`; 30 s doubling up to 1 hour unless given. */
  backoffMs?: (attempt: number) => number;
  schedules?: Schedule[];
  /** Written to locked_by; unique per runner unless given. */
  id?: string;
  /** Jobs one tick runs at most, so that `stop` is never kept waiting long. */
  maxPerTick?: number;
}

export interface JobRunner {
  id: string;
  /** Enqueues due schedules, then runs due jobs until none is left; answers how many ran. */
  tick(): Promise<number>;
  /** Ticks every pollMs until stopped. */
  start(): void;
  /** Stops polling and waits for the running job to end. */
  stop(): Promise<void>;
}

export const defaultBackoff = (attempt: number): number => Math.min(30_000 * 2 ** (attempt - 1), HOUR);

/** A runner that does nothing until `tick` or `start` is called (tests tick it themselves). */
export function createJobRunner<D extends JobDeps>(
  deps: D,
  handlers: Record<string, JobHandler<D>>,
  options: JobRunnerOptions = {},
): JobRunner {
  const id = options.id ?? `${Deno.pid}-${crypto.randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 5000;
  const leaseMs = options.leaseMs ?? 5 * MINUTE;
  const backoff = options.backoffMs ?? defaultBackoff;
  const maxPerTick = options.maxPerTick ?? 100;
  const schedules = options.schedules ?? [];
  const queues = Object.keys(handlers);
  const db = deps.database.db;
  // The period each schedule was last enqueued for by this runner, to skip a needless insert per poll.
  const scheduled = new Map<string, number>();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function enqueueSchedules(now: Date) {
    for (const s of schedules) {
      const period = Math.floor(now.getTime() / s.everyMs);
      if (scheduled.get(s.queue) === period) continue;
      await enqueueScheduled(db, s, now);
      scheduled.set(s.queue, period);
    }
  }

  async function run(job: ClaimedJob) {
    // Only while the job is still ours: after a lost lease another runner owns the row.
    const release = (values: Updateable<DB["jobs"]>) =>
      db.updateTable("jobs").where("id", "=", job.id).where("locked_by", "=", id)
        .where("attempts", "=", job.attempts).set({ locked_at: null, locked_by: null, ...values }).execute();
    const started = performance.now();
    const logRun = (outcome: string) =>
      deps.log?.({
        level: outcome === "finished" ? "info" : "warn",
        event: "job",
        job: job.id,
        queue: job.queue,
        attempt: job.attempts,
        runner: id,
        outcome,
        ms: Math.round(performance.now() - started),
      });
    try {
      await handlers[job.queue](job.payload, { deps, job });
    } catch (error) {
      const now = deps.now();
      const lastError = (error instanceof Error ? error.stack ?? error.message : String(error)).slice(
        0,
        4000,
      );
      if (job.attempts >= job.max_attempts) {
        await release({ finished_at: now, failed: true, last_error: lastError });
        console.error(
          JSON.stringify({
            level: "error",
            job: job.id,
            queue: job.queue,
            gave_up: lastError.split("\n")[0],
          }),
        );
      } else {
        await release({ last_error: lastError, run_at: new Date(now.getTime() + backoff(job.attempts)) });
      }
      logRun(job.attempts >= job.max_attempts ? "failed" : "retry");
      return;
    }
    await release({ finished_at: deps.now() });
    logRun("finished");
  }

  async function tick() {
    await enqueueSchedules(deps.now());
    let ran = 0;
    while (!stopped && ran < maxPerTick && queues.length) {
      const job = await claimNext(db, queues, id, deps.now(), leaseMs);
      if (!job) break;
      await run(job);
      ran++;
    }
    return ran;
  }

  function loop() {
    // A failed tick (the database is down, say) is logged and the next poll tries again: the loop never ends.
    running = tick().catch((error) =>
      isDatabaseUnavailable(error)
        ? console.warn(JSON.stringify({ level: "warn", jobs: "database unavailable", error: String(error) }))
        : console.error(JSON.stringify({ level: "error", jobs: "tick failed", error: String(error) }))
    ).then((ran) => {
      // A full tick means more work is waiting: go again at once.
      if (!stopped) timer = setTimeout(loop, ran === maxPerTick ? 0 : pollMs);
    });
  }

  return {
    id,
    tick,
    start() {
      stopped = false;
      if (timer === undefined) timer = setTimeout(loop, 0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Creates a runner and starts polling. */
export function startJobRunner<D extends JobDeps>(
  deps: D,
  handlers: Record<string, JobHandler<D>>,
  options: JobRunnerOptions = {},
): JobRunner {
  const runner = createJobRunner(deps, handlers, options);
  runner.start();
  return runner;
}

/** Locks the next due job of the given queues for `runnerId`; undefined when none is due. */
export async function claimNext(
  db: Kysely<DB>,
  queues: string[],
  runnerId: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const leaseExpired = new Date(now.getTime() - leaseMs);
  return await db.transaction().execute(async (trx) => {
    for (;;) {
      const row = await trx.selectFrom("jobs")
        .select(["id", "queue", "payload", "attempts", "max_attempts"])
        .where("queue", "in", queues).where("finished_at", "is", null).where("run_at", "<=", now)
        .where((eb) => eb.or([eb("locked_at", "is", null), eb("locked_at", "<", leaseExpired)]))
        .orderBy("run_at").orderBy("id").limit(1)
        .forUpdate().skipLocked()
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.attempts >= row.max_attempts) {
        // Its last attempt was locked and never finished: the process died during it.
        await trx.updateTable("jobs").where("id", "=", row.id).set({
          locked_at: null,
          locked_by: null,
          finished_at: now,
          failed: true,
          last_error: "The process running the last attempt stopped before it finished (lease expired).",
        }).execute();
        continue;
      }
      await trx.updateTable("jobs").where("id", "=", row.id)
        .set({ attempts: row.attempts + 1, locked_at: now, locked_by: runnerId }).execute();
      return { ...row, attempts: row.attempts + 1 };
    }
  });
}

/** Deletes jobs that finished successfully before `before` (failed ones stay for inspection). */
export async function deleteFinishedJobs(db: Kysely<DB>, before: Date): Promise<number> {
  const result = await db.deleteFrom("jobs").where("finished_at", "<", before).where("failed", "=", false)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Unlocks the unfinished jobs a runner holds, for a shutdown that could not wait for its job to end: another
 * process claims them at once instead of after the lease (handlers are idempotent, see above).
 */
export async function releaseLeases(db: Kysely<DB>, runnerId: string): Promise<number> {
  const result = await db.updateTable("jobs").set({ locked_at: null, locked_by: null })
    .where("locked_by", "=", runnerId).where("finished_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
