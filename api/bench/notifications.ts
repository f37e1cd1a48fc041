/**
 * The administrators' desk at volume (issue 12), run by `deno task bench` after the HTTP measurements or alone
 * (`deno run -A api/bench/notifications.ts`): a fresh database with 100,000 notifications (one in ten open)
 * and 50,000 businesses, then
 *   - the badges' count (notifications/queries.ts countOpenByType): its plan, which must be an Index Only Scan
 *     of notifications_type_open_idx with no heap fetches once vacuumed, and its time over many runs;
 *   - the duplicate-company look-up (findDuplicateCompanies): its plan, index probes (Bitmap Index Scans on
 *     the 0019 expression indexes) rather than a scan of the businesses, and its time.
 * Reported, never asserted: the exit code is 0 whenever the run worked. The database is dropped on every way
 * out. The bulk set-up (rows, VACUUM ANALYZE) runs on a connection of its own without the app's statement
 * timeout; the measured queries run through the app's own connection, timeout included.
 */
import { sql } from "kysely";
import postgres from "postgres";
import { connectPostgres } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import { countOpenByType } from "../src/notifications/queries.ts";
import { findDuplicateCompanies } from "../src/businesses/queries.ts";
import { nearestRank } from "./lib.ts";

export interface DeskSize {
  notifications: number;
  businesses: number;
  runs: number;
}

export const DESK_FULL: DeskSize = { notifications: 100_000, businesses: 50_000, runs: 200 };

async function timed(runs: number, fn: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: nearestRank(times, 0.5), p99: nearestRank(times, 0.99) };
}

export async function benchNotifications(adminUrl: string, size: DeskSize = DESK_FULL): Promise<void> {
  const { notifications: NOTIFICATIONS, businesses: BUSINESSES, runs: RUNS } = size;
  const name = `apca_bench_desk_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString(), { max: 2 });
  // Set-up only: 100,000 rows and a VACUUM can outlast the 15 s a request's statement may take.
  const setup = postgres(url.toString(), {
    max: 1,
    onnotice: () => {},
    connection: { statement_timeout: 0 },
  });
  try {
    await migrate(database);
    const { db } = database;
    console.log(`bench: desk: ${NOTIFICATIONS} notifications, ${BUSINESSES} businesses in ${name}`);
    // Bulk rows straight in SQL (test data, not the app's writer): change types need no linked rows.
    await setup`
      insert into notifications (type, meta, archived_at, created_at)
      select (array['UPDATE_USER','UPDATE_BUSINESS','NEW_VESSEL','UPDATE_VESSEL'])[1 + i % 4], '{}'::jsonb,
        case when i % 10 = 0 then null else now() end, now()
      from generate_series(1, ${NOTIFICATIONS}::int) as i`;
    await setup`
      insert into businesses (name, tax_id, phone, email)
      select 'Company ' || i || ' Marine LLC', lpad(i::text, 9, '0'), '(504) 555-' || lpad((i % 10000)::text, 4, '0'),
        'office' || i || '@example.com'
      from generate_series(1, ${BUSINESSES}::int) as i`;
    await setup`vacuum analyze notifications`;
    await setup`vacuum analyze businesses`;

    const plan = async (query: string) =>
      (await sql.raw(`explain (analyze, buffers) ${query}`).execute(db)).rows
        .map((r) => Object.values(r as Record<string, string>)[0]).join("\n");

    const countPlan = await plan(
      "select type, count(*)::int as n from notifications where archived_at is null group by type",
    );
    const counts = await countOpenByType(db);
    const open = counts.reduce((n, r) => n + Number(r.n), 0);
    const count = await timed(RUNS, () => countOpenByType(db));
    console.log(`bench: desk: open notifications counted ${open} (expected ${NOTIFICATIONS / 10})`);
    if (open !== NOTIFICATIONS / 10) throw new Error(`bench: desk: counted ${open} open notifications`);
    console.log(`bench: desk: count plan\n${countPlan.replace(/^/gm, "    ")}`);
    console.log(
      `bench: desk: count p50 ${count.p50.toFixed(2)} ms, p99 ${count.p99.toFixed(2)} ms (${RUNS} runs)`,
    );
    console.log(`bench: desk: index-only: ${/Index Only Scan/.test(countPlan) ? "yes" : "NO"}`);

    const n = Math.min(4242, BUSINESSES), digits = String(n).padStart(9, "0");
    const probe = {
      name: `company ${n} marine, l.l.c.`,
      tax_id: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`,
      phone: null,
      email: null,
    };
    const dupPlan = await plan(
      `select id from businesses where deleted_at is null and is_individual = false and (apca_company_key(name) = apca_company_key('${probe.name}') or apca_digits(tax_id) = apca_digits('${probe.tax_id}') or apca_digits(phone) = apca_digits(null) or apca_email_key(email) = apca_email_key(null))`,
    );
    const found = await findDuplicateCompanies(db, { ...probe, exceptId: null });
    if (!found.length) throw new Error(`bench: desk: no duplicate found for '${probe.name}'`);
    const dup = await timed(RUNS, () => findDuplicateCompanies(db, { ...probe, exceptId: null }));
    console.log(`bench: desk: duplicates of '${probe.name}': ${found.map((b) => b.name).join(", ")}`);
    console.log(`bench: desk: duplicate plan\n${dupPlan.replace(/^/gm, "    ")}`);
    console.log(
      `bench: desk: duplicates p50 ${dup.p50.toFixed(2)} ms, p99 ${dup.p99.toFixed(2)} ms (${RUNS} runs)`,
    );
    console.log(`bench: desk: scans businesses: ${/Seq Scan on businesses/.test(dupPlan) ? "YES" : "no"}`);
  } finally {
    await setup.end({ timeout: 5 });
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

if (import.meta.main) {
  await benchNotifications(Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres");
}
