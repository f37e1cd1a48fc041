/**
 * Issue 24 item 4 (decision 0070): the administrators' header search, with the role matrix, its ranking (exact
 * and prefix matches of numbers first) and its validation (422 with the error model).
 */
import { CompiledQuery, sql } from "kysely";
import { searchTerms } from "../lib/search-terms.ts";
import { assertEquals, assertMatch, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { SEARCH_PREFIX_SLICE, SEARCH_RECENT_PER_RESULT, searchOrdersQuery } from "../orders/queries.ts";
import { searchUsersQuery } from "../users/queries.ts";
import { SearchAnswer } from "./schemas.ts";

Deno.test("admin search: users, companies and orders, ranked", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const user = (first: string, last: string, extra: Record<string, string | null> = {}) =>
      db.insertInto("users").values({
        email: `${first}.${last}@search.example`.toLowerCase(),
        password_hash: "x",
        first_name: first,
        last_name: last,
        ...extra,
      }).returning("id").executeTakeFirstOrThrow().then((r) => r.id);
    const exact = await user("Quinn", "Harbor", { member_number: "Q-700123", phone: "(504) 555-0199" });
    const longer = await user("Quentin", "Harbor", { member_number: "Q-7001234" });
    const cred = await user("Rhea", "Cutter", { uscg_cred: "MMC-889900" });
    const gone = await user("Quinn", "Deleted", { member_number: "Q-700999" });
    await db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", gone).execute();

    const company = (name: string, tax_id: string | null, dba_name: string | null = null) =>
      db.insertInto("businesses").values({ name, tax_id, dba_name }).returning("id")
        .executeTakeFirstOrThrow().then((r) => r.id);
    const byEin = await company("Gulfward Towing LLC", "72-1234567");
    const byEinPrefix = await company("Bayou 72123 Marine", "72-1239999");
    const byDba = await company("Pelican Holdings Inc", null, "Gulfward Crew Boats");

    const order = await db.insertInto("orders").values({ user_id: exact, total_cents: 10500 })
      .returning(["id", "number"]).executeTakeFirstOrThrow();

    const search = async (q: string, limit?: number) => {
      const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
      const res = await ctx.request("admin", "GET", `/api/auth/search?${params}`);
      assertEquals(res.status, 200, await res.clone().text());
      return SearchAnswer.parse(await res.json());
    };

    await t.step("roles: administrators only", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/search?q=Harbor",
        expect: adminOnly(200),
      });
    });

    await t.step("each call is audited like the other administrator reads", async () => {
      await search("Harbor");
      const row = await db.selectFrom("audit_log").select(["action", "entity", "entity_id"])
        .where("actor_user_id", "=", ctx.users.admin.id).orderBy("id", "desc").executeTakeFirstOrThrow();
      assertEquals(row, { action: "admin.request", entity: "route", entity_id: "GET /api/auth/search" });
    });

    await t.step("an exact member number ranks first, then a longer number", async () => {
      const { users } = await search("q-700123");
      assertEquals(users.map((u) => u.id), [exact, longer]);
      assertEquals(users[0].match, "member_number");
      assertEquals(users[0].name, "Quinn Harbor");
    });

    await t.step("the member number's digits alone find it first", async () => {
      const { users } = await search("700123");
      assertEquals(users[0].id, exact);
    });

    await t.step("a phone number in any format, by its digits", async () => {
      const { users } = await search("504-555-0199");
      assertEquals(users.map((u) => u.id), [exact]);
      assertEquals(users[0].match, "phone");
    });

    await t.step("a credential, an e-mail and a name", async () => {
      assertEquals((await search("MMC-8899")).users.map((u) => [u.id, u.match]), [[cred, "uscg_cred"]]);
      assertEquals((await search("rhea.cutter@")).users.map((u) => [u.id, u.match]), [[cred, "email"]]);
      const names = (await search("harbor")).users.map((u) => u.id);
      assertEquals(names.sort(), [exact, longer].sort());
    });

    await t.step("two characters match the start of a word", async () => {
      const ids = (await search("cu")).users.map((u) => u.id);
      assertEquals(ids, [cred]);
    });

    await t.step("two letters: names that start with them, not names that hold them", async () => {
      const boTran = await user("Bo", "Tran");
      const bonnie = await user("Bonnie", "Fairweather");
      const bowditch = await user("Axel", "Bowditch");
      const bolt = await user("Cora", "Bolt");
      await user("Jacobo", "Marsh");
      await user("Lena", "Carbone");
      const deleted = await user("Bob", "Gone");
      await db.updateTable("users").set({ deleted_at: new Date() }).where("id", "=", deleted).execute();
      // All start with the text (rank alike): the closest name (by trigram similarity) first.
      const { users, companies } = await search("Bo");
      assertEquals(users.map((u) => u.id), [boTran, bolt, bowditch, bonnie]);
      assertOk(users.every((u) => u.match === "name"), JSON.stringify(users));
      assertEquals((await search("bo", 2)).users.map((u) => u.id), [boTran, bolt]);
      // Companies alike, by name or DBA; "Gulfward Crew Boats" (a word inside the DBA) waits for a third letter.
      assertEquals(companies, []);
      const bollinger = await company("Bollinger Shipyards", null);
      const bosun = await company("Delta Tug Co", null, "Bosun Marine");
      await company("Carbone Towing", null);
      assertEquals((await search("bo")).companies.map((c) => [c.id, c.match]), [
        [bosun, "dba_name"],
        [bollinger, "name"],
      ]);
      assertEquals((await search("boa")).companies.map((c) => c.id), [byDba]);
    });

    await t.step("deleted users are not found", async () => {
      assertEquals((await search("Q-700999")).users, []);
    });

    await t.step("companies: exact EIN first, EIN prefix next, then names", async () => {
      const { companies } = await search("72-1234567");
      assertEquals(companies.map((c) => c.id), [byEin]);
      assertEquals(companies[0].match, "tax_id");
      const prefix = await search("721239");
      assertEquals(prefix.companies.map((c) => c.id), [byEinPrefix]);
      // Two EINs start with 72123 (rank alike); the one whose name also holds the digits reads closer.
      const both = await search("72123");
      assertEquals(both.companies.map((c) => c.id), [byEinPrefix, byEin]);
    });

    await t.step("companies by name and by DBA", async () => {
      const { companies } = await search("gulfward");
      assertEquals(companies.map((c) => [c.id, c.match]), [[byEin, "name"], [byDba, "dba_name"]]);
    });

    await t.step("orders by number, with whom they are for", async () => {
      const { orders } = await search(order.number);
      assertEquals(orders[0].id, order.id);
      assertEquals(orders[0].for_name, "Quinn Harbor");
    });

    await t.step("limit bounds each group", async () => {
      const { users } = await search("harbor", 1);
      assertEquals(users.length, 1);
    });

    await t.step("LIKE's wildcards are taken literally", async () => {
      assertEquals((await search("%%")).users, []);
      assertEquals((await search("q_7")).users, []);
    });

    await t.step("two letters are b-tree walks, never a trigram bitmap", async () => {
      // Members enough, vacuumed (the trigram indexes' pending lists merged) and analyzed, so that the planner
      // weighs the indexes as at scale, where "bo" read 53,806 entries of the name trigram index, twice, before the
      // sample's limit (decision 0070, amendment of 2026-12-07).
      await sql`insert into users (email, password_hash, first_name, last_name)
        select 'plan' || g || '@search.example', 'x', 'First' || g, 'Last' || g from generate_series(1, 5000) g`
        .execute(db);
      await sql`vacuum analyze users`.execute(db);
      const query = searchUsersQuery(searchTerms("bo"), 5).compile(db);
      const r = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      const plan = r.rows.map((row) => row["QUERY PLAN"]).join("\n");
      assertEquals(/_trgm_idx/.test(plan), false, plan);
      assertMatch(plan, /Index (Only )?Scan using users_last_first_c_idx/, plan);
      assertMatch(plan, /Index (Only )?Scan using users_first_last_c_idx/, plan);
    });

    await t.step("validation: 422 with the error model", async () => {
      for (
        const query of [
          "",
          "q=",
          "q=a",
          `q=${"x".repeat(101)}`,
          "q=ab&limit=0",
          "q=ab&limit=21",
          "q=ab&limit=x",
        ]
      ) {
        const res = await ctx.request("admin", "GET", `/api/auth/search?${query}`);
        assertEquals(res.status, 422, query);
        const body = await res.json();
        assertEquals(body.code, "VALIDATION_FAILED", JSON.stringify(body));
        assertOk(body.issues.length > 0, JSON.stringify(body));
      }
    });

    const numbers = async (q: string, limit?: number) => (await search(q, limit)).orders.map((o) => o.number);
    // Oldest first: the exact number is the oldest of the four, the one that only holds its digits the newest but one.
    for (const number of ["APCA-987001", "APCA-9870012", "APCA-1987001", "APCA-9870015"]) {
      await db.insertInto("orders").values({ user_id: exact, total_cents: 100, number }).execute();
    }
    const expectOrders = async (newer: string[] = []) => {
      assertEquals(await numbers("APCA-987001"), [
        "APCA-987001",
        "APCA-9870015",
        "APCA-9870012",
        "APCA-1987001",
      ]);
      // Digits alone: the number whose digits they are, then every number that holds them (none starts with them).
      assertEquals(await numbers("987001"), ["APCA-987001", "APCA-9870015", "APCA-1987001", "APCA-9870012"]);
      assertEquals(await numbers("apca-98700"), [
        "APCA-9870015",
        "APCA-9870012",
        "APCA-987001",
        "APCA-1987001",
      ]);
      assertEquals(await numbers("apca-98700", 2), ["APCA-9870015", "APCA-9870012"]);
      assertEquals(await numbers("9870"), [
        ...newer,
        "APCA-9870015",
        "APCA-1987001",
        "APCA-9870012",
        "APCA-987001",
      ]);
    };

    await t.step("orders: the exact number, numbers that start with the text, those holding it", async () => {
      await expectOrders();
      assertEquals(await numbers("no-such"), []);
    });

    await t.step("orders: a common text and a rare one read a bounded few (plans)", async () => {
      // More orders than the walk of the newest reads (SEARCH_RECENT_PER_RESULT per result, five results),
      // vacuumed and analyzed. "apca-50" is held by all 12,000 numbers and "apca-5000" by the oldest 999 only; the
      // query before read every match through the trigram index and sorted them (2.2 million orders at a million
      // members: 2.8 s). Now a walk of the newest stops after five, and a vain one after the newest 5,000.
      await sql`insert into orders (user_id, total_cents, number)
        select ${exact}, 100, 'APCA-' || (5000000 + g) from generate_series(1, 12000) g`.execute(db);
      await sql`vacuum analyze orders`.execute(db);
      // As postgres.js runs it: a prepared statement, planned for its parameters or (after five runs) once for all.
      const plan = (q: string, mode: string) =>
        db.connection().execute(async (conn) => {
          const query = searchOrdersQuery(searchTerms(q), 5).compile(conn);
          const values = query.parameters.map((v) => typeof v === "number" ? String(v) : `'${String(v)}'`);
          await conn.executeQuery(CompiledQuery.raw(`set plan_cache_mode = ${mode}`));
          await conn.executeQuery(CompiledQuery.raw(`prepare order_search as ${query.sql}`));
          try {
            const r = await conn.executeQuery<Record<string, string>>(CompiledQuery.raw(
              `explain (analyze, costs off, timing off) execute order_search(${values.join(", ")})`,
            ));
            return r.rows.map((row) => row["QUERY PLAN"]).join("\n");
          } finally {
            await conn.executeQuery(CompiledQuery.raw("deallocate order_search"));
            await conn.executeQuery(CompiledQuery.raw("reset plan_cache_mode"));
          }
        });
      /** The most rows any node of the plan produced. */
      const widest = (plan: string) =>
        Math.max(
          ...[...plan.matchAll(/actual (?:time=\S+ )?rows=([\d.]+) loops=(\d+)/g)].map((m) => +m[1] * +m[2]),
        );
      /** Scans of orders, whole or by a bitmap, that ran (the trigram index's step is in the plan, not run). */
      const scans = (plan: string) =>
        plan.split("\n").filter((l) =>
          /(Seq|Bitmap Heap) Scan on orders/.test(l) && !/never executed/.test(l)
        );
      for (const mode of ["force_custom_plan", "force_generic_plan"]) {
        const common = await plan("apca-50", mode);
        assertEquals(scans(common), [], common);
        assertMatch(common, /Index Scan Backward using orders_number_c_idx/, common);
        assertOk(widest(common) <= 2 * SEARCH_PREFIX_SLICE, common);
        const rare = await plan("apca-5000", mode);
        assertEquals(scans(rare), [], rare);
        assertMatch(rare, /Index Scan Backward using orders_pkey/, rare);
        assertOk(widest(rare) <= SEARCH_RECENT_PER_RESULT * 5, rare);
      }
      // Found as before, the old orders beyond the walk included: the newest that start with the text.
      assertEquals(await numbers("apca-50", 2), ["APCA-5012000", "APCA-5011999"]);
      assertEquals(await numbers("apca-5000", 2), ["APCA-5000999", "APCA-5000998"]);
      // "9870" is held by one of the newest orders (APCA-5009870), found by the walk; the others by the trigram index.
      await expectOrders(["APCA-5009870"]);
    });
  } finally {
    await ctx.close();
  }
});
