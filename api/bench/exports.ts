/**
 * `deno task bench` (second part): the Users export at scale (issue 14). One run:
 *   1. a fresh database with the real app on it (seeded), then BENCH_EXPORT_USERS users (default 250,000)
 *      added set-based with generate_series, each with a primary business among 20,000;
 *   2. POST /api/auth/exports {type: users}, polled until BUILT: the time from the POST to BUILT, and the
 *      server process's resident memory (VmRSS, sampled every 50 ms) over its value just before the POST;
 *   3. the same query as one plain `COPY (...) TO STDOUT WITH (FORMAT csv)` through psql into /dev/null;
 *   4. rows/s of the export as a ratio of rows/s of the COPY (target >= 0.5), BUILT time (target <= 5 s) and
 *      memory growth (target <= 100 MB). Reported, never asserted.
 * Environment: BENCH_EXPORT_USERS, BENCH_PG_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres).
 * `deno task bench` runs it last (benchExports); alone: `deno run -A api/bench/exports.ts`.
 */
import postgres from "postgres";
import { connectPostgres } from "../src/db/client.ts";
import { userCsvCopy } from "../src/exports/queries.ts";
import { DEMO_ADMIN_TOTP_SECRET } from "../src/config.ts";
import { totpCode } from "../src/auth/second-factor/totp.ts";
import { sleep, startApp, verdict } from "./lib.ts";

const ADMIN_URL = Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres";
export const EXPORT_USERS_FULL = Number(Deno.env.get("BENCH_EXPORT_USERS") || 250_000);
const ADMIN = { email: "admin@apca.local", password: "admin-password-local" };
const step = (text: string) => console.log(`bench exports: ${text}`);

/** The export's query (exports/queries.ts userBatch) without the keyset: what COPY is compared with. */
const USERS_QUERY = `select u.id, u.member_number, u.first_name, u.middle_name, u.last_name, u.email, u.phone,
  u.address_one, u.address_two, u.city, u.state, u.postal_code, u.country, u.uscg_cred, u.is_admin, u.is_der,
  b.name as primary_business, u.created_at
  from users u
  left join business_users bu on bu.user_id = u.id and bu.is_primary and bu.removed_at is null
  left join businesses b on b.id = bu.business_id
  where u.deleted_at is null order by u.id`;

function rssKb(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** The export at scale with `USERS` bulk users; `print` false (smoke mode) runs every step and prints no figures. */
export async function benchExports(USERS = EXPORT_USERS_FULL, print = true): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  try {
    await run(cleanups, USERS, print);
  } finally {
    for (const c of cleanups.reverse()) await c().catch((e) => console.error(`clean-up: ${e}`));
  }
}

async function run(cleanups: (() => Promise<void>)[], USERS: number, print: boolean) {
  const dbName = `apca_bench_exports_${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  cleanups.push(() => admin.end({ timeout: 5 }));
  await admin.unsafe(`create database ${dbName}`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    step(`dropped database ${dbName}`);
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  step(`starting the app on ${dbName}`);
  const server = await startApp({ DATABASE_URL: databaseUrl, SEED_ON_START: "1", JOBS_POLL_MS: "100" });
  cleanups.push(server.stop);
  const { base } = server;

  step(`adding ${USERS.toLocaleString("en-US")} users and 20,000 businesses (set-based)`);
  const db = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  cleanups.push(() => db.end({ timeout: 5 }));
  let started = performance.now();
  await db.unsafe(`insert into businesses (name, city, state)
    select 'Bench Marine ' || g, 'Houma', 'LA' from generate_series(1, 20000) g`);
  await db.unsafe(
    `insert into users (email, password_hash, first_name, last_name, phone, address_one, city, state,
      postal_code, country, member_number)
    select 'bench' || g || '@bench.local', 'x', 'First' || g, 'Last, "' || g || '"', '+1 985 555 ' || lpad((g % 10000)::text, 4, '0'),
      g || ' Bayou Road', 'Houma', 'LA', '70360', 'US', 'B' || g
    from generate_series(1, ${USERS}) g`,
  );
  await db.unsafe(`insert into business_users (business_id, user_id, is_employee, is_primary)
    select (select min(id) from businesses where name like 'Bench Marine %') + (u.id % 20000), u.id, true, true
    from users u where u.email like '%@bench.local'`);
  await db.unsafe("analyze");
  step(`data ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const login = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const auth = { Authorization: `Bearer ${(await login.json()).token}` };
  // The seeded administrator's second factor: the demo authenticator's current code (decision 0043).
  const verified = await fetch(`${base}/api/auth/second-factor/verify`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ method: "totp", code: totpCode(DEMO_ADMIN_TOTP_SECRET, new Date()) }),
  });
  if (!verified.ok) throw new Error(`second factor failed: ${verified.status} ${await verified.text()}`);

  step("exporting the users");
  const baseline = rssKb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => peak = Math.max(peak, rssKb(server.pid)), 50);
  started = performance.now();
  const created = await fetch(`${base}/api/auth/exports`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "users" }),
  });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  const id = (await created.json()).data.id;
  let attributes: {
    status: string;
    row_count: number | null;
    byte_size: number | null;
    error: string | null;
  };
  for (;;) {
    const res = await fetch(`${base}/api/auth/export/${id}`, { headers: auth });
    attributes = (await res.json()).data.attributes;
    if (attributes.status !== "BUILDING") break;
    await sleep(50);
  }
  const builtMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(server.pid));
  if (attributes.status !== "BUILT") throw new Error(`export ${attributes.status}: ${attributes.error}`);
  const rows = attributes.row_count!;

  step("COPY of the same query to /dev/null through psql");
  started = performance.now();
  const copy = await new Deno.Command("psql", {
    args: [
      databaseUrl,
      "-q",
      "-c",
      `\\copy (${USERS_QUERY.replaceAll("\n", " ")}) to '/dev/null' with (format csv, header)`,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  const copyMs = performance.now() - started;
  if (!copy.success) throw new Error(`psql failed: ${new TextDecoder().decode(copy.stderr)}`);

  // The export's own query (the CSV records rendered by PostgreSQL, exports/queries.ts), as a plain COPY.
  step("COPY of the export's own CSV query to /dev/null through psql");
  const compiler = connectPostgres(databaseUrl, { max: 1 });
  const exportCopy = userCsvCopy(compiler.db);
  await compiler.close();
  started = performance.now();
  const own = await new Deno.Command("psql", {
    // COPY ... TO STDOUT itself (psql writes what it receives to its stdout, /dev/null here).
    args: [databaseUrl, "-q", "-c", exportCopy],
    stdout: "null",
    stderr: "piped",
  }).output();
  const ownMs = performance.now() - started;
  if (!own.success) throw new Error(`psql failed: ${new TextDecoder().decode(own.stderr)}`);

  const exportRate = rows / (builtMs / 1000),
    copyRate = rows / (copyMs / 1000),
    ownRate = rows / (ownMs / 1000);
  const growthMb = (peak - baseline) / 1024;
  if (rows < USERS) throw new Error(`bench exports: the export has ${rows} rows for ${USERS} bench users`);
  if (!print) return;
  console.log(`
| measure                                   | value | target | result |
| ----------------------------------------- | ----: | -----: | ------ |
| rows exported                             | ${rows.toLocaleString("en-US")} | | |
| file size (MB)                            | ${((attributes.byte_size ?? 0) / 1e6).toFixed(1)} | | |
| POST to BUILT (s)                         | ${(builtMs / 1000).toFixed(2)} | <= 5 | ${
    verdict("export POST to BUILT", builtMs <= 5000)
  } |
| server RSS before (MB)                    | ${(baseline / 1024).toFixed(0)} | | |
| server RSS growth during the export (MB)  | ${growthMb.toFixed(1)} | <= 100 | ${
    verdict("export RSS growth", growthMb <= 100)
  } |
| export rows/s                             | ${exportRate.toFixed(0)} | | |
| COPY TO STDOUT (psql) time (s)            | ${(copyMs / 1000).toFixed(2)} | | |
| COPY rows/s                               | ${copyRate.toFixed(0)} | | |
| export rows/s / COPY rows/s               | ${(exportRate / copyRate).toFixed(2)} | >= 0.5 | ${
    verdict("export rows/s over COPY", exportRate / copyRate >= 0.5)
  } |
| COPY of the export's CSV query (psql) (s) | ${(ownMs / 1000).toFixed(2)} | | |
| export rows/s / that COPY's rows/s        | ${(exportRate / ownRate).toFixed(2)} | >= 0.5 | ${
    verdict("export rows/s over its own COPY", exportRate / ownRate >= 0.5)
  } |
`);
}

if (import.meta.main) {
  let failed = false;
  try {
    await benchExports();
  } catch (error) {
    failed = true;
    console.error(error instanceof Error ? error.message : error);
  }
  Deno.exit(failed ? 1 : 0);
}
