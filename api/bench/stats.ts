/**
 * `deno task bench:stats`: the analytics endpoints on the scale data set (`deno task seed:scale`), each with
 * its default range and a five-year range: p50 / p95 / max of BENCH_STATS_REQUESTS sequential requests through
 * the real app (in process: routing, access, validation, the service and its SQL on PostgreSQL; no sockets),
 * then EXPLAIN (ANALYZE, BUFFERS) of every SQL statement each endpoint sends, captured from the service's own
 * queries. Prints Markdown for docs/benchmarks.md. Figures are reported, never asserted.
 *
 * Environment: BENCH_SCALE_URL (default postgres://postgres@127.0.0.1:5432/apca_scale, filled by
 * `DATABASE_URL=... deno task seed:scale`), BENCH_STATS_REQUESTS (default 40), BENCH_STATS_WARMUP (default 3).
 */
import { Kysely } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import { createApp } from "../src/app.ts";
import { buildDeps } from "../src/boot.ts";
import { loadConfig } from "../src/config.ts";
import { connectPostgres } from "../src/db/client.ts";
import type { DB } from "../src/db/types.ts";
import { officeMonth } from "../src/lib/dates.ts";
import { silentLog } from "../src/lib/logging.ts";
import { benchAdministrator, benchSession } from "./fixtures.ts";
import { nearestRank } from "./lib.ts";
import { usersWithoutPrimaryPage } from "../src/stats/queries.ts";
import * as stats from "../src/stats/service.ts";

const URL_ = Deno.env.get("BENCH_SCALE_URL") || "postgres://postgres@127.0.0.1:5432/apca_scale";
const REQUESTS = Number(Deno.env.get("BENCH_STATS_REQUESTS") || 40);
const WARMUP = Number(Deno.env.get("BENCH_STATS_WARMUP") || 3);

const config = { ...loadConfig(), databaseUrl: URL_ };
const database = connectPostgres(URL_, { max: 10 });
const raw = postgres(URL_, { max: 1, onnotice: () => {} });
try {
  const deps = await buildDeps(config, database, { log: silentLog });
  const app = createApp(deps);
  const { db } = database;
  const token = await benchSession(deps, await benchAdministrator(db));
  const now = deps.now();

  const current = officeMonth(now, config.officeTimeZone);
  const [y, m] = current.split("-").map(Number);
  // Sixty months ending with the current one.
  const fiveStart = m === 12 ? `${y - 4}-01` : `${y - 5}-${String(m + 1).padStart(2, "0")}`;
  const fiveYears = `start=${fiveStart}&end=${current}`;
  const endpoints = [
    "overview",
    "users-without-primary-business",
    "company-breakdown",
    "memberships/consortium",
    "memberships/decomposition",
    "one-time",
    "randoms",
  ];
  const cases = endpoints.flatMap((e) =>
    e === "overview" || e.startsWith("users-") ? [[e, ""]] : [[e, ""], [e, fiveYears]]
  ) as [
    string,
    string,
  ][];

  const ms = (xs: number[], q: number) => nearestRank(xs, q).toFixed(1);
  // The machine's load matters on a shared box: reported with the figures.
  console.log(`load average at start: ${Deno.loadavg().map((l) => l.toFixed(1)).join(", ")}\n`);
  console.log(`| endpoint | range | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|`);
  for (const [endpoint, query] of cases) {
    const path = `/api/auth/stats/${endpoint}${query ? `?${query}` : ""}`;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + REQUESTS; i++) {
      const started = performance.now();
      const res = await app.request(path, { headers: { Authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${endpoint} | ${query ? "5 years" : "default"} | ${ms(times, 0.5)} | ${ms(times, 0.95)} | ${
        ms(times, 1)
      } |`,
    );
  }

  // The SQL each endpoint sends, captured through a logging Kysely on the same database, then explained.
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const logging = new Kysely<DB>({
    dialect: new PostgresJSDialect({ postgres: raw }),
    log: (event) => {
      if (event.level === "query") {
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
      }
    },
  });
  const spy = { ...deps, database: { ...database, db: logging } };
  const five = { start: fiveStart, end: current };
  const calls: [string, () => Promise<unknown>][] = [
    ["overview", () => stats.overview(spy)],
    ["users-without-primary-business (first CSV page)", () => usersWithoutPrimaryPage(logging, 0, 2000)],
    ["company-breakdown (5 years)", () => stats.companyBreakdownByMonth(spy, stats.rangeOf(spy, five))],
    ["memberships/consortium (5 years)", () => stats.consortiumByMonth(spy, stats.rangeOf(spy, five))],
    ["memberships/decomposition (5 years)", () => stats.decompositionByMonth(spy, stats.rangeOf(spy, five))],
    ["one-time (5 years)", () => stats.oneTimeByMonth(spy, stats.rangeOf(spy, five))],
    ["randoms (5 years)", () => stats.randoms(spy, stats.rangeOf(spy, five))],
  ];
  for (const [name, call] of calls) {
    captured.length = 0;
    await call();
    for (const q of captured) {
      const plan = await raw.unsafe(`explain (analyze, buffers) ${q.sql}`, q.parameters as never[]);
      console.log(`\n#### ${name}\n\n\`\`\`\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``);
    }
  }
  await logging.destroy();
} finally {
  await database.close();
  await raw.end();
}
