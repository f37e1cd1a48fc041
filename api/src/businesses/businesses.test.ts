import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("businesses", async (t) => {
  const ctx = await createTestContext();
  try {
    await t.step("roles: its DER and members see a business, another company's DER gets 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${ctx.users.member.businessId}`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
    });

    await t.step("a removed employee no longer sees the business", async () => {
      await ctx.database.db.updateTable("business_users").set({ removed_at: new Date() })
        .where("user_id", "=", ctx.users.member.id).execute();
      const res = await ctx.request("member", "GET", `/api/auth/business/${ctx.users.member.businessId}`);
      assertEquals(res.status, 404);
      assertEquals(await res.json(), { error: "Business not found.", code: "NOT_FOUND" });
    });

    await t.step("the record names its DER and whether the viewer owns it", async () => {
      const res = await ctx.request("der", "GET", `/api/auth/business/${ctx.users.der.businessId}`);
      const { data } = await res.json();
      assertEquals(data.type, "business");
      assertEquals(data.attributes.is_owner, true);
      assertEquals(data.relationships.der, { data: { id: ctx.users.der.id, type: "user" } });
    });
  } finally {
    await ctx.close();
  }
});
