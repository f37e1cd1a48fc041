import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("analytics: the web records whitelisted events", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("204, stored with the caller", async () => {
      const res = await ctx.request("member", "POST", "/api/analytics/events", {
        name: "registration_completed",
        props: { kind: "member", is_annual: true, step: 4 },
      });
      assertEquals(res.status, 204);
      const rows = await ctx.database.db.selectFrom("analytics_events").selectAll().execute();
      assertEquals(rows.map((r) => [r.name, r.user_id, r.props]), [[
        "registration_completed",
        ctx.users.member.id,
        { kind: "member", is_annual: true, step: 4 },
      ]]);
    });

    await t.step("unknown names and nested or oversized props are 422", async () => {
      const bad = [
        { name: "anything" },
        { name: "registration_completed", props: { nested: { a: 1 } } },
        { name: "registration_completed", props: { "Bad Key": 1 } },
        { name: "registration_completed", props: { long: "x".repeat(201) } },
        {
          name: "registration_completed",
          props: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
        },
      ];
      for (const body of bad) {
        const res = await ctx.request("member", "POST", "/api/analytics/events", body);
        assertEquals(res.status, 422, JSON.stringify(body));
        await res.body?.cancel();
      }
    });

    await t.step("roles: signed-in users", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/analytics/events",
        body: () => ({ name: "registration_started" }),
        expect: { anonymous: 401, member: 204, otherMember: 204, otherDer: 204, admin: 204 },
      });
    });
  } finally {
    await ctx.close();
  }
});
