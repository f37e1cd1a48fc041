/**
 * The administrator's day at volume (issue 24, Performance; decision 0070), run by `deno task bench` after the
 * exports or alone (`deno run -A api/bench/admin-search.ts`): a fresh database filled with the scale data set
 * (`seed:scale`: 250,000 members, 20,000 companies, about 270,000 notifications and 1,000,000 audit rows), then,
 * through the real app in process (routing, access, validation, audit of the read, the services and their SQL
 * on PostgreSQL; no sockets), sequential requests of
 *   - the header search (GET /api/auth/search) over a mix of texts: exact and partial member numbers, phone
 *     digits, a credential, an e-mail, common and rare names, a company name, a DBA, an EIN and an order number;
 *   - the notification center with a filter (GET /api/auth/notifications?q=… or a date range);
 *   - a user's History tab (GET /api/auth/audit?entity=user&entity_id=…), a different user each time;
 * p50 / p95 / max of each (target p95 ≤ 50 ms), then EXPLAIN (ANALYZE, BUFFERS) of the SQL each sends, captured
 * from the services' own queries. Reported, never asserted; `--smoke` sizes (tiny data) print no figures. The
 * database is dropped on every way out. Alone, BENCH_DAY_URL measures a database `seed:scale` already filled.
 */
import { Kysely } from "kysely";
import { PostgresJSDialect } from "kysely-postgres-js";
import postgres from "postgres";
import { createApp } from "../src/app.ts";
import { buildDeps } from "../src/boot.ts";
import { loadConfig } from "../src/config.ts";
import { connectPostgres } from "../src/db/client.ts";
import { migrate } from "../src/db/migrate.ts";
import type { DB } from "../src/db/types.ts";
import { officeDay } from "../src/lib/dates.ts";
import { silentLog } from "../src/lib/logging.ts";
import { seedScale } from "../src/seed-scale/scale.ts";
import { benchAdministrator, benchSession } from "./fixtures.ts";
import { nearestRank, verdict } from "./lib.ts";

export interface AdminDaySize {
  members: number;
  companies?: number;
  /** Requests per case (after a warm-up of three). */
  requests: number;
}

export const ADMIN_DAY_FULL: AdminDaySize = { members: 250_000, companies: 20_000, requests: 60 };
const TARGET_P95_MS = 50;

/**
 * `existingUrl` (BENCH_DAY_URL when run alone): measure a database already filled by `seed:scale` instead of
 * building one (nothing is created or dropped).
 */
export async function benchAdminDay(
  adminUrl: string,
  size: AdminDaySize,
  report: boolean,
  existingUrl?: string,
): Promise<void> {
  const name = existingUrl
    ? new URL(existingUrl).pathname.slice(1)
    : `apca_bench_day_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  if (!existingUrl) await admin.unsafe(`create database ${name}`);
  const url = new URL(existingUrl ?? adminUrl);
  url.pathname = `/${name}`;
  // Set-up only (the scale statements outlast a request's statement timeout); the app gets its own pool.
  const setup = connectPostgres(url.toString(), { max: 1, statementTimeoutMs: 0 });
  const database = connectPostgres(url.toString(), { max: 10 });
  const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const config = { ...loadConfig(), databaseUrl: url.toString() };
    const started = performance.now();
    if (!existingUrl) await migrate(setup);
    if (!existingUrl) {
      await seedScale(setup, {
        members: size.members,
        companies: size.companies,
        seed: "bench",
        // The one wall-clock read: the data set's "today", as `seed:scale` takes it.
        anchor: officeDay(new Date(), config.officeTimeZone),
        timeZone: config.officeTimeZone,
      });
    }
    const [counts] = await raw<{ users: number; companies: number; notifications: number; audit: number }[]>`
      select (select count(*) from users)::int as users,
        (select count(*) from businesses where not is_individual)::int as companies,
        (select count(*) from notifications)::int as notifications,
        (select count(*) from audit_log)::int as audit`;
    console.log(
      `bench: admin day: ${counts.users} users, ${counts.companies} companies, ${counts.notifications} ` +
        `notifications, ${counts.audit} audit rows in ${name} (built in ${
          ((performance.now() - started) / 1000).toFixed(0)
        } s)`,
    );

    const deps = await buildDeps(config, database, { log: silentLog });
    const app = createApp(deps);
    const { db } = database;
    const token = await benchSession(deps, await benchAdministrator(db));
    const now = deps.now();

    // Real values of this data set to look for.
    const n = Math.min(123_457, size.members - 3);
    const member = await db.selectFrom("users").select(["id", "member_number", "email", "phone", "uscg_cred"])
      .where("member_number", "=", `S-${n}`).executeTakeFirstOrThrow();
    const company = await db.selectFrom("businesses").select(["name", "tax_id", "dba_name"])
      .where("is_individual", "=", false).where("dba_name", "is not", null).orderBy("id", "desc")
      .limit(1).executeTakeFirstOrThrow();
    const order = await db.selectFrom("orders").select("number").where("user_id", "=", member.id)
      .limit(1).executeTakeFirstOrThrow();
    const users = await db.selectFrom("users").select("id").where("member_number", "is not", null)
      .orderBy("id").execute();
    const searches = [
      ["member number, exact", member.member_number!],
      ["member number, partial", member.member_number!.slice(0, -2)],
      ["member number digits", member.member_number!.slice(2)],
      ["phone digits", member.phone!.replace(/\D/g, "").slice(0, 7)],
      ["credential", member.uscg_cred!],
      ["e-mail", member.email.split("@")[0] + "@"],
      ["common name", "garcia"],
      ["first and last name", "maria garcia"],
      ["two letters", "bo"],
      ["company name", company.name.split(" ").slice(0, 3).join(" ")],
      ["DBA", company.dba_name!],
      ["EIN", company.tax_id!],
      ["order number", order.number],
    ] as const;
    const day = (daysAgo: number) =>
      officeDay(new Date(now.getTime() - daysAgo * 86_400_000), config.officeTimeZone);
    const notificationCases = [
      ["open, by member number", `types=REGISTRATION&q=${member.member_number}`],
      ["archived, by member number", `types=REGISTRATION&archived=true&q=${member.member_number}`],
      ["archived, by name", "types=REGISTRATION&archived=true&q=maria%20garcia"],
      [
        "archived, by company",
        `types=REGISTRATION,MEMBERSHIP_CANCELLED&archived=true&q=${encodeURIComponent(company.name)}`,
      ],
      ["archived, one month", `types=REGISTRATION&archived=true&from=${day(60)}&to=${day(30)}`],
    ] as const;

    let pick = 0;
    const cases: [group: string, label: string, path: () => string][] = [
      ...searches.map(([label, q]) =>
        ["header search", label, () => `/api/auth/search?q=${encodeURIComponent(q)}`] as [
          string,
          string,
          () => string,
        ]
      ),
      ...notificationCases.map(([label, query]) =>
        ["notification center", label, () => `/api/auth/notifications?${query}`] as [
          string,
          string,
          () => string,
        ]
      ),
      [
        "user History",
        "a different user each request",
        () => `/api/auth/audit?entity=user&entity_id=${users[pick = (pick + 7919) % users.length].id}`,
      ],
    ];

    const load = () => Deno.loadavg().map((l) => l.toFixed(2)).join(", ");
    if (report) console.log(`bench: admin day: load average before: ${load()}`);
    const all: Record<string, number[]> = {};
    const lines: string[] = [];
    for (const [group, label, path] of cases) {
      const times: number[] = [];
      for (let i = 0; i < 3 + size.requests; i++) {
        const p = path();
        const t0 = performance.now();
        const res = await app.request(p, { headers: { Authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`bench: admin day: ${p}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        if (i >= 3) times.push(performance.now() - t0);
      }
      (all[group] ??= []).push(...times);
      times.sort((a, b) => a - b);
      lines.push(
        `| ${group} | ${label} | ${nearestRank(times, 0.5).toFixed(1)} | ${
          nearestRank(times, 0.95).toFixed(1)
        } | ${times.at(-1)!.toFixed(1)} |`,
      );
    }
    if (!report) {
      console.log(`bench: admin day: ${cases.length} cases ran`);
      return;
    }
    console.log(`bench: admin day: load average after: ${load()}`);
    console.log(`\n| what | case | p50 ms | p95 ms | max ms |\n|---|---|---|---|---|\n${lines.join("\n")}`);
    console.log(`\n| what (all its cases) | p50 ms | p95 ms | target p95 | result |\n|---|---|---|---|---|`);
    for (const [group, times] of Object.entries(all)) {
      times.sort((a, b) => a - b);
      const p95 = nearestRank(times, 0.95);
      console.log(
        `| ${group} | ${nearestRank(times, 0.5).toFixed(1)} | ${p95.toFixed(1)} | ≤ ${TARGET_P95_MS} | ${
          verdict(`admin day ${group} p95`, p95 <= TARGET_P95_MS)
        } |`,
      );
    }

    // The SQL of one request of each kind, captured through a logging Kysely on the same database, explained.
    const captured: { sql: string; parameters: readonly unknown[] }[] = [];
    const pg = postgres(url.toString(), { max: 3, onnotice: () => {} });
    const logging = new Kysely<DB>({
      dialect: new PostgresJSDialect({ postgres: pg }),
      log: (event) => {
        if (event.level === "query") {
          captured.push({ sql: event.query.sql, parameters: event.query.parameters });
        }
      },
    });
    const spyApp = createApp({ ...deps, database: { ...database, db: logging } });
    const explain = [
      `/api/auth/search?q=${encodeURIComponent(member.member_number!)}`,
      "/api/auth/search?q=garcia",
      `/api/auth/notifications?types=REGISTRATION&archived=true&q=${member.member_number}`,
      "/api/auth/notifications?types=REGISTRATION&archived=true&q=maria%20garcia",
      `/api/auth/notifications?types=REGISTRATION&archived=true&from=${day(60)}&to=${day(30)}`,
      `/api/auth/audit?entity=user&entity_id=${member.id}`,
    ];
    for (const p of explain) {
      captured.length = 0;
      const res = await spyApp.request(p, { headers: { Authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      for (const q of captured) {
        if (
          !/^\s*(select|with)/i.test(q.sql) || /from "?sessions"?|from "?users"? where "?id"? =/i.test(q.sql)
        ) {
          continue; // the session check and the audit insert: not this screen's reads
        }
        const plan = await raw.unsafe(`explain (analyze, buffers) ${q.sql}`, q.parameters as never[]);
        console.log(`\n#### ${p}\n\n\`\`\`\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}\n\`\`\``);
      }
    }
    await logging.destroy();
  } finally {
    await raw.end({ timeout: 5 });
    await database.close();
    await setup.close();
    if (!existingUrl) await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

if (import.meta.main) {
  const smoke = Deno.args.includes("--smoke");
  await benchAdminDay(
    Deno.env.get("BENCH_PG_URL") || "postgres://postgres@127.0.0.1:5432/postgres",
    smoke ? { members: 500, requests: 2 } : ADMIN_DAY_FULL,
    !smoke,
    Deno.env.get("BENCH_DAY_URL") || undefined,
  );
}
