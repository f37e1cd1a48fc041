/**
 * `deno task bench`: one run that measures, each alone on the machine, every server with WORKERS workers:
 *   1. the app's GET /api/health against a bare Deno.serve writing the same answer (raw_server.ts),
 *   2. the app's GET /api/auth/session with a bearer token against its raw endpoint (raw_reads.ts: the same
 *      statements through the same driver, the same JSON and headers, no framework; decision 0095; each raw
 *      endpoint also measured once with a Content-Type only, for information: the headers' cost),
 *   3. the member's account dashboard read, GET /api/auth/account/membership, against its raw endpoint, for a
 *      member with an active annual membership and a past pause long enough to raise the pause warning,
 *   4. the session read on every worker against one worker,
 *   5. both reads again, open loop, at a constant rate of half their measured maximum,
 *   6. their SQL run directly (issue 27's yardstick, for information): a postgres.js loop (the app's driver and
 *      pool size) and pgbench -M prepared, on the session query and on the SQL the dashboard sends per request
 *      (captured from the service's own queries),
 *   7. the administrators' desk with 100,000 notifications and 50,000 businesses (bench/notifications.ts),
 *   8. random pools with 250,000 covered members (bench/randoms.ts),
 *   9. the Users export of 250,000 users against COPY (bench/exports.ts),
 *  10. the administrator's day on the scale data set (bench/admin-search.ts): the header search over 250,000
 *      users and 20,000 companies, the notification center with a filter, a user's History over 1,000,000
 *      audit rows,
 *  11. the administrators' import of 250,000 members and 1,000,000 test rows (bench/imports.ts),
 * then prints a table and every target with PASS or FAIL, and the load average before and after. Steps 1 to 4
 * are ratios measured in pairs of windows (the two sides back to back); a ratio whose last two windows disagree
 * by more than 20 % is measured again, up to BENCH_MOST_WINDOWS windows (lib.ts `needsAnotherWindow`). The
 * seeded database is vacuumed and analyzed before the windows that read it. The exit code is non-zero when a
 * step failed or a target printed FAIL. Subprocesses and the bench databases are removed on every way out.
 *
 * `deno task bench --http`: only steps 1 to 7 and their targets (the HTTP reads and their baselines).
 *
 * `deno task bench --smoke` (CI): every step once, with one window of a fraction of a second per figure, 4
 * connections, two workers per server and tiny data sets, and no figures; it exits non-zero when any step fails,
 * so a change that breaks a step fails CI rather than the next measurement. Targets are not judged.
 *
 * Environment: BENCH_WORKERS (workers per server, default: the number of cores, as the production start; each
 * worker is a process of its own on a port of its own, and the load generator spreads its connections over
 * them evenly), BENCH_DURATION (s, default 5), BENCH_WARMUP (s, default 3), BENCH_CONCURRENCY (default 32),
 * BENCH_CLIENT (raw | fetch, default raw), BENCH_COMPARE_CLIENTS=1 (also measure the bare server with the
 * other client), BENCH_OPEN_FRACTION (default 0.5), BENCH_PG_URL (admin connection, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_POOL_MAX (postgres.js loop pool, default 10 = the app's),
 * BENCH_MOST_WINDOWS (default 5), BENCH_PORT_BASE (servers listen on free ports from there on, within 100;
 * default: ports the system picks).
 */
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import { join } from "node:path";
import { activeSessionQuery, findActiveSession } from "../src/auth/queries.ts";
import type { DB } from "../src/db/types.ts";
import type { Deps } from "../src/lib/context.ts";
import { getOwnMembership } from "../src/memberships/record.ts";
import { giveMembership, settle } from "./fixtures.ts";
import { benchNotifications, DESK_FULL } from "./notifications.ts";
import {
  type Agreement,
  cpuReport,
  cpuSnapshot,
  failures,
  figureOf,
  freePort,
  type Measurement,
  nearestRank,
  needsAnotherWindow,
  sleep,
  spread,
  verdict,
  waitForAnswer,
} from "./lib.ts";
import type { LoadJob } from "./loadgen.ts";
import { APP_TYPES, type SqlJob, type SqlStatement } from "./sql_loop.ts";
import { benchRandoms, printRandoms, RANDOMS_FULL } from "./randoms.ts";
import { benchExports, EXPORT_USERS_FULL } from "./exports.ts";
import { ADMIN_DAY_FULL, benchAdminDay } from "./admin-search.ts";
import { benchImports, IMPORT_FULL } from "./imports.ts";

const SMOKE = Deno.args.includes("--smoke");
/** Only the HTTP reads and their SQL baselines (steps 1 to 6), with their targets: no desk, randoms, exports. */
const HTTP_ONLY = Deno.args.includes("--http");
const unknownArgs = Deno.args.filter((a) => a !== "--smoke" && a !== "--http");
if (unknownArgs.length) {
  throw new Error(`bench: unknown argument(s) ${unknownArgs.join(" ")} (only --smoke, --http)`);
}
const env = (name: string, fallback: string) => Deno.env.get(name) || fallback;
const SECONDS = SMOKE ? 0.5 : Number(env("BENCH_DURATION", "5"));
const WARMUP = SMOKE ? 0.2 : Number(env("BENCH_WARMUP", "3"));
const CONCURRENCY = SMOKE ? 4 : Number(env("BENCH_CONCURRENCY", "32"));
const CLIENT = env("BENCH_CLIENT", "raw") as "raw" | "fetch";
const COMPARE_CLIENTS = env("BENCH_COMPARE_CLIENTS", "0") === "1";
const OPEN_FRACTION = Number(env("BENCH_OPEN_FRACTION", "0.5"));
/** Workers per server (app and raw endpoints alike): the production start's default, one per core. */
const WORKERS = SMOKE ? 2 : Number(env("BENCH_WORKERS", String(navigator.hardwareConcurrency)));
/** The window-agreement rule (decision 0095): smoke mode measures one window per figure and judges nothing. */
const AGREEMENT: Agreement = SMOKE
  ? { tolerance: 0.2, least: 1, most: 1 }
  : { tolerance: 0.2, least: 2, most: Number(env("BENCH_MOST_WINDOWS", "5")) };
const ADMIN_URL = env("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres");
const POOL_MAX = Number(env("BENCH_POOL_MAX", "10"));
const MEMBER = { email: "member@apca.local", password: "member-password-local" };
/** Issue 39's targets (the ratios to raw endpoints, the workers) and issue 27's others, each read from this run. */
const TARGETS = {
  healthOverRaw: 0.8,
  sessionOverRaw: 0.8,
  dashboardOverRaw: 0.8,
  sessionWorkersOverOne: 1.4,
  sessionCpuUs: 120,
  dashboardStatements: 3,
  dashboardRoundTrips: 2,
  dashboardCpuUs: 400,
  sessionOpenP99Ms: 15,
  dashboardOpenP99Ms: 25,
};

for (
  const [name, value] of Object.entries({
    SECONDS,
    WARMUP,
    CONCURRENCY,
    OPEN_FRACTION,
    POOL_MAX,
    WORKERS,
    MOST_WINDOWS: AGREEMENT.most,
  })
) {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bench: ${name} must be a positive number`);
}
if (CLIENT !== "raw" && CLIENT !== "fetch") throw new Error("bench: BENCH_CLIENT must be raw or fetch");

const HERE = import.meta.dirname!;
const ROOT = join(HERE, "..", "..");
const DENO = Deno.execPath();

// ---------------------------------------------------------------------------------------------- clean-up

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  return cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`bench: clean-up step failed: ${error}`);
      }
    }
  })();
}
for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  Deno.addSignalListener(signal, async () => {
    console.error(`\nbench: ${signal}, cleaning up`);
    await cleanup();
    Deno.exit(code);
  });
}

// ------------------------------------------------------------------------------------------- processes

interface Server {
  pid: number;
  output(): string;
  stop(): Promise<void>;
}

/** Keeps the last few KB of a child's output (and keeps the pipe drained so the child never blocks). */
function tail(stream: ReadableStream<Uint8Array>): () => string {
  let text = "";
  (async () => {
    for await (const chunk of stream.pipeThrough(new TextDecoderStream())) text = (text + chunk).slice(-4000);
  })().catch(() => {});
  return () => text;
}

async function stopChild(child: Deno.ChildProcess): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch {
    return; // already gone
  }
  const done = await Promise.race([child.status.then(() => true), sleep(3000).then(() => false)]);
  if (!done) {
    try {
      child.kill("SIGKILL");
    } catch {
      // gone meanwhile
    }
    await child.status;
  }
}

async function startServer(name: string, args: string[], vars: Record<string, string>, readyUrl: string) {
  const child = new Deno.Command(DENO, {
    args,
    cwd: ROOT,
    env: vars,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const out = tail(child.stdout), err = tail(child.stderr);
  let stopped = false;
  const server: Server = {
    pid: child.pid,
    output: () => `${out()}\n${err()}`.trim(),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await stopChild(child);
    },
  };
  cleanups.push(server.stop);
  try {
    await waitForAnswer(readyUrl, child);
  } catch (error) {
    throw new Error(`bench: ${name}: ${(error as Error).message}:\n${server.output()}`);
  }
  return server;
}

/** Runs a measuring script in its own process; its last stdout line is the Measurement. */
async function measure(script: string, job: LoadJob | SqlJob): Promise<Measurement> {
  const child = new Deno.Command(DENO, {
    args: ["run", "-A", join(HERE, script)],
    cwd: ROOT,
    env: { BENCH_JOB: JSON.stringify(job) },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  cleanups.push(() => stopChild(child));
  const { code, stdout, stderr } = await child.output();
  const text = new TextDecoder().decode(stdout).trim();
  if (code !== 0) {
    throw new Error(`bench: ${script} failed (exit ${code}):\n${text}\n${new TextDecoder().decode(stderr)}`);
  }
  return JSON.parse(text.split("\n").at(-1)!) as Measurement;
}

function loadJob(url: string | string[], watch: LoadJob["watch"], extra: Partial<LoadJob> = {}): LoadJob {
  return {
    url,
    mode: "closed",
    client: CLIENT,
    concurrency: CONCURRENCY,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    watch,
    ...extra,
  };
}

// ------------------------------------------------------------------------------------------------ SQL

/** The endpoint's query exactly as Kysely compiles it for PostgreSQL (no connection needed). */
function endpointSql(sessionId: string): SqlStatement {
  const compiler = new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const compiled = activeSessionQuery(compiler, sessionId, new Date()).compile();
  return { sql: compiled.sql, params: asParams(compiled.parameters), rows: 1 };
}

const asParams = (parameters: readonly unknown[]) => parameters.map((p) => p instanceof Date ? "$now" : p);

type Param = postgres.ParameterOrJSON<never>;

/**
 * The SQL one dashboard request sends, captured rather than rewritten: the functions the route runs
 * (`findActiveSession` behind `allow("user")`, then the service's `getOwnMembership`) are called against the
 * bench database through a Kysely instance like the app's (postgres.js dialect, same pool size and type
 * parsers) whose query log records every compiled statement with its start and end. Statements that overlapped
 * in time were sent together (the service's `Promise.all`) and form one step of the replay. Each statement is
 * then run once more to learn how many rows it answers, which the replay checks on every iteration.
 */
async function dashboardSql(databaseUrl: string, sessionId: string): Promise<SqlStatement[][]> {
  const seen: { query: CompiledQuery; start: number; end: number }[] = [];
  const client = postgres(databaseUrl, { max: POOL_MAX, onnotice: () => {}, types: APP_TYPES });
  const db = new Kysely<DB>({
    dialect: new PostgresJSDialect({ postgres: client }),
    log: (event) => {
      if (event.level !== "query") return;
      const end = performance.now();
      seen.push({ query: event.query, start: end - event.queryDurationMillis, end });
    },
  });
  try {
    const now = () => new Date();
    const user = (await findActiveSession(db, sessionId, now()))?.user;
    if (!user) throw new Error("bench: the captured session check found no session");
    // The session check is answered from the process's cache on all but the first request of a session
    // (decision 0068), so the captured request is the service's own statements; the targets add the session
    // check back as one more statement and round trip (a cache miss).
    const request = async () => {
      const record = await getOwnMembership({ database: { db }, now } as unknown as Deps, user.user_id);
      if (!record?.attributes.pause_warning) {
        throw new Error(
          "bench: the member's membership raised no pause warning; the read would skip that path",
        );
      }
    };
    // The first requests open the pool's connections one by one, and a statement waiting for its connection
    // would look as if it had been sent after the one before it. The captured one runs on a warm pool, as under
    // load.
    await Promise.all(Array.from({ length: POOL_MAX }, request));
    seen.length = 0;
    await request();
    const steps: SqlStatement[][] = [];
    let stepEnds = -Infinity; // the earliest end among the current step's statements
    for (const { query, start, end } of seen.sort((a, b) => a.start - b.start)) {
      const params = asParams(query.parameters);
      const replayParams = params.map((p) => p === "$now" ? new Date() : p) as Param[];
      const rows = (await client.unsafe(query.sql, replayParams, { prepare: true })).length;
      const statement = { sql: query.sql, params, rows };
      if (steps.length && start < stepEnds) {
        steps.at(-1)!.push(statement);
        stepEnds = Math.min(stepEnds, end);
      } else {
        steps.push([statement]);
        stepEnds = end;
      }
    }
    return steps;
  } finally {
    await db.destroy();
  }
}

/**
 * pgbench -M prepared on the same SQL (one transaction of the script = one request's statements, one after the
 * other); latencies from its per-transaction log, inside the same window.
 */
async function pgbench(databaseUrl: string, statements: SqlStatement[]): Promise<Measurement> {
  const dir = await Deno.makeTempDir({ prefix: "apca-bench-" });
  cleanups.push(() => Deno.remove(dir, { recursive: true }));
  const defines: string[] = [];
  const script = statements.map((query, i) =>
    query.sql.replace(/\$(\d+)/g, (_, n: string) => {
      const value = query.params[Number(n) - 1];
      defines.push("-D", `q${i}p${n}=${value === "$now" ? new Date().toISOString() : String(value)}`);
      return `:q${i}p${n}`;
    }) + ";\n"
  ).join("");
  await Deno.writeTextFile(join(dir, "query.sql"), script);
  const url = new URL(databaseUrl);
  const child = new Deno.Command("pgbench", {
    args: [
      "-n", // no vacuum of pgbench's own tables (there are none)
      "-M",
      "prepared",
      "-c",
      String(CONCURRENCY),
      "-j",
      String(Math.min(2, CONCURRENCY)),
      "-T",
      String(Math.ceil(WARMUP + SECONDS + 1)),
      "-f",
      join(dir, "query.sql"),
      ...defines,
      "-l",
      `--log-prefix=${join(dir, "pgbench_log")}`,
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username || "postgres"),
      url.pathname.slice(1),
    ],
    cwd: dir,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  cleanups.push(() => stopChild(child));
  const started = Date.now();
  const windowStart = started + WARMUP * 1000, windowEnd = windowStart + SECONDS * 1000;
  const watch = { pgbench: child.pid, postgres: "postgres" as const };
  let before: Record<string, number> = {}, after: Record<string, number> = {};
  const marks = (async () => {
    await sleep(windowStart - Date.now());
    before = cpuSnapshot(watch);
    await sleep(windowEnd - Date.now());
    after = cpuSnapshot(watch);
  })();
  const { code, stdout, stderr } = await child.output();
  await marks;
  if (code !== 0) {
    const text = new TextDecoder().decode(stdout) + new TextDecoder().decode(stderr);
    throw new Error(`bench: pgbench failed (exit ${code}):\n${text}`);
  }
  // Log lines: client_id transaction_no latency_us script_no epoch_s epoch_us (the completion time).
  const latencies: number[] = [];
  let errors = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.startsWith("pgbench_log")) continue;
    for (const line of (await Deno.readTextFile(join(dir, entry.name))).split("\n")) {
      const f = line.split(" ");
      if (f.length < 6) continue;
      const done = Number(f[4]) * 1000 + Number(f[5]) / 1000;
      if (done < windowStart || done > windowEnd) continue;
      if (f[2] === "failed" || f[2] === "skipped") errors++;
      else latencies.push(Number(f[2]) / 1000);
    }
  }
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies.length ? nearestRank(latencies, q) : null;
  return {
    requests: latencies.length,
    errors,
    rate: latencies.length / SECONDS,
    seconds: SECONDS,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? null,
    ...cpuReport(before, after, latencies.length, SECONDS),
  };
}

// ---------------------------------------------------------------------------------------------- report

interface Row {
  what: string;
  m: Measurement;
}

const fmt = (n: number | null | undefined, digits = 2) => n == null ? "-" : n.toFixed(digits);

/** A ratio with its target, or without one (target and pass left out: reported only). */
interface Ratio {
  label: string;
  value: string;
  target?: string;
  pass?: boolean;
}

function printReport(rows: Row[], ratios: Ratio[]) {
  const header = [
    "measurement",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors+unsent",
    "server µs/req",
    "postgres µs/req",
    "load gen µs/req",
  ];
  const lines = rows.map(({ what, m }) => [
    what,
    m.rate.toFixed(0),
    fmt(m.p50),
    fmt(m.p99),
    String(m.errors + (m.unfinished ?? 0)),
    fmt(m.cpuUsPerOp.server, 0),
    fmt(m.cpuUsPerOp.postgres, 0),
    fmt(m.cpuUsPerOp.generator ?? m.cpuUsPerOp.pgbench, 0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const row = (cells: string[]) =>
    "| " + cells.map((c, i) => i ? c.padStart(widths[i]) : c.padEnd(widths[i])).join(" | ") + " |";
  console.log();
  console.log(row(header));
  console.log("|" + widths.map((w, i) => (i ? "-".repeat(w + 1) + ":" : "-".repeat(w + 2))).join("|") + "|");
  for (const l of lines) console.log(row(l));
  console.log();
  console.log("CPU use during each window, in cores (2 available):");
  for (const { what, m } of rows) {
    const parts = Object.entries(m.cpuCores).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(", ");
    console.log(`  ${what}: ${parts}`);
  }
  console.log();
  const width = Math.max(...ratios.map((r) => r.label.length));
  for (const r of ratios) {
    const judged = r.target === undefined
      ? "no target"
      : `target ${r.target.padEnd(8)} ${verdict(r.label, r.pass ?? false)}`;
    console.log(`${r.label.padEnd(width)} ${r.value.padStart(8)}   ${judged}`);
  }
}

// ------------------------------------------------------------------------------------------------ run

/** A server of `count` workers: one process each, on a port of its own (see WORKERS). */
interface Workers {
  /** Every worker's address of `path`; the load generator spreads its connections over them evenly. */
  urls(path: string): string[];
  pids: number[];
  stop(): Promise<void>;
}

/**
 * Starts `count` processes of one server, each with WORKERS=1 so that a server that runs several workers itself
 * runs one here: the first alone (it may migrate and seed), then the others together. `vars(i)` are worker i's.
 */
async function startWorkers(
  name: string,
  count: number,
  args: string[],
  vars: (i: number) => Record<string, string>,
  readyPath: string,
): Promise<Workers> {
  const start = async (i: number) => {
    const port = freePort();
    const server = await startServer(
      `${name} (worker ${i + 1} of ${count})`,
      args,
      { ...vars(i), PORT: String(port), HOST: "127.0.0.1", WORKERS: "1" },
      `http://127.0.0.1:${port}${readyPath}`,
    );
    return { server, port };
  };
  const first = await start(0);
  const started = [first, ...await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)))];
  return {
    urls: (path) => started.map(({ port }) => `http://127.0.0.1:${port}${path}`),
    pids: started.map(({ server }) => server.pid),
    stop: async () => {
      await Promise.all(started.map(({ server }) => server.stop()));
    },
  };
}

/** A throughput ratio measured in pairs of windows under the window-agreement rule (decision 0095). */
interface RatioFigure {
  value: number;
  /** Each pair's ratio, in the order measured. */
  windows: number[];
  /** Whether the last windows agreed (false: they still disagreed after the most windows allowed). */
  agreed: boolean;
  /** The last pair: its measurements go in the table. */
  last: { base: Measurement; subject: Measurement };
}

/**
 * subject req/s over base req/s, one window of each back to back per pair (within a pair both see about the same
 * machine), repeated while the last pairs' ratios disagree by more than the tolerance (AGREEMENT).
 */
async function ratioFigure(
  what: string,
  base: () => Promise<Measurement>,
  subject: () => Promise<Measurement>,
): Promise<RatioFigure> {
  const pairs: { base: Measurement; subject: Measurement }[] = [];
  const windows: number[] = [];
  while (needsAnotherWindow(windows, AGREEMENT)) {
    if (windows.length >= AGREEMENT.least) {
      console.log(
        `bench: ${what}: windows ${windows.map((w) => w.toFixed(2)).join(", ")} disagree by more than ` +
          `${AGREEMENT.tolerance * 100} %: measuring again`,
      );
    }
    console.log(`bench: measuring ${what} (window ${windows.length + 1})`);
    const pair = { base: await base(), subject: await subject() };
    pairs.push(pair);
    windows.push(pair.subject.rate / Math.max(1e-9, pair.base.rate));
  }
  return {
    value: figureOf(windows, AGREEMENT),
    windows,
    agreed: spread(windows.slice(-AGREEMENT.least)) <= AGREEMENT.tolerance,
    last: pairs.at(-1)!,
  };
}

/** The windows behind a figure, as the report prints them. */
const windowsNote = (f: RatioFigure) =>
  `windows ${f.windows.map((w) => w.toFixed(2)).join(", ")}${
    f.agreed ? "" : `; the last ${AGREEMENT.least} still disagree by more than ${AGREEMENT.tolerance * 100} %`
  }`;

/** The header names of an answer that the yardstick compares (Deno adds date and content-length to both). */
const headerNames = (res: Response) =>
  [...res.headers.keys()].filter((name) => name !== "date" && name !== "content-length").sort().join(", ");

/**
 * The app and its raw endpoint write the same answer: the same JSON and the same headers (decision 0095), or the
 * bench stops rather than compare unlike work.
 */
async function sameAnswer(path: string, app: string, raw: string, headers: Record<string, string>) {
  const [a, b] = await Promise.all([app, raw].map(async (url) => {
    const res = await fetch(url, { headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`bench: GET ${url} answered ${res.status}: ${text}`);
    return { json: JSON.parse(text), headers: headerNames(res) };
  }));
  // created_at and the like are the same rows; only a rule read at a day's edge could differ between the two.
  if (JSON.stringify(a.json) !== JSON.stringify(b.json)) {
    throw new Error(
      `bench: the raw ${path} writes other JSON than the app:\napp ${JSON.stringify(a.json)}\nraw ${
        JSON.stringify(b.json)
      }`,
    );
  }
  if (a.headers !== b.headers) {
    throw new Error(
      `bench: the raw ${path} writes other headers than the app:\napp ${a.headers}\nraw ${b.headers}`,
    );
  }
}

const METRICS_TOKEN = crypto.randomUUID();

/**
 * Each app worker's session-cache lookups so far (its /api/metrics): the session read sends no statement on a
 * hit, so a cache that missed or was bypassed (its LISTEN connection late on a loaded machine) explains a slow
 * session read.
 */
async function printSessionCache(app: Workers) {
  for (const [i, url] of app.urls("/api/metrics").entries()) {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    const text = await res.text();
    const count = (what: string) =>
      new RegExp(`apca_session_cache_lookups_total\\{outcome="${what}"\\} (\\d+)`).exec(text)?.[1] ?? "?";
    const live = /apca_session_cache_live (\d)/.exec(text)?.[1] === "1";
    console.log(
      `bench: app worker ${i + 1} session cache: ${count("hit")} hits, ${count("miss")} misses, ` +
        `${count("bypassed")} bypassed, ${live ? "live" : "NOT live"}`,
    );
  }
}

const loadavg = () => Deno.loadavg().map((l) => l.toFixed(2)).join(" ");

async function main() {
  console.log(
    `bench: ${CONCURRENCY} connections, ${WARMUP} s warm-up + ${SECONDS} s window per measurement, ` +
      `${CLIENT} HTTP client, ${navigator.hardwareConcurrency} cores, ${WORKERS} worker(s) per server`,
  );
  console.log(`bench: load average before start ${loadavg()}`);
  const rows: Row[] = [];
  const step = (text: string) => console.log(`bench: ${text}`);

  // A fresh database and the real app on it, its workers started before any measurement.
  const dbName = `apca_bench_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  cleanups.push(() => admin.end({ timeout: 5 }));
  await admin.unsafe(`create database ${dbName}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    console.log(`bench: dropped database ${dbName}`);
  });
  const dbUrlObject = new URL(ADMIN_URL);
  dbUrlObject.pathname = `/${dbName}`;
  const databaseUrl = dbUrlObject.toString();
  step(`starting the app on database ${dbName}, ${WORKERS} worker(s)`);
  // The first worker migrates and seeds; the others start on the seeded database.
  const app = await startWorkers(
    "app",
    WORKERS,
    ["run", "-A", "api/src/main.ts"],
    // DATABASE_POOL_MAX=11: a pool of 10 and the LISTEN, so the app reads through as many connections as the
    // raw reads (connectPostgres's default pool of 10).
    (i) => ({
      DATABASE_URL: databaseUrl,
      SEED_ON_START: i === 0 ? "1" : "0",
      METRICS_TOKEN,
      DATABASE_POOL_MAX: "11",
    }),
    "/api/health",
  );
  step(`starting the raw endpoints, ${WORKERS} worker(s) each`);
  const [raw, rawReads] = await Promise.all([
    startWorkers(
      "raw Deno.serve",
      WORKERS,
      ["run", "--allow-net", "--allow-env", join(HERE, "raw_server.ts")],
      () => ({}),
      "/",
    ),
    startWorkers(
      "raw reads",
      WORKERS,
      ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-sys", join(HERE, "raw_reads.ts")],
      () => ({ DATABASE_URL: databaseUrl }),
      "/",
    ),
  ]);

  step("giving the member an active annual membership and a past pause (SQL on the bench database)");
  await giveMembership(databaseUrl, MEMBER.email);
  step("VACUUM (ANALYZE) of the seeded bench database");
  await settle(databaseUrl);

  const [appBase] = app.urls("");
  const login = await fetch(`${appBase}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(MEMBER),
  });
  if (!login.ok) throw new Error(`bench: login failed with ${login.status}: ${await login.text()}`);
  const { token } = await login.json() as { token: string };
  const sessionId = JSON.parse(atob(token.split(".")[1].replaceAll("-", "+").replaceAll("_", "/")))
    .sid as string;
  const auth = { Authorization: `Bearer ${token}` };
  const SESSION = "/api/auth/session", DASHBOARD = "/api/auth/account/membership";
  // Every worker of both servers answers both reads once (each fills its session cache), with the same JSON.
  for (const path of [SESSION, DASHBOARD]) {
    const appUrls = app.urls(path), rawUrls = rawReads.urls(path);
    for (let i = 0; i < WORKERS; i++) await sameAnswer(path, appUrls[i], rawUrls[i], auth);
  }
  await sameAnswer("/api/health", app.urls("/api/health")[0], raw.urls("/")[0], {});
  type Dashboard = { data?: { attributes?: { pause_warning?: unknown } } };
  const first = await (await fetch(app.urls(DASHBOARD)[0], { headers: auth })).json() as Dashboard;
  if (!first.data?.attributes?.pause_warning) {
    throw new Error(`bench: GET ${DASHBOARD} answered no pause warning: ${JSON.stringify(first)}`);
  }

  const watch = (server: Workers) => ({
    server: server.pids,
    postgres: "postgres" as const,
    generator: "self" as const,
  });
  const closed = (server: Workers, path: string, extra: Partial<LoadJob> = {}) => () =>
    measure("loadgen.ts", loadJob(server.urls(path), watch(server), { headers: auth, ...extra }));

  // 1. Health against a bare Deno.serve answering the same JSON.
  const health = await ratioFigure(
    "raw Deno.serve, then GET /api/health",
    closed(raw, "/"),
    closed(app, "/api/health"),
  );
  rows.push({ what: "raw Deno.serve JSON, the app's headers", m: health.last.base });
  step("measuring raw Deno.serve with its Content-Type only (for information: the headers' cost)");
  const rawBare = await closed(raw, "/bare")();
  rows.push({ what: "raw Deno.serve JSON, Content-Type only", m: rawBare });
  if (COMPARE_CLIENTS) {
    const other = CLIENT === "raw" ? "fetch" : "raw";
    step(`measuring the bare server again with the ${other} client`);
    rows.push({
      what: `raw Deno.serve JSON (${other} client)`,
      m: await closed(raw, "/", { client: other })(),
    });
  }
  rows.push({ what: "app GET /api/health", m: health.last.subject });
  await raw.stop();

  // 2. The session read against its raw endpoint.
  const session = await ratioFigure(
    `raw ${SESSION}, then the app's`,
    closed(rawReads, SESSION),
    closed(app, SESSION),
  );
  await printSessionCache(app);
  rows.push({ what: `raw GET ${SESSION}`, m: session.last.base });
  step(`measuring raw ${SESSION} with its Content-Type only (for information)`);
  const sessionBare = await closed(rawReads, `${SESSION}?bare`)();
  rows.push({ what: `raw GET ${SESSION}, Content-Type only`, m: sessionBare });
  rows.push({ what: `app GET ${SESSION}`, m: session.last.subject });
  const endpoint = session.last.subject;

  // 3. The dashboard read against its raw endpoint.
  const dashboardFigure = await ratioFigure(
    `raw ${DASHBOARD}, then the app's`,
    closed(rawReads, DASHBOARD),
    closed(app, DASHBOARD),
  );
  rows.push({ what: `raw GET ${DASHBOARD}`, m: dashboardFigure.last.base });
  rows.push({ what: `app GET ${DASHBOARD}`, m: dashboardFigure.last.subject });
  const dashboard = dashboardFigure.last.subject;
  await rawReads.stop();

  // 4. The session read on every worker against one worker (all connections to the first; the others idle).
  const one: Workers = { ...app, urls: (path) => app.urls(path).slice(0, 1) };
  const scaling = await ratioFigure(
    `app ${SESSION} on one worker, then on ${WORKERS}`,
    closed(one, SESSION),
    closed(app, SESSION),
  );
  rows.push({ what: `app GET ${SESSION}, one worker`, m: scaling.last.base });

  // 5. Latency: open loop at a constant rate of a fraction of each read's measured maximum.
  const rate = Math.max(1, Math.floor(endpoint.rate * OPEN_FRACTION));
  step(`measuring GET ${SESSION} (open loop at ${rate} req/s)`);
  const open = await closed(app, SESSION, { mode: "open", rate })();
  rows.push({ what: `app GET ${SESSION}, open loop ${rate}/s`, m: open });
  const dashboardRate = Math.max(1, Math.floor(dashboard.rate * OPEN_FRACTION));
  step(`measuring GET ${DASHBOARD} (open loop at ${dashboardRate} req/s)`);
  const dashboardOpen = await closed(app, DASHBOARD, { mode: "open", rate: dashboardRate })();
  rows.push({ what: `app GET ${DASHBOARD}, open loop ${dashboardRate}/s`, m: dashboardOpen });
  await app.stop();

  // 6. The same SQL, directly (for information: issue 27's yardstick).
  step("capturing the SQL one dashboard request sends");
  const dashboardSteps = await dashboardSql(databaseUrl, sessionId);
  const sqlJob = (steps: SqlStatement[][]): SqlJob => ({
    databaseUrl,
    steps,
    concurrency: CONCURRENCY,
    poolMax: POOL_MAX,
    warmupSeconds: WARMUP,
    seconds: SECONDS,
    watch: { postgres: "postgres", generator: "self" },
  });
  const query = endpointSql(sessionId);
  step("measuring the session SQL through postgres.js");
  const sqlLoop = await measure("sql_loop.ts", sqlJob([[query]]));
  rows.push({ what: `SQL via postgres.js (pool ${POOL_MAX})`, m: sqlLoop });

  step("measuring the session SQL through pgbench -M prepared");
  const bench = await pgbench(databaseUrl, [query]);
  rows.push({ what: `SQL via pgbench -M prepared -c ${CONCURRENCY}`, m: bench });

  const dashboardStatements = dashboardSteps.flat();
  const shape =
    `${dashboardStatements.length} statement(s) in ${dashboardSteps.length} step(s) on a session-cache hit`;
  step(`measuring the dashboard's SQL (${shape}) through postgres.js`);
  const dashboardSqlLoop = await measure("sql_loop.ts", sqlJob(dashboardSteps));
  rows.push({ what: `dashboard SQL via postgres.js (pool ${POOL_MAX})`, m: dashboardSqlLoop });

  step("measuring the dashboard's SQL through pgbench -M prepared (statements one after the other)");
  const dashboardBench = await pgbench(databaseUrl, dashboardStatements);
  rows.push({ what: `dashboard SQL via pgbench -M prepared -c ${CONCURRENCY}`, m: dashboardBench });

  for (const { what, m } of rows) {
    if (m.requests === 0) throw new Error(`bench: ${what} answered no request inside its window`);
    if (m.errors > 0.01 * Math.max(1, m.requests)) {
      throw new Error(`bench: ${what} failed on ${m.errors} of ${m.requests + m.errors} requests`);
    }
  }

  const unsentNote = (m: Measurement) =>
    m.unfinished ? ` (${m.unfinished} requests never sent: p99 understated)` : "";
  if (SMOKE) {
    step(`smoke: every HTTP and SQL step ran (${shape} per dashboard read)`);
    console.log("");
    await benchNotifications(ADMIN_URL, { notifications: 1000, businesses: 500, runs: 3 });
    return;
  }
  console.log(`\nSession SQL: ${query.sql}`);
  console.log(`Dashboard SQL per request (${shape}; statements of one step are sent together):`);
  dashboardSteps.forEach((statements, i) => {
    for (const q of statements) console.log(`  step ${i + 1}, ${q.rows} row(s): ${q.sql}`);
  });
  const serverCpu = (m: Measurement) => m.cpuUsPerOp.server ?? Infinity;
  // A cache miss adds the session check: one statement, one round trip before the service's.
  const statementCount = dashboardStatements.length + 1;
  const roundTrips = dashboardSteps.length + 1;
  const ratio = (label: string, f: RatioFigure, target: number): Ratio => ({
    label: `${label} (${windowsNote(f)})`,
    value: f.value.toFixed(2),
    target: `>= ${target}`,
    pass: f.value >= target,
  });
  const upTo = (label: string, value: number, target: number, digits = 0, extra = true): Ratio => ({
    label,
    value: fmt(value, digits),
    target: `<= ${target}`,
    pass: value <= target && extra,
  });
  printReport(rows, [
    ratio("health/raw Deno.serve (same answer), req/s", health, TARGETS.healthOverRaw),
    ratio("session read/its raw endpoint (same answer), req/s", session, TARGETS.sessionOverRaw),
    ratio("dashboard read/its raw endpoint (same answer), req/s", dashboardFigure, TARGETS.dashboardOverRaw),
    ratio(`session read on ${WORKERS} workers/on one, req/s`, scaling, TARGETS.sessionWorkersOverOne),
    upTo("session read: server CPU per request, closed loop (µs)", serverCpu(endpoint), TARGETS.sessionCpuUs),
    upTo(
      "dashboard read: statements per request (session-cache miss)",
      statementCount,
      TARGETS.dashboardStatements,
    ),
    upTo(
      "dashboard read: sequential round trips per request (session-cache miss)",
      roundTrips,
      TARGETS.dashboardRoundTrips,
    ),
    upTo(
      "dashboard read: server CPU per request, closed loop (µs)",
      serverCpu(dashboard),
      TARGETS.dashboardCpuUs,
    ),
    upTo(
      `session p99 at ${OPEN_FRACTION} of max rate, open loop (ms)${unsentNote(open)}`,
      open.p99 ?? Infinity,
      TARGETS.sessionOpenP99Ms,
      2,
      !open.unfinished,
    ),
    upTo(
      `dashboard p99 at ${OPEN_FRACTION} of max rate, open loop (ms)${unsentNote(dashboardOpen)}`,
      dashboardOpen.p99 ?? Infinity,
      TARGETS.dashboardOpenP99Ms,
      2,
      !dashboardOpen.unfinished,
    ),
  ]);
  // Issue 27's yardstick, kept for information: the endpoint against its own SQL in a loop, which pays none of
  // HTTP or the load generator (decision 0095). CPU per request moves less with other work than throughput.
  const cpu = (m: Measurement, ...keys: string[]) => keys.reduce((sum, k) => sum + (m.cpuUsPerOp[k] ?? 0), 0);
  const info = [
    ["session endpoint/SQL (req/s; baseline: postgres.js loop)", endpoint.rate / sqlLoop.rate],
    ["session endpoint/pgbench (req/s)", endpoint.rate / bench.rate],
    [
      "session endpoint/SQL by CPU per request ((client+postgres) / (server+postgres))",
      cpu(sqlLoop, "generator", "postgres") / cpu(endpoint, "server", "postgres"),
    ],
    [
      "dashboard endpoint/SQL (req/s; baseline: its SQL in a postgres.js loop)",
      dashboard.rate / dashboardSqlLoop.rate,
    ],
    ["dashboard endpoint/pgbench (req/s)", dashboard.rate / dashboardBench.rate],
    [
      "dashboard endpoint/SQL by CPU per request (same formula)",
      cpu(dashboardSqlLoop, "generator", "postgres") / cpu(dashboard, "server", "postgres"),
    ],
    [
      "health/raw by server CPU per request (raw µs / health µs)",
      cpu(health.last.base, "server") / cpu(health.last.subject, "server"),
    ],
    ["dashboard/session endpoint (req/s)", dashboard.rate / endpoint.rate],
    ["health/raw Deno.serve writing a Content-Type only (req/s)", health.last.subject.rate / rawBare.rate],
    ["session read/its raw endpoint writing a Content-Type only (req/s)", endpoint.rate / sessionBare.rate],
  ] as const;
  console.log("\nFor information (no targets):");
  for (const [label, value] of info) console.log(`${label.padEnd(80)} ${value.toFixed(2).padStart(6)}`);
  console.log(`bench: load average after the HTTP steps ${loadavg()}`);

  if (HTTP_ONLY) return;
  // 7. The administrators' desk at volume: the badges' count and the duplicate look-up (their own database).
  console.log("");
  await benchNotifications(ADMIN_URL, DESK_FULL);
}

/** The steps after the HTTP reads: random pools and the Users export, each on a database of its own. */
async function afterHttp() {
  // Random pools at scale (api/bench/randoms.ts): on a database of its own, after the HTTP measurements.
  const randoms = await benchRandoms(ADMIN_URL, SMOKE ? { members: 500, pdfs: 3 } : RANDOMS_FULL);
  if (!randoms.verifyMatch || randoms.selected === 0) {
    throw new Error(`bench: randoms: ${randoms.selected} selected, verify-draw match ${randoms.verifyMatch}`);
  }
  if (!SMOKE) printRandoms(randoms);
  // The Users export at scale (api/bench/exports.ts), last: its own database and app process.
  console.log("");
  await benchExports(SMOKE ? 500 : EXPORT_USERS_FULL, !SMOKE);
  // The administrator's day on the scale data set (api/bench/admin-search.ts): its own database, in process.
  console.log("");
  await benchAdminDay(ADMIN_URL, SMOKE ? { members: 500, requests: 2 } : ADMIN_DAY_FULL, !SMOKE);
  // The administrators' import (api/bench/imports.ts): members and test history, streamed, on its own database.
  console.log("");
  await benchImports(SMOKE ? { members: 200, tests: 400 } : IMPORT_FULL, !SMOKE);
  console.log(SMOKE ? "\nbench --smoke: every step ran" : "\nbench: every step ran");
}

let failed = false;
try {
  await main();
  if (HTTP_ONLY) console.log("\nbench --http: the HTTP steps ran (desk, random pools and exports skipped)");
  else await afterHttp();
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanup();
}
console.log(`bench: load average after the run ${loadavg()}`);
if (!failed && !SMOKE && failures().length) {
  console.log(`bench: ${failures().length} target(s) FAIL: ${failures().join("; ")}`);
  failed = true;
} else if (!failed && !SMOKE) console.log("bench: every target PASS");
Deno.exit(failed ? 1 : 0);
