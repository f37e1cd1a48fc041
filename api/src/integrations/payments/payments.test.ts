import { loadConfig } from "../../config.ts";
import { assertEquals, assertMatch, assertOk, assertRejects } from "../../testing/assert.ts";
import { createTestDatabase } from "../../testing/db.ts";
import {
  createPayments,
  IdempotencyKeyReusedError,
  PaymentsUnavailableError,
  WebhookSignatureError,
} from "./payments.ts";
import {
  cardBrand,
  type CardInput,
  luhnValid,
  SANDBOX_MESSAGES,
  sandboxPayments,
  TEST_CARDS,
} from "./sandbox.ts";
import { coverageDay } from "../../lib/dates.ts";
import { signPayload, verifySignature } from "./signature.ts";
import { STRIPE_API, stripePayments } from "./stripe.ts";

const customer = { user_id: 1, email: "pat@example.com", name: "Pat Mariner" };
// The year the sandbox reads a card's expiry against (the coverage day; its clock here is the wall clock too),
// so "last year's card" is expired even on 1 January before noon UTC.
const year = Number(coverageDay(new Date()).slice(0, 4));

async function withSandbox(
  fn: (
    p: ReturnType<typeof sandboxPayments>,
    db: Awaited<ReturnType<typeof createTestDatabase>>,
  ) => Promise<void>,
  delayMs = 0,
) {
  const database = await createTestDatabase();
  try {
    await database.db.insertInto("users").values({
      id: 1,
      email: "pat@example.com",
      password_hash: "x",
      first_name: "Pat",
      last_name: "Mariner",
    }).execute();
    await fn(
      sandboxPayments(database.db, { webhookSecret: "whsec_test", delayMs, now: () => new Date() }),
      database,
    );
  } finally {
    await database.drop();
  }
}

const card = (client_secret: string, card_number: string, more: Partial<CardInput> = {}): CardInput => ({
  client_secret,
  card_number,
  exp_month: 12,
  exp_year: year + 2,
  cvc: "123",
  zip: "70112",
  ...more,
});

Deno.test("payments: the sandbox honours Stripe's test cards", async (t) => {
  await withSandbox(async (payments, database) => {
    const setUp = async (number: string, more: Partial<CardInput> = {}) => {
      const intent = await payments.createSetupIntent(customer);
      return { intent, result: await payments.confirmSetupIntent(card(intent.client_secret, number, more)) };
    };
    const charge = async (number: string, key: string) => {
      const { intent } = await setUp(number);
      const info = await payments.retrieveSetupIntent(intent.id);
      return await payments.charge({
        payment_method_ref: info!.payment_method!.ref,
        amount_cents: 10500,
        idempotency_key: key,
        description: "APCA annual membership",
        customer,
      });
    };

    await t.step("4242 4242 4242 4242 saves and charges", async () => {
      const { intent, result } = await setUp(TEST_CARDS.success);
      assertEquals(result, { ok: true, setup_intent_id: intent.id, status: "succeeded" });
      const info = await payments.retrieveSetupIntent(intent.id);
      assertEquals(info?.status, "succeeded");
      assertEquals(info?.user_id, 1);
      assertEquals(
        { ...info!.payment_method!, ref: "-" },
        { ref: "-", brand: "visa", last4: "4242", exp_month: 12, exp_year: year + 2 },
      );
      const paid = await charge(TEST_CARDS.success, "k-success");
      assertOk(paid.ok && paid.charge_id.startsWith("ch_sbx_"));
    });

    await t.step("any other valid number succeeds too (a Mastercard)", async () => {
      assertEquals((await setUp("5555555555554444")).result?.ok, true);
    });

    const refusals: [string, string, Partial<CardInput>, string][] = [
      [
        "4000 0000 0000 0002 is declined at set-up",
        TEST_CARDS.declinedAtSetup,
        {},
        SANDBOX_MESSAGES.declined,
      ],
      ["a number failing Luhn", "4242424242424241", {}, "Your card number is incorrect."],
      ["a too-short number", "42424242", {}, "Your card number is incorrect."],
      [
        "a past expiry",
        TEST_CARDS.success,
        { exp_year: year - 1 },
        "Your card's expiration date is incorrect.",
      ],
      ["month 13", TEST_CARDS.success, { exp_month: 13 }, "Your card's expiration date is incorrect."],
      ["a two-digit CVC", TEST_CARDS.success, { cvc: "12" }, "Your card's security code is incorrect."],
      [
        "a three-digit CVC on an Amex",
        "378282246310005",
        { cvc: "123" },
        "Your card's security code is incorrect.",
      ],
      ["4000 0000 0000 0069 (expired)", TEST_CARDS.expired, {}, "Your card has expired."],
    ];
    for (const [name, number, more, message] of refusals) {
      await t.step(`${name}: '${message}'`, async () => {
        const { intent, result } = await setUp(number, more);
        assertEquals(result?.ok, false);
        assertEquals(result && !result.ok && result.message, message);
        const info = await payments.retrieveSetupIntent(intent.id);
        assertEquals(info?.status, "requires_payment_method");
        assertEquals(info?.payment_method, null);
      });
    }

    await t.step("an Amex takes a four-digit CVC", async () => {
      assertEquals((await setUp("378282246310005", { cvc: "1234" })).result?.ok, true);
    });

    const chargeFailures: [string, string, string][] = [
      ["4000 0000 0000 9995", TEST_CARDS.insufficientFunds, "Your card has insufficient funds."],
      ["4000 0000 0000 0341", TEST_CARDS.declinedOnCharge, "Your card was declined."],
      [
        "4000 0000 0000 0119",
        TEST_CARDS.processingError,
        "An error occurred while processing your card. Try again in a little bit.",
      ],
    ];
    for (const [name, number, message] of chargeFailures) {
      await t.step(`${name} saves, then every charge fails: '${message}'`, async () => {
        assertEquals((await setUp(number)).result?.ok, true);
        const result = await charge(number, `k-${name}`);
        assertEquals(result.ok, false);
        assertEquals(!result.ok && result.message, message);
      });
    }

    await t.step("an unknown client secret is null; confirming twice answers the first success", async () => {
      assertEquals(
        await payments.confirmSetupIntent(card("seti_sbx_nope_secret_x", TEST_CARDS.success)),
        null,
      );
      const { intent } = await setUp(TEST_CARDS.success);
      const again = await payments.confirmSetupIntent(card(intent.client_secret, TEST_CARDS.declinedAtSetup));
      assertEquals(again, { ok: true, setup_intent_id: intent.id, status: "succeeded" });
    });

    await t.step("another customer's card cannot be charged", async () => {
      const { intent } = await setUp(TEST_CARDS.success);
      const info = await payments.retrieveSetupIntent(intent.id);
      const result = await payments.charge({
        payment_method_ref: info!.payment_method!.ref,
        amount_cents: 100,
        idempotency_key: "k-other",
        description: "x",
        customer: { ...customer, user_id: 2 },
      });
      assertEquals(result.ok, false);
    });

    await t.step(
      "only brand, last 4, expiry and behaviour are kept: never the number or the CVC",
      async () => {
        const rows = await database.db.selectFrom("sandbox_payment_methods").selectAll().execute();
        assertOk(rows.length > 0);
        const stored = JSON.stringify([
          await database.query("select * from sandbox_payment_methods"),
          await database.query("select * from sandbox_setup_intents"),
          await database.query("select * from sandbox_charges"),
        ]);
        for (const number of Object.values(TEST_CARDS)) assertEquals(stored.includes(number), false, number);
        assertEquals(Object.keys(rows[0]).sort(), [
          "behaviour",
          "brand",
          "created_at",
          "customer_ref",
          "exp_month",
          "exp_year",
          "id",
          "last4",
        ]);
      },
    );
  });
});

Deno.test("payments: sandbox charges are idempotent by key, even when simultaneous", async () => {
  await withSandbox(async (payments, database) => {
    const intent = await payments.createSetupIntent(customer);
    await payments.confirmSetupIntent(card(intent.client_secret, TEST_CARDS.success));
    const ref = (await payments.retrieveSetupIntent(intent.id))!.payment_method!.ref;
    const request = {
      payment_method_ref: ref,
      amount_cents: 7500,
      idempotency_key: "same",
      description: "x",
      customer,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => payments.charge(request)));
    const ids = new Set(results.map((r) => r.ok ? r.charge_id : "failed"));
    assertEquals(ids.size, 1);
    assertEquals((await database.db.selectFrom("sandbox_charges").selectAll().execute()).length, 1);
    await assertRejects(() => payments.charge({ ...request, amount_cents: 9999 }), IdempotencyKeyReusedError);
    // What happened to the key: the same charge; an unknown key had none.
    assertEquals(await payments.lookupCharge("same"), results[0]);
    assertEquals(await payments.lookupCharge("never used"), null);
  }, 20);
});

Deno.test("payments: sandbox refunds in parts, once per key, never more than what is left", async () => {
  await withSandbox(async (payments, database) => {
    const intent = await payments.createSetupIntent(customer);
    await payments.confirmSetupIntent(card(intent.client_secret, TEST_CARDS.success));
    const ref = (await payments.retrieveSetupIntent(intent.id))!.payment_method!.ref;
    const paid = await payments.charge({
      payment_method_ref: ref,
      amount_cents: 10000,
      idempotency_key: "to-refund",
      description: "x",
      customer,
    });
    assertOk(paid.ok);
    const refund = (amount_cents: number, idempotency_key: string) =>
      payments.refund({ charge_id: paid.charge_id, amount_cents, idempotency_key });
    const refunded = async () =>
      (await database.db.selectFrom("sandbox_charges").select("refunded_cents").executeTakeFirstOrThrow())
        .refunded_cents;
    // Simultaneous requests with one key make one refund.
    const first = await Promise.all(Array.from({ length: 4 }, () => refund(3000, "part-1")));
    assertEquals(new Set(first.map((r) => r.ok ? r.refund_id : "refused")).size, 1);
    assertOk(first[0].ok && first[0].refund_id.startsWith("re_sbx_"));
    assertEquals(await refunded(), 3000);
    await assertRejects(() => refund(4000, "part-1"), IdempotencyKeyReusedError);
    assertEquals(await refund(7001, "too-much"), { ok: false, message: SANDBOX_MESSAGES.overRefund });
    assertEquals(await refunded(), 3000, "a refused refund refunds nothing");
    const rest = await refund(7000, "rest");
    assertOk(rest.ok);
    assertEquals(await refunded(), 10000);
    assertEquals(await refund(1, "after-all"), { ok: false, message: SANDBOX_MESSAGES.overRefund });
    assertEquals(
      await payments.refund({ charge_id: "ch_sbx_unknown", amount_cents: 1, idempotency_key: "x" }),
      { ok: false, message: SANDBOX_MESSAGES.noCharge },
    );
  }, 5);
});

Deno.test("payments: SANDBOX_PAYMENTS_DELAY_MS slows the sandbox like a real processor", async () => {
  await withSandbox(async (payments) => {
    const started = performance.now();
    await payments.createSetupIntent(customer);
    assertOk(performance.now() - started >= 45);
  }, 50);
});

Deno.test("payments: card helpers", () => {
  assertOk(luhnValid(TEST_CARDS.success) && luhnValid(TEST_CARDS.declinedAtSetup));
  assertEquals(luhnValid("4242424242424241"), false);
  assertEquals(
    ["4242424242424242", "5555555555554444", "2223003122003222", "378282246310005", "6011111111111117"].map(
      cardBrand,
    ),
    ["visa", "mastercard", "mastercard", "amex", "discover"],
  );
});

Deno.test("payments: the configuration chooses the processor; half a Stripe configuration refuses to start", async () => {
  const database = await createTestDatabase();
  try {
    const none = {
      ...loadConfig(),
      stripeSecretKey: undefined,
      stripePublishableKey: undefined,
      stripeWebhookSecret: undefined,
    };
    assertEquals(createPayments(none, database.db, () => new Date()).widget, { provider: "sandbox" });
    const all = {
      ...none,
      stripeSecretKey: "sk_test_1",
      stripePublishableKey: "pk_test_1",
      stripeWebhookSecret: "whsec_1",
    };
    assertEquals(createPayments(all, database.db, () => new Date()).widget, {
      provider: "stripe",
      publishable_key: "pk_test_1",
    });
    let error: unknown;
    try {
      createPayments({ ...none, stripeSecretKey: "sk_test_1" }, database.db, () => new Date());
    } catch (e) {
      error = e;
    }
    assertOk(error instanceof Error);
    assertMatch(error.message, /STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET/);
  } finally {
    await database.drop();
  }
});

Deno.test("payments: webhook signatures (HMAC-SHA256 of t.body, 5-minute tolerance)", async () => {
  const body = JSON.stringify({ id: "evt_1", type: "charge.failed", data: { object: {} } });
  const now = new Date("2030-01-01T12:00:00Z");
  const header = await signPayload("whsec_a", body, now);
  assertMatch(header, /^t=\d+,v1=[0-9a-f]{64}$/);
  await verifySignature("whsec_a", body, header, now);
  await verifySignature("whsec_a", body, header, new Date(now.getTime() + 299_000));
  await verifySignature("whsec_a", body, `${header},v1=${"0".repeat(64)}`, now);
  const refused = [
    ["wrong secret", "whsec_b", body, header, now],
    ["changed body", "whsec_a", body + " ", header, now],
    ["stale", "whsec_a", body, header, new Date(now.getTime() + 301_000)],
    ["from the future", "whsec_a", body, header, new Date(now.getTime() - 301_000)],
    ["missing", "whsec_a", body, undefined, now],
    ["malformed", "whsec_a", body, "v1=abc", now],
  ] as const;
  for (const [, secret, raw, h, at] of refused) {
    await assertRejects(() => verifySignature(secret, raw, h, at), WebhookSignatureError);
  }
});

/** A fetch that answers from a table of `METHOD path` → [status, body] and records every request. */
function fakeStripe(answers: Record<string, [number, unknown] | Error>) {
  const calls: { method: string; path: string; headers: Headers; form: URLSearchParams }[] = [];
  const fn = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = init?.method ?? "GET";
    calls.push({
      method,
      path: url.pathname + url.search,
      headers: new Headers(init?.headers),
      form: new URLSearchParams(String(init?.body ?? "")),
    });
    const answer = answers[`${method} ${url.pathname}`];
    if (!answer) return Promise.resolve(new Response("{}", { status: 404 }));
    if (answer instanceof Error) return Promise.reject(answer);
    return Promise.resolve(new Response(JSON.stringify(answer[1]), { status: answer[0] }));
  };
  return { fn: fn as typeof fetch, calls };
}

Deno.test("payments: the Stripe client speaks Stripe's REST API", async (t) => {
  const database = await createTestDatabase();
  const keys = { secretKey: "sk_test_123", publishableKey: "pk_test_123", webhookSecret: "whsec_123" };
  try {
    await database.db.insertInto("users").values({
      id: 1,
      email: "pat@example.com",
      password_hash: "x",
      first_name: "Pat",
      last_name: "Mariner",
    }).execute();

    await t.step(
      "a setup intent: the customer is created once, with form bodies and idempotency keys",
      async () => {
        const stripe = fakeStripe({
          "POST /v1/customers": [200, { id: "cus_1" }],
          "POST /v1/setup_intents": [200, { id: "seti_1", client_secret: "seti_1_secret_x" }],
        });
        const payments = stripePayments(keys, database.db, stripe.fn);
        assertEquals(await payments.createSetupIntent(customer), {
          id: "seti_1",
          client_secret: "seti_1_secret_x",
        });
        assertEquals(await payments.createSetupIntent(customer), {
          id: "seti_1",
          client_secret: "seti_1_secret_x",
        });
        assertEquals(stripe.calls.map((c) => `${c.method} ${c.path}`), [
          "POST /v1/customers",
          "POST /v1/setup_intents",
          "POST /v1/setup_intents",
        ]);
        const [create, setup] = stripe.calls;
        assertEquals(create.headers.get("Authorization"), "Bearer sk_test_123");
        assertEquals(create.headers.get("Content-Type"), "application/x-www-form-urlencoded");
        assertEquals(create.headers.get("Idempotency-Key"), "customer-user-1");
        assertEquals(create.form.get("email"), "pat@example.com");
        assertEquals(setup.form.get("customer"), "cus_1");
        assertEquals(setup.form.get("usage"), "off_session");
        assertEquals(setup.form.get("metadata[user_id]"), "1");
        assertOk(setup.headers.get("Idempotency-Key"));
      },
    );

    await t.step("retrieving a setup intent reads the card and the user", async () => {
      const stripe = fakeStripe({
        "GET /v1/setup_intents/seti_1": [200, {
          id: "seti_1",
          status: "succeeded",
          metadata: { user_id: "1" },
          payment_method: {
            id: "pm_1",
            card: { brand: "visa", last4: "4242", exp_month: 4, exp_year: 2031 },
          },
        }],
      });
      const payments = stripePayments(keys, database.db, stripe.fn);
      assertEquals(await payments.retrieveSetupIntent("seti_1"), {
        id: "seti_1",
        status: "succeeded",
        user_id: 1,
        payment_method: { ref: "pm_1", brand: "visa", last4: "4242", exp_month: 4, exp_year: 2031 },
      });
      assertEquals(stripe.calls[0].path, "/v1/setup_intents/seti_1?expand[]=payment_method");
      assertEquals(await payments.retrieveSetupIntent("seti_unknown"), null);
      assertEquals(await payments.retrieveSetupIntent("../v1/charges"), null);
    });

    const chargeRequest = {
      payment_method_ref: "pm_1",
      amount_cents: 10500,
      idempotency_key: "membership:u1:attempt:1",
      description: "APCA annual membership",
      customer,
    };

    await t.step("a charge is a confirmed off-session PaymentIntent with our idempotency key", async () => {
      const stripe = fakeStripe({
        "POST /v1/payment_intents": [200, { id: "pi_1", status: "succeeded", latest_charge: "ch_1" }],
      });
      const payments = stripePayments(keys, database.db, stripe.fn);
      assertEquals(await payments.charge(chargeRequest), { ok: true, charge_id: "ch_1" });
      const call = stripe.calls[0];
      assertEquals(call.headers.get("Idempotency-Key"), "membership:u1:attempt:1");
      assertEquals(Object.fromEntries(call.form), {
        amount: "10500",
        currency: "usd",
        customer: "cus_1",
        payment_method: "pm_1",
        off_session: "true",
        confirm: "true",
        description: "APCA annual membership",
        "metadata[user_id]": "1",
        "metadata[apca_key]": "membership:u1:attempt:1",
      });
    });

    await t.step(
      "what happened to key K: a search of the payment intents by the key's metadata",
      async () => {
        const answer = (data: unknown[]) =>
          stripePayments(
            keys,
            database.db,
            fakeStripe({ "GET /v1/payment_intents/search": [200, { data }] }).fn,
          )
            .lookupCharge("apca-store-1");
        const stripe = fakeStripe({ "GET /v1/payment_intents/search": [200, { data: [] }] });
        assertEquals(await stripePayments(keys, database.db, stripe.fn).lookupCharge("apca-store-1"), null);
        assertEquals(
          new URL(`https://x${stripe.calls[0].path}`).searchParams.get("query"),
          "metadata['apca_key']:'apca-store-1'",
        );
        assertEquals(await answer([{ id: "pi_1", status: "succeeded", latest_charge: "ch_1" }]), {
          ok: true,
          charge_id: "ch_1",
        });
        assertEquals(
          await answer([{
            id: "pi_2",
            status: "requires_payment_method",
            last_payment_error: { code: "card_declined", message: "Your card was declined." },
          }]),
          { ok: false, code: "card_declined", message: "Your card was declined." },
        );
        // Still processing: nothing can be settled yet.
        await assertRejects(() => answer([{ id: "pi_3", status: "processing" }]), PaymentsUnavailableError);
      },
    );

    await t.step("a card error (402) is a decline with Stripe's message", async () => {
      const stripe = fakeStripe({
        "POST /v1/payment_intents": [402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: "Your card has insufficient funds.",
          },
        }],
      });
      assertEquals(await stripePayments(keys, database.db, stripe.fn).charge(chargeRequest), {
        ok: false,
        code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      });
    });

    await t.step("an outage, a 500 or a reused key is an exception, not a decline", async () => {
      const down = fakeStripe({ "POST /v1/payment_intents": new TypeError("connection refused") });
      await assertRejects(
        () => stripePayments(keys, database.db, down.fn).charge(chargeRequest),
        PaymentsUnavailableError,
      );
      const broken = fakeStripe({ "POST /v1/payment_intents": [500, { error: { type: "api_error" } }] });
      await assertRejects(
        () => stripePayments(keys, database.db, broken.fn).charge(chargeRequest),
        PaymentsUnavailableError,
      );
      const reused = fakeStripe({
        "POST /v1/payment_intents": [400, {
          error: {
            type: "idempotency_error",
            message: "Keys for idempotent requests can only be used with the same parameters",
          },
        }],
      });
      await assertRejects(
        () => stripePayments(keys, database.db, reused.fn).charge(chargeRequest),
        IdempotencyKeyReusedError,
      );
    });

    await t.step("a refund names the charge (or the intent), the amount and a key of its own", async () => {
      const stripe = fakeStripe({ "POST /v1/refunds": [200, { id: "re_1", status: "succeeded" }] });
      const payments = stripePayments(keys, database.db, stripe.fn);
      const request = { charge_id: "ch_1", amount_cents: 1400, idempotency_key: "order-7-cancel" };
      assertEquals(await payments.refund(request), { ok: true, refund_id: "re_1" });
      await payments.refund({ ...request, charge_id: "pi_9" });
      const [byCharge, byIntent] = stripe.calls;
      assertEquals([byCharge.form.get("charge"), byCharge.form.get("amount")], ["ch_1", "1400"]);
      assertEquals(byIntent.form.get("payment_intent"), "pi_9");
      assertEquals(byCharge.headers.get("Idempotency-Key"), byIntent.headers.get("Idempotency-Key"));
      assertOk(byCharge.headers.get("Idempotency-Key"));
      const refused = fakeStripe({
        "POST /v1/refunds": [400, {
          error: { type: "invalid_request_error", message: "Charge ch_1 has already been refunded." },
        }],
      });
      assertEquals(await stripePayments(keys, database.db, refused.fn).refund(request), {
        ok: false,
        message: "Charge ch_1 has already been refunded.",
      });
      const reused = fakeStripe({
        "POST /v1/refunds": [400, { error: { type: "idempotency_error", message: "Key reused" } }],
      });
      await assertRejects(
        () => stripePayments(keys, database.db, reused.fn).refund(request),
        IdempotencyKeyReusedError,
      );
      const down = fakeStripe({ "POST /v1/refunds": [500, { error: { type: "api_error" } }] });
      await assertRejects(
        () => stripePayments(keys, database.db, down.fn).refund(request),
        PaymentsUnavailableError,
      );
    });

    await t.step("webhooks are checked with the webhook secret", async () => {
      const payments = stripePayments(keys, database.db, fakeStripe({}).fn);
      const body = JSON.stringify({
        id: "evt_1",
        type: "setup_intent.succeeded",
        data: { object: { id: "seti_1" } },
      });
      const now = new Date();
      assertEquals(
        (await payments.verifyWebhook(body, await signPayload("whsec_123", body, now), now)).id,
        "evt_1",
      );
      await assertRejects(
        async () => await payments.verifyWebhook(body, await signPayload("whsec_other", body, now), now),
        WebhookSignatureError,
      );
    });
    assertEquals(STRIPE_API, "https://api.stripe.com");
  } finally {
    await database.drop();
  }
});
