/**
 * Issue 24 item 7 (decision 0069): the pace panel is coherent (still needed this month never above this year)
 * and flags the months of the year without a drawn pool; the new pool's preview defaults to the first month
 * without a pool and answers the covered population and the number to select, writing nothing. Months are
 * the office's (New York), tested on the injected clock at the month's edge, where UTC is already in the next.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { PoolAnswer, PoolListAnswer, PreviewAnswer } from "./schemas.ts";
import { coveredMember, inI3, poolHarness } from "./test-helpers.ts";

const COVERED = 4;

Deno.test("random pools: the pace panel and the new pool's preview", async (t) => {
  // 23:30 on 30 November in New York; already 1 December in UTC.
  const clock = testClock("2026-12-01T04:30:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const { drawn, ordered, runner, pool } = poolHarness(ctx);
  let october = 0;
  const preview = async (query = "") => {
    const res = await ctx.request("admin", "GET", `/api/auth/randoms/preview${query}`);
    assertEquals(res.status, 200, query);
    return PreviewAnswer.parse(await res.json()).data;
  };
  const paceOf = async (query = "") => {
    const res = await ctx.request("admin", "GET", `/api/auth/randoms${query}`);
    assertEquals(res.status, 200);
    return PoolListAnswer.parse(await res.json()).pace;
  };
  try {
    for (let i = 0; i < COVERED; i++) await coveredMember(db, i, ctx.users.der.businessId);
    await inI3(ctx, ctx.users.der.businessId);

    await t.step("roles: the preview is the administrators' only; anonymous 401", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/randoms/preview",
        expect: adminOnly(200),
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/randoms/preview?year=2026&month=11",
        expect: adminOnly(200),
      });
    });

    await t.step(
      "with no pool, the preview is this office month (November), not UTC's December",
      async () => {
        const p = await preview();
        assertEquals(p, {
          year: 2026,
          month: 11,
          rate_percent: 50,
          covered_count: COVERED,
          // The year's target (50 % of 4 = 2) over the two months left.
          to_select: 1,
          alternates: 2,
          exists: false,
        });
        assertEquals(
          await db.selectFrom("random_pools").select("id").execute(),
          [],
          "a preview writes nothing",
        );
        const pace = await paceOf();
        assertEquals(pace.year, 2026);
        assertEquals(pace.months_without_pool.map((m) => m.month), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      },
    );

    await t.step(
      "a drawn October is no longer flagged; this month never needs more than the year",
      async () => {
        const rate = await ctx.request("admin", "PUT", "/api/auth/random-rates/2026", { rate_percent: 25 });
        assertEquals(rate.status, 200);
        october = await drawn(2026, 10);
        const pace = await paceOf();
        // 25 % of 4 is 1; October's one selected test is pending: nothing more is needed this year or month.
        assertEquals([pace.target, pace.pending, pace.needed_this_year], [1, 1, 0]);
        assertEquals(pace.needed_this_month, 0, "never 'this year 0' beside 'this month 1'");
        assertEquals(pace.months_without_pool.map((m) => m.month), [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]);
      },
    );

    await t.step(
      "a draft November is flagged as created, not run; the default moves to December",
      async () => {
        const made = await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 11 });
        assertEquals(made.status, 201);
        PoolAnswer.parse(await made.json());
        const pace = await paceOf();
        assertEquals(pace.months_without_pool.at(-1), { month: 11, pool_created: true });
        const p = await preview();
        assertEquals([p.year, p.month, p.exists], [2026, 12, false]);
        const nov = await preview("?year=2026&month=11");
        assertEquals([nov.month, nov.exists, nov.rate_percent, nov.to_select], [11, true, 25, 1]);
      },
    );

    await t.step("at 00:30 on 1 December in New York, December is this month and is flagged", async () => {
      clock.set("2026-12-01T05:30:00Z");
      const pace = await paceOf();
      assertEquals(pace.months_without_pool.map((m) => m.month).slice(-2), [11, 12]);
      await ctx.request("admin", "POST", "/api/auth/randoms", { year: 2026, month: 12 }).then((r) =>
        r.body?.cancel()
      );
      const p = await preview();
      assertEquals([p.year, p.month], [2027, 1], "the year's last month taken: the next is January");
    });

    await t.step("another year: an earlier one flags all its months, a later one none", async () => {
      assertEquals((await paceOf("?year=2025")).months_without_pool.length, 12);
      assertEquals((await paceOf("?year=2027")).months_without_pool, []);
    });

    await t.step("the preview's query: both year and month or neither; a month from 1 to 12", async () => {
      for (
        const q of ["?year=2026", "?month=3", "?year=2026&month=13", "?year=2026&month=0", "?year=x&month=1"]
      ) {
        const res = await ctx.request("admin", "GET", `/api/auth/randoms/preview${q}`);
        assertEquals(res.status, 422, q);
        await res.body?.cancel();
      }
    });
    await t.step("Downloads' Start or Retry: the PDFs of an ordered pool are made again", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/randoms/999999/pdfs",
        expect: adminOnly(404),
      });
      const early = await ctx.request("admin", "POST", `/api/auth/randoms/${october}/pdfs`);
      assertEquals(early.status, 409, "before the order: the order makes them");
      await early.body?.cancel();
      await ordered(october);
      await runner.tick();
      assertEquals((await pool(october)).pdf_download_status, "Ready");
      // The notice lost (as if its job had died before making it): Retry makes the missing one.
      await db.updateTable("random_candidates").set({ pdf_document_id: null }).where("pool_id", "=", october)
        .execute();
      await db.updateTable("random_pools").set({ pdf_status: "none" }).where("id", "=", october).execute();
      const start = await ctx.request("admin", "POST", `/api/auth/randoms/${october}/pdfs`);
      assertEquals(start.status, 200);
      assertEquals(PoolAnswer.parse(await start.json()).data.pdf_download_status, "building");
      const twice = await ctx.request("admin", "POST", `/api/auth/randoms/${october}/pdfs`);
      assertEquals(twice.status, 409, "already being made");
      await twice.body?.cancel();
      await runner.tick();
      const p = await pool(october);
      assertEquals([p.pdf_download_status, p.pdf_ready_candidate_total], ["Ready", 1]);
      const audited = await db.selectFrom("audit_log").select("action").where("entity", "=", "random_pool")
        .where("entity_id", "=", String(october)).where("action", "=", "random_pool.pdfs").execute();
      assertEquals(audited.length, 1);
    });
  } finally {
    await ctx.close();
  }
});
