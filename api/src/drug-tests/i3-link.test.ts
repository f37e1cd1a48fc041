/**
 * The i3 link end to end (issue 11 item 6): an administrator sets a business up (and resends a failed
 * set-up), failed orders are kept and sent again under the same reference (never a second order), a row a
 * stopped process left pending is resent by the sync job, a failing sync is kept for the administrators, and a
 * new membership's drug testing rule orders or skips the pre-employment test.
 */
import type { JsonObject } from "../db/types.ts";
import { BusinessResponse } from "../businesses/schemas.ts";
import type { I3Simulator } from "../integrations/i3/simulator.ts";
import { createJobRunner, enqueue } from "../lib/jobs.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { MEMBERSHIP_TEST_QUEUE, orderMembershipTest, SYNC_QUEUE, syncDrugTests } from "./jobs.ts";
import { i3ClientRef, orderDrugTest } from "./service.ts";

const simOf = (ctx: TestContext) => ctx.deps.i3 as I3Simulator;

async function problems(ctx: TestContext) {
  const res = await ctx.request("admin", "GET", "/api/auth/i3/problems");
  assertEquals(res.status, 200);
  return (await res.json()).data;
}

async function simOrders(ctx: TestContext): Promise<number> {
  const { n } = await ctx.database.db.selectFrom("i3_sim_orders")
    .select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(n);
}

function runJob(
  ctx: TestContext,
  queue: typeof SYNC_QUEUE | typeof MEMBERSHIP_TEST_QUEUE,
  payload: JsonObject,
) {
  const handlers = { [SYNC_QUEUE]: syncDrugTests, [MEMBERSHIP_TEST_QUEUE]: orderMembershipTest };
  return handlers[queue](payload, {
    deps: ctx.deps,
    job: { id: 0, queue, payload, attempts: 1, max_attempts: 5 },
  });
}

Deno.test("i3 link: set-up and resend, retried orders, the sync job, the drug testing rule", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember, admin } = ctx.users;
  const sim = simOf(ctx);
  try {
    await t.step("only administrators send a business to i3", async () => {
      const { id: spare } = await db.insertInto("businesses").values({ name: "Company C" }).returning("id")
        .executeTakeFirstOrThrow();
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/business/${spare}/i3`,
        expect: adminOnly(200),
      });
      const res = await ctx.request("admin", "POST", "/api/auth/business/999999/i3");
      assertEquals(res.status, 404);
    });

    await t.step("a failed set-up is recorded, listed, and 'Resend to i3' sets it up", async () => {
      sim.control.failNext("setUpBusiness");
      const failed = await ctx.request("admin", "POST", `/api/auth/business/${member.businessId}/i3`);
      assertEquals(failed.status, 502);
      assertEquals((await failed.json()).code, "I3_FAILED");
      const listed = await problems(ctx);
      assertEquals(listed.businesses.map((b: { business_id: number }) => b.business_id), [member.businessId]);
      assertOk(listed.businesses[0].error.includes("setUpBusiness"));
      // The business detail shows the failure to administrators only (its owner sees null).
      const seen = BusinessResponse.parse(
        await (await ctx.request("admin", "GET", `/api/auth/business/${member.businessId}`)).json(),
      ).data.attributes;
      assertEquals(seen.i3_setup_error, listed.businesses[0].error);
      assertEquals(seen.is_i3_setup, false);
      const owner = BusinessResponse.parse(
        await (await ctx.request("member", "GET", `/api/auth/business/${member.businessId}`)).json(),
      ).data.attributes;
      assertEquals([owner.i3_setup_error, owner.i3_location_code], [null, null]);

      const resent = await ctx.request("admin", "POST", `/api/auth/business/${member.businessId}/i3`);
      assertEquals(resent.status, 200);
      const body = await resent.json();
      assertEquals(body.data, {
        business_id: member.businessId,
        is_i3_setup: true,
        i3_location_code: `SIM-LOC-${String(member.businessId).padStart(6, "0")}`,
      });
      const row = await db.selectFrom("businesses").select(["is_i3_setup", "i3_setup_error"])
        .where("id", "=", member.businessId).executeTakeFirstOrThrow();
      assertEquals(row, { is_i3_setup: true, i3_setup_error: null });
      assertEquals((await problems(ctx)).businesses, []);
      const after = BusinessResponse.parse(
        await (await ctx.request("admin", "GET", `/api/auth/business/${member.businessId}`)).json(),
      ).data.attributes;
      assertEquals([after.i3_setup_error, after.i3_location_code], [null, body.data.i3_location_code]);
    });

    await t.step("a failed order is listed and its retry orders it once", async () => {
      sim.control.failNext("orderTest");
      const order = await orderDrugTest(ctx.deps, {
        userId: member.id,
        businessId: member.businessId,
        reason: "random",
        orderedBy: admin.id,
      });
      assertEquals(order.status, "failed");
      assertEquals((await problems(ctx)).tests.map((x: { drug_test_id: number }) => x.drug_test_id), [
        order.id,
      ]);
      const before = await simOrders(ctx);
      const retried = await ctx.request("admin", "POST", `/api/auth/drug-test/${order.id}/retry`);
      assertEquals(retried.status, 200);
      assertEquals((await retried.json()).data.status, "ordered");
      assertEquals(await simOrders(ctx), before + 1);
      const again = await ctx.request("admin", "POST", `/api/auth/drug-test/${order.id}/retry`);
      assertEquals(again.status, 409);
      assertEquals((await ctx.request("admin", "POST", "/api/auth/drug-test/999999/retry")).status, 404);
      assertEquals((await ctx.request("der", "POST", `/api/auth/drug-test/${order.id}/retry`)).status, 403);
      assertEquals((await problems(ctx)).tests, []);
    });

    await t.step(
      "an order i3 placed but we never recorded is resent by the sync: still one order",
      async () => {
        // A process stopped after i3 took the order and before the row was updated: the row is still pending.
        const { id } = await db.insertInto("drug_tests").values({
          user_id: member.id,
          business_id: member.businessId,
          reason: "periodic",
          created_at: new Date(ctx.deps.now().getTime() - 3_600_000),
        }).returning("id").executeTakeFirstOrThrow();
        const business = await db.selectFrom("businesses").select(["id", "name", "i3_location_code"])
          .where("id", "=", member.businessId).executeTakeFirstOrThrow();
        const placed = await sim.orderTest({
          user: { id: member.id, first_name: "Mia", last_name: "Test", member_number: null },
          business,
          reason: "periodic",
          client_ref: i3ClientRef(id),
        });
        const before = await simOrders(ctx);
        await runJob(ctx, SYNC_QUEUE, {});
        assertEquals(await simOrders(ctx), before);
        const row = await db.selectFrom("drug_tests").select(["status", "i3_order_ref", "result"])
          .where("id", "=", id).executeTakeFirstOrThrow();
        // The simulator answers at once in tests, so the same sync also recorded the result.
        assertEquals(row, { status: "resulted", i3_order_ref: placed.order_ref, result: "negative" });
      },
    );

    await t.step("a failing sync is kept by the job queue and listed until a run succeeds", async () => {
      // Something open for the sync to ask about.
      await orderDrugTest(ctx.deps, {
        userId: member.id,
        businessId: member.businessId,
        reason: "random",
        orderedBy: null,
      });
      await db.updateTable("drug_tests").set({ status: "ordered", result: null, resulted_at: null })
        .where("status", "=", "resulted").where("reason", "=", "random").execute();
      const handlers = { [SYNC_QUEUE]: syncDrugTests };
      const backoffMs = () => 60_000;
      await enqueue(db, SYNC_QUEUE, {}, { runAt: ctx.deps.now() });
      sim.control.failNext("fetchResults");
      await createJobRunner(ctx.deps, handlers, { backoffMs }).tick();
      const listed = await problems(ctx);
      assertOk(listed.sync?.error.includes("fetchResults"), JSON.stringify(listed.sync));
      assertEquals(listed.sync.gave_up, false);
      // The retry, once its wait is over.
      const later = () => new Date(Date.now() + 120_000);
      await createJobRunner({ ...ctx.deps, now: later }, handlers, { backoffMs }).tick();
      assertEquals((await problems(ctx)).sync, null);
    });

    await t.step(
      "the drug testing rule: 'true' orders, 'false' skips, 'null' orders a first one",
      async () => {
        await db.deleteFrom("drug_test_panels").execute();
        await db.deleteFrom("drug_tests").execute();
        const membership = async (orderTest: boolean | null, isRenewal = false) =>
          (await db.insertInto("memberships").values({
            user_id: otherMember.id,
            type: "annual",
            expire_at: "2099-01-01",
            price_cents: 10500,
            order_test: orderTest,
            is_renewal: isRenewal,
            created_by_user_id: admin.id,
          }).returning("id").executeTakeFirstOrThrow()).id;
        const testsFor = async (membershipId: number) =>
          await db.selectFrom("drug_tests").select(["reason", "status", "business_id", "error"])
            .where("membership_id", "=", membershipId).execute();

        // Company B is not set up in i3 yet: the order fails and is kept, naming why.
        const notSetUp = await membership(true);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: notSetUp });
        const [kept] = await testsFor(notSetUp);
        assertEquals([kept.reason, kept.status, kept.business_id], [
          "pre_employment",
          "failed",
          otherMember.businessId,
        ]);
        assertOk(kept.error?.includes("not set up"));

        assertEquals(
          (await ctx.request("admin", "POST", `/api/auth/business/${otherMember.businessId}/i3`)).status,
          200,
        );
        const ordered = await membership(true);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: ordered });
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: ordered }); // a job run twice
        assertEquals((await testsFor(ordered)).map((x) => x.status), ["ordered"]);

        const skipped = await membership(false);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: skipped });
        assertEquals(await testsFor(skipped), []);

        // Automatic: the member has no passed test yet, so a first membership orders one ...
        await db.deleteFrom("drug_tests").where("membership_id", "is not", null).execute();
        const automatic = await membership(null);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: automatic });
        assertEquals((await testsFor(automatic)).length, 1);
        // ... and once it passed (within 6 months), the next first membership is exempt; a renewal never orders.
        await runJob(ctx, SYNC_QUEUE, {});
        const exempt = await membership(null);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: exempt });
        assertEquals(await testsFor(exempt), []);
        await db.deleteFrom("drug_tests").where("membership_id", "is not", null).execute();
        const renewal = await membership(null, true);
        await runJob(ctx, MEMBERSHIP_TEST_QUEUE, { membership_id: renewal });
        assertEquals(await testsFor(renewal), []);
      },
    );
  } finally {
    await ctx.close();
  }
});
