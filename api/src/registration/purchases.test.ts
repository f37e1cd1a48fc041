import { addYears, officeDay } from "../lib/dates.ts";
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext, type TestContext } from "../testing/app.ts";
import { addCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { derPayload, memberPayload } from "./test-payloads.ts";

const MEMBERSHIP = "/api/register/member/membership";
const COMPLIANCE = "/api/register/der/compliance";

/** Registers through the API, as the wizard does, and answers the session token and user id. */
async function register(ctx: TestContext, kind: "member" | "der") {
  const res = await ctx.request(
    null,
    "POST",
    `/api/register/${kind}/account`,
    kind === "member" ? memberPayload() : derPayload(),
  );
  const body = await res.json();
  return { token: body.token as string, userId: body.user.user_id as number };
}

Deno.test("registration: paying for the membership", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  const charges = async () => (await db.selectFrom("sandbox_charges").selectAll().execute()).length;
  try {
    await t.step(
      "annual: 200 with the membership record; order, item, progress and analytics recorded",
      async (t) => {
        const { token, userId } = await register(ctx, "member");
        const card = await addCard(ctx, token);
        const res = await requestAs(ctx, token, "POST", MEMBERSHIP, {
          payment_method_id: card,
          is_annual: true,
        });
        assertEquals(res.status, 200);
        const { data } = await res.json();
        assertEquals(data.type, "membership");
        assertEquals(data.attributes, {
          type: "annual",
          expire_at: addYears(officeDay(ctx.deps.now(), ctx.deps.config.officeTimeZone), 1),
          failed: false,
          is_renewable: false,
          is_pending: false,
          cancelled: false,
          is_paused: false,
          autorenew: true,
        });
        const order = await db.selectFrom("orders").selectAll().where("user_id", "=", userId)
          .executeTakeFirstOrThrow();
        assertEquals([order.kind, order.status, order.total_cents, order.payment_method_id], [
          "membership",
          "completed",
          10500,
          card,
        ]);
        assertOk(order.processor_charge_id?.startsWith("ch_sbx_"));
        const items = await db.selectFrom("order_items").selectAll().where("order_id", "=", order.id)
          .execute();
        assertEquals(items.map((i) => [i.name, i.cost_cents, i.quantity]), [[
          "APCA annual membership",
          10500,
          1,
        ]]);
        const reg = await db.selectFrom("registration_notifications").selectAll().where(
          "user_id",
          "=",
          userId,
        )
          .executeTakeFirstOrThrow();
        assertOk(reg.paid_at instanceof Date);
        assertEquals(reg.is_annual, true);
        const events = await db.selectFrom("analytics_events").selectAll().where("user_id", "=", userId)
          .execute();
        assertEquals(events.map((e) => [e.name, e.props]), [["registration_completed", {
          kind: "member",
          is_annual: true,
        }]]);

        await t.step("a second membership while one is active is a 409, and nothing is charged", async () => {
          const before = await charges();
          const again = await requestAs(ctx, token, "POST", MEMBERSHIP, {
            payment_method_id: card,
            is_annual: false,
          });
          assertEquals(again.status, 409);
          assertEquals((await again.json()).error, "You already have an active membership.");
          assertEquals(await charges(), before);
        });
      },
    );

    await t.step("one-time: the one-time price, no expiry, no auto-renewal", async () => {
      const { token, userId } = await register(ctx, "member");
      const card = await addCard(ctx, token);
      const res = await requestAs(ctx, token, "POST", MEMBERSHIP, {
        payment_method_id: card,
        is_annual: false,
      });
      assertEquals(res.status, 200);
      const { attributes } = (await res.json()).data;
      assertEquals([attributes.type, attributes.expire_at, attributes.autorenew], ["one_time", null, false]);
      const order = await db.selectFrom("orders").select("total_cents").where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals(order.total_cents, 7500);
    });

    const declines: [string, string, string][] = [
      ["insufficient funds", TEST_CARDS.insufficientFunds, "Your card has insufficient funds."],
      ["declined", TEST_CARDS.declinedOnCharge, "Your card was declined."],
      [
        "processing error",
        TEST_CARDS.processingError,
        "An error occurred while processing your card. Try again in a little bit.",
      ],
    ];
    for (const [name, number, message] of declines) {
      await t.step(`${name}: 402 PAYMENT_DECLINED, a failed order, no membership`, async () => {
        const { token, userId } = await register(ctx, "member");
        const card = await addCard(ctx, token, number);
        const res = await requestAs(ctx, token, "POST", MEMBERSHIP, {
          payment_method_id: card,
          is_annual: true,
        });
        assertEquals(res.status, 402);
        assertEquals(await res.json(), { error: message, code: "PAYMENT_DECLINED" });
        const orders = await db.selectFrom("orders").selectAll().where("user_id", "=", userId).execute();
        assertEquals(orders.map((o) => [o.status, o.failure_reason]), [["failed", message]]);
        const memberships = await db.selectFrom("memberships").select("id").where("user_id", "=", userId)
          .execute();
        assertEquals(memberships.length, 0);
        const reg = await db.selectFrom("registration_notifications").select("paid_at").where(
          "user_id",
          "=",
          userId,
        )
          .executeTakeFirstOrThrow();
        assertEquals(reg.paid_at, null);
        if (name === "declined") {
          // A retry after a decline is a new attempt: with another card it goes through.
          const good = await addCard(ctx, token);
          const retry = await requestAs(ctx, token, "POST", MEMBERSHIP, {
            payment_method_id: good,
            is_annual: true,
          });
          assertEquals(retry.status, 200);
        }
      });
    }

    await t.step("two simultaneous calls with one Idempotency-Key: one charge, one membership", async () => {
      const { token, userId } = await register(ctx, "member");
      const card = await addCard(ctx, token);
      const before = await charges();
      const headers = { "Idempotency-Key": "wizard-finish-1" };
      const body = { payment_method_id: card, is_annual: true };
      const answers = await Promise.all([
        requestAs(ctx, token, "POST", MEMBERSHIP, body, headers),
        requestAs(ctx, token, "POST", MEMBERSHIP, body, headers),
      ]);
      assertEquals(answers.map((r) => r.status), [200, 200]);
      const [a, b] = await Promise.all(answers.map((r) => r.json()));
      assertEquals(a.data.id, b.data.id);
      assertEquals(await charges(), before + 1);
      const memberships = await db.selectFrom("memberships").select("id").where("user_id", "=", userId)
        .execute();
      assertEquals(memberships.length, 1);
      const orders = await db.selectFrom("orders").select("id").where("user_id", "=", userId).execute();
      assertEquals(orders.length, 1);
    });

    await t.step("the same Idempotency-Key with another request: 422, as on every route", async () => {
      const { token } = await register(ctx, "member");
      const card = await addCard(ctx, token);
      const headers = { "Idempotency-Key": "wizard-finish-2" };
      const first = await requestAs(ctx, token, "POST", MEMBERSHIP, {
        payment_method_id: card,
        is_annual: true,
      }, headers);
      assertEquals(first.status, 200);
      await first.body?.cancel();
      const before = await charges();
      const other = await requestAs(ctx, token, "POST", MEMBERSHIP, {
        payment_method_id: card,
        is_annual: false,
      }, headers);
      assertEquals(await other.json(), {
        error: "This Idempotency-Key was already used with a different request.",
        code: "IDEMPOTENCY_KEY_REUSED",
      });
      assertEquals(await charges(), before);
    });

    await t.step("a double click without a key cannot pay twice either", async () => {
      const { token, userId } = await register(ctx, "member");
      const card = await addCard(ctx, token);
      const before = await charges();
      const body = { payment_method_id: card, is_annual: true };
      const answers = await Promise.all([
        requestAs(ctx, token, "POST", MEMBERSHIP, body),
        requestAs(ctx, token, "POST", MEMBERSHIP, body),
      ]);
      for (const r of answers) await r.body?.cancel();
      assertEquals(answers.map((r) => r.status).every((s) => s === 200 || s === 409), true);
      assertEquals(await charges(), before + 1);
      const memberships = await db.selectFrom("memberships").select("id").where("user_id", "=", userId)
        .execute();
      assertEquals(memberships.length, 1);
    });

    await t.step("someone else's card is a 404 and nothing is charged", async () => {
      const { token } = await register(ctx, "member");
      const theirs = await addCard(ctx, await ctx.tokenFor("otherMember"));
      const before = await charges();
      const res = await requestAs(ctx, token, "POST", MEMBERSHIP, {
        payment_method_id: theirs,
        is_annual: true,
      });
      assertEquals(res.status, 404);
      assertEquals(await charges(), before);
    });

    await t.step("the payload is validated", async () => {
      const { token } = await register(ctx, "member");
      const res = await requestAs(ctx, token, "POST", MEMBERSHIP, {});
      assertEquals(res.status, 422);
      assertEquals((await res.json()).issues.map((i: { path: string }) => i.path), [
        "payment_method_id",
        "is_annual",
      ]);
    });

    await t.step("roles: signed-in users, with their own card", async () => {
      const card = await addCard(ctx, await ctx.tokenFor("member"));
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: MEMBERSHIP,
        body: () => ({ payment_method_id: card, is_annual: true }),
        expect: { anonymous: 401, member: 200, otherMember: 404, otherDer: 404, admin: 404 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("registration: paying for the DER's compliance kit", async (t) => {
  const ctx = await createTestContext();
  const { db } = ctx.database;
  try {
    await t.step("200: the company has the kit; order, progress and analytics recorded", async (t) => {
      const { token, userId } = await register(ctx, "der");
      const card = await addCard(ctx, token);
      const res = await requestAs(ctx, token, "POST", COMPLIANCE, { payment_method_id: card });
      assertEquals(res.status, 200);
      const company = await db.selectFrom("businesses").selectAll().where("der_user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals(await res.json(), { data: { business_id: company.id, has_compliance_kit: true } });
      assertEquals(company.has_compliance_kit, true);
      const order = await db.selectFrom("orders").selectAll().where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      assertEquals([order.kind, order.status, order.total_cents, order.business_id], [
        "compliance_kit",
        "completed",
        10000,
        company.id,
      ]);
      const reg = await db.selectFrom("registration_notifications").select("paid_at").where(
        "user_id",
        "=",
        userId,
      )
        .executeTakeFirstOrThrow();
      assertOk(reg.paid_at instanceof Date);
      const events = await db.selectFrom("analytics_events").select("name").where("user_id", "=", userId)
        .execute();
      assertEquals(events.map((e) => e.name), ["registration_completed"]);

      await t.step("a second kit is a 409", async () => {
        const again = await requestAs(ctx, token, "POST", COMPLIANCE, { payment_method_id: card });
        assertEquals(again.status, 409);
        assertEquals((await again.json()).error, "Your company already has the compliance kit.");
      });
    });

    await t.step("a decline is a 402 with the processor's message, and no kit", async () => {
      const { token, userId } = await register(ctx, "der");
      const card = await addCard(ctx, token, TEST_CARDS.insufficientFunds);
      const res = await requestAs(ctx, token, "POST", COMPLIANCE, { payment_method_id: card });
      assertEquals(res.status, 402);
      assertEquals(await res.json(), {
        error: "Your card has insufficient funds.",
        code: "PAYMENT_DECLINED",
      });
      const company = await db.selectFrom("businesses").select("has_compliance_kit").where(
        "der_user_id",
        "=",
        userId,
      )
        .executeTakeFirstOrThrow();
      assertEquals(company.has_compliance_kit, false);
    });

    await t.step("roles: DERs (a member is 403; another DER cannot use this DER's card)", async () => {
      const card = await addCard(ctx, await ctx.tokenFor("der"));
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: COMPLIANCE,
        body: () => ({ payment_method_id: card }),
        expect: { anonymous: 401, member: 403, otherMember: 403, otherDer: 404, admin: 404, der: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});
