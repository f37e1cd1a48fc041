/**
 * Starting or renewing a membership: a card charge or, for administrators, a manual payment. One code path for
 * members acting on their own membership and administrators acting on anyone's; `actor` is who acted and is
 * what the audit log records.
 */
import type { Kysely, Transaction } from "kysely";
import type { DateString, DB, MembershipType, PaymentMedium } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import { coverageDay, nextAnnualExpiry } from "../lib/dates.ts";
import type { Deps } from "../lib/context.ts";
import { payOnce } from "../registration/checkout.ts";
import { type Actor, conflict, factsOf, requireMember, toRecord } from "./record.ts";
import {
  currentMembership,
  declinedMembershipOrders,
  hadAnnual,
  insertMembership,
  membershipByOrder,
  prices,
} from "./queries.ts";
import { refusal } from "./state.ts";

export type StartPayment =
  | { type: "card"; payment_method_id: number }
  | { type: "manual"; payment_medium: PaymentMedium; payment_date: DateString };

export interface StartInput {
  membershipType: MembershipType;
  payment: StartPayment;
  /** Administrators only: an explicit expiry instead of the default. */
  expirationDate?: DateString | null;
  /** Administrators only: the drug testing rule. */
  orderTest?: boolean | null;
  /** The request's Idempotency-Key header, when sent. */
  headerKey?: string;
}

/**
 * Starts or renews the member's membership. Allowed when they have none, or when the current one may be
 * renewed (state.ts). The price is the one-time price, the renewal price for a member who had a paid annual
 * membership, or the new-member price. An early renewal's term follows on from the current one's.
 */
export async function startMembership(deps: Deps, actor: Actor, userId: number, input: StartInput) {
  const { db } = deps.database;
  await requireMember(db, userId);
  const current = await currentMembership(db, userId);
  const [price, returning] = await Promise.all([prices(db), hadAnnual(db, userId)]);
  const annual = input.membershipType === "annual";
  const amount = !annual
    ? price.one_time_cents
    : returning
    ? price.annual_renewal_cents
    : price.annual_new_cents;
  // A running annual term is followed on from (the day after its end); otherwise a year from the office day.
  const running = current && !current.failed && !current.cancelled && current.type === "annual"
    ? current.expire_at
    : null;
  const expireAt = input.expirationDate ??
    (annual ? nextAnnualExpiry(running, deps.now(), deps.config.officeTimeZone) : null);
  const itemName = annual ? "APCA annual membership" : "APCA one-time drug test membership";

  const guard = async (db: Kysely<DB>) => {
    const fresh = await currentMembership(db, userId);
    if (fresh) {
      const why = refusal("renew", factsOf(fresh), coverageDay(deps.now()));
      if (why) throw conflict(why);
    }
  };
  const fulfil = async (trx: Kysely<DB>, orderId: number, now: Date) => {
    const id = await insertMembership(trx, {
      userId,
      type: input.membershipType,
      isRenewal: current !== undefined,
      startsAt: now,
      expireAt,
      autorenew: annual,
      priceCents: amount,
      orderId,
      createdBy: actor.userId,
      orderTest: input.orderTest ?? null,
    });
    if (actor.userId !== userId) {
      await trx.updateTable("orders").set({ created_by_user_id: actor.userId }).where("id", "=", orderId)
        .execute();
    }
    await audit(trx, {
      actor: actor.userId,
      action: current ? "membership_renewed" : "membership_started",
      entity: "membership",
      entityId: id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        type: input.membershipType,
        expire_at: expireAt,
        price_cents: amount,
        payment: input.payment.type,
      },
    });
  };
  const answer = async (db: Kysely<DB>, orderId: number) => {
    const row = await membershipByOrder(db, userId, orderId);
    if (!row) throw new Error(`no membership for order ${orderId}`);
    return await toRecord(db, row, deps.now());
  };

  if (input.payment.type === "manual") {
    return await recordManualPayment(deps, actor, userId, {
      key: input.headerKey ? `manual:key:${input.headerKey}` : `manual:after-${current?.id ?? 0}`,
      payment: input.payment,
      amount,
      itemName,
      guard,
      fulfil,
      answer,
    });
  }
  // Without the header a double submit derives the same key (one charge) while a retry after a decline, or
  // the next renewal, derives a fresh one.
  const derived = `auto:after-${current?.id ?? 0}:attempt-${
    (await declinedMembershipOrders(db, userId)) + 1
  }`;
  return await payOnce(deps, {
    userId,
    businessId: null,
    kind: "membership",
    purpose: actor.userId === userId ? "membership" : `membership-by-${actor.userId}`,
    headerKey: input.headerKey ?? derived,
    paymentMethodId: input.payment.payment_method_id,
    amountCents: amount,
    itemName,
    guard,
    fulfil: (trx, orderId, now) => fulfil(trx, orderId, now),
    answer,
  });
}

interface ManualPayment<T> {
  key: string;
  payment: Extract<StartPayment, { type: "manual" }>;
  amount: number;
  itemName: string;
  guard(db: Kysely<DB>): Promise<void>;
  fulfil(trx: Transaction<DB>, orderId: number, now: Date): Promise<void>;
  answer(db: Kysely<DB>, orderId: number): Promise<T>;
}

/** A payment taken outside the processor (check, cash, a card charged by phone): a completed manual order. */
async function recordManualPayment<T>(deps: Deps, actor: Actor, userId: number, p: ManualPayment<T>) {
  const { db } = deps.database;
  const byKey = () =>
    db.selectFrom("orders").select("id").where("user_id", "=", userId).where("idempotency_key", "=", p.key)
      .executeTakeFirst();
  const previous = await byKey();
  if (previous) return await p.answer(db, previous.id);
  await p.guard(db);
  const now = deps.now();
  const orderId = await db.transaction().execute(async (trx) => {
    const order = await trx.insertInto("orders").values({
      kind: "membership",
      user_id: userId,
      total_cents: p.amount,
      status: "completed",
      completed_at: now,
      payment_type: "manual",
      payment_medium: p.payment.payment_medium,
      manual_charge_date: p.payment.payment_date,
      idempotency_key: p.key,
      created_by_user_id: actor.userId,
      created_at: now,
    }).onConflict((oc) =>
      oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
    ).returning("id").executeTakeFirst();
    if (!order) return null;
    await trx.insertInto("order_items")
      .values({ order_id: order.id, name: p.itemName, cost_cents: p.amount, quantity: 1 }).execute();
    await p.fulfil(trx, order.id, now);
    return order.id;
  });
  return await p.answer(db, orderId ?? (await byKey())!.id);
}
