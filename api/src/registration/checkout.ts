/**
 * Paying for one thing with a saved card, at most once. The processor's idempotency key is derived from the
 * caller's Idempotency-Key header when given, otherwise from the user, the purpose and the number of attempts
 * recorded so far: a double click sends the same key (one charge), while a retry after a decline, or a later
 * purchase, gets a fresh one. The charge happens outside any database transaction; its outcome is recorded as an order whose
 * (user_id, idempotency_key) is unique, so of two simultaneous requests exactly one records it and the other
 * answers what the first recorded.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB, OrderKind } from "../db/types.ts";
import {
  type ChargeResult,
  IdempotencyKeyReusedError,
  PaymentsUnavailableError,
} from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { findOwnCard, paymentCustomer } from "../payment-methods/service.ts";

export const CHECKOUT_MESSAGES = {
  otherProcessor: "This card was saved with another payment processor. Please add it again.",
  failed: "The payment could not be completed. Please try again.",
  keyReused: "This Idempotency-Key was already used for a different payment.",
  declined: "Your card was declined.",
} as const;

export interface Purchase<T> {
  userId: number;
  businessId: number | null;
  kind: OrderKind;
  /** Names the thing bought, for the derived idempotency key (say "registration-membership"). */
  purpose: string;
  headerKey?: string;
  paymentMethodId: number;
  amountCents: number;
  itemName: string;
  /** Refuses (throws) when the purchase is not allowed; checked before charging. */
  guard(db: Kysely<DB>): Promise<void>;
  /** Writes what was bought, in the transaction that records the completed order. */
  fulfil(trx: Transaction<DB>, orderId: number, now: Date): Promise<void>;
  /** The answer for a completed order (also for a replay). */
  answer(db: Kysely<DB>, orderId: number): Promise<T>;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === "23505";

function orderByKey(db: Kysely<DB>, userId: number, key: string) {
  return db.selectFrom("orders").select(["id", "status", "failure_reason"])
    .where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
}

async function processorKey(db: Kysely<DB>, p: Purchase<unknown>): Promise<string> {
  if (p.headerKey) return `${p.purpose}:u${p.userId}:key:${p.headerKey}`;
  // Every recorded attempt (paid or declined) moves the count on, so only simultaneous requests share a key.
  const { n } = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", p.userId).where("kind", "=", p.kind).where(
      "idempotency_key",
      "like",
      `${p.purpose}:%`,
    )
    .executeTakeFirstOrThrow();
  return `${p.purpose}:u${p.userId}:attempt:${Number(n) + 1}`;
}

/** Charges the card once for `purchase` and records the order; a decline is a 402 with the processor's words. */
export async function payOnce<T>(deps: Deps, p: Purchase<T>): Promise<T> {
  const { db } = deps.database;
  const card = await findOwnCard(db, p.userId, p.paymentMethodId);
  if (!card) throw notFound("Payment method");
  if (card.provider !== deps.payments.provider) {
    throw invalid("payment_method_id", CHECKOUT_MESSAGES.otherProcessor);
  }
  const key = await processorKey(db, p);

  const settle = (order: { id: number; status: string; failure_reason: string | null }) => {
    if (order.status === "completed") return p.answer(db, order.id);
    throw new AppError("PAYMENT_DECLINED", order.failure_reason ?? CHECKOUT_MESSAGES.declined);
  };
  // A repeated Idempotency-Key answers what it answered before, even after the purchase changed things.
  const previous = p.headerKey ? await orderByKey(db, p.userId, key) : undefined;
  if (previous) return await settle(previous);
  await p.guard(db);

  let result: ChargeResult | { ok: true; charge_id: null };
  try {
    result = p.amountCents === 0 ? { ok: true, charge_id: null } : await deps.payments.charge({
      payment_method_ref: card.provider_ref,
      amount_cents: p.amountCents,
      idempotency_key: key,
      description: p.itemName,
      customer: await paymentCustomer(db, p.userId),
    });
  } catch (error) {
    if (error instanceof IdempotencyKeyReusedError) {
      throw new AppError("CONFLICT", CHECKOUT_MESSAGES.keyReused);
    }
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    console.error(JSON.stringify({ level: "error", event: "charge_unavailable", key, error: String(error) }));
    throw new AppError("PAYMENT_FAILED", CHECKOUT_MESSAGES.failed);
  }

  const now = deps.now();
  let orderId: number | null;
  try {
    orderId = await db.transaction().execute(async (trx) => {
      const order = await trx.insertInto("orders").values({
        kind: p.kind,
        user_id: p.userId,
        business_id: p.businessId,
        payment_method_id: card.id,
        total_cents: p.amountCents,
        status: result.ok ? "completed" : "failed",
        completed_at: result.ok ? now : null,
        processor_charge_id: result.ok ? result.charge_id : null,
        failure_reason: result.ok ? null : result.message,
        idempotency_key: key,
        created_by_user_id: p.userId,
        created_at: now,
      }).onConflict((oc) =>
        oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
      )
        .returning("id").executeTakeFirst();
      if (!order) return null;
      await trx.insertInto("order_items")
        .values({ order_id: order.id, name: p.itemName, cost_cents: p.amountCents, quantity: 1 }).execute();
      if (result.ok) await p.fulfil(trx, order.id, now);
      await audit(trx, {
        actor: p.userId,
        action: result.ok ? "order_paid" : "payment_declined",
        entity: "order",
        entityId: order.id,
        detail: { kind: p.kind, amount_cents: p.amountCents, ...(result.ok ? {} : { code: result.code }) },
      });
      return order.id;
    });
  } catch (error) {
    // The other request with the same key recorded the same charge first.
    if (!isUniqueViolation(error)) throw error;
    orderId = null;
  }
  if (orderId === null) {
    const recorded = await orderByKey(db, p.userId, key);
    if (!recorded) throw new Error(`order for key ${key} vanished`);
    return await settle(recorded);
  }
  if (!result.ok) throw new AppError("PAYMENT_DECLINED", result.message);
  return await p.answer(db, orderId);
}
