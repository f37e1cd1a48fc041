/**
 * 49 CFR 40.321 for a company's DER: it sees test results only for its own company's employees, only the
 * summary (never the laboratory's panel), and a member who belongs to two companies is two relationships:
 * each company sees only the tests taken under it. Another company's records answer 404.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

Deno.test("confidentiality of test results (49 CFR 40.321)", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const A = ctx.users.der.businessId;
  const B = ctx.users.otherDer.businessId;
  const member = ctx.users.member.id;
  const at = new Date("2026-03-02T15:00:00Z");
  const test = async (userId: number, businessId: number | null, result: "negative" | "positive") => {
    const { id } = await db.insertInto("drug_tests").values({
      user_id: userId,
      business_id: businessId,
      reason: "random",
      status: "resulted",
      result,
      ordered_at: at,
      collected_at: at,
      resulted_at: at,
    }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("drug_test_panels").values({
      drug_test_id: id,
      detail: { marijuana: "POSITIVE 62 ng/mL" },
    })
      .execute();
    return id;
  };
  try {
    // Mia works for A and, since last month, also for B: two relationships.
    await db.insertInto("business_users").values({ business_id: B, user_id: member, is_employee: true })
      .execute();
    const underA = await test(member, A, "negative");
    const underB = await test(member, B, "positive");
    const ownTest = await test(member, null, "negative");
    const otherMembers = await test(ctx.users.otherMember.id, B, "negative");

    await t.step("roles: a company's tests are its owner's and administrators'; others get 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${A}/tests`,
        expect: { anonymous: 401, member: 403, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      const res = await ctx.request("otherDer", "GET", `/api/auth/business/${A}/tests`);
      assertEquals((await res.json()).error, "Business not found.");
    });

    const ids = async (who: "der" | "otherDer" | "admin", businessId: number, query = "") =>
      (await (await ctx.request(who, "GET", `/api/auth/business/${businessId}/tests${query}`)).json()).data
        .map((r: { id: number }) => r.id).sort();

    await t.step(
      "a member of two companies: each DER sees only the test taken under its company",
      async () => {
        assertEquals(await ids("der", A), [underA]);
        assertEquals(await ids("otherDer", B), [otherMembers, underB].sort());
        assertEquals(await ids("der", A, `?user_id=${member}`), [underA]);
        assertEquals(await ids("otherDer", B, `?user_id=${member}`), [underB]);
        assertOk(!(await ids("admin", A)).includes(ownTest), "a test outside any company is no company's");
      },
    );

    await t.step("only the summary: no laboratory panel, no other person's data", async () => {
      const res = await ctx.request("otherDer", "GET", `/api/auth/business/${B}/tests?user_id=${member}`);
      const body = await res.json();
      assertEquals(body.data[0].attributes, {
        date: at.toISOString(),
        reason: "random",
        status: "resulted",
        result: "positive",
        passed: false,
        user_id: member,
        user_full_name: "Mia Test",
      });
      assertEquals(JSON.stringify(body).includes("ng/mL"), false);
    });

    await t.step(
      "a former employee's tests under the company stay the company's; other people's never",
      async () => {
        await db.updateTable("business_users").set({ removed_at: new Date() }).where("business_id", "=", B)
          .where("user_id", "=", member).execute();
        assertEquals(await ids("otherDer", B, `?user_id=${member}`), [underB]);
        // A test recorded under A for someone who never worked for A does not show for A.
        const stranger = await test(ctx.users.otherMember.id, A, "negative");
        assertEquals((await ids("der", A)).includes(stranger), false);
      },
    );

    await t.step("another company's employee and vessel records answer 404", async () => {
      const [bUser] =
        (await (await ctx.request("otherDer", "GET", `/api/auth/business/${B}/business-users`)).json())
          .data;
      assertEquals(
        (await ctx.request("der", "GET", `/api/auth/business/${B}/business-users/${bUser.id}`)).status,
        404,
      );
      assertEquals(
        (await ctx.request("der", "GET", `/api/auth/business/${A}/business-users/${bUser.id}`)).status,
        404,
      );
      assertEquals((await ctx.request("der", "GET", `/api/auth/business/${B}/vessels`)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});
