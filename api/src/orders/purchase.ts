/**
 * Buying store items: the checkout of a member, and an administrator's manual order for a user (a card charge
 * or a payment taken elsewhere). Prices come from the catalogue, never from the client; the money moves
 * through the one money path (pay.ts), keyed by the request's Idempotency-Key header (a fresh key per request
 * without one, so clients must send the header to be safe from double submits).
 */
import type { Kysely } from "kysely";
import type { DB, PaymentMedium } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { AppError, invalid, type Issue } from "../lib/errors.ts";
import { notify } from "../notifications/notify.ts";
import { chargeableCard, type Fulfilment, orderKey, type PaymentSource, payOrDecline } from "./pay.ts";
import { activeItems, findOrder, memberName } from "./queries.ts";
import { MAX_QUANTITY, ORDER_MESSAGES } from "./schemas.ts";

/** Stripe's largest single charge in USD ($999,999.99); it also keeps totals inside an integer column. */
export const MAX_TOTAL_CENTS = 99_999_999;

export type PurchasePayment =
  | { type: "card"; paymentMethodId: number }
  | { type: "manual"; medium: PaymentMedium; date: string };

export interface PurchaseInput {
  /** Whose order it is (and whose card pays). */
  userId: number;
  /** Who placed it: the member, or an administrator. */
  actorId: number;
  items: { id: number; quantity: number }[];
  payment: PurchasePayment;
  /** The request's Idempotency-Key header, if any. */
  headerKey?: string;
}

interface PricedLine {
  item_id: number;
  name: string;
  cost_cents: number;
  quantity: number;
}

/**
 * Merges lines naming one item, prices them from the active catalogue, and refuses what cannot be sold,
 * naming each offending field as `items.<index>.<field>` of the request.
 */
export async function priceLines(db: Kysely<DB>, lines: PurchaseInput["items"]) {
  const merged = new Map<number, { quantity: number; index: number }>();
  const issues: Issue[] = [];
  lines.forEach((line, index) => {
    const seen = merged.get(line.id);
    const quantity = (seen?.quantity ?? 0) + line.quantity;
    if (quantity > MAX_QUANTITY) {
      issues.push({ path: `items.${index}.quantity`, message: ORDER_MESSAGES.quantity });
    }
    merged.set(line.id, { quantity, index: seen?.index ?? index });
  });
  const ids = [...merged.keys()];
  const found = await activeItems(db, ids);
  const byId = new Map(found.map((i) => [i.id, i]));
  lines.forEach((line, index) => {
    if (!byId.has(line.id)) issues.push({ path: `items.${index}.id`, message: ORDER_MESSAGES.unavailable });
  });
  if (issues.length > 0) {
    issues.sort((a, b) => a.path.localeCompare(b.path, "en", { numeric: true }));
    throw new AppError("VALIDATION_FAILED", issues[0].message, issues);
  }
  const priced: PricedLine[] = ids.map((id) => {
    const item = byId.get(id)!;
    return { item_id: id, name: item.name, cost_cents: item.cost_cents, quantity: merged.get(id)!.quantity };
  });
  const total = priced.reduce((sum, l) => sum + l.cost_cents * l.quantity, 0);
  if (total <= 0) throw invalid("items", ORDER_MESSAGES.totalZero);
  if (total > MAX_TOTAL_CENTS) throw invalid("items", ORDER_MESSAGES.totalTooLarge);
  return { lines: priced, total };
}

function describeCharge(lines: PricedLine[]): string {
  return `APCA store order: ${lines.map((l) => `${l.quantity} x ${l.name}`).join(", ")}`.slice(0, 500);
}

/** A store order, once paid: the administrators' Store Notifications (admin spec §2, §3 "Order notification"). */
export const storeOrder: Fulfilment<Record<string, never>> = {
  kind: "store",
  async paid(trx, { order, now }) {
    const member = await memberName(trx, order.user_id);
    await notify(trx, {
      type: "NEW_ORDER",
      orderId: order.id,
      userId: order.user_id,
      triggerUserId: order.created_by_user_id,
      meta: {
        order_id: order.id,
        order_number: order.number,
        order_completed: true,
        order_cancelled: false,
        total_cents: order.total_cents,
        member_user_id: order.user_id,
        member_first_name: member.first_name,
        member_last_name: member.last_name,
      },
      at: now,
    });
  },
};

/** Places the order; answers its record, or throws 402 PAYMENT_DECLINED with the processor's message. */
export async function purchase(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  input: PurchaseInput,
) {
  const { db } = deps.database;
  const { lines } = await priceLines(db, input.items);
  const { payment } = input;
  let source: PaymentSource;
  if (payment.type === "card") {
    source = { type: "card", card: await chargeableCard(deps, input.userId, payment.paymentMethodId) };
  } else {
    // The office day: the office dates the payment it records (at 9 pm in New York, tomorrow is still future).
    if (payment.date > officeDay(deps.now(), deps.config.officeTimeZone)) {
      throw invalid("payment_date", ORDER_MESSAGES.dateInFuture);
    }
    source = { type: "manual", medium: payment.medium, date: payment.date };
  }
  const orderId = await payOrDecline(deps, {
    userId: input.userId,
    actorId: input.actorId,
    kind: "store",
    // Without the header every request is a new purchase: clients must send one (decision 0012).
    key: await orderKey(db, {
      purpose: "store",
      userId: input.userId,
      actorId: input.actorId,
      kind: "store",
      headerKey: input.headerKey,
    }, "fresh"),
    request: { items: lines.map((l) => [l.item_id, l.quantity]), payment },
    lines,
    source,
    description: describeCharge(lines),
    fulfilment: storeOrder,
    plan: {},
  });
  return (await findOrder(db, { id: orderId }))!;
}
