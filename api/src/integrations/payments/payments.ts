/**
 * Card payments. One interface, two implementations chosen by configuration: Stripe when STRIPE_SECRET_KEY,
 * STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are all set, otherwise the built-in sandbox processor, which
 * honours Stripe's published test card numbers so every path works with no keys and no network. Cards are
 * saved with a SetupIntent (the browser talks to the processor, never to us, with the card number) and
 * charged off-session with an idempotency key, so a retried request can never charge twice; the key is also
 * kept with the charge, so that "what happened to key K" can be asked after a crash (`lookupCharge`).
 */
import type { Kysely } from "kysely";
import { type Config, DEVELOPMENT_WEBHOOK_SECRET } from "../../config.ts";
import type { DB, PaymentProvider } from "../../db/types.ts";
import { sandboxPayments } from "./sandbox.ts";
import { stripePayments } from "./stripe.ts";

export interface PaymentCustomer {
  user_id: number;
  email: string;
  name: string;
}

/** What the processor tells us about a saved card: enough to show it, never enough to use it. */
export interface SavedCard {
  ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface SetupIntentInfo {
  id: string;
  status: string;
  /** The user the intent was created for (null when the processor's record names none). */
  user_id: number | null;
  payment_method: SavedCard | null;
}

export interface ChargeRequest {
  payment_method_ref: string;
  amount_cents: number;
  /** The same key always answers the same result and never charges twice. */
  idempotency_key: string;
  description: string;
  customer: PaymentCustomer;
}

/** A declined charge is an answer, not an exception: `message` is the processor's, for the customer. */
export type ChargeResult = { ok: true; charge_id: string } | { ok: false; code: string; message: string };

export interface RefundRequest {
  /** ChargeResult.charge_id of the charge to refund. */
  charge_id: string;
  amount_cents: number;
  idempotency_key: string;
}

/** A refused refund (already refunded elsewhere, unknown charge) is an answer, not an exception. */
export type RefundResult = { ok: true; refund_id: string } | { ok: false; message: string };

export interface WebhookEvent {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
}

/** What the web needs to render the card form (served by GET /api/config/public). */
export type PaymentsWidget = { provider: "sandbox" } | { provider: "stripe"; publishable_key: string };

export interface Payments {
  readonly provider: PaymentProvider;
  readonly widget: PaymentsWidget;
  createSetupIntent(customer: PaymentCustomer): Promise<{ id: string; client_secret: string }>;
  /** The intent, or null when the processor does not know it. */
  retrieveSetupIntent(id: string): Promise<SetupIntentInfo | null>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * What happened to the charge made with `idempotencyKey`: its result, or null when no charge was ever made
   * with it. Throws `PaymentsUnavailableError` when that cannot be told yet (no answer, or still processing).
   * Reconciliation settles the orders a crashed process left pending with it (orders/reconcile.ts).
   */
  lookupCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Refunds a succeeded charge in full (a cancelled order, decision 0030). The same key answers the same refund
   * and never refunds twice. Throws `PaymentsUnavailableError` when the processor cannot say.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Detaches a saved card from its customer so it can never be charged again; unknown cards are ignored. */
  detachPaymentMethod(ref: string): Promise<void>;
  /** The event, once its signature header is checked; throws `WebhookSignatureError` otherwise. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined, now?: Date): Promise<WebhookEvent>;
}

/** Stripe's limit on an idempotency key's length, which the sandbox's table keeps too. */
export const PROCESSOR_KEY_MAX = 255;

/**
 * The key sent to the processor for one of ours. Our keys put a prefix before the client's Idempotency-Key,
 * which may itself be 255 characters; a key past the processor's limit is sent as its SHA-256 instead. The
 * same key always maps to the same processor key, so a retry still finds its first charge.
 */
export async function processorKey(key: string): Promise<string> {
  if (key.length <= PROCESSOR_KEY_MAX) return key;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(key)));
  return `sha256-${Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** The processor could not be reached or answered something unexpected: nothing is known to have happened. */
export class PaymentsUnavailableError extends Error {}

/** An idempotency key was reused with different parameters (Stripe refuses those too). */
export class IdempotencyKeyReusedError extends Error {}

export class WebhookSignatureError extends Error {}

/** The processor the configuration asks for; a partial Stripe configuration is refused rather than guessed. */
export function createPayments(
  config: Config,
  db: Kysely<DB>,
  now: () => Date,
  fetchFn: typeof fetch = fetch,
): Payments {
  const {
    stripeSecretKey: secretKey,
    stripePublishableKey: publishableKey,
    stripeWebhookSecret: webhookSecret,
  } = config;
  if (secretKey && publishableKey && webhookSecret) {
    return stripePayments({ secretKey, publishableKey, webhookSecret }, db, fetchFn);
  }
  if (secretKey || publishableKey || webhookSecret) {
    throw new Error(
      "Set all of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or none (sandbox).",
    );
  }
  // Anyone can sign with the published development secret: in production it opens no door.
  const published = config.production && config.sandboxWebhookSecret === DEVELOPMENT_WEBHOOK_SECRET;
  return sandboxPayments(db, {
    webhookSecret: published ? null : config.sandboxWebhookSecret,
    delayMs: config.sandboxPaymentsDelayMs,
    now,
  });
}
