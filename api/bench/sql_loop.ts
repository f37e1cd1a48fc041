/**
 * The endpoint's SQL run directly through postgres.js (the app's driver, the same pool size and prepared
 * statements, as Kysely's dialect sends them), from `concurrency` loops that each await one query at a time:
 * the ceiling the endpoint could reach if HTTP, Hono, JWT and Kysely cost nothing. Own process, like the
 * HTTP load generator. Job in BENCH_JOB (JSON); result printed as one JSON line.
 */
import postgres from "postgres";
import { cpuReport, cpuSnapshot, type Measurement, Recorder, sleep, type Watch } from "./lib.ts";

export interface SqlJob {
  databaseUrl: string;
  sql: string;
  /** Query parameters; the string "$now" stands for a fresh Date per query, as the app passes now(). */
  params: unknown[];
  concurrency: number;
  poolMax: number;
  warmupSeconds: number;
  seconds: number;
  watch: Watch;
}

export async function runSql(job: SqlJob): Promise<Measurement> {
  const sql = postgres(job.databaseUrl, { max: job.poolMax, onnotice: () => {} });
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
  const params = () =>
    job.params.map((p) => (p === "$now" ? new Date() : p)) as postgres.ParameterOrJSON<never>[];
  await Promise.all(Array.from({ length: job.concurrency }, async () => {
    while (performance.now() < windowEnd) {
      const sent = performance.now();
      let ok = false;
      try {
        ok = (await sql.unsafe(job.sql, params(), { prepare: true })).length === 1;
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
