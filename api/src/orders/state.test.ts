/**
 * One state per order (issue 37): a paid custody-form order (a line that ships) read "To ship" in the orders
 * list but "Completed" on its store notification's card and in the header search. Every place now takes the
 * state from orders/state.ts.
 */
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";

Deno.test("a paid order that ships is 'to_ship' in the orders list, the header search and its store card", async () => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const form = await db.insertInto("store_items")
      .values({ name: "Custody Control Form", cost_cents: 6000, ships: true }).returning("id")
      .executeTakeFirstOrThrow();
    const res = await ctx.request("admin", "POST", `/api/auth/user/${ctx.users.member.id}/order/purchase`, {
      payment_type: "manual",
      payment_medium: "Check Received",
      payment_date: "2026-01-05",
      items: [{ id: form.id, quantity: 1 }],
    });
    assertEquals(res.status, 201);
    const order = (await res.json()).data;
    const number = order.attributes.number;

    const list = await (await ctx.request("admin", "GET", `/api/auth/orders?q=${number}`)).json();
    assertEquals(
      list.data.map((o: { attributes: { shipping_state: string } }) => o.attributes.shipping_state),
      [
        "to_ship",
      ],
    );
    const search = await (await ctx.request("admin", "GET", `/api/auth/search?q=${number}`)).json();
    assertEquals(search.orders.map((o: { state: string }) => o.state), ["to_ship"]);
    const cards = await (await ctx.request("admin", "GET", "/api/auth/notifications?types=NEW_ORDER")).json();
    const card = cards.data.find((n: { relationships: { order: { data: { id: number } | null } } }) =>
      n.relationships.order.data?.id === order.id
    );
    assertEquals([card?.attributes.meta.order_state, card?.attributes.meta.order_completed], [
      "to_ship",
      false,
    ]);

    // Shipped: the same word everywhere again.
    await ctx.request("admin", "POST", `/api/auth/orders/${order.id}/shipment`, {
      carrier: "UPS",
      tracking_number: "1Z999AA10123456784",
    });
    const after = await (await ctx.request("admin", "GET", `/api/auth/search?q=${number}`)).json();
    assertEquals(after.orders.map((o: { state: string }) => o.state), ["shipped"]);
    const again = await (await ctx.request("admin", "GET", "/api/auth/notifications?types=NEW_ORDER")).json();
    const shipped = again.data.find((n: { relationships: { order: { data: { id: number } | null } } }) =>
      n.relationships.order.data?.id === order.id
    );
    assertEquals(shipped?.attributes.meta.order_state, "shipped");
  } finally {
    await ctx.close();
  }
});
