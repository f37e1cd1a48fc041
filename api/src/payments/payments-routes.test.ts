import { createApp } from "../app.ts";
import { DEVELOPMENT_WEBHOOK_SECRET } from "../config.ts";
import { createPayments } from "../integrations/payments/payments.ts";
import { stripePayments } from "../integrations/payments/stripe.ts";
import { signPayload } from "../integrations/payments/signature.ts";
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import { assertEquals, assertOk } from "../testing/assert.ts";
import { createTestContext } from "../testing/app.ts";
import { addCard, cardForm, confirmCard, requestAs } from "../testing/cards.ts";
import { assertRoleAnswers } from "../testing/roles.ts";
import { SANDBOX_CARD_MESSAGES } from "./schemas.ts";

const CONFIRM = "/api/payments/sandbox/setup-intents/confirm";
const WEBHOOK = "/api/webhooks/stripe";

Deno.test("payments: the sandbox card form endpoint", async (t) => {
  const ctx = await createTestContext();
  try {
    const token = await ctx.tokenFor("member");
    const secret = async () =>
      (await (await requestAs(ctx, token, "GET", "/api/auth/account/payment-intent")).json())
        .secret as string;

    await t.step("a good card confirms the setup intent", async () => {
      const res = await requestAs(ctx, null, "POST", CONFIRM, {
        client_secret: await secret(),
        ...cardForm(),
      });
      assertEquals(res.status, 200);
      const body = await res.json();
      assertEquals(body.status, "succeeded");
      assertOk(body.setup_intent_id.startsWith("seti_sbx_"));
    });

    const declines: [string, Record<string, string>, string][] = [
      ["the declined test card", cardForm(TEST_CARDS.declinedAtSetup), "Your card was declined."],
      ["a bad Luhn number", cardForm("4242 4242 4242 4241"), "Your card number is incorrect."],
      [
        "a past expiry",
        cardForm(TEST_CARDS.success, { exp: "01/20" }),
        "Your card's expiration date is incorrect.",
      ],
      ["a bad CVC", cardForm(TEST_CARDS.success, { cvc: "12" }), "Your card's security code is incorrect."],
    ];
    for (const [name, form, message] of declines) {
      await t.step(`${name}: 402 '${message}'`, async () => {
        const res = await requestAs(ctx, null, "POST", CONFIRM, { client_secret: await secret(), ...form });
        assertEquals(res.status, 402);
        assertEquals(await res.json(), { error: message, code: "CARD_DECLINED" });
      });
    }

    await t.step("missing and malformed fields are 422 with clear messages", async () => {
      const res = await requestAs(ctx, null, "POST", CONFIRM, {
        card_number: "4242 abcd",
        exp: "1225",
        cvc: "",
      });
      assertEquals(res.status, 422);
      assertEquals(
        Object.fromEntries(
          (await res.json()).issues.map((i: { path: string; message: string }) => [i.path, i.message]),
        ),
        {
          client_secret: SANDBOX_CARD_MESSAGES.clientSecretRequired,
          card_number: SANDBOX_CARD_MESSAGES.cardNumberDigits,
          exp: SANDBOX_CARD_MESSAGES.expFormat,
          cvc: SANDBOX_CARD_MESSAGES.cvcRequired,
          zip: SANDBOX_CARD_MESSAGES.zipRequired,
        },
      );
    });

    await t.step("an unknown client secret is 404", async () => {
      const res = await requestAs(ctx, null, "POST", CONFIRM, {
        client_secret: "seti_sbx_x_secret_y",
        ...cardForm(),
      });
      assertEquals(res.status, 404);
    });

    await t.step("with Stripe configured the endpoint does not exist", async () => {
      const stripe = createApp({
        ...ctx.deps,
        payments: stripePayments(
          { secretKey: "sk", publishableKey: "pk_live_1", webhookSecret: "wh" },
          ctx.database.db,
        ),
      });
      const res = await stripe.request(CONFIRM, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ client_secret: "seti_x_secret_y", ...cardForm() }),
      });
      assertEquals(res.status, 404);
      const config = await (await stripe.request("/api/config/public")).text();
      assertEquals(JSON.parse(config).payments, { provider: "stripe", publishable_key: "pk_live_1" });
      assertEquals(config.includes('"sk"') || config.includes('"wh"'), false);
    });

    await t.step("public config names the sandbox by default", async () => {
      assertEquals((await (await ctx.request(null, "GET", "/api/config/public")).json()).payments, {
        provider: "sandbox",
      });
    });

    await t.step("roles: public", async () => {
      const form = async () => ({ client_secret: await secret(), ...cardForm() });
      const bodies = await Promise.all([form(), form(), form(), form(), form()]);
      let i = 0;
      await assertRoleAnswers(ctx, {
        method: "POST",
        path: CONFIRM,
        body: () => bodies[i++],
        expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
      });
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("payments: the webhook checks signatures and handles each event once", async (t) => {
  const ctx = await createTestContext();
  const secret = ctx.deps.config.sandboxWebhookSecret;
  const send = async (event: unknown, at = ctx.deps.now(), key = secret, header?: string) => {
    const body = JSON.stringify(event);
    return await ctx.app.request(WEBHOOK, {
      method: "POST",
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Stripe-Signature": header ?? await signPayload(key, body, at),
      },
      body,
    });
  };
  try {
    const memberId = ctx.users.member.id;
    const token = await ctx.tokenFor("member");

    await t.step("setup_intent.succeeded saves a card the web did not save", async (t) => {
      const intentId = await confirmCard(ctx, token);
      const event = { id: "evt_setup_1", type: "setup_intent.succeeded", data: { object: { id: intentId } } };
      const res = await send(event);
      assertEquals(res.status, 200);
      assertEquals(await res.json(), { received: true });
      const cards = await ctx.database.db.selectFrom("payment_methods").selectAll().where(
        "user_id",
        "=",
        memberId,
      )
        .execute();
      assertEquals(cards.length, 1);
      assertEquals(cards[0].is_default, true);

      await t.step("a replay of the same event id is acknowledged and not processed", async () => {
        const again = await send(event);
        assertEquals(again.status, 200);
        assertEquals(await again.json(), { received: true, duplicate: true });
      });

      await t.step("the web then saving the same card answers the same card", async () => {
        const res = await requestAs(ctx, token, "POST", "/api/auth/account/payment-methods", {
          setup_intent_id: intentId,
        });
        assertEquals(res.status, 200);
        assertEquals((await res.json()).data.id, cards[0].id);
      });
    });

    await t.step("charge.failed and payment_intent.payment_failed are audited", async () => {
      for (const [id, type] of [["evt_f1", "charge.failed"], ["evt_f2", "payment_intent.payment_failed"]]) {
        const res = await send({
          id,
          type,
          data: {
            object: {
              id: `obj_${id}`,
              amount: 10500,
              failure_message: "Your card was declined.",
              metadata: { user_id: String(memberId) },
            },
          },
        });
        assertEquals(res.status, 200);
      }
      const rows = await ctx.database.db.selectFrom("audit_log").selectAll().where(
        "action",
        "=",
        "payment_failed",
      )
        .orderBy("id").execute();
      assertEquals(rows.map((r) => r.detail.event_type), ["charge.failed", "payment_intent.payment_failed"]);
      assertEquals(rows[0].detail.message, "Your card was declined.");
    });

    await t.step("other events are acknowledged", async () => {
      assertEquals((await send({ id: "evt_o", type: "customer.created", data: { object: {} } })).status, 200);
    });

    const event = { id: "evt_bad", type: "charge.failed", data: { object: { id: "x" } } };
    const refused: [string, () => Promise<Response>][] = [
      ["a wrong secret", () => send(event, ctx.deps.now(), "whsec_wrong")],
      ["a stale timestamp (over 5 minutes)", () => send(event, new Date(ctx.deps.now().getTime() - 301_000))],
      ["no signature", () => send(event, ctx.deps.now(), secret, "")],
      ["a garbled header", () => send(event, ctx.deps.now(), secret, "t=abc,v1=")],
    ];
    for (const [name, run] of refused) {
      await t.step(`${name} is a 400 and nothing happens`, async () => {
        const res = await run();
        assertEquals(res.status, 400);
        assertEquals((await res.json()).code, "BAD_REQUEST");
      });
    }
    const seen = await ctx.database.db.selectFrom("payment_webhook_events").select("event_id").execute();
    assertEquals(seen.map((r) => r.event_id).includes("evt_bad"), false);

    await t.step("a signed body tampered with after signing is refused", async () => {
      const body = JSON.stringify(event);
      const res = await ctx.app.request(WEBHOOK, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": await signPayload(secret, body, ctx.deps.now()),
        },
        body: body.replace("charge.failed", "setup_intent.succeeded"),
      });
      assertEquals(res.status, 400);
    });

    await t.step("roles: public (the signature is the credential)", async () => {
      let n = 0;
      const bodies: string[] = [];
      const headers: string[] = [];
      for (let i = 0; i < 5; i++) {
        bodies.push(JSON.stringify({ id: `evt_role_${i}`, type: "ping", data: { object: {} } }));
        headers.push(await signPayload(secret, bodies[i], ctx.deps.now()));
      }
      // assertRoleAnswers sends JSON bodies; the signature must match the exact bytes, so sign what it sends.
      const original = ctx.request;
      ctx.request = (who, method, path, body) => {
        const i = n++;
        return original(who, method, path, body, { "Stripe-Signature": headers[i] });
      };
      try {
        await assertRoleAnswers(ctx, {
          method: "POST",
          path: WEBHOOK,
          body: () => bodies[n],
          expect: { anonymous: 200, member: 200, otherMember: 200, otherDer: 200, admin: 200 },
        });
      } finally {
        ctx.request = original;
      }
    });
  } finally {
    await ctx.close();
  }
});

Deno.test("payments: adding a card through the whole sandbox flow", async () => {
  const ctx = await createTestContext();
  try {
    const id = await addCard(ctx, await ctx.tokenFor("member"));
    assertOk(id > 0);
  } finally {
    await ctx.close();
  }
});

Deno.test("payments: in production the sandbox refuses webhooks signed with the published development secret", async () => {
  const ctx = await createTestContext();
  const event = JSON.stringify({ id: "evt_forged", type: "charge.failed", data: { object: { id: "ch_x" } } });
  const send = async (production: boolean, configured: string, signedWith: string) => {
    const config = { ...ctx.deps.config, production, sandboxWebhookSecret: configured };
    const app = createApp({ ...ctx.deps, payments: createPayments(config, ctx.database.db, ctx.deps.now) });
    const res = await app.request(WEBHOOK, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": await signPayload(signedWith, event, ctx.deps.now()),
      },
      body: event,
    });
    return [res.status, (await res.json()).code ?? "ok"];
  };
  try {
    const own = "whsec_only_this_deployment_knows";
    assertEquals(
      await send(true, DEVELOPMENT_WEBHOOK_SECRET, DEVELOPMENT_WEBHOOK_SECRET),
      [400, "BAD_REQUEST"],
      "production without a secret of its own refuses every webhook",
    );
    assertEquals(await send(true, own, DEVELOPMENT_WEBHOOK_SECRET), [400, "BAD_REQUEST"]);
    assertEquals(await send(true, own, own), [200, "ok"], "a configured secret works in production");
    const events = await ctx.database.db.selectFrom("payment_webhook_events").select("event_id").execute();
    assertEquals(events.length, 1, "only the genuine event was handled");
    assertEquals(
      await send(false, DEVELOPMENT_WEBHOOK_SECRET, DEVELOPMENT_WEBHOOK_SECRET),
      [200, "ok"],
      "outside production the development secret still works (the replay is acknowledged)",
    );
  } finally {
    await ctx.close();
  }
});
