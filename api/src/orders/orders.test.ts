import { officeDay } from "../lib/dates.ts";
import { assertEquals } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { ORDER_MESSAGES } from "./schemas.ts";

Deno.test("orders: administrators' manual orders, order detail, and my own orders", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const memberId = ctx.users.member.id;
  const adminPurchase = `/api/auth/user/${memberId}/order/purchase`;
  try {
    const [form] = await db.insertInto("store_items")
      .values([{ name: "Replacement Custody Control Form", cost_cents: 6000 }])
      .returning("id").execute().then((rows) => rows.map((r) => r.id));
    const member = await ctx.tokenFor("member");
    const admin = await ctx.tokenFor("admin");
    const card = await addCard(ctx, member);
    // The office's business day on the test's clock: a manual payment may be dated up to it.
    const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);

    let charged = { id: 0, number: "" };
    await t.step("an administrator charges one of the user's cards for them", async () => {
      const res = await requestAs(ctx, admin, "POST", adminPurchase, {
        payment_method_id: card,
        items: [{ id: form, quantity: 2, cost: 1 }],
      }, { "Idempotency-Key": "admin-order-1" });
      assertEquals(res.status, 201);
      const { data, message } = await res.json();
      charged = { id: data.id, number: data.attributes.number };
      assertEquals(message, ORDER_MESSAGES.success);
      assertEquals([data.attributes.total_cents, data.attributes.status, data.attributes.payment_type], [
        12_000,
        "completed",
        "card",
      ]);
      assertEquals(data.relationships.user.data.id, memberId);
      const row = await db.selectFrom("orders").select(["user_id", "created_by_user_id"])
        .where("id", "=", data.id).executeTakeFirstOrThrow();
      assertEquals(row, { user_id: memberId, created_by_user_id: ctx.users.admin.id });
      const notification = await db.selectFrom("notifications").select(["user_id", "trigger_user_id", "meta"])
        .where("order_id", "=", data.id).executeTakeFirstOrThrow();
      assertEquals([notification.user_id, notification.trigger_user_id], [memberId, ctx.users.admin.id]);
      assertEquals(notification.meta.order_completed, true);
    });

    await t.step("a manual payment: medium and date, nothing charged", async () => {
      const res = await requestAs(ctx, admin, "POST", adminPurchase, {
        payment_type: "manual",
        payment_medium: "Check Received",
        payment_date: today,
        items: [{ id: form, quantity: 1 }],
      });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      assertEquals(
        [data.attributes.payment_type, data.attributes.payment_medium, data.attributes.payment_date],
        ["manual", "Check Received", today],
      );
      assertEquals([data.attributes.card_last4, data.relationships.payment_method.data], [null, null]);
      const charges = await db.selectFrom("sandbox_charges").select("id").execute();
      assertEquals(charges.length, 1, "only the card order was charged");
    });

    await t.step("the manual form's rules", async () => {
      const items = [{ id: form, quantity: 1 }];
      const cases: [unknown, string, string][] = [
        [
          { payment_type: "manual", payment_date: today, items },
          "payment_medium",
          "Payment Medium is required",
        ],
        [
          { payment_type: "manual", payment_medium: "", payment_date: today, items },
          "payment_medium",
          "Payment Medium is required",
        ],
        [
          { payment_type: "manual", payment_medium: "Gold", payment_date: today, items },
          "payment_medium",
          ORDER_MESSAGES.mediumInvalid,
        ],
        [
          { payment_type: "manual", payment_medium: "Cash Received", items },
          "payment_date",
          "Payment Date is required",
        ],
        [
          { payment_type: "manual", payment_medium: "Cash Received", payment_date: "31/12/2025", items },
          "payment_date",
          ORDER_MESSAGES.dateInvalid,
        ],
        [
          { payment_type: "manual", payment_medium: "Cash Received", payment_date: "2999-01-01", items },
          "payment_date",
          ORDER_MESSAGES.dateInFuture,
        ],
        [{ items }, "payment_method_id", ORDER_MESSAGES.paymentMethodRequired],
        [{ payment_type: "cheque", items }, "payment_type", ORDER_MESSAGES.paymentTypeInvalid],
      ];
      for (const [body, path, message] of cases) {
        const res = await requestAs(ctx, admin, "POST", adminPurchase, body);
        assertEquals(res.status, 422, JSON.stringify(body));
        const answer = await res.json();
        assertEquals(
          [answer.issues[0].path, answer.issues[0].message],
          [path, message],
          JSON.stringify(body),
        );
      }
    });

    await t.step("the card must be the user's: the administrator's own card is a 404", async () => {
      const adminsCard = await addCard(ctx, admin);
      const res = await requestAs(ctx, admin, "POST", adminPurchase, {
        payment_method_id: adminsCard,
        items: [{ id: form, quantity: 1 }],
      });
      assertEquals(res.status, 404);
      const unknown = await requestAs(ctx, admin, "POST", "/api/auth/user/999999/order/purchase", {
        payment_type: "manual",
        payment_medium: "Cash Received",
        payment_date: today,
        items: [{ id: form, quantity: 1 }],
      });
      assertEquals(unknown.status, 404);
    });

    await t.step("order detail for administrators", async () => {
      const res = await requestAs(ctx, admin, "GET", `/api/auth/orders/${charged.id}`);
      assertEquals(res.status, 200);
      const { data } = await res.json();
      assertEquals([data.attributes.number, data.attributes.user_full_name], [charged.number, "Mia Test"]);
      assertEquals(
        data.attributes.items.map((i: { name: string; cost: number; quantity: number }) => [
          i.name,
          i.cost,
          i.quantity,
        ]),
        [["Replacement Custody Control Form", 6000, 2]],
      );
      assertEquals((await requestAs(ctx, admin, "GET", "/api/auth/orders/999999")).status, 404);
    });

    await t.step("a price change later does not rewrite the order", async () => {
      await db.updateTable("store_items").set({ name: "CCF", cost_cents: 9999 }).where("id", "=", form)
        .execute();
      const { data } = await (await requestAs(ctx, member, "GET", `/api/auth/account/orders/${charged.id}`))
        .json();
      assertEquals([data.attributes.items[0].name, data.attributes.items[0].cost], [
        "Replacement Custody Control Form",
        6000,
      ]);
    });

    await t.step(
      "the buyer reads their order by id or by number (thank-you page); others get 404",
      async () => {
        const byNumber = await requestAs(
          ctx,
          member,
          "GET",
          `/api/auth/account/orders/by-number/${charged.number}`,
        );
        assertEquals([byNumber.status, (await byNumber.json()).data.id], [200, charged.id]);
        const other = await ctx.tokenFor("otherMember");
        assertEquals(
          (await requestAs(ctx, other, "GET", `/api/auth/account/orders/by-number/${charged.number}`)).status,
          404,
        );
        assertEquals(
          (await requestAs(ctx, member, "GET", "/api/auth/account/orders/by-number/APCA-1")).status,
          404,
        );
      },
    );

    await t.step("roles", async () => {
      const mine = { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404, der: 404 };
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/account/orders/${charged.id}`,
        expect: mine,
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/account/orders/by-number/${charged.number}`,
        expect: mine,
      });
      const admins = { anonymous: 401, member: 403, otherMember: 403, otherDer: 403, der: 403 };
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/orders/${charged.id}`,
        expect: { ...admins, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: adminPurchase,
        body: () => ({
          payment_type: "manual",
          payment_medium: "Cash Received",
          payment_date: today,
          items: [{ id: form, quantity: 1 }],
        }),
        expect: { ...admins, admin: 201 },
      });
    });
  } finally {
    await ctx.close();
  }
});
