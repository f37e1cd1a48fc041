import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("session probe: the signed-in user, or null without an error status", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("anonymous: 200 and null", async () => {
      const res = await ctx.request(null, "GET", "/api/auth/session/probe");
      assertEquals([res.status, await res.json()], [200, { user: null }]);
    });

    await t.step("a bad or ended session is anonymous too", async () => {
      const res = await ctx.request(null, "GET", "/api/auth/session/probe", undefined, {
        Authorization: "Bearer not-a-token",
      });
      assertEquals(await res.json(), { user: null });
      const token = await ctx.tokenFor("member");
      await ctx.database.db.updateTable("sessions").set({ revoked_at: new Date() }).execute();
      const ended = await ctx.request(null, "GET", "/api/auth/session/probe", undefined, {
        Authorization: `Bearer ${token}`,
      });
      assertEquals(await ended.json(), { user: null });
    });

    await t.step("signed in: the same body as GET /api/auth/session", async () => {
      const probe = await (await ctx.request("der", "GET", "/api/auth/session/probe")).json();
      assertEquals(probe.user.user_id, ctx.users.der.id);
      assertEquals([probe.user.is_der, probe.user.is_admin], [true, false]);
      assertEquals(Object.keys(probe.user).sort(), [
        "full_name",
        "is_admin",
        "is_der",
        "second_factor",
        "user_id",
      ]);
    });

    await t.step("roles: public", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/session/probe",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});
