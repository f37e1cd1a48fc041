import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { SANDBOX_MESSAGES, TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { purchase } from "./purchase.ts";
import { ORDER_MESSAGES } from "./schemas.ts";

const PURCHASE = "/api/auth/account/order/purchase";

Deno.test("checkout: POST /auth/account/order/purchase", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const memberId = ctx.users.member.id;
  try {
    const [form, swab, retired, free] = await db.insertInto("store_items").values([
      { name: "Replacement Custody Control Form", cost_cents: 6000 },
      { name: "Alarm Swab Replacement", cost_cents: 700 },
      { name: "Retired Item", cost_cents: 100, active: false },
      { name: "Free leaflet", cost_cents: 0 },
    ]).returning("id").execute().then((rows) => rows.map((r) => r.id));
    const member = await ctx.tokenFor("member");
    const card = await addCard(ctx, member);
    const buy = (body: unknown, key?: string) =>
      requestAs(ctx, member, "POST", PURCHASE, body, key ? { "Idempotency-Key": key } : {});
    const count = async (table: "orders" | "sandbox_charges" | "notifications") =>
      Number(
        (await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()).n,
      );

    await t.step(
      "a purchase is priced by the server, charged once, and recorded with its notification",
      async () => {
        const res = await buy({
          payment_method_id: card,
          total_cents: 1,
          items: [
            { id: form, quantity: 2, cost: 1, price: 1 },
            { id: swab, quantity: 3 },
            { id: form, quantity: 1 },
          ],
        }, "checkout-1");
        assertEquals(res.status, 201);
        const body = await res.json();
        assertEquals(body.message, "Your transaction was processed successfully");
        const order = body.data;
        assertEquals([order.type, order.attributes.kind, order.attributes.status], [
          "order",
          "store",
          "completed",
        ]);
        assertEquals(
          order.attributes.total_cents,
          3 * 6000 + 3 * 700,
          "catalogue prices; duplicate lines merged",
        );
        assertEquals(
          order.attributes.items.map((
            i: { item_id: number; name: string; cost: number; quantity: number },
          ) => [
            i.item_id,
            i.name,
            i.cost,
            i.quantity,
          ]),
          [[form, "Replacement Custody Control Form", 6000, 3], [swab, "Alarm Swab Replacement", 700, 3]],
        );
        assertOk(/^APCA-\d+$/.test(order.attributes.number));
        assertEquals([order.attributes.card_last4, order.attributes.payment_type], ["4242", "card"]);
        assertEquals(order.relationships.user.data, { id: memberId, type: "user" });

        const charge = await db.selectFrom("sandbox_charges").select(["amount_cents", "status"])
          .executeTakeFirstOrThrow();
        assertEquals([charge.amount_cents, charge.status], [20_100, "succeeded"]);
        const notification = await db.selectFrom("notifications").selectAll().executeTakeFirstOrThrow();
        assertEquals(
          [notification.type, notification.order_id, notification.user_id, notification.trigger_user_id],
          ["NEW_ORDER", order.id, memberId, memberId],
        );
        assertEquals(notification.meta, {
          order_id: order.id,
          order_number: order.attributes.number,
          order_completed: true,
          order_cancelled: false,
          total_cents: 20_100,
          member_user_id: memberId,
          member_first_name: "Mia",
          member_last_name: "Test",
        });
        const audited = await db.selectFrom("audit_log").select(["actor_user_id", "action"])
          .where("entity", "=", "order").where("entity_id", "=", String(order.id)).execute();
        assertEquals(audited, [{ actor_user_id: memberId, action: "order_paid" }]);
      },
    );

    await t.step("the same key again replays the same order without charging", async () => {
      const body = {
        payment_method_id: card,
        total_cents: 1,
        items: [
          { id: form, quantity: 2, cost: 1, price: 1 },
          { id: swab, quantity: 3 },
          { id: form, quantity: 1 },
        ],
      };
      const res = await buy(body, "checkout-1");
      assertEquals(res.status, 201);
      assertEquals(res.headers.get("Idempotent-Replayed"), "true");
      assertEquals((await res.json()).data.attributes.total_cents, 20_100);
      assertEquals([await count("orders"), await count("sandbox_charges")], [1, 1]);
    });

    await t.step("the same key with a different cart is a 422", async () => {
      const res = await buy({ payment_method_id: card, items: [{ id: swab, quantity: 1 }] }, "checkout-1");
      assertEquals(res.status, 422);
      assertEquals((await res.json()).code, "IDEMPOTENCY_KEY_REUSED");
      assertEquals(await count("orders"), 1);
    });

    await t.step("concurrent requests with one key: exactly one charge and one order", async () => {
      const body = { payment_method_id: card, items: [{ id: swab, quantity: 1 }] };
      const answers = await Promise.all([1, 2, 3, 4].map(() => buy(body, "double-click")));
      const statuses = answers.map((r) => r.status);
      assertOk(statuses.includes(201), `one succeeds: ${statuses}`);
      assertOk(statuses.every((s) => s === 201 || s === 409), `the rest replay or wait: ${statuses}`);
      const numbers = new Set<string>();
      for (const r of answers) {
        const answer = await r.json();
        if (r.status === 201) numbers.add(answer.data.attributes.number);
        else assertEquals(answer.code, "IDEMPOTENCY_IN_PROGRESS");
      }
      assertEquals(numbers.size, 1);
      assertEquals([await count("orders"), await count("sandbox_charges"), await count("notifications")], [
        2,
        2,
        2,
      ]);
    });

    await t.step(
      "the service alone: concurrent calls with one key record one order and charge once",
      async () => {
        const input = {
          userId: memberId,
          actorId: memberId,
          items: [{ id: form, quantity: 1 }],
          payment: { type: "card" as const, paymentMethodId: card },
          headerKey: "service-race",
        };
        const orders = await Promise.all([1, 2, 3].map(() => purchase(ctx.deps, input)));
        assertEquals(new Set(orders.map((o) => o.id)).size, 1);
        assertEquals([await count("orders"), await count("sandbox_charges")], [3, 3]);
      },
    );

    await t.step("without a key every request is a new purchase (clients must send one)", async () => {
      const body = { payment_method_id: card, items: [{ id: swab, quantity: 1 }] };
      const [a, b] = [await buy(body), await buy(body)];
      assertEquals([a.status, b.status], [201, 201]);
      assertOk((await a.json()).data.id !== (await b.json()).data.id);
      assertEquals(await count("sandbox_charges"), 5);
    });

    await t.step("validation: items, quantities and the card", async () => {
      const cases: [unknown, string, string][] = [
        [{ items: [{ id: form, quantity: 1 }] }, "payment_method_id", ORDER_MESSAGES.paymentMethodRequired],
        [{ payment_method_id: card }, "items", ORDER_MESSAGES.itemsRequired],
        [{ payment_method_id: card, items: [] }, "items", ORDER_MESSAGES.itemsRequired],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 0 }] },
          "items.0.quantity",
          ORDER_MESSAGES.quantity,
        ],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 100 }] },
          "items.0.quantity",
          ORDER_MESSAGES.quantity,
        ],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 1.5 }] },
          "items.0.quantity",
          ORDER_MESSAGES.quantity,
        ],
        [{ payment_method_id: card, items: [{ id: form }] }, "items.0.quantity", ORDER_MESSAGES.quantity],
        [{ payment_method_id: card, items: [{ quantity: 1 }] }, "items.0.id", ORDER_MESSAGES.itemRequired],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 1 }, { id: 999999, quantity: 1 }] },
          "items.1.id",
          ORDER_MESSAGES.unavailable,
        ],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 1 }, { id: retired, quantity: 1 }] },
          "items.1.id",
          ORDER_MESSAGES.unavailable,
        ],
        [
          { payment_method_id: card, items: [{ id: form, quantity: 60 }, { id: form, quantity: 40 }] },
          "items.1.quantity",
          ORDER_MESSAGES.quantity,
        ],
        [{ payment_method_id: card, items: [{ id: free, quantity: 3 }] }, "items", ORDER_MESSAGES.totalZero],
      ];
      for (const [body, path, message] of cases) {
        const res = await buy(body);
        assertEquals(res.status, 422, JSON.stringify(body));
        const answer = await res.json();
        assertEquals([answer.code, answer.issues[0].path, answer.issues[0].message], [
          "VALIDATION_FAILED",
          path,
          message,
        ], JSON.stringify(body));
      }
      const bothBad = await buy({
        payment_method_id: card,
        items: [{ id: retired, quantity: 1 }, { id: form, quantity: 1 }, { id: 999999, quantity: 1 }],
      });
      assertEquals((await bothBad.json()).issues.map((i: { path: string }) => i.path), [
        "items.0.id",
        "items.2.id",
      ]);
    });

    await t.step("someone else's card, or a removed one, is a 404 and charges nothing", async () => {
      const theirs = await addCard(ctx, await ctx.tokenFor("otherMember"));
      const before = await count("sandbox_charges");
      const res = await buy({ payment_method_id: theirs, items: [{ id: form, quantity: 1 }] });
      assertEquals(res.status, 404);
      const removed = await addCard(ctx, member);
      await requestAs(ctx, member, "DELETE", `/api/auth/account/payment-methods/${removed}`)
        .then((r) => r.body?.cancel());
      assertEquals(
        (await buy({ payment_method_id: removed, items: [{ id: form, quantity: 1 }] })).status,
        404,
      );
      assertEquals(await count("sandbox_charges"), before);
    });

    await t.step(
      "a declined card: 402 with the processor's message and a failed order, no notification",
      async () => {
        for (
          const [number, message] of [
            [TEST_CARDS.insufficientFunds, SANDBOX_MESSAGES.insufficientFunds],
            [TEST_CARDS.declinedOnCharge, SANDBOX_MESSAGES.declined],
          ]
        ) {
          const declining = await addCard(ctx, member, number);
          const notificationsBefore = await count("notifications");
          const res = await buy(
            { payment_method_id: declining, items: [{ id: form, quantity: 1 }] },
            `dec-${number}`,
          );
          assertEquals(res.status, 402);
          assertEquals(await res.json(), { error: message, code: "PAYMENT_DECLINED" });
          const failed = await db.selectFrom("orders").select(["status", "failure_reason", "completed_at"])
            .where("payment_method_id", "=", declining).executeTakeFirstOrThrow();
          assertEquals(failed, { status: "failed", failure_reason: message, completed_at: null });
          assertEquals(await count("notifications"), notificationsBefore);
          const again = await buy(
            { payment_method_id: declining, items: [{ id: form, quantity: 1 }] },
            `dec-${number}`,
          );
          assertEquals([again.status, again.headers.get("Idempotent-Replayed")], [402, "true"]);
          await again.body?.cancel();
        }
      },
    );

    await t.step(
      "a processor that cannot be reached: 502, the order stays pending, a retry settles it",
      async () => {
        const { payments } = ctx.deps;
        const charge = payments.charge;
        payments.charge = () => Promise.reject(new PaymentsUnavailableError("timeout"));
        const [orders, charges] = [await count("orders"), await count("sandbox_charges")];
        try {
          const res = await buy(
            { payment_method_id: card, items: [{ id: form, quantity: 1 }] },
            "unreachable",
          );
          assertEquals(res.status, 502);
          assertEquals((await res.json()).code, "PAYMENT_FAILED");
        } finally {
          payments.charge = charge;
        }
        const pending = await db.selectFrom("orders").select(["id", "status"]).orderBy("id", "desc")
          .executeTakeFirstOrThrow();
        assertEquals([pending.status, await count("orders"), await count("sandbox_charges")], [
          "pending",
          orders + 1,
          charges,
        ]);
        const retry = await buy(
          { payment_method_id: card, items: [{ id: form, quantity: 1 }] },
          "unreachable",
        );
        assertEquals(retry.status, 201, "the key was released, so the same key may be retried");
        assertEquals((await retry.json()).data.id, pending.id);
        assertEquals([await count("orders"), await count("sandbox_charges")], [orders + 1, charges + 1]);
      },
    );

    await t.step("roles: any signed-in user buys with their own card only", async () => {
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: PURCHASE,
        body: () => ({ payment_method_id: card, items: [{ id: swab, quantity: 1 }] }),
        expect: { anonymous: 401, member: 201, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
      });
    });
  } finally {
    await ctx.close();
  }
});
