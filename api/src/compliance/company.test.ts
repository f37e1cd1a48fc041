/**
 * An employee's Letter of Compliance for their company's DER (decision 0027): the owner of the employing
 * company or an administrator; another company, a co-worker or a stranger gets 404; an employee who does not
 * qualify gets the same 403 as the member would.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { seedMembership } from "../memberships/test-helpers.ts";
import { COMPLIANCE_MESSAGES } from "./service.ts";

Deno.test("letters of compliance: the employing company's DER", async (t) => {
  const ctx = await createTestContext();
  const { der, member, otherMember } = ctx.users;
  const path = (businessId: number, userId: number) =>
    `/api/auth/business/${businessId}/employee/${userId}/compliance-letter`;
  try {
    await seedMembership(ctx, member.id);
    await t.step("roles: the DER of the member's company and administrators; others 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: path(der.businessId, member.id),
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
    });

    await t.step("the DER gets the member's PDF", async () => {
      const res = await ctx.request("der", "GET", path(der.businessId, member.id));
      assertEquals([res.status, res.headers.get("Content-Type")], [200, "application/pdf"]);
      const bytes = new Uint8Array(await res.arrayBuffer());
      assertEquals(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
    });

    await t.step("another company's employee is not found, even by id", async () => {
      const res = await ctx.request("der", "GET", path(der.businessId, otherMember.id));
      assertEquals(res.status, 404);
    });

    await t.step("an employee without a qualifying membership: 403 with the reason", async () => {
      await ctx.database.db.deleteFrom("memberships").where("user_id", "=", member.id).execute();
      const res = await ctx.request("der", "GET", path(der.businessId, member.id));
      assertEquals(res.status, 403);
      assertEquals((await res.json()).error, COMPLIANCE_MESSAGES.unavailable);
    });
  } finally {
    await ctx.close();
  }
});
