import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("prices: read from the settings row, for everyone", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("the defaults of the migration, in cents", async () => {
      const res = await ctx.request(null, "GET", "/api/prices");
      assertEquals(res.status, 200);
      assertEquals(await res.json(), {
        annual_new_cents: 10500,
        annual_renewal_cents: 9500,
        one_time_cents: 7500,
        compliance_kit_cents: 10000,
      });
      assertEquals(res.headers.get("Cache-Control"), "public, max-age=60");
    });

    await t.step("a changed setting is what the endpoint answers", async () => {
      await ctx.database.db.updateTable("settings")
        .set({ annual_new_cents: 11000, compliance_kit_cents: 12550 }).execute();
      const body = await (await ctx.request(null, "GET", "/api/prices")).json();
      assertEquals([body.annual_new_cents, body.compliance_kit_cents], [11000, 12550]);
    });

    await t.step("roles: public", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/prices",
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});
