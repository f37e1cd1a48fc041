/**
 * Past store orders through the import (issue 36, decision 0084): the dry run's verdicts and reasons (the
 * store's own messages), the apply (nothing charged, nothing sent, nothing to ship), the same file again (0
 * changes), a corrected file (only what changed), rollback and what blocks it, an order placed in the portal
 * left as it is, and the rows read page by page with a filter by outcome.
 */
import { createTestContext } from "../../testing/app.ts";
import { assertEquals, assertOk } from "../../testing/assert.ts";
import { testClock } from "../../testing/clock.ts";
import { ORDER_MESSAGES, OrderLineBody, OrderList, OrderResponse } from "../../orders/schemas.ts";
import { apply, batch, dryRun, rows } from "../test-helpers.ts";
import { IMPORTED_QUANTITY_MESSAGE } from "./kind.ts";

const HEADER =
  "order_reference,member_email,paid_by_ein,ordered_on,items,total,status,cancelled_on,paid_with\r\n";

Deno.test("imports: past store orders, dry run, apply, again, corrected, rollback, paging", async (t) => {
  const clock = testClock("2026-12-07T15:00:00Z");
  const ctx = await createTestContext({ now: clock.now });
  const { db } = ctx.database;
  const count = async (table: "email_outbox" | "notifications" | "orders") =>
    Number(
      (await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow())
        .n,
    );
  try {
    const company = await dryRun(ctx, "companies", "ein,name\r\n12-3456789,Gulf Coast Towing LLC\r\n");
    await apply(ctx, company.id);
    const members = await dryRun(
      ctx,
      "members",
      "email,first_name,last_name\r\nann@example.com,Ann,Bo\r\nben@example.com,Ben,Cy\r\n",
    );
    await apply(ctx, members.id);

    const file = HEADER +
      'W-1001,Ann@example.com,,2026-01-20,"2 x Chain of custody form @ 12.50; 1 x Swab kit @ 30.00",55.00,Completed,,Check Received\r\n' +
      "W-1002,ben@example.com,12-3456789,2026-02-03,Compliance kit,$150,Cancelled,2026-02-05,\r\n" +
      "W-1003,ghost@example.com,,2026-02-03,Swab kit,30.00,,,\r\n" +
      "W-1004,ann@example.com,99-9999999,2026-02-03,Swab kit,30.00,,,\r\n" +
      "W-1005,ann@example.com,,2026-02-03,2 x Swab kit @ 30.00,50.00,,,\r\n" +
      "W-1001,ann@example.com,,2026-02-03,Swab kit,30.00,,,\r\n" +
      "W-1006,ann@example.com,,2026-13-01,Swab kit,30.00,,,\r\n" +
      "W-1007,ann@example.com,,2026-02-03,100001 x Swab kit @ 1.00,100001.00,,,\r\n" +
      "W-1008,ann@example.com,,2026-02-03,Swab kit,30.00,Shipped,,\r\n" +
      "W-1009,ann@example.com,,2026-02-03,Swab kit,30.00,,,Bitcoin\r\n" +
      "W-1010,ann@example.com,,2026-02-03,Swab kit,30.00,Completed,2026-02-04,\r\n" +
      "W-1011,ann@example.com,,2026-02-03,Swab kit; Kit,30.00,,,\r\n";
    let first = 0;

    await t.step("the dry run names every bad row with its reason and writes no order", async () => {
      const orders = await count("orders");
      const run = await dryRun(ctx, "store_orders", file);
      first = run.id;
      assertEquals(Object.keys(run.upload.suggested_mapping).length, 9, "the template's names are suggested");
      const r = await rows(ctx, first);
      assertEquals(r.map((x) => [x.outcome, x.reason]), [
        ["create", null],
        ["create", null],
        ["error", "member_email: no member with the e-mail ghost@example.com"],
        ["error", "paid_by_ein: no company with EIN 99-9999999"],
        ["error", "total: 50.00 is not the sum of the lines (60.00)"],
        ["error", "order_reference: W-1001 appears twice in this file (row 2)"],
        ["error", 'ordered_on: "2026-13-01" is not a date in YYYY-MM-DD'],
        ["error", `items: "100001 x Swab kit @ 1.00": ${IMPORTED_QUANTITY_MESSAGE}`],
        ["error", 'status: "Shipped" is not Completed or Cancelled'],
        ["error", `paid_with: ${ORDER_MESSAGES.mediumInvalid}`],
        ["error", "cancelled_on: only for a Cancelled order"],
        ["error", 'items: "Swab kit" has no price (write 2 x Name @ 12.50)'],
      ]);
      assertEquals(await count("orders"), orders, "the dry run wrote no order");
    });

    await t.step(
      "a past line above the store form's 99 is taken, up to 100,000; the form keeps 99",
      async () => {
        const run = await dryRun(
          ctx,
          "store_orders",
          HEADER + "W-3001,ann@example.com,,2026-02-03,250 x Swab kit @ 1.00,250.00,,,\r\n" +
            "W-3002,ann@example.com,,2026-02-03,100000 x Glove @ 0.01; 1 x Box @ 5.00,1005.00,,,\r\n" +
            "W-3003,ann@example.com,,2026-02-03,0 x Swab kit @ 1.00,1.00,,,\r\n" +
            "W-3004,ann@example.com,,2026-02-03,1000000 x Swab kit @ 0.01,10000.00,,,\r\n",
        );
        assertEquals((await rows(ctx, run.id)).map((x) => [x.outcome, x.reason]), [
          ["create", null],
          ["create", null],
          ["error", `items: "0 x Swab kit @ 1.00": ${IMPORTED_QUANTITY_MESSAGE}`],
          ["error", `items: "1000000 x Swab kit @ 0.01": ${IMPORTED_QUANTITY_MESSAGE}`],
        ]);
        assertEquals((await apply(ctx, run.id)).created, 2);
        const lines = await db.selectFrom("order_items as i").innerJoin("orders as o", "o.id", "i.order_id")
          .select(["o.import_reference", "i.quantity"]).where("o.import_reference", "like", "W-300%")
          .orderBy("i.id").execute();
        assertEquals(lines.map((l) => [l.import_reference, l.quantity]), [
          ["W-3001", 250],
          ["W-3002", 100000],
          ["W-3002", 1],
        ]);
        const back = await ctx.request("admin", "POST", `/api/auth/import/${run.id}/rollback`);
        assertEquals(back.status, 200, await back.clone().text());
        // The member's own order form still refuses 100 of an item, with its own words.
        const form = OrderLineBody.safeParse({ id: 1, quantity: 100 });
        assertEquals(form.error?.issues.map((i) => i.message), [ORDER_MESSAGES.quantity]);
      },
    );

    await t.step("apply: manual payments already taken, nothing charged, sent or to ship", async () => {
      const [mail, notes] = [await count("email_outbox"), await count("notifications")];
      const done = await apply(ctx, first);
      assertEquals([done.status, done.created, done.errors], ["applied", 2, 10]);
      const orders = await db.selectFrom("orders as o").innerJoin("users as u", "u.id", "o.user_id")
        .select([
          "o.id",
          "o.import_reference",
          "u.email",
          "o.kind",
          "o.status",
          "o.total_cents",
          "o.payment_type",
          "o.payment_medium",
          "o.manual_charge_date",
          "o.processor_charge_id",
          "o.business_id",
        ])
        .select((eb) => eb("o.receipt_sent_at", "is not", null).as("receipt_marked_sent"))
        .where("o.import_reference", "is not", null).orderBy("o.import_reference").execute();
      assertEquals(
        orders.map(({ id: _, business_id, ...o }) => ({ ...o, paid_by_company: business_id !== null })),
        [
          {
            import_reference: "W-1001",
            email: "ann@example.com",
            kind: "store",
            status: "completed",
            total_cents: 5500,
            payment_type: "manual",
            payment_medium: "Check Received",
            manual_charge_date: "2026-01-20",
            processor_charge_id: null,
            receipt_marked_sent: true,
            paid_by_company: false,
          },
          {
            import_reference: "W-1002",
            email: "ben@example.com",
            kind: "store",
            status: "cancelled",
            total_cents: 15000,
            payment_type: "manual",
            payment_medium: "Credit Card Charged",
            manual_charge_date: "2026-02-03",
            processor_charge_id: null,
            receipt_marked_sent: true,
            paid_by_company: true,
          },
        ],
      );
      const lines = await db.selectFrom("order_items").select([
        "name",
        "cost_cents",
        "quantity",
        "item_id",
        "ships",
      ])
        .where("order_id", "=", orders[0].id).orderBy("id").execute();
      assertEquals(lines, [
        { name: "Chain of custody form", cost_cents: 1250, quantity: 2, item_id: null, ships: false },
        { name: "Swab kit", cost_cents: 3000, quantity: 1, item_id: null, ships: false },
      ]);
      assertEquals(
        [await count("email_outbox"), await count("notifications")],
        [mail, notes],
        "nothing sent",
      );
      const exported = await (await ctx.request("admin", "GET", "/api/auth/imports/export/store_orders"))
        .text();
      assertOk(
        exported.includes(
          "W-1001,ann@example.com,,2026-01-20,2 x Chain of custody form @ 12.50; 1 x Swab kit @ 30.00,55.00," +
            "Completed,,Check Received\r\n",
        ),
        exported,
      );
      assertOk(exported.includes("W-1002,ben@example.com,12-3456789,2026-02-03,1 x Compliance kit @ 150.00"));
    });

    await t.step(
      "administrators see the old reference and find the order by it; a portal order has none",
      async () => {
        const found = async (q: string) => {
          const res = await ctx.request("admin", "GET", `/api/auth/orders?q=${encodeURIComponent(q)}`);
          assertEquals(res.status, 200);
          const list = OrderList.parse(await res.json());
          return list.data.map((o) => [o.attributes.import_reference, o.attributes.number]);
        };
        const w1001 = await db.selectFrom("orders").select(["id", "number"]).where(
          "import_reference",
          "=",
          "W-1001",
        )
          .executeTakeFirstOrThrow();
        assertEquals(await found("W-1001"), [["W-1001", w1001.number]]);
        assertEquals(await found("w-100"), [["W-1002", (await found("W-1002"))[0][1]], [
          "W-1001",
          w1001.number,
        ]]);
        assertEquals(await found("W-9999"), []);
        const detail = OrderResponse.parse(
          await (await ctx.request("admin", "GET", `/api/auth/orders/${w1001.id}`)).json(),
        );
        assertEquals(detail.data.attributes.import_reference, "W-1001");
        // An all-digits reference is found whole, beside the order numbers' own digits search.
        await db.updateTable("orders").set({ import_reference: "884211" }).where("id", "=", w1001.id)
          .execute();
        assertEquals(await found("884211"), [["884211", w1001.number]]);
        assertEquals(
          await found("88421"),
          [],
          "digits find an order number or a whole reference, not a part",
        );
        await db.updateTable("orders").set({ import_reference: "W-1001" }).where("id", "=", w1001.id)
          .execute();
        const portal = await db.insertInto("orders").values({
          user_id: ctx.users.member.id,
          total_cents: 1000,
        })
          .returning(["id", "number"]).executeTakeFirstOrThrow();
        assertEquals(await found(portal.number), [[null, portal.number]]);
        await db.deleteFrom("orders").where("id", "=", portal.id).execute();
      },
    );

    await t.step("the same file again changes nothing", async () => {
      const again = await dryRun(ctx, "store_orders", file);
      const b = await batch(ctx, again.id);
      assertEquals([b.created, b.updated, b.unchanged, b.errors], [0, 0, 2, 10]);
      const done = await apply(ctx, again.id);
      assertEquals([done.created, done.updated, done.unchanged], [0, 0, 2]);
    });

    const corrected = HEADER +
      'W-1001,ann@example.com,,2026-01-20,"3 x Chain of custody form @ 12.50; 1 x Swab kit @ 30.00",67.50,Completed,,Check Received\r\n' +
      "W-1002,ben@example.com,12-3456789,2026-02-03,Compliance kit,150.00,Cancelled,2026-02-05,\r\n";
    let fix = 0;

    await t.step("a corrected file changes only what changed; its rollback puts the lines back", async () => {
      const run = await dryRun(ctx, "store_orders", corrected);
      fix = run.id;
      assertEquals((await rows(ctx, fix)).map((x) => x.outcome), ["update", "unchanged"]);
      assertEquals((await apply(ctx, fix)).updated, 1);
      const order = await db.selectFrom("orders").select(["id", "total_cents"]).where(
        "import_reference",
        "=",
        "W-1001",
      ).executeTakeFirstOrThrow();
      assertEquals(order.total_cents, 6750);
      // The first batch wrote this order, changed since by the correction: its rollback is blocked.
      const blocked = await ctx.request("admin", "POST", `/api/auth/import/${first}/rollback`);
      assertEquals(blocked.status, 409);
      assertOk(JSON.stringify(await blocked.json()).includes("was changed since"));
      const back = await ctx.request("admin", "POST", `/api/auth/import/${fix}/rollback`);
      assertEquals(back.status, 200, await back.clone().text());
      const after = await db.selectFrom("orders").select("total_cents").where("id", "=", order.id)
        .executeTakeFirstOrThrow();
      assertEquals(after.total_cents, 5500);
      const lines = await db.selectFrom("order_items").select(["name", "quantity"]).where(
        "order_id",
        "=",
        order.id,
      )
        .orderBy("id").execute();
      assertEquals(lines, [{ name: "Chain of custody form", quantity: 2 }, {
        name: "Swab kit",
        quantity: 1,
      }]);
    });

    await t.step("rollback: blocked by a record made since that names the order, then whole", async () => {
      const run = await dryRun(
        ctx,
        "store_orders",
        HEADER + "W-2001,ben@example.com,,2026-04-01,2 x Kit @ 10.00,20.00,,,\r\n",
      );
      assertEquals((await apply(ctx, run.id)).created, 1);
      const order = await db.selectFrom("orders").select("id").where("import_reference", "=", "W-2001")
        .executeTakeFirstOrThrow();
      const note = await db.insertInto("notifications").values({ type: "NEW_ORDER", order_id: order.id })
        .returning("id").executeTakeFirstOrThrow();
      const blocked = await ctx.request("admin", "POST", `/api/auth/import/${run.id}/rollback`);
      assertEquals(blocked.status, 409);
      assertOk(
        JSON.stringify(await blocked.json()).includes(`order ${order.id} has a notification made since`),
      );
      await db.deleteFrom("notifications").where("id", "=", note.id).execute();
      const back = await ctx.request("admin", "POST", `/api/auth/import/${run.id}/rollback`);
      assertEquals(back.status, 200, await back.clone().text());
      assertEquals(
        await db.selectFrom("orders").select("id").where("id", "=", order.id).executeTakeFirst(),
        undefined,
      );
      assertEquals(
        await db.selectFrom("order_items").select("id").where("order_id", "=", order.id).executeTakeFirst(),
        undefined,
      );
    });

    await t.step("an order placed in the portal is matched by its number and never changed", async () => {
      const { id: orderId } = await db.insertInto("orders").values({
        kind: "store",
        user_id: ctx.users.member.id,
        total_cents: 3000,
        status: "completed",
        payment_type: "manual",
        payment_medium: "Cash Received",
        manual_charge_date: "2026-03-01",
        created_at: "2026-03-01T12:00:00.000Z",
        completed_at: "2026-03-01T12:00:00.000Z",
      }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("order_items").values({
        order_id: orderId,
        name: "Swab kit",
        cost_cents: 3000,
        quantity: 1,
      })
        .execute();
      const native = await db.selectFrom("orders").select("number").where("id", "=", orderId)
        .executeTakeFirstOrThrow();
      const email = ctx.users.member.email.toLowerCase();
      const run = await dryRun(
        ctx,
        "store_orders",
        HEADER +
          `${native.number},${email},,2026-03-01,1 x Swab kit @ 30.00,30.00,Completed,,Cash Received\r\n`,
      );
      assertEquals((await rows(ctx, run.id))[0].outcome, "unchanged");
      const again = await dryRun(
        ctx,
        "store_orders",
        HEADER +
          `${native.number},${email},,2026-03-01,1 x Swab kit @ 35.00,35.00,Completed,,Cash Received\r\n`,
      );
      assertEquals(
        (await rows(ctx, again.id))[0].reason,
        `order_reference: ${native.number} is an order placed in the portal; an import does not change it`,
      );
    });

    await t.step("the rows come page by page, filtered by outcome, with their total", async () => {
      const page = async (query: string) => {
        const res = await ctx.request("admin", "GET", `/api/auth/import/${first}/rows?${query}`);
        return { status: res.status, body: await res.json() };
      };
      const second = await page("per_page=5&page=2");
      assertEquals(second.status, 200);
      assertEquals(second.body.meta, { total: 12, page: 2, per_page: 5 });
      assertEquals(second.body.data.map((r: { row_number: number }) => r.row_number), [7, 8, 9, 10, 11]);
      const errors = await page("outcome=error&per_page=4&page=3");
      assertEquals(errors.body.meta.total, 10);
      assertEquals(errors.body.data.map((r: { row_number: number }) => r.row_number), [12, 13]);
      const created = await page("outcome=create");
      assertEquals(created.body.data.map((r: { row_number: number }) => r.row_number), [2, 3]);
      const bad = await page("outcome=maybe");
      assertEquals([bad.status, bad.body.code], [422, "VALIDATION_FAILED"]);
      assertEquals((await page("per_page=101")).status, 422);
    });
  } finally {
    await ctx.close();
  }
});
