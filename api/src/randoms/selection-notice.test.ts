/**
 * An independent mariner's selection notice (issue 25 item 4, decision 0071): nothing before the release; after
 * it, the independent sees report by, the collection site and the i3 order reference, and nobody else sees it
 * (another member, a DER, an administrator: 404 on its address, an empty list); a company-paid employee has no
 * notice (their DER tells them). It goes once the test is collected, or the selection is withdrawn.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { createTestContext } from "../testing/app.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { SelectionNoticeAnswer, SelectionNoticeList } from "./schemas.ts";
import { coveredMember, inI3, poolHarness } from "./test-helpers.ts";

async function independent(db: Kysely<DB>, i: number) {
  const { userId } = await coveredMember(db, i, 0, { business_id: null });
  await db.updateTable("users").set({ postal_code: "70130" }).where("id", "=", userId).execute();
  const { id: businessId } = await db.insertInto("businesses").values({
    name: `Mariner${i} Random`,
    is_individual: true,
  }).returning("id").executeTakeFirstOrThrow();
  await db.insertInto("business_users").values({
    business_id: businessId,
    user_id: userId,
    is_owner: true,
    is_employee: true,
    is_primary: true,
  }).execute();
  return userId;
}

Deno.test("random pools: an independent mariner's selection notice", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const h = poolHarness(ctx);
  const company = ctx.users.der.businessId;
  const get = async (userId: number, path: string) =>
    await ctx.app.request(path, { headers: { Authorization: `Bearer ${await ctx.tokenFor(userId)}` } });
  const noticesOf = async (userId: number) => {
    const res = await get(userId, "/api/auth/account/selection-notices");
    assertEquals(res.status, 200);
    return SelectionNoticeList.parse(await res.json()).data;
  };
  try {
    await inI3(ctx, company);
    const mariners = [await independent(db, 1), await independent(db, 2)];
    const employee = (await coveredMember(db, 21, company, {}, { employee: true })).userId;
    await (await ctx.request("admin", "PUT", "/api/auth/random-rates/2032", { rate_percent: 100 })).body
      ?.cancel();
    const pool = await h.drawn(2032, 12);
    await h.ordered(pool);
    const candidates = await h.candidates(pool);
    const of = (userId: number) => candidates.find((c) => c.user_id === userId)!;

    await t.step("before the release nobody is told", async () => {
      for (const m of [...mariners, employee]) assertEquals(await noticesOf(m), []);
      const res = await get(mariners[0], `/api/auth/account/selection-notices/${of(mariners[0]).id}`);
      assertEquals(res.status, 404);
      await res.body?.cancel();
    });

    await (await ctx.request("admin", "POST", `/api/auth/randoms/${pool}/release`, {})).body?.cancel();

    await t.step("after it the independent sees where, by when and the order reference", async () => {
      const tests = await db.selectFrom("random_candidates as c")
        .innerJoin("drug_tests as t", "t.id", "c.drug_test_id")
        .select(["c.user_id", "t.i3_order_ref", "t.i3_location_code"]).where("c.pool_id", "=", pool)
        .execute();
      for (const m of mariners) {
        const [notice] = await noticesOf(m);
        const test = tests.find((x) => x.user_id === m)!;
        assertOk(test.i3_order_ref);
        assertEquals(notice.id, of(m).id);
        assertEquals([notice.year, notice.month, notice.pool_id], [2032, 12, pool]);
        assertEquals(notice.i3_order_ref, test.i3_order_ref);
        assertEquals(notice.collection_site, test.i3_location_code);
        assertOk(notice.ordered_on && notice.report_by && notice.report_by > notice.ordered_on);
        assertEquals(notice.zip, "70130");
        // Where to go, as an address near the member's ZIP code, not only i3's location code (issue 37).
        assertOk(
          /, [A-Z]{2} \d{5}/.test(notice.collection_site_address ?? ""),
          String(notice.collection_site_address),
        );
        const one = await get(m, `/api/auth/account/selection-notices/${notice.id}`);
        assertEquals(one.status, 200);
        assertEquals(SelectionNoticeAnswer.parse(await one.json()).data, notice);
      }
      assertEquals(await noticesOf(employee), [], "a company-paid employee is told by the DER");
    });

    await t.step("roles: only the mariner reads their notice (others 404, anonymous 401)", async () => {
      const path = `/api/auth/account/selection-notices/${of(mariners[0]).id}`;
      await assertRoleAnswers(ctx, {
        method: "GET",
        path,
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
      });
      const res = await get(mariners[1], path);
      assertEquals(res.status, 404, "another independent");
      await res.body?.cancel();
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/account/selection-notices",
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200, der: 200 },
      });
      for (const who of ["member", "otherMember", "der", "otherDer", "admin"] as const) {
        assertEquals(await noticesOf(ctx.users[who].id), [], who);
      }
    });

    await t.step("it goes once the test is collected", async () => {
      const testId = (await db.selectFrom("random_candidates").select("drug_test_id")
        .where("id", "=", of(mariners[0]).id).executeTakeFirstOrThrow()).drug_test_id!;
      await db.updateTable("drug_tests").set({ status: "collected", collected_at: new Date() })
        .where("id", "=", testId).execute();
      assertEquals(await noticesOf(mariners[0]), []);
      const res = await get(mariners[0], `/api/auth/account/selection-notices/${of(mariners[0]).id}`);
      assertEquals(res.status, 404);
      await res.body?.cancel();
    });

    await t.step("it goes when the selection is withdrawn (exempted)", async () => {
      assertEquals((await noticesOf(mariners[1])).length, 1);
      const res = await ctx.request(
        "admin",
        "POST",
        `/api/auth/randoms/${pool}/candidates/${of(mariners[1]).id}/exempt`,
        { reason: "At sea on a documented voyage" },
      );
      assertEquals(res.status, 200);
      await res.body?.cancel();
      assertEquals(await noticesOf(mariners[1]), []);
    });
  } finally {
    await ctx.close();
  }
});
