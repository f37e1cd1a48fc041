/**
 * Stripe over its REST API with plain fetch: form-encoded bodies, `Authorization: Bearer <secret key>`, and
 * an `Idempotency-Key` on every POST so a retried request never creates a second object or charge. A card
 * error (HTTP 402) is a declined charge with Stripe's message; anything else unexpected is
 * `PaymentsUnavailableError`.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../db/types.ts";
import {
  type ChargeResult,
  IdempotencyKeyReusedError,
  type PaymentCustomer,
  type Payments,
  PaymentsUnavailableError,
  processorKey,
  type RefundResult,
  type SetupIntentInfo,
} from "./payments.ts";
import { parseEvent, verifySignature } from "./signature.ts";

export const STRIPE_API = "https://api.stripe.com";

export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/** The payment intent's metadata field that holds our idempotency key. */
export const KEY_METADATA = "apca_key";

const succeeded = (intent: Record<string, unknown>): ChargeResult => ({
  ok: true,
  charge_id: typeof intent.latest_charge === "string" ? intent.latest_charge : String(intent.id),
});

type Answer = { status: number; body: Record<string, unknown> & { error?: StripeError } };

export function stripePayments(
  keys: StripeKeys,
  db: Kysely<DB>,
  fetchFn: typeof fetch = fetch,
  timeoutMs = 20_000,
): Payments {
  async function call(
    method: "GET" | "POST",
    path: string,
    form?: Record<string, string>,
    idempotencyKey?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${keys.secretKey}`,
      "Stripe-Version": "2024-06-20",
    };
    if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    let res: Response;
    try {
      res = await fetchFn(`${STRIPE_API}${path}`, {
        method,
        headers,
        body: form ? new URLSearchParams(form).toString() : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PaymentsUnavailableError(`Stripe ${method} ${path} did not answer: ${String(error)}`);
    }
    let body: Answer["body"];
    try {
      body = await res.json();
    } catch {
      throw new PaymentsUnavailableError(`Stripe ${method} ${path} answered HTTP ${res.status} without JSON`);
    }
    return { status: res.status, body };
  }

  const fail = (what: string, answer: Answer) =>
    new PaymentsUnavailableError(
      `Stripe ${what} answered HTTP ${answer.status}: ${answer.body.error?.message ?? "no message"}`,
    );

  /** The user's Stripe customer, created once (and recorded) on first use. */
  async function customerFor(customer: PaymentCustomer): Promise<string> {
    const known = await db.selectFrom("payment_customers").select("customer_ref")
      .where("user_id", "=", customer.user_id).where("provider", "=", "stripe").executeTakeFirst();
    if (known) return known.customer_ref;
    const answer = await call("POST", "/v1/customers", {
      email: customer.email,
      name: customer.name,
      "metadata[user_id]": String(customer.user_id),
    }, `customer-user-${customer.user_id}`);
    if (answer.status !== 200 || typeof answer.body.id !== "string") throw fail("create customer", answer);
    await db.insertInto("payment_customers")
      .values({ user_id: customer.user_id, provider: "stripe", customer_ref: answer.body.id })
      .onConflict((oc) => oc.columns(["user_id", "provider"]).doNothing()).execute();
    // Of two simultaneous first uses the idempotency key gave both the same customer, so either row is right.
    return answer.body.id;
  }

  return {
    provider: "stripe",
    widget: { provider: "stripe", publishable_key: keys.publishableKey },

    async createSetupIntent(customer) {
      const answer = await call("POST", "/v1/setup_intents", {
        customer: await customerFor(customer),
        usage: "off_session",
        "payment_method_types[]": "card",
        "metadata[user_id]": String(customer.user_id),
      }, crypto.randomUUID());
      const { id, client_secret } = answer.body;
      if (answer.status !== 200 || typeof id !== "string" || typeof client_secret !== "string") {
        throw fail("create setup intent", answer);
      }
      return { id, client_secret };
    },

    async retrieveSetupIntent(id): Promise<SetupIntentInfo | null> {
      if (!/^seti_[A-Za-z0-9_]+$/.test(id)) return null;
      const answer = await call("GET", `/v1/setup_intents/${id}?expand[]=payment_method`);
      if (answer.status === 404) return null;
      if (answer.status !== 200) throw fail("retrieve setup intent", answer);
      const body = answer.body as {
        id: string;
        status: string;
        metadata?: { user_id?: string };
        payment_method?:
          | {
            id: string;
            card?: { brand: string; last4: string; exp_month: number; exp_year: number };
          }
          | string
          | null;
      };
      const pm = typeof body.payment_method === "object" ? body.payment_method : null;
      const userId = Number(body.metadata?.user_id);
      return {
        id: body.id,
        status: body.status,
        user_id: Number.isInteger(userId) && userId > 0 ? userId : null,
        payment_method: pm?.card
          ? {
            ref: pm.id,
            brand: pm.card.brand,
            last4: pm.card.last4,
            exp_month: pm.card.exp_month,
            exp_year: pm.card.exp_year,
          }
          : null,
      };
    },

    async charge(request): Promise<ChargeResult> {
      const answer = await call("POST", "/v1/payment_intents", {
        amount: String(request.amount_cents),
        currency: "usd",
        customer: await customerFor(request.customer),
        payment_method: request.payment_method_ref,
        off_session: "true",
        confirm: "true",
        description: request.description,
        "metadata[user_id]": String(request.customer.user_id),
        // What lookupCharge searches by: the intent can be found again after a crash.
        [`metadata[${KEY_METADATA}]`]: await processorKey(request.idempotency_key),
      }, await processorKey(request.idempotency_key));
      const { body } = answer;
      if (answer.status === 200 && body.status === "succeeded") return succeeded(body);
      const error = body.error;
      if (answer.status === 402 || error?.type === "card_error") {
        return {
          ok: false,
          code: error?.decline_code ?? error?.code ?? "card_declined",
          message: error?.message ?? "Your card was declined.",
        };
      }
      if (error?.type === "idempotency_error") throw new IdempotencyKeyReusedError(error.message);
      throw fail("create payment intent", answer);
    },

    async lookupCharge(key): Promise<ChargeResult | null> {
      // Search is eventually consistent (about a minute): reconciliation only asks about orders older than that.
      const sent = (await processorKey(key)).replaceAll("'", "\\'");
      const query = encodeURIComponent(`metadata['${KEY_METADATA}']:'${sent}'`);
      const answer = await call("GET", `/v1/payment_intents/search?query=${query}&limit=10`);
      if (answer.status !== 200 || !Array.isArray(answer.body.data)) {
        throw fail("search payment intents", answer);
      }
      const intents = answer.body.data as Record<string, unknown>[];
      if (intents.length === 0) return null;
      const paid = intents.find((i) => i.status === "succeeded");
      if (paid) return succeeded(paid);
      const failed = intents.find((i) => i.status === "requires_payment_method" || i.status === "canceled");
      const error = failed?.last_payment_error as StripeError | undefined;
      if (failed && error) {
        return {
          ok: false,
          code: error.decline_code ?? error.code ?? "card_declined",
          message: error.message ?? "Your card was declined.",
        };
      }
      // Processing, or waiting for an action: nothing settled yet; ask again later.
      throw new PaymentsUnavailableError(`Stripe payment intent for ${key} is ${String(intents[0].status)}`);
    },

    async refund(request): Promise<RefundResult> {
      // charge_id is the intent's latest charge (ch_…) or, for an intent without one, the intent (pi_…).
      const target: Record<string, string> = request.charge_id.startsWith("pi_")
        ? { payment_intent: request.charge_id }
        : { charge: request.charge_id };
      const answer = await call("POST", "/v1/refunds", {
        ...target,
        amount: String(request.amount_cents),
      }, await processorKey(`refund:${request.idempotency_key}`));
      if (answer.status === 200 && typeof answer.body.id === "string") {
        return { ok: true, refund_id: answer.body.id };
      }
      if (answer.body.error?.type === "idempotency_error") {
        throw new IdempotencyKeyReusedError(answer.body.error.message ?? "Refund key reused");
      }
      // e.g. charge_already_refunded: Stripe's answer, for the administrator.
      if (answer.status === 400 || answer.status === 402) {
        return { ok: false, message: answer.body.error?.message ?? "The refund was refused." };
      }
      throw fail("create refund", answer);
    },

    async detachPaymentMethod(ref) {
      if (!/^pm_[A-Za-z0-9_]+$/.test(ref)) return;
      const answer = await call("POST", `/v1/payment_methods/${ref}/detach`, {});
      // 400 resource_missing / not attached: already gone, which is what was asked for.
      if (answer.status === 200 || answer.status === 404 || answer.status === 400) return;
      throw fail("detach payment method", answer);
    },

    async verifyWebhook(rawBody, header, now) {
      await verifySignature(keys.webhookSecret, rawBody, header, now ?? new Date());
      return parseEvent(rawBody);
    },
  };
}
