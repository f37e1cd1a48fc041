/**
 * The one writer of the notifications table (docs/decisions/0019-notification-writer.md). Every domain that
 * tells the administrators something calls `notify(trx, ...)` inside its own transaction, so the notification
 * exists exactly when the change it reports does; a test fails when other code writes the table.
 */
import { sql, type Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import type { Notification } from "./kinds.ts";

/** The columns a notification links to, read off its kind (absent links stay null). */
function links(n: Notification) {
  return {
    user_id: "userId" in n ? n.userId : null,
    business_id: "businessId" in n ? n.businessId : null,
    vessel_id: "vesselId" in n ? n.vesselId : null,
    order_id: "orderId" in n ? n.orderId : null,
    membership_id: "membershipId" in n ? n.membershipId : null,
    membership_pause_id: "membershipPauseId" in n ? n.membershipPauseId : null,
  };
}

/** Writes one notification (and, for a registration, its progress row); answers its id. */
export async function notify(trx: Transaction<DB>, n: Notification): Promise<number> {
  const { id } = await trx.insertInto("notifications").values({
    type: n.type,
    meta: { ...n.meta },
    trigger_user_id: n.triggerUserId,
    ...links(n),
    ...(n.at ? { created_at: n.at } : {}),
  }).returning("id").executeTakeFirstOrThrow();
  if (n.type === "REGISTRATION") {
    await trx.insertInto("registration_notifications").values({
      notification_id: id,
      kind: n.meta.kind,
      user_id: n.userId,
      business_id: n.businessId,
      business_approved_at: n.businessApprovedAt,
    }).execute();
  }
  return id;
}

/** Marks the pause notifications of these membership pauses as resumed at `at` (their meta's resumed_at). */
export async function markPausesResumed(trx: Transaction<DB>, pauseIds: number[], at: Date): Promise<void> {
  if (!pauseIds.length) return;
  await trx.updateTable("notifications")
    .set({ meta: sql`meta || jsonb_build_object('resumed_at', cast(${at.toISOString()} as text))` })
    .where("type", "=", "MEMBERSHIP_PAUSED").where("membership_pause_id", "in", pauseIds).execute();
}

/**
 * Records an administrator's decision on a change request (approved or refused) at `at`; false when the
 * notification was not an open, undecided change of that type (someone decided it first).
 */
export async function decideChange(
  trx: Transaction<DB>,
  id: number,
  type: "UPDATE_BUSINESS" | "UPDATE_USER" | "UPDATE_VESSEL",
  decision: { approved: boolean; by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("notifications")
    .set({ approved: decision.approved, decided_at: decision.at, decided_by_user_id: decision.by })
    .where("id", "=", id).where("type", "=", type).where("approved", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the store notification of a cancelled order (admin spec §3 "Order notification": order_cancelled). */
export async function markOrderCancelled(trx: Transaction<DB>, orderId: number): Promise<void> {
  await trx.updateTable("notifications")
    .set({ meta: sql`meta || jsonb_build_object('order_cancelled', true, 'order_completed', false)` })
    .where("type", "=", "NEW_ORDER").where("order_id", "=", orderId).execute();
}
