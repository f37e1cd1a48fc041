/**
 * Fulfilment of orders that ship (issue 24 item 5, decision 0061): a paid order holding a custody form or a
 * swab is "to ship" until an administrator marks it shipped (carrier and tracking number), then delivered.
 * Each step is one conditional update, audited in the same transaction: two administrators marking one order
 * at once apply the step once (the second is told so). Repeating the very same step (a retried request, the
 * same carrier and number) answers the order as it stands and writes nothing.
 */
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  findOrder,
  listOrders,
  markDelivered,
  markShipped,
  orderForShipping,
  type OrdersFilter,
} from "./queries.ts";
import { SHIPPING_MESSAGES } from "./schemas.ts";
import type { ListParams } from "../lib/list.ts";

const M = SHIPPING_MESSAGES;

type ShippingDeps = Pick<Deps, "database" | "now">;

async function shown(deps: ShippingDeps, id: number) {
  return (await findOrder(deps.database.db, { id }))!;
}

/** Marks the order shipped; answers the order and what to tell the administrator. */
export async function shipOrder(
  deps: ShippingDeps,
  orderId: number,
  actor: number,
  body: { carrier: string; tracking_number: string },
) {
  const { db } = deps.database;
  const order = await orderForShipping(db, orderId);
  if (!order) throw notFound("Order");
  if (!order.ships || order.status !== "completed") throw new AppError("CONFLICT", M.nothingToShip);
  if (order.shipping_status !== null) {
    const same = order.shipping_carrier === body.carrier && order.shipping_tracking === body.tracking_number;
    if (same) return { data: await shown(deps, orderId), message: M.shipped };
    throw new AppError("CONFLICT", M.alreadyShipped);
  }
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    if (
      !await markShipped(trx, orderId, { now, actor, carrier: body.carrier, tracking: body.tracking_number })
    ) {
      throw new AppError("CONFLICT", M.alreadyShipped);
    }
    await audit(trx, {
      actor,
      action: "order_shipped",
      entity: "order",
      entityId: orderId,
      detail: {
        number: order.number,
        user_id: order.user_id,
        before: { shipping: "to_ship" },
        after: { shipping: "shipped", carrier: body.carrier, tracking_number: body.tracking_number },
      },
    });
  });
  return { data: await shown(deps, orderId), message: M.shipped };
}

/** Marks a shipped order delivered; repeating it answers the order as it stands. */
export async function deliverOrder(deps: ShippingDeps, orderId: number, actor: number) {
  const { db } = deps.database;
  const order = await orderForShipping(db, orderId);
  if (!order) throw notFound("Order");
  if (!order.ships || order.status !== "completed") throw new AppError("CONFLICT", M.nothingToShip);
  if (order.shipping_status === "delivered") {
    return { data: await shown(deps, orderId), message: M.delivered };
  }
  if (order.shipping_status !== "shipped") throw new AppError("CONFLICT", M.notShipped);
  const now = deps.now();
  await db.transaction().execute(async (trx) => {
    // Another administrator marked it delivered first: the step is applied once, and this answers it.
    if (!await markDelivered(trx, orderId, { now, actor })) return;
    await audit(trx, {
      actor,
      action: "order_delivered",
      entity: "order",
      entityId: orderId,
      detail: {
        number: order.number,
        user_id: order.user_id,
        before: { shipping: "shipped" },
        after: { shipping: "delivered" },
      },
    });
  });
  return { data: await shown(deps, orderId), message: M.delivered };
}

/** The administrators' orders list. */
export function allOrders(deps: Pick<Deps, "database">, query: OrdersFilter & ListParams) {
  const { page, per_page, sort_by, sort_dir, ...filter } = query;
  return listOrders(deps.database.db, filter, { page, per_page, sort_by, sort_dir });
}
