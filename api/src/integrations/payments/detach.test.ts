import { assertEquals, assertRejects } from "../../testing/assert.ts";
import { withDatabase } from "../../testing/db.ts";
import { PaymentsUnavailableError } from "./payments.ts";
import { SANDBOX_MESSAGES, sandboxPayments, TEST_CARDS } from "./sandbox.ts";
import { stripePayments } from "./stripe.ts";

const customer = { user_id: 1, email: "pat@example.com", name: "Pat Mariner" };
const keys = { secretKey: "sk_test_123", publishableKey: "pk_test_123", webhookSecret: "whsec_123" };

Deno.test("payments: a detached card can no longer be charged", async (t) => {
  await withDatabase(async (database) => {
    await t.step("sandbox: the card leaves its customer; a charge answers resource_missing", async () => {
      const payments = sandboxPayments(database.db, {
        webhookSecret: "whsec",
        delayMs: 0,
        now: () => new Date(),
      });
      const { id, client_secret } = await payments.createSetupIntent(customer);
      await payments.confirmSetupIntent({
        client_secret,
        card_number: TEST_CARDS.success,
        exp_month: 12,
        exp_year: 2045,
        cvc: "123",
        zip: "70112",
      });
      const ref = (await payments.retrieveSetupIntent(id))!.payment_method!.ref;
      const charge = (key: string) =>
        payments.charge({
          payment_method_ref: ref,
          amount_cents: 700,
          idempotency_key: key,
          description: "t",
          customer,
        });
      assertEquals((await charge("before")).ok, true);
      await payments.detachPaymentMethod(ref);
      await payments.detachPaymentMethod(ref);
      await payments.detachPaymentMethod("pm_sbx_unknown");
      assertEquals(await charge("after"), {
        ok: false,
        code: "resource_missing",
        message: SANDBOX_MESSAGES.unknownCard,
      });
    });

    await t.step("Stripe: POST /v1/payment_methods/{id}/detach; already detached is done", async () => {
      const calls: string[] = [];
      const answerWith = (status: number) =>
        ((input: string | URL | Request, init?: RequestInit) => {
          calls.push(`${init?.method} ${new URL(String(input)).pathname}`);
          return Promise.resolve(new Response(JSON.stringify({ id: "pm_1" }), { status }));
        }) as typeof fetch;
      await stripePayments(keys, database.db, answerWith(200)).detachPaymentMethod("pm_1");
      await stripePayments(keys, database.db, answerWith(400)).detachPaymentMethod("pm_1");
      await stripePayments(keys, database.db, answerWith(200)).detachPaymentMethod("../customers");
      assertEquals(calls, ["POST /v1/payment_methods/pm_1/detach", "POST /v1/payment_methods/pm_1/detach"]);
      await assertRejects(
        () => stripePayments(keys, database.db, answerWith(500)).detachPaymentMethod("pm_1"),
        PaymentsUnavailableError,
      );
    });
  });
});
