/**
 * The processor's side of payments: the sandbox's card form endpoint (what Stripe.js calls on Stripe's
 * servers; 404 when Stripe is configured) and the signed webhook endpoint.
 */
import { Hono } from "hono";
import { isSandbox } from "../integrations/payments/sandbox.ts";
import { WebhookSignatureError } from "../integrations/payments/payments.ts";
import { allow } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { describe, validate } from "../lib/route.ts";
import {
  ConfirmSetupIntentBody,
  ConfirmSetupIntentResponse,
  parseExpiry,
  WebhookResponse,
} from "./schemas.ts";
import { handleWebhookEvent } from "./webhooks.ts";

export const paymentsRoutes = new Hono<AppEnv>()
  .post(
    "/payments/sandbox/setup-intents/confirm",
    allow("public"),
    describe({
      summary: "Sandbox processor: confirm a SetupIntent with a card",
      description: "Only in sandbox mode (404 with Stripe). Honours Stripe's test cards: 4242424242424242 " +
        "succeeds, 4000000000000002 is declined, 4000000000009995 / 4000000000000341 / 4000000000000119 save " +
        "but fail when charged. Only brand, last 4 and expiry are kept.",
      tags: ["Payments"],
      response: ConfirmSetupIntentResponse,
      errors: { 402: "The card was refused: error is the processor's message", 404: "Unknown client secret" },
    }),
    validate("json", ConfirmSetupIntentBody),
    async (c) => {
      const { payments } = c.var.deps;
      if (!isSandbox(payments)) {
        throw new AppError("ROUTE_NOT_FOUND", `There is no endpoint ${c.req.method} ${c.req.path}.`);
      }
      const body = c.req.valid("json");
      const result = await payments.confirmSetupIntent({ ...body, ...parseExpiry(body.exp) });
      if (!result) throw new AppError("NOT_FOUND", "Setup intent not found.");
      if (!result.ok) throw new AppError("CARD_DECLINED", result.message);
      return c.json({ setup_intent_id: result.setup_intent_id, status: result.status }, 200);
    },
  )
  .post(
    "/webhooks/stripe",
    allow("public"),
    describe({
      summary: "Processor webhook (Stripe-Signature checked; each event id handled once)",
      description: "Handles setup_intent.succeeded (saves the card if not yet saved) and charge.failed / " +
        "payment_intent.payment_failed (audited); other events are acknowledged.",
      tags: ["Payments"],
      response: WebhookResponse,
      errors: { 400: "Missing, malformed, stale or wrong signature" },
    }),
    async (c) => {
      const { deps } = c.var;
      const raw = await c.req.text();
      let event;
      try {
        event = await deps.payments.verifyWebhook(raw, c.req.header("Stripe-Signature"), deps.now());
      } catch (error) {
        if (!(error instanceof WebhookSignatureError)) throw error;
        throw new AppError("BAD_REQUEST", `Webhook refused: ${error.message}`);
      }
      const { duplicate } = await handleWebhookEvent(deps, event);
      return c.json(duplicate ? { received: true, duplicate: true } : { received: true }, 200);
    },
  );
