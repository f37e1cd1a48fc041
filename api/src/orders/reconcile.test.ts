/**
 * Reconciliation in process, on a driven clock: a pending order is left alone during its grace period, then
 * settled by what the processor says happened to its key (a charge completes it and delivers what it bought;
 * no charge fails it as abandoned); a retry with the key answers that outcome. The process-level proof (a
 * real server killed with SIGKILL) is crash.test.ts.
 */
import { backgroundJobs } from "../background.ts";
import type { Payments } from "../integrations/payments/payments.ts";
import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { assertEquals, assertOk, assertRejects } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard } from "../testing/cards.ts";
import { PAYMENT_MESSAGES } from "./pay.ts";
import { purchase } from "./purchase.ts";
import { RECONCILE_QUEUE, reconcileOrders } from "./reconcile.ts";
import { FULFILMENTS } from "../background.ts";

Deno.test("orders: reconciliation settles what a crash left pending", async (t) => {
  let clock = new Date("2026-11-23T10:00:00Z");
  const ctx = await createTestContext({ now: () => clock });
  const { db } = ctx.database;
  const memberId = ctx.users.member.id;
  const grace = ctx.deps.config.recovery.reconcileGraceMs;
  const item = await db.insertInto("store_items").values({ name: "Replacement CCF", cost_cents: 2500 })
    .returning("id").executeTakeFirstOrThrow();
  const card = await addCard(ctx, await ctx.tokenFor("member"));
  const real = ctx.deps.payments;
  const input = (headerKey: string) => ({
    userId: memberId,
    actorId: memberId,
    items: [{ id: item.id, quantity: 1 }],
    payment: { type: "card" as const, paymentMethodId: card },
    headerKey,
  });
  /** Runs a purchase in a process that "dies" right after (or before) the processor charges. */
  async function crashedPurchase(key: string, chargeFirst: boolean) {
    const dying: Payments = {
      ...real,
      charge: async (request) => {
        if (chargeFirst) await real.charge(request);
        throw new Error("the process died");
      },
    };
    await assertRejects(() => purchase({ ...ctx.deps, payments: dying }, input(key)));
    return await db.selectFrom("orders").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  }
  const notices = async (orderId: number) =>
    (await db.selectFrom("notifications").select("id").where("order_id", "=", orderId).execute()).length;

  try {
    await t.step("scheduled every minute in the background jobs", () => {
      const jobs = backgroundJobs(ctx.deps.config);
      assertOk(jobs.handlers[RECONCILE_QUEUE]);
      assertOk(jobs.schedules.some((s) => s.queue === RECONCILE_QUEUE && s.everyMs === 60_000));
    });

    await t.step("charged before the crash: completed after the grace period, delivered once", async () => {
      const order = await crashedPurchase("charged", true);
      assertEquals([order.status, order.processor_charge_id], ["pending", null]);
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 0, failed: 0, left: 0 });
      clock = new Date(clock.getTime() + grace + 1000);
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 1, failed: 0, left: 0 });
      const settled = await db.selectFrom("orders").selectAll().where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      const charge = await db.selectFrom("sandbox_charges").selectAll()
        .where("idempotency_key", "=", order.processor_key!).executeTakeFirstOrThrow();
      assertEquals([settled.status, settled.processor_charge_id], ["completed", charge.id]);
      assertEquals(await notices(order.id), 1);
      // Again: nothing left to do; the client's retry answers the completed order without a new charge.
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 0, failed: 0, left: 0 });
      assertEquals((await purchase(ctx.deps, input("charged"))).id, order.id);
      assertEquals(await notices(order.id), 1);
    });

    await t.step("not charged before the crash: failed as abandoned, and the retry says so", async () => {
      const order = await crashedPurchase("not-charged", false);
      clock = new Date(clock.getTime() + grace + 1000);
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 0, failed: 1, left: 0 });
      const settled = await db.selectFrom("orders").select(["status", "failure_reason"])
        .where("id", "=", order.id).executeTakeFirstOrThrow();
      assertEquals(settled, { status: "failed", failure_reason: PAYMENT_MESSAGES.abandoned });
      const charges = await db.selectFrom("sandbox_charges").select("id")
        .where("idempotency_key", "=", order.processor_key!).execute();
      assertEquals([charges.length, await notices(order.id)], [0, 0]);
      const retry = await ctx.request("member", "POST", "/api/auth/account/order/purchase", {
        payment_method_id: card,
        items: [{ id: item.id, quantity: 1 }],
      }, { "Idempotency-Key": "not-charged" });
      assertEquals(await retry.json(), { error: PAYMENT_MESSAGES.abandoned, code: "PAYMENT_DECLINED" });
    });

    await t.step("a retry within the grace period settles it itself, with the same charge", async () => {
      const order = await crashedPurchase("retried", true);
      assertEquals((await purchase(ctx.deps, input("retried"))).id, order.id);
      const charges = await db.selectFrom("sandbox_charges").select("id")
        .where("idempotency_key", "=", order.processor_key!).execute();
      assertEquals(charges.length, 1);
      clock = new Date(clock.getTime() + grace + 1000);
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 0, failed: 0, left: 0 });
    });

    await t.step("a processor that cannot tell yet leaves the order pending for the next run", async () => {
      const order = await crashedPurchase("unknown", true);
      clock = new Date(clock.getTime() + grace + 1000);
      const silent = {
        ...ctx.deps,
        payments: { ...real, lookupCharge: () => Promise.reject(new PaymentsUnavailableError("down")) },
      };
      assertEquals(await reconcileOrders(silent, FULFILMENTS), { completed: 0, failed: 0, left: 1 });
      assertEquals(await reconcileOrders(ctx.deps, FULFILMENTS), { completed: 1, failed: 0, left: 0 });
      const settled = await db.selectFrom("orders").select("status").where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      assertEquals(settled.status, "completed");
    });
  } finally {
    await ctx.close();
  }
});
