/**
 * Processor webhooks. Each event id is handled once: its row in payment_webhook_events is written in the same
 * transaction as what the event changes, so a replay (Stripe retries, or an attacker resending a captured
 * request within the signature tolerance) is acknowledged without doing anything twice.
 */
import type { Deps } from "../lib/context.ts";
import { audit } from "../lib/audit.ts";
import type { SetupIntentInfo, WebhookEvent } from "../integrations/payments/payments.ts";
import { saveCard } from "../payment-methods/service.ts";
import { claimWebhookEvent, webhookEventSeen } from "./queries.ts";

const FAILED_PAYMENT_EVENTS = new Set(["charge.failed", "payment_intent.payment_failed"]);

const text = (v: unknown): string | null => typeof v === "string" ? v : null;

function failureMessage(object: Record<string, unknown>): string | null {
  const last = object.last_payment_error as { message?: unknown } | undefined;
  return text(object.failure_message) ?? text(last?.message);
}

/** Handles one verified event; `duplicate` when it was handled before. */
export async function handleWebhookEvent(
  deps: Pick<Deps, "database" | "payments" | "now">,
  event: WebhookEvent,
): Promise<{ duplicate: boolean }> {
  const { db } = deps.database;
  const { provider } = deps.payments;
  if (await webhookEventSeen(db, provider, event.id)) return { duplicate: true };

  // Asked before the transaction: the processor call must not hold a database connection open.
  let intent: SetupIntentInfo | null = null;
  if (event.type === "setup_intent.succeeded") {
    const id = text(event.data.object.id);
    intent = id ? await deps.payments.retrieveSetupIntent(id) : null;
  }

  return await db.transaction().execute(async (trx) => {
    const fresh = await claimWebhookEvent(trx, {
      provider,
      event_id: event.id,
      type: event.type,
      received_at: deps.now(),
    });
    if (!fresh) return { duplicate: true };
    if (intent?.status === "succeeded" && intent.user_id && intent.payment_method) {
      await saveCard(trx, provider, { user_id: intent.user_id }, intent.payment_method);
    } else if (FAILED_PAYMENT_EVENTS.has(event.type)) {
      const object = event.data.object;
      const metadata = object.metadata as Record<string, unknown> | undefined;
      await audit(trx, {
        actor: null,
        action: "payment_failed",
        entity: "payment",
        entityId: text(object.id),
        detail: {
          event_id: event.id,
          event_type: event.type,
          message: failureMessage(object),
          amount_cents: typeof object.amount === "number" ? object.amount : null,
          user_id: metadata?.user_id ?? null,
        },
      });
      console.warn(
        JSON.stringify({ level: "warn", event: "payment_failed", id: object.id, type: event.type }),
      );
    }
    return { duplicate: false };
  });
}
