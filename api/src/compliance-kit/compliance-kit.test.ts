/**
 * The compliance kit (issue 11 item 4): bought by the company's owner with a card or by an administrator with a
 * manual payment, the spec's messages, 'ERROR: No DER Attached To Business', once per company, and its
 * documents: listed for the Downloads tab and downloaded as PDFs with the business's name.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCompanyCard } from "../testing/cards.ts";
import { pdfText } from "../testing/pdf.ts";
import { adminOnly, assertRoleAnswers } from "../testing/roles.ts";
import { KIT_DOCUMENTS } from "./documents.ts";
import { KIT_MESSAGES } from "./service.ts";
import { NO_DER_MESSAGE } from "../businesses/schemas.ts";

Deno.test("compliance kit: the business record and the purchase refuse a company without a DER in one wording", () => {
  assertEquals(NO_DER_MESSAGE, KIT_MESSAGES.noDer);
});

Deno.test("compliance kit: purchase, messages, documents", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { der, member, otherMember } = ctx.users;
  const A = member.businessId;
  const B = otherMember.businessId;
  const kit = (biz: number) => `/api/auth/business/${biz}/compliance-kit`;
  try {
    const { id: card } = await addCompanyCard(ctx, await ctx.tokenFor("der"), A);

    await t.step("nobody but the company's owner (or an administrator) buys it", async () => {
      for (const who of ["member", "otherMember", "otherDer"] as const) {
        const res = await ctx.request(who, "POST", kit(A), { payment_method_id: card });
        assertEquals(res.status, 404, who);
      }
      assertEquals((await ctx.request(null, "POST", kit(A), { payment_method_id: card })).status, 401);
    });

    await t.step("the documents list is empty before the kit", async () => {
      const res = await ctx.request("der", "GET", `${kit(A)}/documents`);
      assertEquals([res.status, (await res.json()).data], [200, []]);
      const pdf = await ctx.request("der", "GET", `${kit(A)}/documents/${KIT_DOCUMENTS[0].slug}`);
      assertEquals(pdf.status, 404);
    });

    await t.step("the owner buys it with a company card: 200, charged once, then 409", async () => {
      const res = await ctx.request("der", "POST", kit(A), { payment_method_id: card }, {
        "Idempotency-Key": "k1",
      });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body, {
        data: { business_id: A, has_compliance_kit: true },
        message: KIT_MESSAGES.purchased,
      });
      const replay = await ctx.request("der", "POST", kit(A), { payment_method_id: card }, {
        "Idempotency-Key": "k1",
      });
      assertEquals(replay.status, 200);
      const orders = await db.selectFrom("orders").select(["user_id", "business_id", "total_cents", "status"])
        .where("kind", "=", "compliance_kit").execute();
      assertEquals(orders, [{ user_id: der.id, business_id: A, total_cents: 10000, status: "completed" }]);
      const again = await ctx.request("der", "POST", kit(A), { payment_method_id: card });
      assertEquals(again.status, 409);
      assertEquals((await again.json()).error, KIT_MESSAGES.kitExists);
    });

    await t.step("a manual payment: administrators only, with the spec's messages", async () => {
      const manual = { medium: "Check Received", payment_date: "2026-11-20" };
      const byDer = await ctx.request("otherDer", "POST", kit(B), manual);
      assertEquals([byDer.status, (await byDer.json()).error], [403, KIT_MESSAGES.manualAdminsOnly]);
      const noMedium = await ctx.request("admin", "POST", kit(B), { payment_date: "2026-11-20" });
      assertEquals([noMedium.status, (await noMedium.json()).error], [422, "Payment Medium is required"]);
      const noDate = await ctx.request("admin", "POST", kit(B), { medium: "Check Received" });
      assertEquals([noDate.status, (await noDate.json()).error], [422, "Payment Date is required"]);
      const ok = await ctx.request("admin", "POST", kit(B), manual);
      assertEquals(ok.status, 200);
      const order = await (await ctx.request("admin", "GET", `${kit(B)}/order`)).json();
      assertEquals(
        [order.data.payment_type, order.data.payment_medium, order.data.payment_date],
        ["manual", "Check Received", "2026-11-20"],
      );
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: `${kit(B)}/order`,
        expect: adminOnly(200),
      });
    });

    await t.step("without a DER: 'ERROR: No DER Attached To Business'", async () => {
      const { id } = await db.insertInto("businesses").values({ name: "No DER Co" }).returning("id")
        .executeTakeFirstOrThrow();
      const res = await ctx.request("admin", "POST", kit(id), {
        medium: "Cash Received",
        payment_date: "2026-11-20",
      });
      assertEquals([res.status, (await res.json()).error], [409, "ERROR: No DER Attached To Business"]);
    });

    await t.step("a member's company without a DER says so before any card is asked for", async () => {
      const { id } = await db.insertInto("businesses").values({ name: "Owner Without DER Co" }).returning(
        "id",
      )
        .executeTakeFirstOrThrow();
      await db.insertInto("business_users").values({
        business_id: id,
        user_id: member.id,
        is_owner: true,
        is_employee: false,
      }).execute();
      const own = (await (await ctx.request("member", "GET", `/api/auth/business/${id}`)).json()).data;
      assertEquals(
        [own.attributes.is_owner, own.attributes.compliance_kit_blocked, own.relationships.der.data],
        [true, KIT_MESSAGES.noDer, null],
      );
      // The card set-up the screen no longer reaches would be refused with the same words.
      const intent = await ctx.request("member", "GET", `/api/auth/business/${id}/payment-intent`);
      assertEquals([intent.status, (await intent.json()).error], [409, KIT_MESSAGES.noDer]);
      // The administrators see the same state; a company with a DER, or with its kit, is not blocked.
      const asAdmin = (await (await ctx.request("admin", "GET", `/api/auth/business/${id}`)).json()).data;
      assertEquals(asAdmin.attributes.compliance_kit_blocked, KIT_MESSAGES.noDer);
      await db.updateTable("businesses").set({ der_user_id: der.id }).where("id", "=", id).execute();
      const withDer = (await (await ctx.request("member", "GET", `/api/auth/business/${id}`)).json()).data;
      assertEquals(withDer.attributes.compliance_kit_blocked, null);
      await db.updateTable("businesses").set({ der_user_id: null, has_compliance_kit: true })
        .where("id", "=", id).execute();
      const withKit = (await (await ctx.request("member", "GET", `/api/auth/business/${id}`)).json()).data;
      assertEquals(withKit.attributes.compliance_kit_blocked, null);
    });

    await t.step("the Downloads tab lists every document; the crew may read them, others not", async () => {
      const list = await (await ctx.request("member", "GET", `${kit(A)}/documents`)).json();
      assertEquals(list.data.map((d: { id: string }) => d.id), KIT_DOCUMENTS.map((d) => d.slug));
      assertOk(list.data.length >= 6);
      assertEquals((await ctx.request("otherMember", "GET", `${kit(A)}/documents`)).status, 404);
      assertEquals((await ctx.request("der", "GET", `${kit(B)}/documents`)).status, 404);
    });

    await t.step("each document is a real PDF with the business's name", async () => {
      for (const d of KIT_DOCUMENTS) {
        const res = await ctx.request("der", "GET", `${kit(A)}/documents/${d.slug}`);
        assertEquals(res.status, 200, d.slug);
        assertEquals(res.headers.get("Content-Type"), "application/pdf");
        const bytes = new Uint8Array(await res.arrayBuffer());
        assertEquals(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
        const text = (await pdfText(bytes)).join(" ");
        assertOk(text.includes("Company A"), `${d.slug} names the business`);
        assertOk(text.includes(d.title.split(" ")[0]), `${d.slug} has its title`);
      }
      assertEquals((await ctx.request("der", "GET", `${kit(A)}/documents/no-such-doc`)).status, 404);
    });
  } finally {
    await ctx.close();
  }
});
