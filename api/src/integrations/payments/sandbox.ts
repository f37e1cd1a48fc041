/**
 * The built-in sandbox processor: behaves like Stripe in test mode, with no keys and no network. Its own
 * state (set-up intents, saved cards, charges) lives in sandbox_* tables, standing in for Stripe's servers.
 * The card form posts the number to POST /api/payments/sandbox/setup-intents/confirm (what Stripe.js does
 * against Stripe); only brand, last 4, expiry and the behaviour the test number asks for are kept.
 */
import type { Kysely, Selectable } from "kysely";
import type { DB, SandboxCardBehaviour } from "../../db/types.ts";
import { coverageDay } from "../../lib/dates.ts";
import type { ChargeResult, Payments, RefundResult, SavedCard, SetupIntentInfo } from "./payments.ts";
import { IdempotencyKeyReusedError, processorKey, WebhookSignatureError } from "./payments.ts";
import { parseEvent, verifySignature } from "./signature.ts";

/** The processor's messages, as Stripe words them. */
export const SANDBOX_MESSAGES = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  processingError: "An error occurred while processing your card. Try again in a little bit.",
  incorrectNumber: "Your card number is incorrect.",
  invalidExpiry: "Your card's expiration date is incorrect.",
  expired: "Your card has expired.",
  incorrectCvc: "Your card's security code is incorrect.",
  unknownCard: "This card is no longer available. Please add it again.",
  noCharge: "There is no succeeded charge to refund.",
  overRefund: "A refund cannot be larger than what is left of the charge.",
} as const;

/** Thrown inside the refund's transaction to roll it back: the amount is more than what is left. */
class OverRefund extends Error {}

/** Stripe's published test numbers that the sandbox honours; any other valid number succeeds. */
export const TEST_CARDS = {
  success: "4242424242424242",
  declinedAtSetup: "4000000000000002",
  insufficientFunds: "4000000000009995",
  declinedOnCharge: "4000000000000341",
  processingError: "4000000000000119",
  expired: "4000000000000069",
  incorrectCvc: "4000000000000127",
} as const;

const CHARGE_BEHAVIOUR: Record<string, SandboxCardBehaviour> = {
  [TEST_CARDS.insufficientFunds]: "insufficient_funds",
  [TEST_CARDS.declinedOnCharge]: "card_declined",
  [TEST_CARDS.processingError]: "processing_error",
};

const CHARGE_FAILURE: Record<Exclude<SandboxCardBehaviour, "succeed">, { code: string; message: string }> = {
  insufficient_funds: { code: "insufficient_funds", message: SANDBOX_MESSAGES.insufficientFunds },
  card_declined: { code: "card_declined", message: SANDBOX_MESSAGES.declined },
  processing_error: { code: "processing_error", message: SANDBOX_MESSAGES.processingError },
};

export interface CardInput {
  client_secret: string;
  /** Digits only (the route strips spaces and dashes). */
  card_number: string;
  exp_month: number;
  /** Four digits. */
  exp_year: number;
  cvc: string;
  zip: string;
}

export type ConfirmResult =
  | { ok: true; setup_intent_id: string; status: "succeeded" }
  | { ok: false; code: string; message: string };

export interface SandboxPayments extends Payments {
  readonly provider: "sandbox";
  /** Confirms a set-up intent with a card, as Stripe.js would; null when the client secret is unknown. */
  confirmSetupIntent(input: CardInput): Promise<ConfirmResult | null>;
}

export const isSandbox = (payments: Payments): payments is SandboxPayments =>
  payments.provider === "sandbox" && "confirmSetupIntent" in payments;

/** Luhn's checksum, which every real card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  if (/^35/.test(digits)) return "jcb";
  if (/^3(0|6|8)/.test(digits)) return "diners";
  return "unknown";
}

const randomId = (prefix: string) => `${prefix}${crypto.randomUUID().replaceAll("-", "").slice(0, 24)}`;
const customerRef = (userId: number) => `cus_sbx_${userId}`;
/** The customer_ref of a detached card: no user's customer reference looks like it. */
const DETACHED = "detached";
const userOf = (ref: string) => {
  const m = /^cus_sbx_(\d+)$/.exec(ref);
  return m ? Number(m[1]) : null;
};

/** Why a card cannot be saved, checked in the order Stripe checks; null when it can. */
function refuseCard(input: CardInput, now: Date): { code: string; message: string } | null {
  const { card_number: number } = input;
  if (number.length < 13 || number.length > 19 || !luhnValid(number)) {
    return { code: "incorrect_number", message: SANDBOX_MESSAGES.incorrectNumber };
  }
  if (input.exp_month < 1 || input.exp_month > 12) {
    return { code: "invalid_expiry_month", message: SANDBOX_MESSAGES.invalidExpiry };
  }
  // A card is good through its expiry month anywhere on earth: the coverage day's month (lib/dates.ts).
  const [year, month] = coverageDay(now).split("-").map(Number);
  if (input.exp_year * 12 + input.exp_month < year * 12 + month || input.exp_year > year + 50) {
    return { code: "invalid_expiry_year", message: SANDBOX_MESSAGES.invalidExpiry };
  }
  const cvcLength = cardBrand(number) === "amex" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc)) {
    return { code: "incorrect_cvc", message: SANDBOX_MESSAGES.incorrectCvc };
  }
  if (number === TEST_CARDS.declinedAtSetup) {
    return { code: "card_declined", message: SANDBOX_MESSAGES.declined };
  }
  if (number === TEST_CARDS.expired) return { code: "expired_card", message: SANDBOX_MESSAGES.expired };
  if (number === TEST_CARDS.incorrectCvc) {
    return { code: "incorrect_cvc", message: SANDBOX_MESSAGES.incorrectCvc };
  }
  return null;
}

export function sandboxPayments(
  db: Kysely<DB>,
  /** `webhookSecret` null refuses every webhook (production without a secret of its own). */
  options: { webhookSecret: string | null; delayMs: number; now: () => Date },
): SandboxPayments {
  const latency = () =>
    options.delayMs > 0 ? new Promise((r) => setTimeout(r, options.delayMs)) : Promise.resolve();

  const toCard = (pm: { id: string; brand: string; last4: string; exp_month: number; exp_year: number }) =>
    ({
      ref: pm.id,
      brand: pm.brand,
      last4: pm.last4,
      exp_month: pm.exp_month,
      exp_year: pm.exp_year,
    }) satisfies SavedCard;

  return {
    provider: "sandbox",
    widget: { provider: "sandbox" },

    async createSetupIntent(customer) {
      await latency();
      const id = randomId("seti_sbx_");
      const client_secret = `${id}_secret_${crypto.randomUUID().replaceAll("-", "")}`;
      await db.insertInto("sandbox_setup_intents")
        .values({ id, client_secret, customer_ref: customerRef(customer.user_id), created_at: options.now() })
        .execute();
      return { id, client_secret };
    },

    async retrieveSetupIntent(id): Promise<SetupIntentInfo | null> {
      const row = await db.selectFrom("sandbox_setup_intents as si")
        .leftJoin("sandbox_payment_methods as pm", "pm.id", "si.payment_method_id")
        .select([
          "si.id",
          "si.status",
          "si.customer_ref",
          "pm.id as pm_id",
          "pm.brand",
          "pm.last4",
          "pm.exp_month",
          "pm.exp_year",
        ])
        .where("si.id", "=", id).executeTakeFirst();
      if (!row) return null;
      const card = row.pm_id && row.brand && row.last4 && row.exp_month && row.exp_year
        ? toCard({
          id: row.pm_id,
          brand: row.brand,
          last4: row.last4,
          exp_month: row.exp_month,
          exp_year: row.exp_year,
        })
        : null;
      return { id: row.id, status: row.status, user_id: userOf(row.customer_ref), payment_method: card };
    },

    async confirmSetupIntent(input) {
      await latency();
      const intent = await db.selectFrom("sandbox_setup_intents").selectAll()
        .where("client_secret", "=", input.client_secret).executeTakeFirst();
      if (!intent) return null;
      // Confirming twice (a double click) answers the first success again rather than an error.
      if (intent.status === "succeeded") return { ok: true, setup_intent_id: intent.id, status: "succeeded" };
      const now = options.now();
      const refusal = refuseCard(input, now);
      if (refusal) {
        await db.updateTable("sandbox_setup_intents").set({ last_error: refusal.message })
          .where("id", "=", intent.id).execute();
        return { ok: false, ...refusal };
      }
      const pmId = randomId("pm_sbx_");
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("sandbox_payment_methods").values({
          id: pmId,
          customer_ref: intent.customer_ref,
          brand: cardBrand(input.card_number),
          last4: input.card_number.slice(-4),
          exp_month: input.exp_month,
          exp_year: input.exp_year,
          behaviour: CHARGE_BEHAVIOUR[input.card_number] ?? "succeed",
          created_at: now,
        }).execute();
        await trx.updateTable("sandbox_setup_intents")
          .set({ status: "succeeded", payment_method_id: pmId, confirmed_at: now, last_error: null })
          .where("id", "=", intent.id).where("status", "=", "requires_payment_method").execute();
      });
      return { ok: true, setup_intent_id: intent.id, status: "succeeded" };
    },

    async charge(request): Promise<ChargeResult> {
      await latency();
      const replay = (charge: Selectable<DB["sandbox_charges"]>): ChargeResult => {
        if (
          charge.payment_method_id !== request.payment_method_ref ||
          charge.amount_cents !== request.amount_cents
        ) {
          throw new IdempotencyKeyReusedError(
            `Idempotency key ${request.idempotency_key} was used for a different charge.`,
          );
        }
        return charge.status === "succeeded"
          ? { ok: true, charge_id: charge.id }
          : { ok: false, code: charge.failure_code!, message: charge.failure_message! };
      };
      // The processor keeps the key as processorKey makes it (what Stripe is sent too).
      const key = await processorKey(request.idempotency_key);
      const byKey = () =>
        db.selectFrom("sandbox_charges").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
      // Like Stripe, a key already used answers its first result, even if the card was detached since.
      const known = await byKey();
      if (known) return replay(known);
      const pm = await db.selectFrom("sandbox_payment_methods").selectAll()
        .where("id", "=", request.payment_method_ref)
        .where("customer_ref", "=", customerRef(request.customer.user_id))
        .executeTakeFirst();
      if (!pm) return { ok: false, code: "resource_missing", message: SANDBOX_MESSAGES.unknownCard };
      const failure = pm.behaviour === "succeed" ? null : CHARGE_FAILURE[pm.behaviour];
      // The unique key decides: of two simultaneous requests with one key, one inserts and the other reads it.
      const inserted = await db.insertInto("sandbox_charges").values({
        id: randomId("ch_sbx_"),
        idempotency_key: key,
        payment_method_id: pm.id,
        customer_ref: pm.customer_ref,
        amount_cents: request.amount_cents,
        description: request.description,
        status: failure ? "failed" : "succeeded",
        failure_code: failure?.code ?? null,
        failure_message: failure?.message ?? null,
        created_at: options.now(),
      }).onConflict((oc) => oc.column("idempotency_key").doNothing()).returningAll().executeTakeFirst();
      return replay(inserted ?? (await byKey())!);
    },

    async lookupCharge(key): Promise<ChargeResult | null> {
      await latency();
      const charge = await db.selectFrom("sandbox_charges").selectAll()
        .where("idempotency_key", "=", await processorKey(key)).executeTakeFirst();
      if (!charge) return null;
      return charge.status === "succeeded"
        ? { ok: true, charge_id: charge.id }
        : { ok: false, code: charge.failure_code!, message: charge.failure_message! };
    },

    async refund(request): Promise<RefundResult> {
      await latency();
      // Like Stripe: refunds in parts, never more than what is left of the charge; the same key answers the
      // refund it made (another request with it is refused), and a refund's row and its amount on the charge
      // are written together.
      const key = await processorKey(`refund:${request.idempotency_key}`);
      const charge = await db.selectFrom("sandbox_charges").select(["status", "amount_cents"])
        .where("id", "=", request.charge_id).executeTakeFirst();
      if (!charge || charge.status !== "succeeded") return { ok: false, message: SANDBOX_MESSAGES.noCharge };
      const made = async () => {
        const row = await db.selectFrom("sandbox_refunds").selectAll().where("idempotency_key", "=", key)
          .executeTakeFirst();
        if (!row) return null;
        if (row.charge_id !== request.charge_id || row.amount_cents !== request.amount_cents) {
          throw new IdempotencyKeyReusedError(
            "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          );
        }
        return { ok: true as const, refund_id: row.id };
      };
      const earlier = await made();
      if (earlier) return earlier;
      const refundId = `re_sbx_${crypto.randomUUID().replaceAll("-", "")}`;
      try {
        return await db.transaction().execute(async (trx) => {
          await trx.insertInto("sandbox_refunds").values({
            id: refundId,
            charge_id: request.charge_id,
            idempotency_key: key,
            amount_cents: request.amount_cents,
          }).execute();
          const within = await trx.updateTable("sandbox_charges")
            .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", request.amount_cents) }))
            .where("id", "=", request.charge_id)
            .where((eb) => eb(eb("refunded_cents", "+", request.amount_cents), "<=", eb.ref("amount_cents")))
            .returning("id").executeTakeFirst();
          if (!within) throw new OverRefund();
          return { ok: true as const, refund_id: refundId };
        });
      } catch (error) {
        if (error instanceof OverRefund) return { ok: false, message: SANDBOX_MESSAGES.overRefund };
        // A simultaneous request with the same key made it: answer that one.
        const other = await made();
        if (other) return other;
        throw error;
      }
    },

    async detachPaymentMethod(ref) {
      await latency();
      // Like Stripe, a detached card belongs to no customer, so a later charge on it answers resource_missing.
      await db.updateTable("sandbox_payment_methods").set({ customer_ref: DETACHED })
        .where("id", "=", ref).execute();
    },

    async verifyWebhook(rawBody, header, now) {
      if (options.webhookSecret === null) {
        throw new WebhookSignatureError(
          "sandbox webhooks are off in production until SANDBOX_WEBHOOK_SECRET is set",
        );
      }
      await verifySignature(options.webhookSecret, rawBody, header, now ?? options.now());
      return parseEvent(rawBody);
    },
  };
}
