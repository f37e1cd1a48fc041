import { officeDay } from "../lib/dates.ts";
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { CancelOrderResponse, ORDER_MESSAGES, UserOrderList } from "./schemas.ts";

Deno.test("orders: an administrator cancels an unfulfilled order with a refund", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const memberId = ctx.users.member.id;
  try {
    const [item] = await db.insertInto("store_items").values([{ name: "Swab", cost_cents: 700 }])
      .returning("id").execute().then((rows) => rows.map((r) => r.id));
    const admin = await ctx.tokenFor("admin");
    const card = await addCard(ctx, await ctx.tokenFor("member"));
    const buy = async (body: Record<string, unknown>) => {
      const res = await requestAs(ctx, admin, "POST", `/api/auth/user/${memberId}/order/purchase`, {
        items: [{ id: item, quantity: 2 }],
        ...body,
      });
      assertEquals(res.status, 201);
      return (await res.json()).data.id as number;
    };
    const cardOrder = await buy({ payment_method_id: card });
    const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
    const manualOrder = await buy({
      payment_type: "manual",
      payment_medium: "Cash Received",
      payment_date: today,
    });

    await t.step("a user's orders (the Transactions tab): newest first, administrators only", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/user/${memberId}/orders`);
      const list = UserOrderList.parse(await res.json());
      assertEquals(list.data.map((o) => o.id), [manualOrder, cardOrder]);
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/user/${memberId}/orders`,
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, admin: 200 },
      });
      assertEquals((await ctx.request("admin", "GET", "/api/auth/user/999999/orders")).status, 404);
    });

    await t.step("roles: administrators only; an unknown order is 404", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/orders/999999/cancel",
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, admin: 404 },
      });
    });

    await t.step("a card order: refunded in full through the processor, cancelled, audited", async () => {
      const before = await ctx.request("admin", "GET", `/api/auth/orders/${cardOrder}`);
      assertEquals((await before.json()).data.attributes.cancellable, true);
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${cardOrder}/cancel`);
      assertEquals(res.status, 200);
      const body = CancelOrderResponse.parse(await res.json());
      assertEquals(body.message, ORDER_MESSAGES.cancelled);
      assertEquals([body.data.attributes.status, body.data.attributes.cancellable], ["cancelled", false]);
      assertEquals(typeof body.data.attributes.refunded_at, "string");
      const charge = await db.selectFrom("sandbox_charges").select(["amount_cents", "refunded_cents"])
        .executeTakeFirstOrThrow();
      assertEquals(charge, { amount_cents: 1400, refunded_cents: 1400 });
      const audit = await db.selectFrom("audit_log").select(["actor_user_id", "detail"])
        .where("action", "=", "order_cancelled").where("entity_id", "=", String(cardOrder))
        .executeTakeFirstOrThrow();
      assertEquals(audit.actor_user_id, ctx.users.admin.id);
      const notice = await db.selectFrom("notifications").select("meta").where("order_id", "=", cardOrder)
        .executeTakeFirstOrThrow();
      assertEquals([notice.meta.order_cancelled, notice.meta.order_completed], [true, false]);
    });

    await t.step("cancelling again is refused and refunds nothing more", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${cardOrder}/cancel`);
      assertEquals([res.status, (await res.json()).error], [409, ORDER_MESSAGES.notCancellable]);
    });

    await t.step("a manual order is cancelled without a processor refund", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${manualOrder}/cancel`);
      const body = CancelOrderResponse.parse(await res.json());
      assertEquals([body.data.attributes.status, body.data.attributes.refunded_at], ["cancelled", null]);
    });

    await t.step("a fulfilled kind (a membership order) cannot be cancelled", async () => {
      const { id } = await db.insertInto("orders").values({
        user_id: memberId,
        kind: "membership",
        total_cents: 10500,
        status: "completed",
        payment_type: "manual",
        payment_medium: "Check Received",
        manual_charge_date: today,
        completed_at: ctx.deps.now(),
      }).returning("id").executeTakeFirstOrThrow();
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${id}/cancel`);
      assertEquals([res.status, (await res.json()).error], [409, ORDER_MESSAGES.notCancellable]);
    });
  } finally {
    await ctx.close();
  }
});
