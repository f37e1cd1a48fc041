/**
 * Issue 21: an independent member's own business is set up in i3 when their membership is paid, so the
 * registration card's 'Order test' works with no administrator step, and the user page no longer says the
 * primary business is not set up; when i3 refuses at payment, the job queue retries the set-up.
 */
import { NOTIFICATION_MESSAGES as M } from "../desk/schemas.ts";
import type { I3Simulator } from "../integrations/i3/simulator.ts";
import { createJobRunner } from "../lib/jobs.ts";
import { memberPayload } from "../registration/test-payloads.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { UserResponse } from "../users/schemas.ts";
import { OWN_BUSINESS_SETUP_QUEUE, setUpOwnBusinessJob } from "./jobs.ts";

/** Registers an independent member through the API and pays their annual membership with a card. */
async function registerAndPay(ctx: TestContext) {
  const reg = await ctx.request(null, "POST", "/api/register/member/account", memberPayload());
  assertEquals(reg.status, 201);
  const body = await reg.json();
  const token = body.token as string;
  const userId = body.user.user_id as number;
  const card = await addCard(ctx, token);
  const paid = await requestAs(ctx, token, "POST", "/api/register/member/membership", {
    payment_method_id: card,
    is_annual: true,
  });
  assertEquals(paid.status, 200);
  await paid.body?.cancel();
  const { db } = ctx.database;
  const r = await db.selectFrom("registration_notifications").select(["notification_id", "business_id"])
    .where("user_id", "=", userId).executeTakeFirstOrThrow();
  return { userId, notificationId: r.notification_id, businessId: r.business_id! };
}

async function primarySetUp(ctx: TestContext, userId: number) {
  const res = await ctx.request("admin", "GET", `/api/auth/user/${userId}`);
  assertEquals(res.status, 200);
  return UserResponse.parse(await res.json()).data.attributes.is_primary_business_setup;
}

Deno.test("an independent member paid through the API is tested through their own business", async (t) => {
  let clock = new Date();
  const ctx = await createTestContext({ now: () => clock });
  const { db } = ctx.database;
  const runner = createJobRunner(ctx.deps, { [OWN_BUSINESS_SETUP_QUEUE]: setUpOwnBusinessJob }, {
    backoffMs: () => 0,
  });
  const orderTest = (id: number) =>
    ctx.request("admin", "PUT", `/api/auth/notification/registration/${id}/test/order`);
  try {
    await t.step(
      "paid: the own business is set up in i3, and 'Order test' succeeds with no other step",
      async () => {
        const m = await registerAndPay(ctx);
        const business = await db.selectFrom("businesses").select(["is_individual", "is_i3_setup"])
          .where("id", "=", m.businessId).executeTakeFirstOrThrow();
        assertEquals([business.is_individual, business.is_i3_setup], [true, true]);
        assertEquals(await primarySetUp(ctx, m.userId), true, "no 'Primary business not set up in i3'");
        const res = await orderTest(m.notificationId);
        assertEquals([res.status, (await res.json()).message], [200, M.ordered]);
        const tests = await db.selectFrom("drug_tests").select(["status", "business_id"])
          .where("user_id", "=", m.userId).execute();
        assertEquals(tests, [{ status: "ordered", business_id: m.businessId }]);
      },
    );

    await t.step(
      "i3 refuses at payment: the payment stands and the job queue sets the business up",
      async () => {
        (ctx.deps.i3 as I3Simulator).control.failNext("setUpBusiness");
        const m = await registerAndPay(ctx);
        assertEquals(await primarySetUp(ctx, m.userId), false);
        const failed = await db.selectFrom("businesses").select("i3_setup_error").where(
          "id",
          "=",
          m.businessId,
        )
          .executeTakeFirstOrThrow();
        assertOk(failed.i3_setup_error, "the refusal is recorded on the business");
        const jobs = await db.selectFrom("jobs").select("payload").where(
          "queue",
          "=",
          OWN_BUSINESS_SETUP_QUEUE,
        )
          .execute();
        assertOk(
          jobs.some((j) => (j.payload as { user_id: number }).user_id === m.userId),
          "the retry is queued",
        );
        // The retry runs a minute after the payment (the request's own attempt comes first).
        clock = new Date(clock.getTime() + 2 * 60_000);
        await runner.tick();
        assertEquals(await primarySetUp(ctx, m.userId), true);
        const res = await orderTest(m.notificationId);
        assertEquals([res.status, (await res.json()).message], [200, M.ordered]);
      },
    );

    await t.step(
      "'Order test' sets up an own business still not set up (no administrator step)",
      async () => {
        const i3 = ctx.deps.i3 as I3Simulator;
        i3.control.failNext("setUpBusiness", 2);
        const m = await registerAndPay(ctx);
        // The second refusal: the order answers i3's failure and frees the card for another try.
        const refused = await orderTest(m.notificationId);
        assertEquals(refused.status, 502);
        await refused.body?.cancel();
        const res = await orderTest(m.notificationId);
        assertEquals([res.status, (await res.json()).message], [200, M.ordered]);
        assertEquals(await primarySetUp(ctx, m.userId), true);
      },
    );
  } finally {
    await runner.stop();
    await ctx.close();
  }
});
