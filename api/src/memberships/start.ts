/**
 * Starting or renewing a membership: a card charge or, for administrators, a manual payment, through the one
 * money path (orders/pay.ts). One code path for members acting on their own membership, administrators acting
 * on anyone's, and the registration wizard's first membership; `actor` is who acted and is what the audit log
 * records.
 */
import type { Kysely, Transaction } from "kysely";
import type { DateString, DB, MembershipType, PaymentMedium } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import { coverageDay, nextAnnualExpiry, officeDay } from "../lib/dates.ts";
import type { Deps } from "../lib/context.ts";
import {
  chargeableCard,
  type FulfilContext,
  type Fulfilment,
  orderKey,
  type PaymentSource,
  payOrDecline,
} from "../orders/pay.ts";
import { enqueueMembershipTest, enqueueOwnBusinessSetUp } from "../drug-tests/jobs.ts";
import { setUpOwnBusiness } from "../drug-tests/service.ts";
import { chargeableCompanyCard } from "../payment-methods/company.ts";
import { defaultCard } from "../payment-methods/service.ts";
import { type Actor, conflict, factsOf, requireMember, toRecord } from "./record.ts";
import {
  currentMembership,
  hadAnnual,
  insertMembership,
  membershipByOrder,
  prices,
  renewalNoticeDays,
} from "./queries.ts";
import { renewalTerms } from "./renewal-notice.ts";
import { refusal } from "./state.ts";

export type StartPayment =
  /** One of the member's cards, or with business_id one of that company's cards (memberships/company.ts). */
  | { type: "card"; payment_method_id: number; business_id?: number }
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

/** What a paid start writes, decided when the order is placed (stored with it, orders/pay.ts). */
export type MembershipPlan = {
  type: MembershipType;
  is_renewal: boolean;
  expire_at: DateString | null;
  autorenew: boolean;
  price_cents: number;
  order_test: boolean | null;
  ip: string | null;
  /** The company paying for its employee (absent in orders placed before companies paid). */
  business_id?: number | null;
};

/** Writes the paid membership and its audit entry; answers the membership's id. */
export async function writeMembership(
  trx: Transaction<DB>,
  { order, plan, now }: FulfilContext<MembershipPlan>,
): Promise<number> {
  const id = await insertMembership(trx, {
    userId: order.user_id,
    type: plan.type,
    isRenewal: plan.is_renewal,
    startsAt: now,
    expireAt: plan.expire_at,
    autorenew: plan.autorenew,
    priceCents: plan.price_cents,
    orderId: order.id,
    createdBy: order.created_by_user_id,
    orderTest: plan.order_test,
    businessId: plan.business_id ?? null,
  });
  // The drug testing rule (admin spec §9) is applied by a job, so i3 is never called inside this transaction
  // and the test is ordered exactly when the membership exists (drug-tests/jobs.ts). The rule is chosen only
  // in the forms of those who set a membership up for someone else (admin spec §6: an administrator, or the
  // company for its employee); a member's own start orders nothing, and the office orders that member's test
  // from the registration notification ('order test', admin spec §4).
  const setUpForSomeoneElse = order.created_by_user_id !== null && order.created_by_user_id !== order.user_id;
  if (setUpForSomeoneElse) await enqueueMembershipTest(trx, id, now);
  // A member tested through their own business (an independent) has it set up in i3 once paid: the paying
  // request tries at once (startMembership), this job retries when i3 failed (drug-tests/jobs.ts).
  await enqueueOwnBusinessSetUp(trx, order.user_id, id, now);
  await audit(trx, {
    actor: order.created_by_user_id,
    action: plan.is_renewal ? "membership_renewed" : "membership_started",
    entity: "membership",
    entityId: id,
    ip: plan.ip,
    detail: {
      member_user_id: order.user_id,
      type: plan.type,
      expire_at: plan.expire_at,
      price_cents: plan.price_cents,
      payment: order.payment_type,
    },
  });
  return id;
}

/** A membership start or renewal paid by a member or an administrator. */
export const membershipStart: Fulfilment<MembershipPlan> = {
  kind: "membership",
  async paid(trx, ctx) {
    await writeMembership(trx, ctx);
  },
};

/** What the registration wizard changes about a start (registration/purchases.ts). */
export interface StartOptions {
  /** Names the order's key (the default "membership"). */
  purpose?: string;
  /** Refuses the start instead of the renewal rule (state.ts). */
  guard?(db: Kysely<DB>): Promise<void>;
  /** What the payment delivers instead of membershipStart (it must write the membership, writeMembership). */
  fulfilment?: Fulfilment<MembershipPlan>;
}

/**
 * Starts or renews the member's membership. Allowed when they have none, or when the current one may be
 * renewed (state.ts). The price is the one-time price, the renewal price for a member who had a paid annual
 * membership, or the new-member price. An early renewal's term follows on from the current one's.
 */
export async function startMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "i3" | "payments">,
  actor: Actor,
  userId: number,
  input: StartInput,
  options: StartOptions = {},
) {
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

  const guard = options.guard ?? (async (db: Kysely<DB>) => {
    const fresh = await currentMembership(db, userId);
    if (fresh) {
      const why = refusal("renew", factsOf(fresh), coverageDay(deps.now()));
      if (why) throw conflict(why);
    }
  });
  const source: PaymentSource = input.payment.type === "manual"
    ? { type: "manual", medium: input.payment.payment_medium, date: input.payment.payment_date }
    : input.payment.business_id !== undefined
    ? {
      type: "card",
      card: await chargeableCompanyCard(deps, input.payment.business_id, input.payment.payment_method_id),
    }
    : { type: "card", card: await chargeableCard(deps, userId, input.payment.payment_method_id) };
  const paidBy = input.payment.type === "card" ? input.payment.business_id ?? null : null;
  // A company renews its employee's membership itself: autorenewal charges the member's own card. An
  // administrator's expiry on the office day or earlier is over already: never renewed (decision 0041).
  const autorenew = annual && paidBy === null &&
    !(expireAt !== null && expireAt <= officeDay(deps.now(), deps.config.officeTimeZone));
  const orderId = await payOrDecline(deps, {
    userId,
    businessId: paidBy,
    actorId: actor.user.user_id,
    kind: "membership",
    key: await orderKey(db, {
      purpose: options.purpose ?? "membership",
      userId,
      actorId: actor.user.user_id,
      kind: "membership",
      headerKey: input.headerKey,
    }),
    request: {
      type: input.membershipType,
      payment: input.payment,
      expiration_date: input.expirationDate ?? null,
      order_test: input.orderTest ?? null,
    },
    lines: [{ name: itemName, cost_cents: amount, quantity: 1 }],
    source,
    description: itemName,
    // The start's confirmation (its receipt) states the renewal terms (issue 25): the day, the amount, the card
    // on file (the default card, which renewals charge) and how to cancel.
    receiptNote: autorenew && expireAt !== null
      ? renewalTerms({
        renewsOn: expireAt,
        amountCents: (await prices(db)).annual_renewal_cents,
        card: await defaultCard(db, userId),
        noticeDays: await renewalNoticeDays(db),
        publicUrl: deps.config.publicUrl,
      })
      : undefined,
    fulfilment: options.fulfilment ?? membershipStart,
    plan: {
      type: input.membershipType,
      is_renewal: current !== undefined,
      expire_at: expireAt,
      autorenew,
      price_cents: amount,
      order_test: input.orderTest ?? null,
      ip: actor.ip,
      business_id: paidBy,
    },
    guard,
  });
  const row = await membershipByOrder(db, userId, orderId);
  if (!row) throw new Error(`no membership for order ${orderId}`);
  // Paid: the member's own business (an independent's) is set up in i3 now, so their tests can be ordered
  // with no administrator step; when i3 fails, the job queued with the membership retries it.
  // Whatever i3 did, the payment stands and is answered (the failure is recorded on the business).
  await setUpOwnBusiness(deps, userId).catch(() => {});
  return await toRecord(db, row, deps.now());
}
