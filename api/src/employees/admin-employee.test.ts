/** GET /auth/business-user/{id}: the administrators' employee detail reads one employee by its own id. */
import { BusinessUserResponse } from "./schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";

Deno.test("employees: one by its business-user id, for administrators", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  try {
    const link = await db.selectFrom("business_users").select("id").where("business_id", "=", A)
      .where("user_id", "=", ctx.users.member.id).executeTakeFirstOrThrow();
    const path = `/api/auth/business-user/${link.id}`;

    await t.step("roles: administrators only", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path,
        expect: adminOnly(200),
      });
    });

    await t.step("the same record as under its business, naming the business", async () => {
      const byId = BusinessUserResponse.parse(await (await ctx.request("admin", "GET", path)).json());
      const underBusiness = BusinessUserResponse.parse(
        await (await ctx.request("admin", "GET", `/api/auth/business/${A}/business-users/${link.id}`)).json(),
      );
      assertEquals(byId, underBusiness);
      assertEquals(byId.data.relationships.business.data?.id, A);
      assertEquals(byId.data.attributes.user_id, ctx.users.member.id);
    });

    await t.step("an unknown or removed link answers 404; a bad id 422", async () => {
      assertEquals((await ctx.request("admin", "GET", "/api/auth/business-user/999999")).status, 404);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/business-user/abc")).status, 422);
      await db.updateTable("business_users").set({ removed_at: new Date() }).where("id", "=", link.id)
        .execute();
      const removed = await ctx.request("admin", "GET", path);
      assertEquals([removed.status, (await removed.json()).code], [404, "NOT_FOUND"]);
    });
  } finally {
    await ctx.close();
  }
});
