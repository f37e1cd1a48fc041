import type { Payments } from "../integrations/payments/payments.ts";
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, CARD_FORM_EXP_YEAR, confirmCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";

const INTENT = "/api/auth/account/payment-intent";
const METHODS = "/api/auth/account/payment-methods";

Deno.test("payment methods: set-up secret, saving a confirmed card, the caller's list", async (t) => {
  const ctx = await createTestContext();
  try {
    const member = await ctx.tokenFor("member");
    const other = await ctx.tokenFor("otherMember");

    await t.step("payment-intent answers a SetupIntent secret", async () => {
      const res = await requestAs(ctx, member, "GET", INTENT);
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(Object.keys(body), ["secret"]);
      assertOk(body.secret.includes("_secret_"));
    });

    let firstId = 0;
    await t.step("the first card is saved as the default (201, the record of §3)", async (t) => {
      const setup_intent_id = await confirmCard(ctx, member);
      const res = await requestAs(ctx, member, "POST", METHODS, { setup_intent_id });
      assertEquals(res.status, 201);
      const { data } = await res.json();
      firstId = data.id;
      const year = CARD_FORM_EXP_YEAR;
      assertEquals(data, {
        id: data.id,
        type: "payment_method",
        attributes: { last4: "4242", brand: "visa", exp_month: 12, exp_year: year, default: true },
        relationships: {},
      });

      await t.step("the same setup intent again is the same card (200), not a second one", async () => {
        const again = await requestAs(ctx, member, "POST", METHODS, { setup_intent_id });
        assertEquals(again.status, 200);
        assertEquals((await again.json()).data.id, firstId);
      });

      await t.step("another member cannot claim it: 404", async () => {
        const res = await requestAs(ctx, other, "POST", METHODS, { setup_intent_id });
        assertEquals(res.status, 404);
      });
    });

    await t.step("a second card is not the default; the list shows the default first", async () => {
      const second = await addCard(ctx, member, "5555555555554444");
      const res = await requestAs(ctx, member, "GET", METHODS);
      assertEquals(res.status, 200);
      const { data } = await res.json();
      assertEquals(data.map((c: { id: number }) => c.id), [firstId, second]);
      assertEquals(data.map((c: { attributes: { default: boolean } }) => c.attributes.default), [
        true,
        false,
      ]);
      assertEquals(data[1].attributes.brand, "mastercard");
    });

    await t.step("each user sees only their own cards", async () => {
      const res = await requestAs(ctx, other, "GET", METHODS);
      assertEquals((await res.json()).data, []);
    });

    await t.step("an intent whose card was refused is a 422, not a card", async () => {
      const { secret } = await (await requestAs(ctx, member, "GET", INTENT)).json();
      await requestAs(ctx, null, "POST", "/api/payments/sandbox/setup-intents/confirm", {
        client_secret: secret,
        card_number: TEST_CARDS.declinedAtSetup,
        exp: "12/40",
        cvc: "123",
        zip: "70112",
      });
      const id = secret.split("_secret_")[0];
      const res = await requestAs(ctx, member, "POST", METHODS, { setup_intent_id: id });
      assertEquals(res.status, 422);
      assertEquals((await res.json()).issues[0].path, "setup_intent_id");
    });

    await t.step("an unknown setup intent is 404; a missing one 422", async () => {
      assertEquals(
        (await requestAs(ctx, member, "POST", METHODS, { setup_intent_id: "seti_nope" })).status,
        404,
      );
      const res = await requestAs(ctx, member, "POST", METHODS, {});
      assertEquals(res.status, 422);
      assertEquals((await res.json()).error, "setup_intent_id is required");
    });

    await t.step("roles", async () => {
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: INTENT,
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
      await assertRoleAnswers(ctx, {
        method: "GET",
        path: METHODS,
        expect: { anonymous: 401, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
      // The member's confirmed intent: the member may save it, nobody else.
      const intentOfMember = await confirmCard(ctx, member);
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: METHODS,
        body: () => ({ setup_intent_id: intentOfMember }),
        expect: { anonymous: 401, member: 201, otherMember: 404, otherDer: 404, admin: 404 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("payment methods: a processor failure is 502 with the specification's toast text", async () => {
  const ctx = await createTestContext();
  const failing: Payments = {
    ...ctx.deps.payments,
    createSetupIntent: () => Promise.reject(new Error("processor down")),
  };
  const broken = await createTestContext({ payments: failing });
  try {
    const res = await broken.request("member", "GET", INTENT);
    assertEquals(res.status, 502);
    assertEquals(await res.json(), {
      error: "Failed to set up payment method. Please try again.",
      code: "PAYMENT_FAILED",
    });
  } finally {
    await broken.close();
    await ctx.close();
  }
});
