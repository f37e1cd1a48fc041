/**
 * The one money path: every purchase (store order, membership start or renewal by a member, an administrator,
 * the registration wizard or the autorenewal job, compliance kit, manual payment) is an order written here.
 * Callers price on the server and say what the payment buys (a `Fulfilment` and its plan); this module
 * charges at most once and records the outcome with what was bought. Decision 0018 has the states.
 *
 * Crash-safe by construction. A card order is committed `pending`, with its own processor key and the plan,
 * BEFORE the processor is called; the outcome is then recorded on that row (`completed` or `failed`) in one
 * transaction with the fulfilment (membership row, notification, audit). Whoever finds the row pending again
 * settles it the same way: a request retried with the same key (or a simultaneous one) charges again with the
 * row's key, which the processor answers with the first charge if there was one; the reconciliation job
 * (reconcile.ts) only asks the processor what happened to the key and never charges. Settling is a
 * conditional update of a pending row, so exactly one settler delivers.
 *
 * One idempotency rule: the order's (user_id, idempotency_key) is unique; the same key answers what it
 * answered before (even after the purchase changed things), and the same key with another request is 422
 * IDEMPOTENCY_KEY_REUSED, like the middleware (lib/idempotency.ts). Money manual or refused before charging
 * (no default card) is written settled at once, in one transaction with its fulfilment.
 */
import type { Kysely, Transaction } from "kysely";
import type { DateString, DB, JsonObject, OrderKind, PaymentMedium } from "../db/types.ts";
import {
  type ChargeResult,
  IdempotencyKeyReusedError,
  PaymentsUnavailableError,
} from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { crashPoint } from "../lib/crash.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { requestHash } from "../lib/idempotency.ts";
import { chargeCustomer, findOwnCard } from "../payment-methods/service.ts";
import {
  cardRef,
  insertOrder,
  markAttempted,
  orderByKey,
  orderStatus,
  type SettleableOrder,
  settledOrders,
  settleOrder,
} from "./queries.ts";
import { tellPaid } from "./receipt.ts";

/** Every message the money path answers with (one table for every purchase). */
/** The order a payer recorded under an idempotency key (a renewal looks up its own before paying again). */
export { orderByKey } from "./queries.ts";

export const PAYMENT_MESSAGES = {
  /** Stripe's and the sandbox's words for a plain decline. */
  declined: "Your card was declined.",
  otherProcessor: "This card was saved with another payment processor. Please add it again.",
  unavailable: "The payment could not be completed. Please try again.",
  keyReused: "This Idempotency-Key was already used with a different request.",
  /** Reconciliation found no charge for an order whose request died before it reached the processor. */
  abandoned: "The payment was not completed and nothing was charged. Please try again.",
  noDefaultCard: "No default card is on file.",
  defaultOtherProcessor: "The default card was saved with another payment processor.",
} as const;

export interface OrderLine {
  item_id?: number | null;
  name: string;
  cost_cents: number;
  quantity: number;
}

/** A saved card the processor can charge. */
export interface ChargeableCard {
  id: number;
  provider_ref: string;
}

export type PaymentSource =
  | { type: "card"; card: ChargeableCard }
  | { type: "manual"; medium: PaymentMedium; date: DateString }
  /** Refused before the processor was asked (no default card): recorded as a failed order. */
  | { type: "refused"; card: { id: number } | null; code: string; message: string };

/** The settled order as a fulfilment sees it. */
export interface OrderFacts {
  id: number;
  number: string;
  user_id: number;
  business_id: number | null;
  total_cents: number;
  created_by_user_id: number | null;
  payment_type: "card" | "manual";
}

export interface FulfilContext<P> {
  order: OrderFacts;
  plan: P;
  now: Date;
}

/**
 * What a payment buys, written in the transaction that records the outcome. `kind` names it in the order's
 * stored fulfilment, so reconciliation (which has no request) finds it again (background.ts lists them all).
 */
export interface Fulfilment<P> {
  kind: string;
  paid(trx: Transaction<DB>, ctx: FulfilContext<P>): Promise<void>;
  declined?(trx: Transaction<DB>, ctx: FulfilContext<P> & { reason: string }): Promise<void>;
  /** After the decline is committed (a mail, say); best effort. */
  afterDeclined?(
    deps: Pick<Deps, "config" | "mailer">,
    ctx: FulfilContext<P> & { reason: string },
  ): Promise<void>;
}

// deno-lint-ignore no-explicit-any
export type AnyFulfilment = Fulfilment<any>;

export interface Payment<P> {
  /** Whose order it is (and whose card pays). */
  userId: number;
  businessId?: number | null;
  /** Who placed it (the member, an administrator), or null for the autorenewal job. */
  actorId: number | null;
  kind: OrderKind;
  /** The order's idempotency key (orderKey). */
  key: string;
  /** The client's request behind the key (what a reused key is compared by). */
  request: unknown;
  lines: OrderLine[];
  source: PaymentSource;
  /** The charge's description at the processor. */
  description: string;
  /** Said in the order's receipt after what was bought (a membership's renewal terms, say). */
  receiptNote?: string;
  fulfilment: Fulfilment<P>;
  plan: P;
  /** Refuses (throws) before anything is written; not asked when the key was seen before. */
  guard?(db: Kysely<DB>): Promise<void>;
}

/** A payment's outcome; `settledHere` when this call recorded it (not a replay or a simultaneous settler). */
export type Outcome =
  & { orderId: number; settledHere: boolean }
  & ({ status: "completed" } | { status: "failed"; reason: string });

const reused = () => new AppError("IDEMPOTENCY_KEY_REUSED", PAYMENT_MESSAGES.keyReused);

/**
 * The order's idempotency key: the request's Idempotency-Key header scoped by purpose, member and actor, or
 * without it the member's attempt number (settled orders of the kind + 1), so a double submit shares a key
 * (one charge) while a retry after any outcome gets a fresh one. `fresh` gives every request its own key.
 */
export async function orderKey(
  db: Kysely<DB>,
  k: { purpose: string; userId: number; actorId: number | null; kind: OrderKind; headerKey?: string },
  withoutHeader: "attempt" | "fresh" = "attempt",
): Promise<string> {
  const scope = `${k.purpose}:u${k.userId}:by${k.actorId ?? "system"}`;
  if (k.headerKey !== undefined) return `${scope}:key:${k.headerKey}`;
  if (withoutHeader === "fresh") return `${scope}:request:${crypto.randomUUID()}`;
  return `${scope}:attempt:${(await settledOrders(db, k.userId, k.kind)) + 1}`;
}

/** One of the user's saved cards that this processor can charge; 404 or 422 otherwise. */
export async function chargeableCard(
  deps: Pick<Deps, "database" | "payments">,
  userId: number,
  paymentMethodId: number,
) {
  const card = await findOwnCard(deps.database.db, userId, paymentMethodId);
  if (!card) throw notFound("Payment method");
  if (card.provider !== deps.payments.provider) {
    throw invalid("payment_method_id", PAYMENT_MESSAGES.otherProcessor);
  }
  return card;
}

/** Pays, and answers the order id; a failed payment is 402 PAYMENT_DECLINED with its reason. */
export async function payOrDecline<P>(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  p: Payment<P>,
): Promise<number> {
  return requirePaid(await pay(deps, p));
}

export function requirePaid(outcome: Outcome): number {
  if (outcome.status === "failed") throw new AppError("PAYMENT_DECLINED", outcome.reason);
  return outcome.orderId;
}

/** Records the payment (charging the card at most once) and answers its outcome. */
export async function pay<P>(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  p: Payment<P>,
): Promise<Outcome> {
  const { db } = deps.database;
  const hash = await requestHash("PAY", p.fulfilment.kind, JSON.stringify(p.request ?? null));
  // A few rounds: a simultaneous request with the same key may insert between our read and our insert.
  for (let round = 0; round < 3; round++) {
    const existing = await orderByKey(db, p.userId, p.key);
    if (existing) {
      // Orders recorded before request hashes were kept have none: they are taken as the same request.
      const kind = (existing.fulfilment as { kind?: string } | null)?.kind;
      if ((existing.request_hash ?? hash) !== hash || (kind !== undefined && kind !== p.fulfilment.kind)) {
        throw reused();
      }
      return await resume(deps, existing, p.fulfilment);
    }
    await p.guard?.(db);
    const now = deps.now();
    const { source } = p;
    const total = p.lines.reduce((sum, l) => sum + l.cost_cents * l.quantity, 0);
    // Nothing to charge (a manual payment, a refusal, a free card order): written settled at once.
    const charge = source.type === "card" && total > 0 ? source.card : null;
    const order = await db.transaction().execute(async (trx) => {
      const order = await insertOrder(trx, {
        kind: p.kind,
        user_id: p.userId,
        business_id: p.businessId ?? null,
        payment_method_id: source.type === "manual" ? null : source.card?.id ?? null,
        total_cents: total,
        payment_type: source.type === "manual" ? "manual" : "card",
        payment_medium: source.type === "manual" ? source.medium : null,
        manual_charge_date: source.type === "manual" ? source.date : null,
        status: charge ? "pending" : source.type === "refused" ? "failed" : "completed",
        completed_at: charge || source.type === "refused" ? null : now,
        failure_reason: source.type === "refused" ? source.message : null,
        processor_key: charge ? `apca-${p.kind}-${crypto.randomUUID()}` : null,
        attempted_at: charge ? now : null,
        idempotency_key: p.key,
        request_hash: hash,
        fulfilment: {
          kind: p.fulfilment.kind,
          plan: p.plan as JsonObject,
          description: p.description,
          ...(p.receiptNote ? { receipt_note: p.receiptNote } : {}),
        },
        created_by_user_id: p.actorId,
        created_at: now,
      }, p.lines);
      if (order && !charge) {
        const result: ChargeResult = source.type === "refused"
          ? { ok: false, code: source.code, message: source.message }
          : { ok: true, charge_id: "" };
        await deliver(trx, order, p.fulfilment, result, now);
      }
      return order;
    });
    if (!order) continue;
    if (source.type === "refused") await afterDecline(deps, order, p.fulfilment, source.message, now);
    else if (!charge) await tellPaid(deps, order.id);
    if (!charge) return await outcomeOf(db, order.id, true);
    crashPoint(deps.config, "after-pending");
    return await chargeAndSettle(deps, order, charge.provider_ref, p.fulfilment);
  }
  throw new Error(`order for key ${p.key} could neither be read nor written`);
}

/** An order found by its key: its outcome, or, while pending, the outcome of settling it now. */
async function resume(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  order: SettleableOrder,
  fulfilment: AnyFulfilment,
): Promise<Outcome> {
  const { db } = deps.database;
  if (order.status !== "pending") return await outcomeOf(db, order.id, false);
  // Marking the attempt keeps reconciliation off the row while we charge (it only takes untried rows).
  if (!(await markAttempted(db, order.id, deps.now()))) return await outcomeOf(db, order.id, false);
  const ref = order.payment_method_id === null ? null : await cardRef(db, order.payment_method_id);
  if (ref === null) throw new Error(`pending order ${order.id} has no card`);
  return await chargeAndSettle(deps, order, ref, fulfilment);
}

async function chargeAndSettle(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  order: SettleableOrder,
  paymentMethodRef: string,
  fulfilment: AnyFulfilment,
): Promise<Outcome> {
  const { db } = deps.database;
  let result: ChargeResult;
  try {
    result = await deps.payments.charge({
      payment_method_ref: paymentMethodRef,
      amount_cents: order.total_cents,
      idempotency_key: order.processor_key!,
      description: (order.fulfilment as { description?: string } | null)?.description ?? order.number,
      // A company card is charged under its holder (the company's DER), not the employee the order is for.
      customer: await chargeCustomer(db, order.payment_method_id, order.user_id),
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) throw reused();
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    // Nothing is known: the order stays pending; a retry with the key or reconciliation settles it.
    console.error(
      JSON.stringify({ level: "error", event: "charge_unavailable", order: order.id, error: String(error) }),
    );
    throw new AppError("PAYMENT_FAILED", PAYMENT_MESSAGES.unavailable);
  }
  crashPoint(deps.config, "after-charge");
  const settledHere = await settle(deps, order.id, result, fulfilment);
  crashPoint(deps.config, "after-settle");
  return await outcomeOf(db, order.id, settledHere);
}

/**
 * Records `result` on the pending order and delivers what it bought, in one transaction; answers whether this
 * call settled it (false when someone else did first). With `untriedSince`, only an order not tried since.
 */
export async function settle(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer">,
  orderId: number,
  result: ChargeResult,
  fulfilment: AnyFulfilment,
  untriedSince?: Date,
): Promise<boolean> {
  const now = deps.now();
  const settled = await deps.database.db.transaction().execute(async (trx) => {
    const order = await settleOrder(trx, orderId, result, now, untriedSince);
    if (order) await deliver(trx, order, fulfilment, result, now);
    return order;
  });
  if (settled && !result.ok) await afterDecline(deps, settled, fulfilment, result.message, now);
  // Paid: the receipt, once the payment is committed (receipt.ts; one per order).
  if (settled && result.ok) await tellPaid(deps, settled.id);
  return settled !== undefined;
}

type DeliverableOrder = OrderFacts & { kind: OrderKind; fulfilment: unknown };

async function deliver(
  trx: Transaction<DB>,
  order: DeliverableOrder,
  fulfilment: AnyFulfilment,
  result: ChargeResult,
  now: Date,
) {
  const ctx = { order, plan: planOf(order), now };
  if (result.ok) await fulfilment.paid(trx, ctx);
  else await fulfilment.declined?.(trx, { ...ctx, reason: result.message });
  const actor = order.created_by_user_id;
  await audit(trx, {
    actor,
    action: result.ok ? "order_paid" : "payment_declined",
    entity: "order",
    entityId: order.id,
    detail: {
      kind: order.kind,
      total_cents: order.total_cents,
      payment_type: order.payment_type,
      ...(actor === order.user_id ? {} : { user_id: order.user_id }),
      ...(result.ok ? {} : { code: result.code }),
    },
  });
}

async function afterDecline(
  deps: Pick<Deps, "config" | "mailer">,
  order: DeliverableOrder,
  fulfilment: AnyFulfilment,
  reason: string,
  now: Date,
) {
  try {
    await fulfilment.afterDeclined?.(deps, { order, plan: planOf(order), now, reason });
  } catch (error) {
    console.error(
      JSON.stringify({ level: "error", event: "after_decline", order: order.id, error: String(error) }),
    );
  }
}

/** A settled order's outcome; one still pending (settling failed just now) is a 502 the client may retry. */
async function outcomeOf(db: Kysely<DB>, orderId: number, settledHere: boolean): Promise<Outcome> {
  const row = await orderStatus(db, orderId);
  if (row.status === "completed") return { orderId, settledHere, status: "completed" };
  if (row.status === "pending") throw new AppError("PAYMENT_FAILED", PAYMENT_MESSAGES.unavailable);
  return { orderId, settledHere, status: "failed", reason: row.failure_reason ?? PAYMENT_MESSAGES.declined };
}

const planOf = (order: { fulfilment: unknown }) =>
  (order.fulfilment as { plan?: unknown } | null)?.plan ?? {};
