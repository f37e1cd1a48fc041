/**
 * An administrator cancels an unfulfilled order (admin spec §2 order detail, issue 13): a paid store order
 * (membership and compliance-kit orders are fulfilled the moment they are paid). A card order is refunded in
 * full through the payments adapter first, with a key of the order's own, so a retried cancel never refunds
 * twice; then the order is marked cancelled and refunded, its store notification says order_cancelled, and it
 * is audited, in one transaction (decision 0030). A manual payment was taken outside the processor, so nothing
 * is refunded here.
 */
import { audit, changedFields } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { markOrderCancelled } from "../notifications/notify.ts";
import { findOrder, markCancelled, orderForCancel } from "./queries.ts";
import { ORDER_MESSAGES } from "./schemas.ts";

export async function cancelOrder(
  deps: Pick<Deps, "database" | "now" | "payments">,
  orderId: number,
  actor: number,
  ip: string | null,
) {
  const { db } = deps.database;
  const order = await orderForCancel(db, orderId);
  if (!order) throw notFound("Order");
  if (order.kind !== "store" || order.status !== "completed") {
    throw new AppError("CONFLICT", ORDER_MESSAGES.notCancellable);
  }
  let refundId: string | null = null;
  if (order.payment_type === "card" && order.processor_charge_id) {
    const refund = await deps.payments.refund({
      charge_id: order.processor_charge_id,
      amount_cents: order.total_cents,
      idempotency_key: `order-${order.id}-cancel`,
    });
    if (!refund.ok) throw new AppError("PAYMENT_DECLINED", refund.message);
    refundId = refund.refund_id;
  }
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    if (!await markCancelled(trx, order.id, { now, actor, refundId })) {
      throw new AppError("CONFLICT", ORDER_MESSAGES.notCancellable);
    }
    await markOrderCancelled(trx, order.id);
    await audit(trx, {
      actor,
      action: "order_cancelled",
      entity: "order",
      entityId: order.id,
      detail: {
        refund_id: refundId,
        amount_cents: order.total_cents,
        user_id: order.user_id,
        completed_at: order.completed_at?.toISOString() ?? null,
        changes: changedFields({ status: "completed" }, { status: "cancelled" }),
      },
      ip,
    });
  });
}

/** Cancels the order (cancelOrder) and answers it as it now stands. */
export async function cancelOrderAndShow(
  deps: Pick<Deps, "database" | "now" | "payments">,
  orderId: number,
  actor: number,
  ip: string | null,
) {
  await cancelOrder(deps, orderId, actor, ip);
  return (await findOrder(deps.database.db, { id: orderId }))!;
}
