/**
 * Buying store items: the checkout of a member, and an administrator's manual order for a user (a card charge
 * or a payment taken elsewhere). Prices come from the catalogue, never from the client.
 *
 * At most one charge per purchase: the processor's idempotency key is derived from the request's
 * Idempotency-Key header (a fresh server-side key per request when there is none, so clients must send the
 * header to be safe from double submits), and the order's (user_id, idempotency_key) is unique. The charge
 * happens outside any transaction; its outcome is then recorded in one transaction (order, lines, the
 * administrators' store notification, audit). Of two simultaneous requests with one key, the processor
 * answers both with the same charge and exactly one records it; the other answers what was recorded.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB, PaymentMedium } from "../db/types.ts";
import {
  type ChargeResult,
  IdempotencyKeyReusedError,
  PaymentsUnavailableError,
} from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { officeDay } from "../lib/dates.ts";
import { AppError, invalid, type Issue, notFound } from "../lib/errors.ts";
import { findOwnCard, paymentCustomer } from "../payment-methods/service.ts";
import { notify } from "../notifications/queries.ts";
import { findOrder } from "./queries.ts";
import { MAX_QUANTITY, ORDER_MESSAGES } from "./schemas.ts";

/** Stripe's largest single charge in USD ($999,999.99); it also keeps totals inside an integer column. */
export const MAX_TOTAL_CENTS = 99_999_999;

export const PURCHASE_ERRORS = {
  otherProcessor: "This card was saved with another payment processor. Please add it again.",
  unavailable: "The payment could not be completed. Please try again.",
  keyReused: "This Idempotency-Key was already used with a different request.",
  declined: "Your card was declined.",
} as const;

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
  const found = await db.selectFrom("store_items").select(["id", "name", "cost_cents"])
    .where("id", "in", ids).where("active", "=", true).execute();
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

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

function orderByKey(db: Kysely<DB>, userId: number, key: string) {
  return db.selectFrom("orders").select(["id", "status", "failure_reason"])
    .where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
}

function describeCharge(lines: PricedLine[]): string {
  return `APCA store order: ${lines.map((l) => `${l.quantity} x ${l.name}`).join(", ")}`.slice(0, 500);
}

/** Places the order; answers its record, or throws 402 PAYMENT_DECLINED with the processor's message. */
export async function purchase(deps: Deps, input: PurchaseInput) {
  const { db } = deps.database;
  const { lines, total } = await priceLines(db, input.items);
  const { payment } = input;

  let card: Awaited<ReturnType<typeof findOwnCard>> | null = null;
  if (payment.type === "card") {
    card = await findOwnCard(db, input.userId, payment.paymentMethodId) ?? null;
    if (!card) throw notFound("Payment method");
    if (card.provider !== deps.payments.provider) {
      throw invalid("payment_method_id", PURCHASE_ERRORS.otherProcessor);
    }
  } else if (payment.date > officeDay(deps.now(), deps.config.officeTimeZone)) {
    // The office day: the office dates the payment it records (at 9 pm in New York, tomorrow is still future).
    throw invalid("payment_date", ORDER_MESSAGES.dateInFuture);
  }

  const key = input.headerKey
    ? `store:u${input.userId}:by${input.actorId}:key:${input.headerKey}`
    : `store:u${input.userId}:by${input.actorId}:request:${crypto.randomUUID()}`;
  const settle = async (order: { id: number; status: string; failure_reason: string | null }) => {
    if (order.status !== "completed") {
      throw new AppError("PAYMENT_DECLINED", order.failure_reason ?? PURCHASE_ERRORS.declined);
    }
    return (await findOrder(db, { id: order.id }))!;
  };
  const previous = await orderByKey(db, input.userId, key);
  if (previous) return await settle(previous);

  let result: ChargeResult | { ok: true; charge_id: null };
  if (!card) {
    result = { ok: true, charge_id: null };
  } else {
    try {
      result = await deps.payments.charge({
        payment_method_ref: card.provider_ref,
        amount_cents: total,
        idempotency_key: key,
        description: describeCharge(lines),
        customer: await paymentCustomer(db, input.userId),
      });
    } catch (error) {
      if (error instanceof IdempotencyKeyReusedError) {
        throw new AppError("IDEMPOTENCY_KEY_REUSED", PURCHASE_ERRORS.keyReused);
      }
      if (!(error instanceof PaymentsUnavailableError)) throw error;
      // Nothing is known to have happened: nothing is recorded, and a retry with the same key is safe.
      console.error(
        JSON.stringify({ level: "error", event: "charge_unavailable", key, error: String(error) }),
      );
      throw new AppError("PAYMENT_FAILED", PURCHASE_ERRORS.unavailable);
    }
  }

  let orderId: number | null;
  try {
    orderId = await db.transaction().execute((trx) =>
      recordOrder(trx, deps.now(), input, card, result, {
        key,
        lines,
        total,
      })
    );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    orderId = null;
  }
  if (orderId === null) {
    // The other request with the same key recorded the same charge first.
    const recorded = await orderByKey(db, input.userId, key);
    if (!recorded) throw new Error(`order for key ${key} vanished`);
    return await settle(recorded);
  }
  if (!result.ok) throw new AppError("PAYMENT_DECLINED", result.message);
  return (await findOrder(db, { id: orderId }))!;
}

async function recordOrder(
  trx: Transaction<DB>,
  now: Date,
  input: PurchaseInput,
  card: { id: number } | null,
  result: ChargeResult | { ok: true; charge_id: null },
  order: { key: string; lines: PricedLine[]; total: number },
): Promise<number | null> {
  const manual = input.payment.type === "manual" ? input.payment : null;
  const row = await trx.insertInto("orders").values({
    kind: "store",
    user_id: input.userId,
    payment_method_id: card?.id ?? null,
    total_cents: order.total,
    status: result.ok ? "completed" : "failed",
    completed_at: result.ok ? now : null,
    payment_type: manual ? "manual" : "card",
    payment_medium: manual?.medium ?? null,
    manual_charge_date: manual?.date ?? null,
    processor_charge_id: result.ok ? result.charge_id : null,
    failure_reason: result.ok ? null : result.message,
    idempotency_key: order.key,
    created_by_user_id: input.actorId,
    created_at: now,
  }).onConflict((oc) =>
    oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
  ).returning(["id", "number"]).executeTakeFirst();
  if (!row) return null;
  await trx.insertInto("order_items")
    .values(order.lines.map((l) => ({ order_id: row.id, ...l }))).execute();
  if (result.ok) {
    const member = await trx.selectFrom("users").select(["first_name", "last_name"])
      .where("id", "=", input.userId).executeTakeFirstOrThrow();
    // The administrators' Store Notifications (admin spec §2, §3 "Order notification").
    await notify(trx, {
      type: "NEW_ORDER",
      orderId: row.id,
      userId: input.userId,
      triggerUserId: input.actorId,
      meta: {
        order_id: row.id,
        order_number: row.number,
        order_completed: true,
        order_cancelled: false,
        total_cents: order.total,
        member_user_id: input.userId,
        member_first_name: member.first_name,
        member_last_name: member.last_name,
      },
      at: now,
    });
  }
  await audit(trx, {
    actor: input.actorId,
    action: result.ok ? "order_paid" : "payment_declined",
    entity: "order",
    entityId: row.id,
    detail: {
      kind: "store",
      total_cents: order.total,
      payment_type: manual ? "manual" : "card",
      ...(input.actorId === input.userId ? {} : { user_id: input.userId }),
      ...(result.ok ? {} : { code: result.code }),
    },
  });
  return row.id;
}
