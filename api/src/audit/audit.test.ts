/**
 * Issue 24 item 6 (decision 0062): the audit record read back, with the role matrix: a record's History, the
 * Audit screen's filters, the CSV export; and the application cannot change or delete a row.
 */
import { CompiledQuery, sql } from "kysely";
import { assertEquals, assertMatch, assertOk, assertRejects } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { filtered } from "./queries.ts";
import { AuditList } from "./schemas.ts";

Deno.test("audit: History, the Audit screen's filters and the CSV export", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const admin = ctx.users.admin.id;
  const member = ctx.users.member.id;
  try {
    await db.insertInto("audit_log").values([
      {
        actor_user_id: admin,
        action: "membership_updated",
        entity: "membership",
        entity_id: "41",
        detail: { before: { expire_at: "2026-12-31" }, after: { expire_at: "2027-06-30" } },
        ip: "203.0.113.9",
        created_at: "2026-10-05T10:00:00Z",
      },
      {
        actor_user_id: admin,
        action: "user_updated",
        entity: "user",
        entity_id: String(member),
        detail: { changes: { last_name: ["Lee", "Lee-Smith"] } },
        ip: "203.0.113.9",
        created_at: "2026-11-02T10:00:00Z",
      },
      {
        actor_user_id: null,
        action: "membership_autorenewed",
        entity: "membership",
        entity_id: "41",
        detail: { amount_cents: 9900 },
        created_at: "2026-11-20T10:00:00Z",
      },
    ]).execute();
    const list = async (query: string) => {
      const res = await ctx.request("admin", "GET", `/api/auth/audit?${query}`);
      assertEquals(res.status, 200);
      return AuditList.parse(await res.json()).data;
    };

    await t.step("roles: administrators only", async () => {
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/audit", expect: adminOnly(200) });
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/audit/export", expect: adminOnly(200) });
    });

    await t.step("a membership's History: who, what, when, from where, before → after", async () => {
      const rows = await list("entity=membership&entity_id=41");
      assertEquals(rows.map((r) => r.attributes.action), ["membership_autorenewed", "membership_updated"]);
      const [renewed, updated] = rows.map((r) => r.attributes);
      assertEquals(renewed.actor_name, null);
      assertOk(renewed.summary.startsWith("The system"), renewed.summary);
      assertEquals(updated.ip, "203.0.113.9");
      assertEquals(updated.changes, [{ field: "expire_at", before: "2026-12-31", after: "2027-06-30" }]);
      assertEquals(rows[1].relationships.actor.data?.id, admin);
    });

    await t.step("a user's History reads changes maps too", async () => {
      const rows = await list(`entity=user&entity_id=${member}&action=user_updated`);
      assertEquals(rows[0].attributes.changes, [{ field: "last_name", before: "Lee", after: "Lee-Smith" }]);
    });

    await t.step("filters: actor, action, date range; newest first", async () => {
      const byDay = await list("from=2026-11-01&to=2026-11-02");
      assertEquals(byDay.map((r) => r.attributes.action), ["user_updated"]);
      const byActor = await list(`actor=${admin}&action=membership_updated`);
      assertEquals(byActor.length, 1);
      const all = await list("per_page=100");
      assertOk(all.every((r, i) => i === 0 || all[i - 1].id > r.id), "newest first");
      assertEquals((await ctx.request("admin", "GET", "/api/auth/audit?from=5-11-2026")).status, 422);
    });

    await t.step("reads=exclude leaves out administrators' reads, so the changes stand out", async () => {
      await db.insertInto("audit_log").values({
        actor_user_id: admin,
        action: "admin.request",
        entity: "route",
        entity_id: "GET /api/auth/users/:id",
        detail: { params: { id: String(member) }, status: 200 },
        created_at: "2026-11-03T10:00:00Z",
      }).execute();
      // Before today's rows: the steps above, an administrator's reads, left rows of their own.
      const window = "from=2026-11-01&to=2026-11-20";
      assertEquals((await list(window)).map((r) => r.attributes.action), [
        "admin.request",
        "membership_autorenewed",
        "user_updated",
      ]);
      assertEquals((await list(`${window}&reads=include`)).length, 3);
      assertEquals((await list(`${window}&reads=exclude`)).map((r) => r.attributes.action), [
        "membership_autorenewed",
        "user_updated",
      ]);
      const csv = await ctx.request("admin", "GET", `/api/auth/audit/export?${window}&reads=exclude`);
      assertEquals((await csv.text()).trim().split("\r\n").length, 3);
      const bad = await ctx.request("admin", "GET", "/api/auth/audit?reads=some");
      assertEquals(bad.status, 422);
      assertOk(JSON.stringify(await bad.json()).includes("reads must be include or exclude"));
    });

    await t.step("the CSV export holds the filtered rows, in words", async () => {
      const res = await ctx.request("admin", "GET", "/api/auth/audit/export?entity=membership&entity_id=41");
      assertEquals(res.status, 200);
      assertOk(res.headers.get("Content-Type")?.startsWith("text/csv"));
      const lines = (await res.text()).trim().split("\r\n");
      assertEquals(lines.length, 3);
      assertOk(lines[0].startsWith('"When (UTC)","Who","Action"'), lines[0]);
      assertOk(lines[2].includes('"expire_at: 2026-12-31 → 2027-06-30"'), lines[2]);
    });

    await t.step("a user's History is an index probe of the user's and merged accounts' ids", async () => {
      // A log of other users' rows, analyzed, so that the planner weighs the choice as at scale: the former
      // `entity_id = id or entity_id in (merged ids)` was a filter on a backward read of the whole log (250-450 ms
      // at 1,000,000 rows; decision 0096); the ids must be the index's condition.
      await sql`insert into audit_log (action, entity, entity_id, created_at)
        select 'user_updated', 'user', (100000 + g % 5000)::text, timestamptz '2026-01-01' + g * interval '1 minute'
        from generate_series(1, 20000) g`.execute(db);
      await sql`analyze audit_log`.execute(db);
      const query = filtered(db, { entity: "user", entity_id: member }).orderBy("a.id", "desc").limit(20)
        .compile();
      const r = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      const plan = r.rows.map((row) => row["QUERY PLAN"]).join("\n");
      assertMatch(plan, /Index Cond: .*entity_id = ANY/, plan);
      assertEquals(/Seq Scan on audit_log|audit_log_pkey/.test(plan), false, plan);
    });

    await t.step("the application's role cannot change or delete an audit row", async () => {
      const row = await db.selectFrom("audit_log").select("id").where("action", "=", "membership_updated")
        .executeTakeFirstOrThrow();
      await assertRejects(() =>
        db.updateTable("audit_log").set({ action: "nothing" }).where("id", "=", row.id).execute()
      );
      await assertRejects(() => db.deleteFrom("audit_log").where("id", "=", row.id).execute());
      await assertRejects(() => sql`truncate audit_log`.execute(db));
      const still = await db.selectFrom("audit_log").select("action").where("id", "=", row.id)
        .executeTakeFirstOrThrow();
      assertEquals(still.action, "membership_updated");
    });
  } finally {
    await ctx.close();
  }
});
