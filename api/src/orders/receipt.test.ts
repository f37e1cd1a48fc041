import { officeDay } from "../lib/dates.ts";
import type { Mailer } from "../integrations/mail/mailer.ts";
import { assertEquals, assertOk as assert } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { addCard, addCompanyCard, requestAs } from "../testing/cards.ts";
import { pdfText } from "../testing/pdf.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { sendDueReceipts, sendReceipt } from "./receipt.ts";

const receipts = (ctx: TestContext, number: string) =>
  ctx.database.db.selectFrom("email_outbox").select(["id", "to_address", "subject", "text_body"])
    .where("subject", "=", `Your APCA receipt for order ${number}`).execute();

const attachmentOf = (ctx: TestContext, emailId: number) =>
  ctx.database.db.selectFrom("email_attachments").select(["filename", "content_type", "bytes"])
    .where("email_id", "=", emailId).executeTakeFirstOrThrow();

Deno.test("receipts: one e-mail with the PDF per paid order, the order history, the company's orders", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const [form] = await db.insertInto("store_items")
      .values([{ name: "Replacement Custody Control Form", cost_cents: 6000 }])
      .returning("id").execute().then((rows) => rows.map((r) => r.id));
    const member = await ctx.tokenFor("member");
    const admin = await ctx.tokenFor("admin");
    const card = await addCard(ctx, member);
    const today = officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone);
    const buy = (key: string) =>
      requestAs(ctx, member, "POST", "/api/auth/account/order/purchase", {
        payment_method_id: card,
        items: [{ id: form, quantity: 2 }],
      }, { "Idempotency-Key": key });

    let bought = { id: 0, number: "" };
    await t.step(
      "a store order is told by one receipt, with the PDF, even when the request is retried",
      async () => {
        const res = await buy("receipt-1");
        assertEquals(res.status, 201);
        const { data } = await res.json();
        bought = { id: data.id, number: data.attributes.number };
        assertEquals((await buy("receipt-1")).status, 201, "the replay answers the same order");
        assertEquals(await sendReceipt(ctx.deps, bought.id), false, "a second send is refused");
        assertEquals(await sendDueReceipts(ctx.deps), 0, "the sweep finds nothing untold");
        const mails = await receipts(ctx, bought.number);
        assertEquals(mails.length, 1);
        assertEquals(mails[0].to_address, ctx.users.member.email);
        assert(mails[0].text_body.includes("Total paid: $120.00"), mails[0].text_body);
        assert(mails[0].text_body.includes("/app/account/orders"));
        const pdf = await attachmentOf(ctx, mails[0].id);
        assertEquals([pdf.filename, pdf.content_type], [`receipt-${bought.number}.pdf`, "application/pdf"]);
        const text = (await pdfText(pdf.bytes)).join("\n");
        for (
          const want of [bought.number, "Replacement Custody Control Form", "$120.00", "ending 4242", today]
        ) {
          assert(text.includes(want), `receipt PDF lacks ${want}:\n${text}`);
        }
      },
    );

    await t.step("an annual membership's start receipt states the renewal terms", async () => {
      const res = await ctx.request("member", "POST", "/api/auth/account/membership", {
        is_annual: true,
        payment_method_id: card,
      });
      assertEquals(res.status, 200);
      const order = await db.selectFrom("orders").select("number").where("kind", "=", "membership")
        .executeTakeFirstOrThrow();
      const [mail] = await receipts(ctx, order.number);
      const { expire_at } = await db.selectFrom("memberships").select("expire_at")
        .where("user_id", "=", ctx.users.member.id).where("type", "=", "annual").executeTakeFirstOrThrow();
      const [y, m, d] = String(expire_at).slice(0, 10).split("-").map(Number);
      const renewsOn = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString("en-US", {
        year: "numeric",
        month: "long",
        day: "numeric",
        timeZone: "UTC",
      });
      const url = ctx.deps.config.publicUrl;
      // The date it renews, the amount, the card on file and how to cancel (with the link), in the shared words.
      for (
        const want of [
          `renews automatically on ${renewsOn} for $95.00, charged to your card on file (`,
          "ending 4242)",
          "we e-mail you 30 days before each renewal",
          `choose Cancel on ${url}/app/account/membership before ${renewsOn}`,
          "A cancelled membership is not renewed or charged again.",
        ]
      ) {
        assert(mail.text_body.includes(want), `the start receipt lacks ${want}:\n${mail.text_body}`);
      }
      const text = (await pdfText((await attachmentOf(ctx, mail.id)).bytes)).join(" ");
      assert(text.includes("renews automatically"), text);
    });

    await t.step("a manual charge's receipt names the medium and the day", async () => {
      const res = await requestAs(
        ctx,
        admin,
        "POST",
        `/api/auth/user/${ctx.users.member.id}/order/purchase`,
        {
          payment_type: "manual",
          payment_medium: "Check Received",
          payment_date: today,
          items: [{ id: form, quantity: 1 }],
        },
      );
      assertEquals(res.status, 201);
      const { data } = await res.json();
      const mails = await receipts(ctx, data.attributes.number);
      assertEquals(mails.length, 1);
      const text = (await pdfText((await attachmentOf(ctx, mails[0].id)).bytes)).join("\n");
      assert(text.includes(`Check Received on ${today}`), text);
    });

    await t.step("a send that fails is given back and the sweep sends it once", async () => {
      const res = await buy("receipt-2");
      const { data } = await res.json();
      // As if the mail could not be handed on when it was paid: the order is untold again.
      await db.deleteFrom("email_attachments").where(
        "email_id",
        "in",
        (await receipts(ctx, data.attributes.number)).map((m) => m.id),
      ).execute();
      await db.deleteFrom("email_outbox").where(
        "subject",
        "=",
        `Your APCA receipt for order ${data.attributes.number}`,
      ).execute();
      await db.updateTable("orders").set({ receipt_sent_at: null }).where("id", "=", data.id).execute();
      const broken: Mailer = { ...ctx.deps.mailer, send: () => Promise.reject(new Error("outbox down")) };
      let failed = false;
      await sendReceipt({ ...ctx.deps, mailer: broken }, data.id).catch(() => failed = true);
      assert(failed, "the broken send throws");
      const row = await db.selectFrom("orders").select("receipt_sent_at").where("id", "=", data.id)
        .executeTakeFirstOrThrow();
      assertEquals(row.receipt_sent_at, null, "the claim was given back");
      assertEquals(await sendDueReceipts(ctx.deps), 1);
      assertEquals(await sendDueReceipts(ctx.deps), 0);
      assertEquals((await receipts(ctx, data.attributes.number)).length, 1);
    });

    await t.step("a declined or pending order has no receipt", async () => {
      const pending = await db.insertInto("orders").values({
        user_id: ctx.users.member.id,
        total_cents: 100,
        status: "pending",
      }).returning("id").executeTakeFirstOrThrow();
      assertEquals(await sendReceipt(ctx.deps, pending.id), false);
      assertEquals(
        (await ctx.request("member", "GET", `/api/auth/account/receipts/${pending.id}`)).status,
        404,
      );
    });

    await t.step("my order history lists my orders only", async () => {
      const mine = await ctx.request("member", "GET", "/api/auth/account/orders");
      assertEquals(mine.status, 200);
      const { data } = await mine.json();
      const row = data.find((o: { id: number }) => o.id === bought.id);
      // How it was paid, as the receipt says it (not a bare "Card", issue 37).
      assertEquals(row?.attributes.paid_with, "Visa ending 4242");
      const other = await ctx.request("otherMember", "GET", "/api/auth/account/orders");
      assertEquals((await other.json()).data.length, 0);
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: "/api/auth/account/orders",
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });

    await t.step("a receipt PDF is its buyer's only", async () => {
      const res = await ctx.request("member", "GET", `/api/auth/account/receipts/${bought.id}`);
      assertEquals([res.status, res.headers.get("Content-Type")], [200, "application/pdf"]);
      assert((await pdfText(new Uint8Array(await res.arrayBuffer()))).join("\n").includes(bought.number));
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/account/receipts/${bought.id}`,
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404, der: 404 },
      });
    });

    await t.step("a company's orders and receipts: its DER and administrators only", async () => {
      const companyA = ctx.users.der.businessId;
      const paid = await db.insertInto("orders").values({
        user_id: ctx.users.member.id,
        business_id: companyA,
        kind: "membership",
        total_cents: 10500,
        status: "completed",
        completed_at: ctx.deps.now(),
        payment_type: "manual",
        payment_medium: "Cash Received",
        manual_charge_date: today,
        receipt_sent_at: ctx.deps.now(),
      }).returning("id").executeTakeFirstOrThrow();
      await db.insertInto("order_items").values({
        order_id: paid.id,
        name: "APCA annual membership",
        cost_cents: 10500,
        quantity: 1,
      }).execute();
      const list = await ctx.request("der", "GET", `/api/auth/business/${companyA}/orders`);
      assertEquals(list.status, 200);
      assertEquals((await list.json()).data.map((o: { id: number }) => o.id), [paid.id]);
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${companyA}/orders`,
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `/api/auth/business/${companyA}/orders/${paid.id}/receipt`,
        expect: { anonymous: 401, member: 404, otherMember: 404, otherDer: 404, admin: 200, der: 200 },
      });
      // The member's own store order is not the company's.
      const notTheirs = await ctx.request(
        "der",
        "GET",
        `/api/auth/business/${companyA}/orders/${bought.id}/receipt`,
      );
      assertEquals(notTheirs.status, 404);
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("a company's charge: the receipt bills the company, names the card, and is mailed to the DER who paid", async () => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    const { member, der } = ctx.users;
    const company = der.businessId;
    await db.updateTable("businesses").set({
      address_one: "400 Harbor Drive",
      city: "Houma",
      state: "LA",
      postal_code: "70360",
    }).where("id", "=", company).execute();
    const { name } = await db.selectFrom("businesses").select("name").where("id", "=", company)
      .executeTakeFirstOrThrow();
    const { id: card } = await addCompanyCard(ctx, await ctx.tokenFor("der"), company);
    const res = await ctx.request(
      "der",
      "POST",
      `/api/auth/business/${company}/employee/${member.id}/membership`,
      {
        is_annual: true,
        payment_method_id: card,
      },
    );
    assertEquals(res.status, 200);
    const order = await db.selectFrom("orders").select(["id", "number"]).where("business_id", "=", company)
      .where("kind", "=", "membership").executeTakeFirstOrThrow();
    const mails = await receipts(ctx, order.number);
    assertEquals(mails.map((m) => m.to_address), [der.email], "the DER who paid is told, not the employee");
    const body = mails[0].text_body;
    for (const want of [name, "Visa ending 4242", `/app/member/businesses/${company}?tab=orders`]) {
      assert(body.includes(want), `the receipt mail lacks ${want}:\n${body}`);
    }
    const text = (await pdfText((await attachmentOf(ctx, mails[0].id)).bytes)).join("\n");
    const employee = await db.selectFrom("users").select(["first_name", "last_name"])
      .where("id", "=", member.id).executeTakeFirstOrThrow();
    for (
      const want of [
        `Billed to`,
        name,
        "400 Harbor Drive",
        "Houma, LA 70360",
        der.email,
        `${employee.first_name} ${employee.last_name}`,
        "Visa ending 4242",
      ]
    ) assert(text.includes(want), `the receipt PDF lacks ${want}:\n${text}`);
    // The same PDF from the company's Orders tab; the company is billed, not the employee.
    const pdf = await ctx.request("der", "GET", `/api/auth/business/${company}/orders/${order.id}/receipt`);
    const again = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
    assert(again.includes(name) && !again.includes(`<${member.email}>`), again);
    // The company's list says how it was paid, as the receipt does.
    const list = await (await ctx.request("der", "GET", `/api/auth/business/${company}/orders`)).json();
    assertEquals(list.data[0].attributes.paid_with, "Visa ending 4242");
  } finally {
    await ctx.close();
  }
});
