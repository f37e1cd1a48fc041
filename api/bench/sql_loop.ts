/**
 * An endpoint's SQL run directly through postgres.js (the app's driver, the same pool size, type parsers and
 * prepared statements, as Kysely's dialect sends them), from `concurrency` loops: the ceiling the endpoint could
 * reach if HTTP, Hono, JWT and Kysely cost nothing. One iteration is one request's worth of SQL: a list of
 * steps run one after the other, and the statements of a step sent together (the endpoint's `Promise.all`).
 * Own process, like the HTTP load generator. Job in BENCH_JOB (JSON); result printed as one JSON line.
 */
import postgres from "postgres";
import { cpuReport, cpuSnapshot, type Measurement, Recorder, sleep, type Watch } from "./lib.ts";

export interface SqlStatement {
  sql: string;
  /** Query parameters; the string "$now" stands for a fresh Date per query, as the app passes now(). */
  params: unknown[];
  /** Rows the statement must answer; any other count is an error (a replay that finds nothing is no baseline). */
  rows: number;
}

export interface SqlJob {
  databaseUrl: string;
  /** One iteration: the steps in order; the statements of a step concurrently. */
  steps: SqlStatement[][];
  concurrency: number;
  poolMax: number;
  warmupSeconds: number;
  seconds: number;
  watch: Watch;
}

// The app's type parsers (api/src/db/client.ts): int8 as number, date as 'YYYY-MM-DD'.
const INT8 = 20, DATE = 1082;
export const APP_TYPES = {
  int8: { to: INT8, from: [INT8], parse: (v: string) => Number(v), serialize: (v: number) => String(v) },
  date: { to: DATE, from: [DATE], parse: (v: string) => v, serialize: (v: string) => v },
};

export async function runSql(job: SqlJob): Promise<Measurement> {
  const sql = postgres(job.databaseUrl, { max: job.poolMax, onnotice: () => {}, types: APP_TYPES });
  const recorder = new Recorder();
  let requests = 0, errors = 0;
  const start = performance.now();
  const windowStart = start + job.warmupSeconds * 1000;
  const windowEnd = windowStart + job.seconds * 1000;
  let cpuBefore: Record<string, number> = {};
  let cpuAfter: Record<string, number> = {};
  const marks = (async () => {
    await sleep(windowStart - performance.now());
    cpuBefore = cpuSnapshot(job.watch);
    await sleep(windowEnd - performance.now());
    cpuAfter = cpuSnapshot(job.watch);
  })();
  const run = async (s: SqlStatement) => {
    const params = s.params.map((p) => (p === "$now" ? new Date() : p)) as postgres.ParameterOrJSON<never>[];
    return (await sql.unsafe(s.sql, params, { prepare: true })).length === s.rows;
  };
  const iteration = async () => {
    for (const step of job.steps) {
      const results = step.length === 1 ? [await run(step[0])] : await Promise.all(step.map(run));
      if (results.includes(false)) return false;
    }
    return true;
  };
  await Promise.all(Array.from({ length: job.concurrency }, async () => {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      let ok = false;
      try {
        ok = await iteration();
      } catch {
        ok = false;
      }
      const done = performance.now();
      if (done < windowStart || done > windowEnd) continue;
      if (ok) {
        requests++;
        recorder.add(done - sent);
      } else errors++;
    }
  }));
  await marks;
  await sql.end({ timeout: 5 });
  return {
    requests,
    errors,
    rate: requests / job.seconds,
    seconds: job.seconds,
    ...recorder.summary(),
    ...cpuReport(cpuBefore, cpuAfter, requests, job.seconds),
  };
}

if (import.meta.main) {
  const job = JSON.parse(Deno.env.get("BENCH_JOB") ?? "null") as SqlJob | null;
  if (!job) throw new Error("BENCH_JOB (JSON) is required");
  console.log(JSON.stringify(await runSql(job)));
  Deno.exit(0);
}
