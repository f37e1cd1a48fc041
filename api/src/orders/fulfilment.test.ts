/**
 * Issue 24 item 5 (decision 0061): the administrators' orders list and the fulfilment of orders that ship,
 * with the role matrix; a member sees their own order's fulfilment, never another's.
 */
import { officeDay } from "../lib/dates.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { OrderList, OrderResponse, SHIPPING_MESSAGES, ShippingAnswer } from "./schemas.ts";

Deno.test("orders: the orders list and the fulfilment of items that ship", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const memberId = ctx.users.member.id;
  try {
    const [ccf, charge] = await db.insertInto("store_items").values([
      { name: "Replacement Custody Control Form", cost_cents: 6000, ships: true },
      { name: "Post-Accident Test Charge", cost_cents: 6000 },
    ]).returning("id").execute().then((rows) => rows.map((r) => r.id));
    const admin = await ctx.tokenFor("admin");
    const card = await addCard(ctx, await ctx.tokenFor("member"));
    const buy = async (item: number, body: Record<string, unknown>) => {
      const res = await requestAs(ctx, admin, "POST", `/api/auth/user/${memberId}/order/purchase`, {
        items: [{ id: item, quantity: 1 }],
        ...body,
      });
      assertEquals(res.status, 201);
      return (await res.json()).data as { id: number; attributes: { number: string } };
    };
    const shipping = await buy(ccf, { payment_method_id: card });
    const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
    const service = await buy(charge, {
      payment_type: "manual",
      payment_medium: "Check Received",
      payment_date: today,
    });
    const list = async (query: string) => {
      const res = await ctx.request("admin", "GET", `/api/auth/orders?${query}`);
      assertEquals(res.status, 200);
      return OrderList.parse(await res.json()).data.map((o) => o.id);
    };

    await t.step("roles: the list and both steps are for administrators only", async () => {
      await assertRoleAnswers(ctx, { method: "GET", path: "/api/auth/orders", expect: adminOnly(200) });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: `/api/auth/orders/${shipping.id}/shipment`,
        body: () => ({ carrier: "", tracking_number: "" }),
        expect: adminOnly(422),
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: "/api/auth/orders/999999/delivered",
        expect: adminOnly(404),
      });
    });

    await t.step("the list: newest first, searched and filtered", async () => {
      assertEquals(await list(""), [service.id, shipping.id]);
      assertEquals(await list(`q=${shipping.attributes.number}`), [shipping.id]);
      assertEquals(await list(`q=${shipping.attributes.number.replace("APCA-", "")}`), [shipping.id]);
      assertEquals(await list(`q=${encodeURIComponent(ctx.users.member.email)}`), [service.id, shipping.id]);
      assertEquals(await list(`q=${encodeURIComponent(ctx.users.otherMember.email)}`), []);
      assertEquals(await list("paid_by=card"), [shipping.id]);
      assertEquals(await list("paid_by=check"), [service.id]);
      assertEquals(await list("paid_by=cash"), []);
      assertEquals(await list("status=to_ship"), [shipping.id]);
      assertEquals(await list("status=shipped"), []);
      assertEquals(await list("kind=membership"), []);
      const placed = (await db.selectFrom("orders").select("created_at").where("id", "=", shipping.id)
        .executeTakeFirstOrThrow()).created_at.toISOString().slice(0, 10);
      assertEquals(await list(`from=${placed}&to=${placed}`), [service.id, shipping.id]);
      assertEquals(await list("to=2000-01-01"), []);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/orders?status=lost")).status, 422);
      assertEquals((await ctx.request("admin", "GET", "/api/auth/orders?from=31-12-2026")).status, 422);
    });

    await t.step("a paid order that ships is 'to ship'; one that does not has no fulfilment", async () => {
      const res = await ctx.request("admin", "GET", `/api/auth/orders/${shipping.id}`);
      const order = OrderResponse.parse(await res.json()).data.attributes;
      assertEquals(order.shipping?.state, "to_ship");
      const other = OrderResponse.parse(
        await (await ctx.request("admin", "GET", `/api/auth/orders/${service.id}`))
          .json(),
      ).data.attributes;
      assertEquals(other.shipping, null);
      const refused = await ctx.request("admin", "POST", `/api/auth/orders/${service.id}/shipment`, {
        carrier: "UPS",
        tracking_number: "1Z999",
      });
      assertEquals(refused.status, 409);
      assertEquals((await refused.json()).error, SHIPPING_MESSAGES.nothingToShip);
    });

    await t.step("delivered before shipped is refused", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/delivered`);
      assertEquals(res.status, 409);
    });

    await t.step("shipped once: audited; a repeat changes nothing; another number is refused", async () => {
      const body = { carrier: "UPS", tracking_number: "1Z999AA10123456784" };
      const [a, b] = await Promise.all([
        ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/shipment`, body),
        ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/shipment`, body),
      ]);
      assertOk([a.status, b.status].includes(200), `${a.status} ${b.status}`);
      const ok = ShippingAnswer.parse(await (a.status === 200 ? a : b).json());
      await (a.status === 200 ? b : a).body?.cancel();
      assertEquals(ok.message, SHIPPING_MESSAGES.shipped);
      assertEquals(ok.data.attributes.shipping?.state, "shipped");
      assertEquals(ok.data.attributes.shipping?.tracking_number, body.tracking_number);
      assertEquals(ok.data.attributes.cancellable, false);
      const again = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/shipment`, body);
      assertEquals(again.status, 200);
      await again.body?.cancel();
      const other = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/shipment`, {
        carrier: "FedEx",
        tracking_number: "42",
      });
      assertEquals(other.status, 409);
      assertEquals((await other.json()).error, SHIPPING_MESSAGES.alreadyShipped);
      const rows = await db.selectFrom("audit_log").select(["actor_user_id", "detail"])
        .where("action", "=", "order_shipped").where("entity_id", "=", String(shipping.id)).execute();
      assertEquals(rows.length, 1, "the step is applied and audited once");
      assertEquals(rows[0].actor_user_id, ctx.users.admin.id);
      assertEquals(await list("status=shipped"), [shipping.id]);
      // Shipped goods are not cancelled with a refund from here.
      const cancel = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/cancel`);
      assertEquals(cancel.status, 409);
      await cancel.body?.cancel();
    });

    await t.step(
      "the member sees the state and tracking number of their own order, never another's",
      async () => {
        const own = await ctx.request("member", "GET", `/api/auth/account/orders/${shipping.id}`);
        const order = OrderResponse.parse(await own.json()).data.attributes;
        assertEquals(order.shipping?.state, "shipped");
        assertEquals(order.shipping?.carrier, "UPS");
        assertEquals(order.shipping?.tracking_number, "1Z999AA10123456784");
        const byNumber = await ctx.request(
          "member",
          "GET",
          `/api/auth/account/orders/by-number/${shipping.attributes.number}`,
        );
        assertEquals(OrderResponse.parse(await byNumber.json()).data.attributes.shipping?.state, "shipped");
        await assertRoleAnswers(ctx, {
          method: "GET",
          path: `/api/auth/account/orders/${shipping.id}`,
          expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404 },
        });
      },
    );

    await t.step("delivered once; a repeat answers the order and writes nothing", async () => {
      const res = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/delivered`);
      assertEquals(res.status, 200);
      const body = ShippingAnswer.parse(await res.json());
      assertEquals(body.data.attributes.shipping?.state, "delivered");
      assertEquals(body.message, SHIPPING_MESSAGES.delivered);
      const again = await ctx.request("admin", "POST", `/api/auth/orders/${shipping.id}/delivered`);
      assertEquals(again.status, 200);
      await again.body?.cancel();
      const rows = await db.selectFrom("audit_log").select("id").where("action", "=", "order_delivered")
        .where("entity_id", "=", String(shipping.id)).execute();
      assertEquals(rows.length, 1);
      assertEquals(await list("status=delivered"), [shipping.id]);
    });
  } finally {
    await ctx.close();
  }
});
