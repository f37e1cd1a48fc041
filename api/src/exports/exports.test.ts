/**
 * Exports end to end through the API on a small fixed data set: roles, the wizard's messages, each type's
 * rows read back from the downloaded file, the audit of every download, expiry, and (in the second test) the
 * progress of a 12,000-row build and a storage failure that leaves the export FAILED until it is run again.
 */
import { sql } from "kysely";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { createJobRunner, HOUR, schedule } from "../lib/jobs.ts";
import { databaseStorage, type Storage } from "../lib/storage.ts";
import {
  ABANDONED,
  BUILD_QUEUE,
  buildExport,
  EXPIRE_QUEUE,
  expireExports,
  SIMULATED_FAILURE,
} from "./jobs.ts";
import { csvCell } from "./csv.ts";
import { EXPORT_MESSAGES as M } from "./schemas.ts";
import { parseCsv, seedFixedData } from "./test-helpers.ts";
import { SIMULATE_STORAGE_FAILURE_HEADER } from "./service.ts";

const HANDLERS = { [BUILD_QUEUE]: buildExport, [EXPIRE_QUEUE]: expireExports };

function runnerFor(ctx: TestContext) {
  return createJobRunner(ctx.deps, HANDLERS, { schedules: [schedule(EXPIRE_QUEUE, HOUR)] });
}

async function create(ctx: TestContext, body: unknown, headers?: HeadersInit) {
  const res = await ctx.request("admin", "POST", "/api/auth/exports", body, headers);
  const json = await res.json();
  assertEquals(res.status, 201, JSON.stringify(json));
  return json.data as { id: number; attributes: Record<string, unknown> };
}

async function show(ctx: TestContext, id: number) {
  const res = await ctx.request("admin", "GET", `/api/auth/export/${id}`);
  assertEquals(res.status, 200);
  return (await res.json()).data.attributes;
}

/** The downloaded file's records (header first), checking the name, the BOM and the CRLFs on the way. */
async function download(ctx: TestContext, id: number): Promise<string[][]> {
  const res = await ctx.request("admin", "GET", `/api/auth/export/${id}/download`);
  assertEquals(res.status, 200);
  assertEquals(res.headers.get("Content-Disposition"), `attachment; filename="export-${id}.csv"`);
  assertEquals(res.headers.get("Content-Type"), "text/csv; charset=utf-8");
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
  assertOk(text.startsWith("\uFEFF"), "UTF-8 with a byte order mark");
  return parseCsv(text.slice(1));
}

Deno.test("exports: wizard rules, roles, each type's rows, audit and expiry", async (t) => {
  const clock = testClock("2026-11-24T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const runner = runnerFor(ctx);
  const { db } = ctx.database;
  try {
    const data = await seedFixedData(ctx);

    await t.step("PostgreSQL renders cells (sql/0022) exactly as csv.ts does", async () => {
      const values = [
        "plain",
        'say "hi"',
        "a,b",
        "line\nbreak",
        "cr\r\nlf",
        "",
        null,
        "=SUM(A1)",
        '=HYPERLINK("http://x","y")',
        "+1 555",
        "-3",
        "@user",
        "\tTab",
        "\rCR",
        "a=b",
        "Zoë Ångström 日本語 🚢",
      ];
      for (const v of values) {
        const { rows } = await sql<{ c: string }>`select export_csv_cell(${v}::text) as c`.execute(db);
        assertEquals(rows[0].c, csvCell(v), JSON.stringify(v));
      }
      const at = new Date("2026-03-08T07:05:09.123Z");
      const { rows } = await sql<{ c: string; n: string }>`select export_csv_time(${at}::timestamptz) as c,
        export_csv_time(null) as n`.execute(db);
      assertEquals([rows[0].c, rows[0].n], [csvCell(at), ""]);
    });

    await t.step("the type is required, and must be one of the types", async () => {
      for (
        const [body, message] of [
          [{}, M.typeRequired],
          [{ type: "" }, M.typeRequired],
          [{ type: "vessels" }, M.typeInvalid],
          [{ type: "mis" }, M.yearRequired],
          [{ type: "i3_tests", filters: { from: "2026-05-01", to: "2026-04-01" } }, M.rangeOrder],
          [{ type: "i3_tests", filters: { reason: "whim" } }, M.reasonInvalid],
          [{ type: "expired_memberships", filters: { from: "2026-02-30" } }, M.dateInvalid],
        ] as const
      ) {
        const res = await ctx.request("admin", "POST", "/api/auth/exports", body);
        assertEquals([res.status, (await res.json()).error], [422, message], JSON.stringify(body));
      }
      assertEquals(await db.selectFrom("exports").select("id").execute(), []);
    });

    await t.step("administrators only: member and DER 403, anonymous 401", async () => {
      const first = await create(ctx, { type: "users" });
      for (
        const [method, path] of [
          ["POST", "/api/auth/exports"],
          ["GET", "/api/auth/exports"],
          ["GET", `/api/auth/export/${first.id}`],
          ["GET", `/api/auth/export/${first.id}/download`],
          ["POST", `/api/auth/export/${first.id}/retry`],
        ]
      ) {
        await assertRoleAnswers(ctx, {
          method,
          path,
          body: () => (method === "POST" ? { type: "users" } : undefined),
          expect: adminOnly(
            method === "POST" && path.endsWith("exports")
              ? 201
              : path.endsWith("retry") || path.endsWith("download")
              ? 409
              : 200,
          ),
        });
      }
      const missing = await ctx.request("admin", "GET", "/api/auth/export/999999");
      assertEquals(missing.status, 404);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/export/999999/download")).status, 404);
    });

    let usersId = 0;
    await t.step("Users: BUILDING, then BUILT with every user and no secrets", async () => {
      const e = await create(ctx, { type: "users" });
      usersId = e.id;
      assertEquals([e.attributes.status, e.attributes.rows_written, e.attributes.filename], [
        "BUILDING",
        0,
        `export-${e.id}.csv`,
      ]);
      const early = await ctx.request("admin", "GET", `/api/auth/export/${e.id}/download`);
      assertEquals([early.status, (await early.json()).error], [409, M.notBuilt]);
      await runner.tick();
      const built = await show(ctx, e.id);
      assertEquals([built.status, built.rows_written, built.rows_total, built.row_count], ["BUILT", 5, 5, 5]);
      assertEquals(String(built.expires_at).slice(0, 13), "2026-12-01T15", "7 days (EXPORT_RETENTION_DAYS)");
      const rows = await download(ctx, e.id);
      assertEquals(rows[0].slice(0, 6), [
        "User ID",
        "Member Number",
        "First Name",
        "Middle Name",
        "Last Name",
        "Email",
      ]);
      assertEquals(rows.length, 6);
      const mia = rows.find((r) => r[0] === String(ctx.users.member.id))!;
      // The hostile name is neutralised, the comma and quotes survive, the unicode is intact.
      assertEquals([mia[2], mia[4], mia[6], mia[16]], [
        `'=HYPERLINK("http://x","y")`,
        'Zoë, "Q"',
        "'+1 555 0100",
        "Company A",
      ]);
      const text = rows.flat().join("|");
      assertOk(!text.includes("$argon") && !text.includes("1234"), "no password hash, no SSN digits");
    });

    await t.step("every download is audited with who, which export and its type", async () => {
      const before = await db.selectFrom("audit_log").select("id").where("action", "=", "export.download")
        .execute();
      await download(ctx, usersId);
      const rows = await db.selectFrom("audit_log").select(["actor_user_id", "entity", "entity_id", "detail"])
        .where("action", "=", "export.download").orderBy("id").execute();
      assertEquals(rows.length, before.length + 1);
      assertEquals(rows.at(-1)!.actor_user_id, ctx.users.admin.id);
      assertEquals([rows.at(-1)!.entity, rows.at(-1)!.entity_id], ["export", String(usersId)]);
      assertEquals((rows.at(-1)!.detail as { type: string }).type, "users");
      const created = await db.selectFrom("audit_log").select("entity_id").where(
        "action",
        "=",
        "export.create",
      )
        .execute();
      assertOk(created.some((r) => r.entity_id === String(usersId)), "the creation is audited too");
    });

    await t.step("Transactions: each order with its total in dollars", async () => {
      const e = await create(ctx, { type: "transactions" });
      await runner.tick();
      const rows = await download(ctx, e.id);
      assertEquals(rows.length, 2);
      assertEquals([rows[1][0], rows[1][3], rows[1][4], rows[1][10], rows[1][11]], [
        String(data.orderId),
        "membership",
        "completed",
        "105.00",
        "card",
      ]);
    });

    await t.step("I3 Tests: reason and date range, the result without the laboratory detail", async () => {
      const e = await create(ctx, {
        type: "i3_tests",
        filters: { reason: "random", from: "2026-01-01", to: "2026-12-31", year: 2026 },
      });
      assertEquals(e.attributes.filters, { reason: "random", from: "2026-01-01", to: "2026-12-31" });
      await runner.tick();
      const rows = await download(ctx, e.id);
      assertEquals(rows.map((r) => [r[0], r[6], r[8]]), [
        ["Test ID", "Reason", "Result"],
        [String(data.tests.t1), "random", "negative"],
        [String(data.tests.t3), "random", "refusal"],
      ]);
      const shown = await show(ctx, e.id);
      assertEquals(
        [shown.rows_total, shown.rows_written, shown.row_count],
        [2, 2, 2],
        "the count filters alike",
      );
      const all = await create(ctx, { type: "i3_tests" });
      await runner.tick();
      const every = await download(ctx, all.id);
      assertEquals(every.length, 1 + 6);
      const text = every.flat().join("|");
      assertOk(!/THC|benzoylecgonine|SPEC-|ng\/mL/i.test(text), "no panel, specimen or levels");
    });

    await t.step("Expired Memberships: expired in the range, none still running", async () => {
      const e = await create(ctx, {
        type: "expired_memberships",
        filters: { from: "2026-02-01", to: "2026-12-31" },
      });
      await runner.tick();
      const rows = await download(ctx, e.id);
      assertEquals(rows.map((r) => [r[0], r[7], r[8]]), [
        ["Membership ID", "Type", "Expired On"],
        [String(data.memberships.m2), "one_time", "2026-10-01"],
      ]);
      assertEquals((await show(ctx, e.id)).rows_total, 1, "the count filters alike");
      const all = await create(ctx, { type: "expired_memberships" });
      await runner.tick();
      assertEquals((await download(ctx, all.id)).slice(1).map((r) => r[0]), [
        String(data.memberships.m1),
        String(data.memberships.m2),
      ]);
    });

    await t.step("MIS: one line per employer with activity, then the consortium", async () => {
      const e = await create(ctx, { type: "mis", filters: { year: 2026 } });
      await runner.tick();
      const rows = await download(ctx, e.id);
      assertEquals(rows.length, 4);
      assertEquals(rows[0].slice(0, 5), [
        "Year",
        "Business ID",
        "Employer",
        "Covered employees",
        "Pre-employment",
      ]);
      const [a, b, total] = rows.slice(1);
      assertEquals(a.slice(0, 3), ["2026", String(ctx.users.member.businessId), "Company A"]);
      assertEquals(b.slice(2, 3), ["Company B"]);
      assertEquals(total.slice(1, 3), ["", "Consortium total"]);
      // Covered, total results, verified negatives, positives, refusals, cancelled (hand-computed in fixtures).
      const pick = (r: string[]) => [r[3], r[11], r[12], r[13], r[19], r[20]];
      assertEquals(pick(a), ["1", "3", "1", "2", "0", "0"]);
      assertEquals(pick(b), ["1", "2", "0", "0", "1", "1"]);
      assertEquals(pick(total), ["2", "5", "1", "2", "1", "1"]);
    });

    await t.step("the list pages and sorts by the spec's columns", async () => {
      const res = await ctx.request(
        "admin",
        "GET",
        "/api/auth/exports?page=1&per_page=3&sort_by=id&sort_dir=asc",
      );
      const body = await res.json();
      assertEquals(res.status, 200);
      assertEquals(body.meta.total, 9);
      assertEquals(body.data.length, 3);
      assertOk(body.data[0].id < body.data[1].id);
      for (const by of ["status", "type", "created_at", "progress"]) {
        const r = await ctx.request("admin", "GET", `/api/auth/exports?sort_by=${by}&sort_dir=desc`);
        assertEquals(r.status, 200, by);
        await r.body?.cancel();
      }
      const bad = await ctx.request("admin", "GET", "/api/auth/exports?sort_by=content");
      assertEquals(bad.status, 422);
    });

    await t.step("after EXPORT_RETENTION_DAYS the file is deleted and the download refused", async () => {
      const key = (await db.selectFrom("exports").select("storage_key").where("id", "=", usersId)
        .executeTakeFirstOrThrow()).storage_key!;
      clock.set("2026-11-30T15:00:00Z");
      await runner.tick();
      assertOk(await ctx.deps.storage.get(key).then((f) => f?.body.cancel().then(() => true)), "kept 6 days");
      clock.set("2026-12-01T16:00:00Z");
      await runner.tick();
      assertEquals(await ctx.deps.storage.get(key), null);
      assertEquals((await show(ctx, usersId)).expired, true);
      const res = await ctx.request("admin", "GET", `/api/auth/export/${usersId}/download`);
      assertEquals([res.status, (await res.json()).error], [409, M.expired]);
    });
  } finally {
    await runner.stop();
    await ctx.close();
  }
});

Deno.test("exports: progress while streaming, and a storage failure that can be run again", async (t) => {
  let broken = false;
  const progress: number[] = [];
  // Filled in once the context (and its database) exists; the storage below is built before it.
  const box: { ctx?: TestContext; inner?: Storage } = {};
  // A storage that can break, and that reads the export's progress each time it receives a chunk.
  const storage: Storage = {
    put(key, body, type) {
      if (broken) return Promise.reject(new Error("Disk quota exceeded"));
      const watched = (body as ReadableStream<Uint8Array>).pipeThrough(
        new TransformStream({
          async transform(chunk, controller) {
            const row = await box.ctx!.database.db.selectFrom("exports").select("rows_written")
              .orderBy("id", "desc").executeTakeFirstOrThrow();
            progress.push(row.rows_written);
            controller.enqueue(chunk);
          },
        }),
      );
      return box.inner!.put(key, watched, type);
    },
    get: (key) => box.inner!.get(key),
    delete: (key) => box.inner!.delete(key),
    prune: (before) => box.inner!.prune(before),
  };
  const ctx = box.ctx = await createTestContext({ storage });
  box.inner = databaseStorage(ctx.database.db, ctx.deps.now);
  const runner = runnerFor(ctx);
  try {
    await t.step("12,005 users: the progress climbs batch by batch to the total", async () => {
      await sql`insert into users (email, password_hash, first_name, last_name)
        select 'bulk' || g || '@test.local', 'x', 'Bulk', 'User ' || g from generate_series(1, 12000) g`
        .execute(ctx.database.db);
      const e = await create(ctx, { type: "users" });
      await runner.tick();
      const built = await show(ctx, e.id);
      assertEquals([built.status, built.rows_written, built.rows_total], ["BUILT", 12005, 12005]);
      const distinct = [...new Set(progress)];
      assertOk(distinct.some((n) => n > 0 && n < 12005), `progress seen mid-build: ${distinct}`);
      assertEquals(distinct, [...distinct].sort((x, y) => x - y), "never goes back");
      assertEquals((await download(ctx, e.id)).length, 12006);
    });

    await t.step("a storage that throws leaves the export FAILED with its error", async () => {
      broken = true;
      const e = await create(ctx, { type: "transactions" });
      await runner.tick();
      const failed = await show(ctx, e.id);
      assertEquals([failed.status, failed.error], ["FAILED", "Disk quota exceeded"]);
      const job = await ctx.database.db.selectFrom("jobs").select(["failed", "finished_at"])
        .where("queue", "=", BUILD_QUEUE).orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals([job.failed, job.finished_at !== null], [false, true]);
      const dl = await ctx.request("admin", "GET", `/api/auth/export/${e.id}/download`);
      assertEquals([dl.status, (await dl.json()).error], [409, M.notBuilt]);

      broken = false;
      const again = await ctx.request("admin", "POST", `/api/auth/export/${e.id}/retry`);
      assertEquals(again.status, 200);
      const retried = (await again.json()).data.attributes;
      assertEquals([retried.status, retried.error, retried.runs], ["BUILDING", null, 2]);
      await runner.tick();
      assertEquals((await show(ctx, e.id)).status, "BUILT");
      const twice = await ctx.request("admin", "POST", `/api/auth/export/${e.id}/retry`);
      assertEquals([twice.status, (await twice.json()).error], [409, M.notFailed]);
      const audited = await ctx.database.db.selectFrom("audit_log").select("detail")
        .where("action", "=", "export.retry").execute();
      assertEquals((audited[0].detail as { previous_error: string }).previous_error, "Disk quota exceeded");
    });

    await t.step("the test-only simulated failure fails the first run only", async () => {
      const e = await create(ctx, { type: "users" }, { [SIMULATE_STORAGE_FAILURE_HEADER]: "1" });
      await runner.tick();
      assertEquals([(await show(ctx, e.id)).status, (await show(ctx, e.id)).error], [
        "FAILED",
        SIMULATED_FAILURE,
      ]);
      assertEquals((await ctx.request("admin", "POST", `/api/auth/export/${e.id}/retry`)).status, 200);
      await runner.tick();
      assertEquals((await show(ctx, e.id)).status, "BUILT");
    });

    await t.step("an export whose build job was given up is marked FAILED and can be run again", async () => {
      const e = await create(ctx, { type: "transactions" });
      // As jobs.ts leaves a job whose every attempt's process died.
      await ctx.database.db.updateTable("jobs").set({ finished_at: new Date(), failed: true })
        .where("unique_key", "=", `export-${e.id}-run-1`).execute();
      // This hour's scheduled run already happened: the hourly job is called as its next run would be.
      const job = { id: 0, queue: EXPIRE_QUEUE, payload: {}, attempts: 1, max_attempts: 5 };
      await expireExports({}, { deps: ctx.deps, job });
      const shown = await show(ctx, e.id);
      assertEquals([shown.status, shown.error], ["FAILED", ABANDONED]);
      assertEquals((await ctx.request("admin", "POST", `/api/auth/export/${e.id}/retry`)).status, 200);
      await runner.tick();
      assertEquals((await show(ctx, e.id)).status, "BUILT");
    });

    await t.step("in production the simulation is refused", async () => {
      ctx.deps.config.production = true;
      try {
        const res = await ctx.request("admin", "POST", "/api/auth/exports", { type: "users" }, {
          [SIMULATE_STORAGE_FAILURE_HEADER]: "1",
        });
        assertEquals([res.status, (await res.json()).error], [422, M.simulationRefused]);
      } finally {
        ctx.deps.config.production = false;
      }
    });
  } finally {
    await runner.stop();
    await ctx.close();
  }
});
