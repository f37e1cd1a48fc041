/** The SQL of processor webhooks: the handled events, one row each, so a replay does nothing twice. */
import type { Kysely } from "kysely";
import type { DB, PaymentProvider } from "../db/types.ts";

/** Whether this event was handled before (a cheap look outside the transaction). */
export async function webhookEventSeen(
  db: Kysely<DB>,
  provider: PaymentProvider,
  eventId: string,
): Promise<boolean> {
  const row = await db.selectFrom("payment_webhook_events").select("event_id")
    .where("provider", "=", provider).where("event_id", "=", eventId).executeTakeFirst();
  return row !== undefined;
}

/** Records the event as handled; false when another request recorded it first (then do nothing). */
export async function claimWebhookEvent(
  db: Kysely<DB>,
  event: { provider: PaymentProvider; event_id: string; type: string; received_at: Date },
): Promise<boolean> {
  const fresh = await db.insertInto("payment_webhook_events").values(event)
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("event_id").executeTakeFirst();
  return fresh !== undefined;
}
