/**
 * The filters of the users and businesses lists (issue 37, decision 0082): each filter alone and combined, the
 * membership status read on the injected clock's day, the joined days in the office's time zone, the pages and
 * totals of a filtered list, the individual businesses listed behind a filter, bad values answered 422, and
 * both lists the administrators' only.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { testClock } from "../testing/clock.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

const NOW = "2026-11-24T15:00:00Z";

async function ids(ctx: TestContext, path: string): Promise<{ ids: number[]; total: number }> {
  const res = await ctx.request("admin", "GET", path);
  const body = await res.json();
  assertEquals(res.status, 200, `${path}: ${JSON.stringify(body)}`);
  return { ids: body.data.map((r: { id: number }) => r.id), total: body.meta.total };
}

async function status(ctx: TestContext, path: string) {
  const res = await ctx.request("admin", "GET", path);
  const body = await res.json();
  return [res.status, body.code];
}

Deno.test("lists: the users and businesses filters", async (t) => {
  const clock = testClock(NOW);
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  try {
    /** A user named Filtx… (the search keeps the seeded users out), joined at `joined`. */
    const user = async (n: number, joined: string, more: { is_admin?: boolean; is_der?: boolean } = {}) =>
      (await db.insertInto("users").values({
        email: `filtx${n}@test.local`,
        password_hash: "x",
        first_name: `Filtx${n}`,
        last_name: "Person",
        created_at: new Date(joined),
        ...more,
      }).returning("id").executeTakeFirstOrThrow()).id;
    const membership = async (
      userId: number,
      more: { expire_at?: string; failed?: boolean; cancelled_at?: Date; pending?: boolean } = {},
    ) =>
      (await db.insertInto("memberships").values({
        user_id: userId,
        type: "annual",
        expire_at: more.expire_at ?? "2027-06-30",
        has_expiration: true,
        price_cents: 10500,
        failed: more.failed ?? false,
        pending: more.pending ?? false,
        cancelled_at: more.cancelled_at ?? null,
        created_at: new Date("2026-01-15T12:00:00Z"),
        starts_at: new Date("2026-01-15T12:00:00Z"),
      }).returning("id").executeTakeFirstOrThrow()).id;

    const admin = await user(1, "2026-01-10T15:00:00Z", { is_admin: true });
    const der = await user(2, "2026-03-05T23:00:00Z", { is_der: true }); // 18:00 in New York: still the 5th
    const expired = await user(3, "2026-06-15T12:00:00Z");
    const cancelled = await user(4, "2026-11-20T12:00:00Z");
    // 23:30 on 31 December in New York, 04:30 on 1 January in UTC: joined in 2025 for the office.
    const none = await user(5, "2026-01-01T04:30:00Z");
    const failed = await user(6, "2026-02-01T12:00:00Z");
    await membership(admin);
    const pausedId = await membership(der);
    await db.insertInto("membership_pauses").values({
      membership_id: pausedId,
      reason: "Currently out of season",
      paused_at: new Date("2026-10-01T12:00:00Z"),
    }).execute();
    await membership(expired, { expire_at: "2026-10-01" });
    await membership(cancelled, { cancelled_at: new Date("2026-11-21T12:00:00Z") });
    await membership(failed, { failed: true });

    const company = async (
      name: string,
      more: {
        is_individual?: boolean;
        is_active?: boolean;
        deactivation_reason?: string;
        is_i3_setup?: boolean;
        i3_location_code?: string;
        i3_setup_error?: string;
        der_user_id?: number;
      },
    ) =>
      (await db.insertInto("businesses").values({ name, ...more }).returning("id").executeTakeFirstOrThrow())
        .id;
    const harbor = await company("Filtco Harbor Pilots", {
      is_i3_setup: true,
      i3_location_code: "FILT-1",
      der_user_id: der,
    });
    const bayou = await company("Filtco Bayou Marine", {
      is_active: false,
      deactivation_reason: "Closed for the season",
      i3_setup_error: "i3 refused the address",
    });
    const own = await company("Filtco Expired Person", { is_individual: true });
    await db.insertInto("business_users").values([
      { business_id: harbor, user_id: admin, is_employee: true },
      { business_id: harbor, user_id: der, is_owner: true, is_employee: false },
      { business_id: own, user_id: expired, is_owner: true, is_employee: false },
    ]).execute();

    const users = (q: string) => ids(ctx, `/api/auth/users?search=filtx&sort_by=id&sort_dir=asc&${q}`);
    const businesses = (q: string) =>
      ids(ctx, `/api/auth/businesses?search=Filtco&sort_by=name&sort_dir=asc&${q}`);

    await t.step("roles: both filtered lists are the administrators' only", async () => {
      for (
        const path of [
          "/api/auth/users?role=der&membership=paused&company=x&joined_from=2026-01-01&joined_to=2026-12-31",
          "/api/auth/businesses?kind=individual&active=true&i3=failed&der=none",
        ]
      ) {
        await assertRoleAnswers(ctx, { method: "GET", path, expect: adminOnly(200) });
      }
    });

    await t.step("users by role", async () => {
      assertEquals((await users("")).ids, [admin, der, expired, cancelled, none, failed]);
      assertEquals((await users("role=admin")).ids, [admin]);
      assertEquals((await users("role=der")).ids, [der]);
      assertEquals((await users("role=member")).ids, [expired, cancelled, none, failed]);
    });

    await t.step("users by membership status, on the clock's day", async () => {
      assertEquals((await users("membership=active")).ids, [admin]);
      assertEquals((await users("membership=paused")).ids, [der]);
      assertEquals((await users("membership=expired")).ids, [expired]);
      assertEquals((await users("membership=cancelled")).ids, [cancelled]);
      assertEquals((await users("membership=failed")).ids, [failed]);
      assertEquals((await users("membership=none")).ids, [none]);
      // The day after the terms end they are expired, not active (nor paused: expired comes first).
      clock.set("2027-07-01T15:00:00Z");
      try {
        assertEquals((await users("membership=active")).ids, []);
        assertEquals((await users("membership=paused")).ids, []);
        assertEquals((await users("membership=expired")).ids, [admin, der, expired]);
      } finally {
        clock.set(NOW);
      }
    });

    await t.step("users by company (name or DBA, any case) or business id", async () => {
      assertEquals((await users("company=harbor")).ids, [admin, der]);
      assertEquals((await users("company=FILTCO%20HARBOR%20PILOTS")).ids, [admin, der]);
      assertEquals((await users(`business_id=${harbor}`)).ids, [admin, der]);
      // An individual's own business is not a company.
      assertEquals((await users("company=expired%20person")).ids, []);
      assertEquals((await users("company=nothing-like-it")).ids, []);
    });

    await t.step("users by the days they joined, in the office's time zone, both ends included", async () => {
      assertEquals((await users("joined_from=2026-01-01&joined_to=2026-03-05")).ids, [admin, der, failed]);
      assertEquals((await users("joined_to=2025-12-31")).ids, [none]);
      assertEquals((await users("joined_from=2026-11-20")).ids, [cancelled]);
    });

    await t.step("filters combine, and a filtered list pages with its own total", async () => {
      assertEquals((await users("role=member&membership=expired")).ids, [expired]);
      assertEquals((await users("role=admin&company=harbor&membership=active")).ids, [admin]);
      const first = await users("role=member&per_page=3&page=1");
      const second = await users("role=member&per_page=3&page=2");
      assertEquals([first.ids, first.total], [[expired, cancelled, none], 4]);
      assertEquals([second.ids, second.total], [[failed], 4]);
    });

    await t.step("users: bad filter values answer 422 in the error model", async () => {
      for (
        const q of [
          "role=owner",
          "membership=lapsed",
          "joined_from=yesterday",
          "business_id=x",
          "joined_from=2026-02-01&joined_to=2026-01-01",
        ]
      ) {
        assertEquals(await status(ctx, `/api/auth/users?${q}`), [422, "VALIDATION_FAILED"], q);
      }
    });

    await t.step("businesses: individuals are listed unless companies are asked for", async () => {
      assertEquals((await businesses("")).ids, [bayou, own, harbor]);
      assertEquals((await businesses("not_individual=true")).ids, [bayou, harbor]);
      assertEquals((await businesses("kind=company")).ids, [bayou, harbor]);
      assertEquals((await businesses("kind=individual")).ids, [own]);
      assertEquals((await businesses("kind=all&not_individual=true")).ids, [bayou, own, harbor]);
    });

    await t.step("businesses by active, i3 state and DER", async () => {
      assertEquals((await businesses("active=false")).ids, [bayou]);
      assertEquals((await businesses("active=true")).ids, [own, harbor]);
      assertEquals((await businesses("i3=set_up")).ids, [harbor]);
      assertEquals((await businesses("i3=failed")).ids, [bayou]);
      assertEquals((await businesses("i3=not_set_up")).ids, [own]);
      assertEquals((await businesses("der=yes")).ids, [harbor]);
      assertEquals((await businesses("der=none")).ids, [bayou, own]);
      assertEquals((await businesses("kind=company&der=none&active=false")).ids, [bayou]);
    });

    await t.step("businesses: a filtered list pages with its own total", async () => {
      const second = await businesses("kind=company&per_page=1&page=2");
      assertEquals([second.ids, second.total], [[harbor], 2]);
      for (const q of ["kind=person", "active=yes", "i3=done", "der=maybe"]) {
        assertEquals(await status(ctx, `/api/auth/businesses?${q}`), [422, "VALIDATION_FAILED"], q);
      }
    });

    await t.step("without a filter, each total is every live row, kept by triggers (sql/0064)", async () => {
      const live = async () => {
        const [row] = await ctx.database.query<{ users: number; businesses: number }>(`select
          (select count(*) from users where deleted_at is null)::int as users,
          (select count(*) from businesses where deleted_at is null)::int as businesses`);
        return row;
      };
      const totals = async () => ({
        users: (await ids(ctx, "/api/auth/users?per_page=1")).total,
        businesses: (await ids(ctx, "/api/auth/businesses?per_page=1&page=2")).total,
      });
      assertEquals(await totals(), await live());
      // A soft deletion, a new row and a hard deletion move the totals as they move the rows.
      await db.updateTable("users").set({ deleted_at: new Date(NOW) }).where("id", "=", failed).execute();
      await db.updateTable("businesses").set({ deleted_at: new Date(NOW) }).where("id", "=", bayou).execute();
      await user(7, "2026-11-23T12:00:00Z");
      const gone = await user(8, "2026-11-23T12:00:00Z");
      await db.deleteFrom("users").where("id", "=", gone).execute();
      const after = await live();
      assertEquals(await totals(), after);
      assertEquals((await users("")).total, 6, "a filtered total still counts its rows");

      // The kept count is what answers, and only without a filter: a wrong one shows there and nowhere else.
      await ctx.database.query("update stats_live_totals set n = n + 1000");
      try {
        assertEquals(await totals(), { users: after.users + 1000, businesses: after.businesses + 1000 });
        assertEquals((await users("")).total, 6);
        assertEquals((await users("role=member")).total, 4);
        assertEquals((await ids(ctx, "/api/auth/users?role=member&per_page=1")).total < 1000, true);
        assertEquals((await businesses("")).total, 2);
        assertEquals((await ids(ctx, "/api/auth/businesses?kind=all&active=true")).total < 1000, true);
      } finally {
        await ctx.database.query("update stats_live_totals set n = n - 1000");
      }
    });
  } finally {
    await ctx.close();
  }
});
