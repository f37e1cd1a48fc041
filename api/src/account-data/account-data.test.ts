/**
 * "Your data" and "Who looked at my records" (issue 38 item 3, decision 0093): the answer and the zip hold
 * exactly what the member's own endpoints show, never another member's; an administrator's or a company's look
 * at the member's letter or tests is listed for the member, with the company by name and staff by first name.
 */
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { readZip } from "../testing/zip.ts";
import { seedMembership } from "../memberships/test-helpers.ts";
import { officeDay } from "../lib/dates.ts";

Deno.test("your data: the member's records in one answer and one zip, and who looked at them", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const { member, otherMember, der, otherDer } = ctx.users;
  const get = async (who: "member" | "otherMember" | "der" | "otherDer" | "admin", path: string) => {
    const res = await ctx.request(who, "GET", path);
    assertEquals(res.status, 200, `${who} GET ${path}`);
    return await res.json();
  };
  const test = (userId: number, businessId: number, result: "negative" | "positive") =>
    db.insertInto("drug_tests").values({
      user_id: userId,
      business_id: businessId,
      reason: "random",
      status: "resulted",
      result,
      ordered_at: ctx.deps.now(),
      collected_at: ctx.deps.now(),
      resulted_at: ctx.deps.now(),
    }).returning("id").executeTakeFirstOrThrow();
  const paidOrder = async (userId: number) => {
    const order = await db.insertInto("orders").values({
      user_id: userId,
      kind: "store",
      total_cents: 2500,
      status: "completed",
      completed_at: ctx.deps.now(),
      payment_type: "manual",
      payment_medium: "Cash Received",
      manual_charge_date: officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone),
      receipt_sent_at: ctx.deps.now(),
    }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("order_items").values({
      order_id: order.id,
      name: "Custody form",
      cost_cents: 2500,
      quantity: 1,
    })
      .execute();
    return order.id;
  };
  try {
    await seedMembership(ctx, member.id);
    const mine = await test(member.id, member.businessId, "negative");
    const theirs = await test(otherMember.id, otherMember.businessId, "positive");
    const myOrder = await paidOrder(member.id);
    const theirOrder = await paidOrder(otherMember.id);

    await t.step("roles: every signed-in user gets their own; no one else's", async () => {
      for (
        const path of [
          "/api/auth/account/data",
          "/api/auth/account/data.zip",
          "/api/auth/account/record-views",
        ]
      ) {
        await assertRoleAnswers(ctx, {
          method: "GET",
          path,
          expect: { anonymous: 401, member: 200, otherMember: 200, der: 200, otherDer: 200, admin: 200 },
        });
      }
    });

    await t.step(
      "a company's and an administrator's looks are listed for the member; their own are not",
      async () => {
        const before = await get("member", "/api/auth/account/record-views");
        await get("member", "/api/auth/account/tests");
        assertEquals((await ctx.request("member", "GET", "/api/auth/account/compliance-letter")).status, 200);
        assertEquals(await get("member", "/api/auth/account/record-views"), before);

        const letter = await ctx.request(
          "der",
          "GET",
          `/api/auth/business/${der.businessId}/employee/${member.id}/compliance-letter`,
        );
        assertEquals(letter.status, 200);
        await letter.arrayBuffer();
        const companyTests = await get("der", `/api/auth/business/${der.businessId}/tests`);
        assertEquals(companyTests.data.map((r: { id: number }) => r.id), [mine.id]);
        await get("admin", `/api/auth/user/${member.id}/tests`);
        // Another company's DER is refused, and a refusal is no look.
        const refused = await ctx.request(
          "otherDer",
          "GET",
          `/api/auth/business/${otherDer.businessId}/employee/${member.id}/compliance-letter`,
        );
        assertEquals(refused.status, 404);

        const views = await get("member", "/api/auth/account/record-views");
        assertEquals(
          views.data.map((v: { attributes: { who: string; record: string; how: string; by: string } }) => [
            v.attributes.by,
            v.attributes.who,
            v.attributes.how,
            v.attributes.record,
          ]),
          [
            ["administrator", "Ada, an APCA administrator", "viewed", "tests"],
            ["company", "Company A", "viewed", "tests"],
            ["company", "Company A", "downloaded", "letter"],
          ],
        );
        assertEquals(views.data[2].attributes.summary, "Company A downloaded your Letter of Compliance");
        assertEquals(views.meta.total, 3);
        // The other member's list does not have the member's looks.
        assertEquals((await get("otherMember", "/api/auth/account/record-views")).data, []);
      },
    );

    await t.step(
      "the answer is each of the member's own endpoints, and nothing of another member",
      async () => {
        const { data } = await get("member", "/api/auth/account/data");
        assertEquals(data.profile, await get("member", "/api/auth/account/profile"));
        assertEquals(
          data.memberships,
          (await get("member", "/api/auth/account/memberships?per_page=100")).data,
        );
        assertEquals(data.businesses, (await get("member", "/api/auth/account/businesses")).data);
        const tests = (await get("member", "/api/auth/account/tests?per_page=100&sort_by=date")).data;
        assertEquals(
          data.tests.map((r: { attributes: Record<string, unknown> }) => {
            const { in_words: _, ...attributes } = r.attributes;
            return { ...r, attributes };
          }),
          tests,
        );
        assertEquals(
          data.tests.map((
            r: { id: number; attributes: { in_words: string } },
          ) => [r.id, r.attributes.in_words]),
          [
            [mine.id, "Passed"],
          ],
        );
        assertEquals(data.orders, (await get("member", "/api/auth/account/orders?per_page=100")).data);
        assertEquals(data.orders.map((o: { id: number }) => o.id), [myOrder]);
        assertEquals(data.cards, (await get("member", "/api/auth/account/payment-methods")).data);
        assertEquals(data.documents, (await get("member", "/api/auth/account/documents?per_page=100")).data);
        assertEquals(
          data.record_views,
          (await get("member", "/api/auth/account/record-views?per_page=100")).data,
        );
        assertEquals(data.consents, []);
        const text = JSON.stringify(data);
        assertOk(!text.includes(otherMember.email), "no other member's e-mail");
        assertOk(!data.tests.some((r: { id: number }) => r.id === theirs.id));
        assertOk(!data.orders.some((o: { id: number }) => o.id === theirOrder));
      },
    );

    await t.step("the zip: data.json is the answer; every document and receipt, byte for byte", async () => {
      const res = await ctx.request("member", "GET", "/api/auth/account/data.zip");
      assertEquals(res.headers.get("Content-Type"), "application/zip");
      const files = readZip(new Uint8Array(await res.arrayBuffer()));
      const inZip = JSON.parse(new TextDecoder().decode(files.get("data.json")!)).data;
      const { data } = await get("member", "/api/auth/account/data");
      assertEquals({ ...inZip, generated_at: "" }, { ...data, generated_at: "" });
      assertOk(data.documents.length >= 1, "the letter is among the documents");
      const expected = ["data.json", `receipts/receipt-${data.orders[0].attributes.number}.pdf`];
      for (const doc of data.documents) {
        const name = `documents/${doc.id}-${doc.attributes.filename}`;
        expected.push(name);
        const file = await ctx.request("member", "GET", `/api/auth/account/documents/${doc.id}`);
        assertEquals(files.get(name), new Uint8Array(await file.arrayBuffer()));
      }
      assertEquals([...files.keys()].sort(), expected.sort());
      const receipt = files.get(expected[1])!;
      assertEquals(new TextDecoder().decode(receipt.subarray(0, 5)), "%PDF-");
      // The other member's zip holds their own order's receipt and none of the member's.
      const other = readZip(
        new Uint8Array(
          await (await ctx.request("otherMember", "GET", "/api/auth/account/data.zip")).arrayBuffer(),
        ),
      );
      const otherData = JSON.parse(new TextDecoder().decode(other.get("data.json")!)).data;
      assertEquals(otherData.orders.map((o: { id: number }) => o.id), [theirOrder]);
      assertEquals(otherData.tests.map((r: { id: number }) => r.id), [theirs.id]);
      assertEquals(otherData.documents, []);
    });

    await t.step(
      "the compliance overview, its CSV and an administrator's letter download are looks too",
      async () => {
        const seen = async () => (await get("member", "/api/auth/account/record-views")).meta.total;
        const before = await seen();
        await get("der", `/api/auth/business/${der.businessId}/compliance-overview`);
        const csv = await ctx.request(
          "der",
          "GET",
          `/api/auth/business/${der.businessId}/compliance-overview.csv`,
        );
        assertEquals(csv.status, 200);
        await csv.text();
        const letter = await ctx.request("admin", "GET", `/api/auth/user/${member.id}/compliance-letter`);
        assertEquals(letter.status, 200);
        await letter.arrayBuffer();
        const views = (await get("member", "/api/auth/account/record-views")).data.slice(0, 3);
        assertEquals(views.map((v: { attributes: { summary: string } }) => v.attributes.summary), [
          "Ada, an APCA administrator downloaded your Letter of Compliance",
          "Company A downloaded your tests",
          "Company A viewed your tests",
        ]);
        assertEquals(await seen(), before + 3);
        // The DER's own employee row without a test (the DER is not an employee) and the other company: nothing.
        assertEquals((await get("otherMember", "/api/auth/account/record-views")).data, []);
      },
    );
  } finally {
    await ctx.close();
  }
});
