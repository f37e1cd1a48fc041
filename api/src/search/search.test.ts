/**
 * Issue 24 item 4 (decision 0070): the administrators' header search, with the role matrix, its ranking (exact
 * and prefix matches of numbers first) and its validation (422 with the error model).
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
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
  } finally {
    await ctx.close();
  }
});
