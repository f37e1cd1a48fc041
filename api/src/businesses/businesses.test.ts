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

    await t.step("roles: own businesses for anyone signed in, companies for DERs", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/account/businesses",
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/der/companies",
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 200, admin: 200, der: 200 },
      });
    });

    await t.step("each caller lists only their own; a DER only the companies it represents", async () => {
      const ids = async (who: "member" | "der" | "otherDer" | "admin", path: string) =>
        (await (await ctx.request(who, "GET", path)).json()).data.map((b: { id: number }) => b.id);
      assertEquals(await ids("member", "/api/auth/account/businesses"), [ctx.users.member.businessId]);
      assertEquals(await ids("der", "/api/auth/der/companies"), [ctx.users.der.businessId]);
      assertEquals(await ids("otherDer", "/api/auth/der/companies"), [ctx.users.otherDer.businessId]);
      assertEquals(
        await ids("admin", "/api/auth/account/businesses"),
        [],
        "an administrator belongs to none",
      );
      const pending = await ctx.database.db.insertInto("new_business_requests").values({
        user_id: ctx.users.der.id,
        business_id: ctx.users.der.businessId,
        is_company: true,
        business_name: "Company A",
      }).returning("id").executeTakeFirstOrThrow();
      const [company] = (await (await ctx.request("der", "GET", "/api/auth/der/companies")).json()).data;
      assertEquals(company.attributes.has_pending_new_company_approval, true);
      assertEquals(company.attributes.is_owner, true);
      await ctx.database.db.deleteFrom("new_business_requests").where("id", "=", pending.id).execute();
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
