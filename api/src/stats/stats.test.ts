/**
 * The analytics payloads against figures worked out by hand on a small fixed consortium (see `fixture`), on a
 * clock of 2026-11-24 15:00 UTC with the office in New York. Several rows sit on a month boundary that UTC and
 * the office disagree about (23:30 in New York is already the next month in UTC): they count in the office's.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { testClock } from "../testing/clock.ts";
import {
  CompanyBreakdownResponse,
  ConsortiumResponse,
  DecompositionResponse,
  OneTimeResponse,
  OverviewResponse,
  RandomsResponse,
} from "./schemas.ts";
import type { z } from "zod";

const at = (iso: string) => new Date(iso);

async function fixture(ctx: TestContext) {
  const { db } = ctx.database;
  const { member, otherMember } = ctx.users;
  const user = async (email: string, first = "Xavier") =>
    (await db.insertInto("users").values({ email, password_hash: "x", first_name: first, last_name: "Test" })
      .returning("id").executeTakeFirstOrThrow()).id;
  const business = async (name: string, created: string, extra = {}) =>
    (await db.insertInto("businesses").values({ name, created_at: at(created), ...extra }).returning("id")
      .executeTakeFirstOrThrow()).id;
  const [x1, x2, x3, indie] = [
    await user("x1@t.local"),
    await user("x2@t.local"),
    await user("x3@t.local"),
    await user("indie@t.local"),
  ];
  const noPrimary = await user("noprimary@t.local", "=HYPERLINK(1)");

  // Company A: 23:30 on 31 May in New York (1 June in UTC): a May company. B: 31 July in New York.
  const A = member.businessId, B = otherMember.businessId;
  await db.updateTable("businesses").set({ created_at: at("2026-06-01T03:30:00Z") }).where("id", "=", A)
    .execute();
  await db.updateTable("businesses").set({ created_at: at("2026-08-01T03:30:00Z") }).where("id", "=", B)
    .execute();
  // C is deleted at 22:00 on 31 August in New York (1 September in UTC): gone from August's end.
  const C = await business("Company C", "2026-06-15T12:00:00Z", { deleted_at: at("2026-09-01T02:00:00Z") });
  const own = await business("Indie", "2026-06-01T12:00:00Z", { is_individual: true });
  await db.updateTable("business_users").set({ created_at: at("2026-06-02T12:00:00Z") })
    .where("business_id", "=", A).execute();
  await db.updateTable("business_users").set({ created_at: at("2026-08-05T12:00:00Z") })
    .where("business_id", "=", B).execute();
  await db.insertInto("business_users").values([
    { business_id: C, user_id: x1, is_primary: true, created_at: at("2026-06-15T12:00:00Z") },
    { business_id: C, user_id: x2, is_primary: true, created_at: at("2026-06-15T12:00:00Z") },
    { business_id: B, user_id: x3, is_primary: true, created_at: at("2026-10-10T12:00:00Z") },
    {
      business_id: own,
      user_id: indie,
      is_owner: true,
      is_primary: true,
      created_at: at("2026-06-01T12:00:00Z"),
    },
  ]).execute();

  const membership = async (m: {
    user: number;
    type?: "annual" | "one_time";
    starts: string;
    expire?: string;
    business?: number;
    renewal?: boolean;
    cancelled?: string;
    failed?: boolean;
  }) =>
    (await db.insertInto("memberships").values({
      user_id: m.user,
      type: m.type ?? "annual",
      business_id: m.business ?? null,
      is_renewal: m.renewal ?? false,
      starts_at: at(m.starts),
      created_at: at(m.starts),
      expire_at: m.expire ?? null,
      has_expiration: m.expire !== undefined,
      cancelled_at: m.cancelled ? at(m.cancelled) : null,
      failed: m.failed ?? false,
      price_cents: 10500,
    }).returning("id").executeTakeFirstOrThrow()).id;
  // M1: the member's company-paid term, bought on 30 November 2025 in New York.
  await membership({ user: member.id, starts: "2025-12-01T04:30:00Z", expire: "2026-11-30", business: A });
  // M2 and its early renewal M3 (31 May in New York): counted once, the renewal's year from 11 June.
  await membership({ user: otherMember.id, starts: "2025-06-10T15:00:00Z", expire: "2026-06-10" });
  await membership({
    user: otherMember.id,
    starts: "2026-06-01T03:00:00Z",
    expire: "2027-06-10",
    renewal: true,
  });
  // M4: x1's company-paid term, cancelled on 31 August in New York.
  await membership({
    user: x1,
    starts: "2026-06-15T12:00:00Z",
    expire: "2027-06-15",
    business: C,
    cancelled: "2026-09-01T02:00:00Z",
  });
  // M5: x2's term lapsed on 20 August and was not renewed.
  await membership({ user: x2, starts: "2025-08-20T15:00:00Z", expire: "2026-08-20" });
  // M9 then M6: x3 bought a one-time test in May, then an annual term in October, paused since 1 November.
  await membership({ user: x3, type: "one_time", starts: "2026-05-05T12:00:00Z" });
  const m6 = await membership({ user: x3, starts: "2026-10-10T15:00:00Z", expire: "2027-10-10" });
  await db.insertInto("membership_pauses").values({
    membership_id: m6,
    paused_at: at("2026-11-01T12:00:00Z"),
    reason: "Currently out of season",
  }).execute();
  // M7: a one-time test on 30 June in New York (1 July in UTC). M8: a failed one, not counted.
  await membership({ user: indie, type: "one_time", starts: "2026-07-01T03:30:00Z" });
  await membership({ user: noPrimary, type: "one_time", starts: "2026-11-02T12:00:00Z", failed: true });

  // Random pools: September (complete) with four selected outcomes, April (complete), October (a draft).
  const pool = async (year: number, month: number, status: "complete" | "draft", ordered: string | null) =>
    (await db.insertInto("random_pools").values({
      year,
      month,
      status,
      rate_percent: 50,
      covered_count: 10,
      selected_count: 4,
      ordered_at: ordered ? at(ordered) : null,
    }).returning("id").executeTakeFirstOrThrow()).id;
  const test = async (
    userId: number,
    status: "resulted" | "ordered",
    result: "negative" | "positive" | null,
  ) =>
    (await db.insertInto("drug_tests").values({
      user_id: userId,
      reason: "random",
      status,
      result,
      ordered_at: at("2026-09-02T15:00:00Z"),
      resulted_at: result ? at("2026-09-05T15:00:00Z") : null,
    }).returning("id").executeTakeFirstOrThrow()).id;
  const sep = await pool(2026, 9, "complete", "2026-09-02T15:00:00Z");
  const apr = await pool(2026, 4, "complete", null);
  await pool(2026, 10, "draft", null);
  await db.insertInto("random_candidates").values([
    {
      pool_id: sep,
      user_id: member.id,
      selected: true,
      drug_test_id: await test(member.id, "resulted", "negative"),
    },
    { pool_id: sep, user_id: otherMember.id, selected: true, exempt: true, exempt_reason: "Off the water" },
    { pool_id: sep, user_id: x1, selected: true, drug_test_id: await test(x1, "resulted", "positive") },
    { pool_id: sep, user_id: x2, selected: true, drug_test_id: await test(x2, "ordered", null) },
    { pool_id: sep, user_id: x3, selected: false },
    { pool_id: apr, user_id: x3, selected: true },
  ]).execute();
}

async function get<T extends z.ZodType>(ctx: TestContext, path: string, schema: T): Promise<z.infer<T>> {
  const res = await ctx.request("admin", "GET", path);
  assertEquals(res.status, 200, path);
  return schema.parse(await res.json());
}

Deno.test("stats: the analytics payloads on a hand-computed consortium", async (t) => {
  const clock = testClock("2026-11-24T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  try {
    await fixture(ctx);

    await t.step("overview", async () => {
      assertEquals(await get(ctx, "/api/auth/stats/overview", OverviewResponse), {
        annualMemberships: 2,
        nonAnnualMemberships: 1,
        pausedMemberships: 1,
        expiredMembers: 1,
        activeCompanies: 2,
        usersWithoutPrimaryBusiness: 1,
      });
    });

    await t.step("company breakdown, default range May to November", async () => {
      const c = (company_count: number, average_employee_count: number) => ({
        company_count,
        average_employee_count,
      });
      assertEquals(await get(ctx, "/api/auth/stats/company-breakdown", CompanyBreakdownResponse), {
        "05-26": c(1, 0),
        "06-26": c(2, 1.5),
        "07-26": c(3, 1),
        "08-26": c(2, 1),
        "09-26": c(2, 1),
        "10-26": c(2, 1.5),
        "11-26": c(2, 1.5),
      });
      const june = await get(
        ctx,
        "/api/auth/stats/company-breakdown?start=2026-06&end=2026-06",
        CompanyBreakdownResponse,
      );
      assertEquals(june, { "06-26": c(2, 1.5) });
      assertEquals(
        Object.keys(
          await get(ctx, "/api/auth/stats/company-breakdown?end=2026-03", CompanyBreakdownResponse),
        ),
        [
          "09-25",
          "10-25",
          "11-25",
          "12-25",
          "01-26",
          "02-26",
          "03-26",
        ],
      );
    });

    await t.step("consortium membership", async () => {
      const c = (company_count: number, individual_count: number) => ({ company_count, individual_count });
      assertEquals(await get(ctx, "/api/auth/stats/memberships/consortium", ConsortiumResponse), {
        "05-26": c(1, 2),
        "06-26": c(2, 2),
        "07-26": c(2, 2),
        "08-26": c(1, 1),
        "09-26": c(1, 1),
        "10-26": c(1, 2),
        "11-26": c(1, 2),
      });
    });

    await t.step("decomposition", async () => {
      const d = (n: number, renewal: number, churn: number) => ({ new: n, renewal, churn });
      assertEquals(await get(ctx, "/api/auth/stats/memberships/decomposition", DecompositionResponse), {
        "05-26": d(0, 1, 0),
        "06-26": d(1, 0, 0),
        "07-26": d(0, 0, 0),
        "08-26": d(0, 0, 2),
        "09-26": d(0, 0, 0),
        "10-26": d(1, 0, 0),
        "11-26": d(0, 0, 0),
      });
    });

    await t.step("one-time", async () => {
      assertEquals(await get(ctx, "/api/auth/stats/one-time", OneTimeResponse), [
        { date: "05-26", count: 1 },
        { date: "06-26", count: 1 },
        { date: "07-26", count: 0 },
        { date: "08-26", count: 0 },
        { date: "09-26", count: 0 },
        { date: "10-26", count: 0 },
        { date: "11-26", count: 0 },
      ]);
    });

    await t.step("randoms", async () => {
      const sep = {
        order_date: "2026-09-02",
        test_completed: 1,
        incomplete: 1,
        failed: 1,
        exempt: 1,
        total: 4,
      };
      assertEquals(await get(ctx, "/api/auth/stats/randoms", RandomsResponse), { data: [sep] });
      const apr = {
        order_date: "2026-04-01",
        test_completed: 0,
        incomplete: 1,
        failed: 0,
        exempt: 0,
        total: 1,
      };
      assertEquals(await get(ctx, "/api/auth/stats/randoms?start=2026-04&end=2026-10", RandomsResponse), {
        data: [apr, sep],
      });
    });

    await t.step("the misconfigured users as CSV, formulas neutralised", async () => {
      const res = await ctx.request("admin", "GET", "/api/auth/stats/users-without-primary-business");
      assertEquals(res.status, 200);
      assertEquals(res.headers.get("Content-Type"), "text/csv; charset=utf-8");
      const lines = (await res.text()).split("\r\n");
      assertEquals(lines[0], "id,email,first_name,last_name,member_number,phone,created_at");
      assertEquals(lines.length, 3);
      assertEquals(lines[1].split(",").slice(1, 4), ["noprimary@t.local", "'=HYPERLINK(1)", "Test"]);
      assertEquals(lines[2], "");
    });

    await t.step("changes reach the charts through the roll-ups, which equal a rebuild", async () => {
      const { db } = ctx.database;
      // The member cancels on 10 November; x2's random test comes back negative.
      await db.updateTable("memberships").set({ cancelled_at: at("2026-11-10T15:00:00Z") })
        .where("user_id", "=", ctx.users.member.id).execute();
      await db.updateTable("drug_tests").set({
        status: "resulted",
        result: "negative",
        resulted_at: at("2026-09-06T15:00:00Z"),
      })
        .where("status", "=", "ordered").where("reason", "=", "random").execute();
      const consortium = await get(
        ctx,
        "/api/auth/stats/memberships/consortium?start=2026-10",
        ConsortiumResponse,
      );
      assertEquals(consortium, {
        "10-26": { company_count: 1, individual_count: 2 },
        "11-26": { company_count: 0, individual_count: 2 },
      });
      const decomposition = await get(
        ctx,
        "/api/auth/stats/memberships/decomposition?start=2026-11",
        DecompositionResponse,
      );
      assertEquals(decomposition, { "11-26": { new: 0, renewal: 0, churn: 1 } });
      const { data } = await get(ctx, "/api/auth/stats/randoms", RandomsResponse);
      assertEquals(data[0], {
        order_date: "2026-09-02",
        test_completed: 2,
        incomplete: 0,
        failed: 1,
        exempt: 1,
        total: 4,
      });
      assertEquals((await get(ctx, "/api/auth/stats/overview", OverviewResponse)).annualMemberships, 1);
      // The misconfigured member gets a primary business: the tile drops to 0.
      const noPrimary = await db.selectFrom("users").select("id").where("email", "=", "noprimary@t.local")
        .executeTakeFirstOrThrow();
      await db.insertInto("business_users").values({
        business_id: ctx.users.member.businessId,
        user_id: noPrimary.id,
        is_primary: true,
      }).execute();
      assertEquals(
        (await get(ctx, "/api/auth/stats/overview", OverviewResponse)).usersWithoutPrimaryBusiness,
        0,
      );

      // Rebuilt from the tables by the migration's own functions, the roll-ups are the same.
      const snapshot = () =>
        ctx.database.query<{ t: string; k: string; n: number }>(
          `select 'h' as t, metric || hour::text as k, n from stats_hourly where n <> 0
           union all select 'd', metric || day::text, n from stats_daily where n <> 0
           union all select 'p', pool_id || outcome, n from stats_pool_outcomes where n <> 0 order by 1, 2`,
        );
      const kept = await snapshot();
      await ctx.database.query("truncate stats_hourly, stats_daily, stats_pool_outcomes");
      for (
        const [q] of (await ctx.database.query<{ q: string[] }>(
          "select stats_memberships_sql('(select m.*, 1 as s from memberships m)') as q",
        )).map((r) => [r.q])
      ) {
        for (const statement of q) await ctx.database.query(statement);
      }
      const [company] = await ctx.database.query<{ q: string }>(
        `select stats_companies_sql($s$(select 'company' as kind, created_at as at_in, deleted_at as at_out, 1 as s
          from businesses where not is_individual union all select 'employee', bu.created_at,
          least(bu.removed_at, b.deleted_at), 1 from business_users bu join businesses b on b.id = bu.business_id
          where not b.is_individual and bu.is_employee)$s$) as q`,
      );
      await ctx.database.query(company.q);
      const [pools] = await ctx.database.query<{ q: string }>(
        `select stats_pools_sql($s$(select c.pool_id, c.selected, c.exempt, t.status, t.result, 1 as s
          from random_candidates c left join drug_tests t on t.id = c.drug_test_id)$s$) as q`,
      );
      await ctx.database.query(pools.q);
      assertEquals(await snapshot(), kept);
    });

    await t.step("ranges are validated: 422", async () => {
      for (
        const q of [
          "start=2026-13",
          "start=2026-8",
          "start=2026-08&end=2026-07",
          "end=2026-01&start=2015-01",
          "start=2027-01", // after the default end (this month)
        ]
      ) {
        for (
          const path of [
            "company-breakdown",
            "memberships/consortium",
            "memberships/decomposition",
            "one-time",
            "randoms",
          ]
        ) {
          const res = await ctx.request("admin", "GET", `/api/auth/stats/${path}?${q}`);
          assertEquals(res.status, 422, `${path}?${q}`);
          await res.body?.cancel();
        }
      }
    });

    await t.step("roles: administrators only", async () => {
      for (
        const path of [
          "overview",
          "users-without-primary-business",
          "company-breakdown",
          "memberships/consortium",
          "memberships/decomposition",
          "one-time",
          "randoms",
        ]
      ) {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: `/api/auth/stats/${path}`,
          expect: adminOnly(200),
        });
      }
    });
  } finally {
    await ctx.close();
  }
});
