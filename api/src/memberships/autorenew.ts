/**
 * The `memberships.autorenew` job (hourly, see background.ts): renews annual memberships with autorenew on
 * whose last covered day has come, charging the member's default card the renewal price.
 *
 * Money moves at most once per term, through the one money path (orders/pay.ts): the renewal's order has the
 * key `renewal-<membership id>-<expire_at>` under the unique (user_id, idempotency_key) index and is written
 * pending before the card is charged. A crash at any step, a retry, or two runners at once find that one
 * order: the job's next run charges again with the order's processor key (the processor answers the first
 * charge) and exactly one settler records the outcome and the next membership. A decline (or no default
 * card) records a failed order and a failed renewal row, which also marks the term as dealt with, and mails
 * the member; it is not retried (decision 0011). The paid term itself is never marked failed (the Letter of
 * Compliance rule in compliance/status.ts reads `failed` as "never paid").
 */
import type { Transaction } from "kysely";
import type { DateString, DB } from "../db/types.ts";
import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import { coverageDay, nextAnnualExpiry } from "../lib/dates.ts";
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import {
  type FulfilContext,
  type Fulfilment,
  orderByKey,
  pay,
  PAYMENT_MESSAGES,
  type PaymentSource,
} from "../orders/pay.ts";
import { defaultCard } from "../payment-methods/service.ts";
import { type DueRenewal, dueRenewals, insertMembership, prices, renewalNoticeDays } from "./queries.ts";
import { renewalTerms } from "./renewal-notice.ts";

export const AUTORENEW_QUEUE = "memberships.autorenew";

type Due = DueRenewal;

export type RenewalOutcome = "renewed" | "failed" | "already_done";

/** The order's key for renewing the term that ends on `expireAt`: one renewal order per term, ever. */
export const renewalKey = (membershipId: number, expireAt: DateString) =>
  `renewal-${membershipId}-${expireAt}`;

/** What a renewal writes, decided when its order is placed. */
export type RenewalPlan = {
  renews_membership_id: number;
  /** The renewed term's last day (the next term's expiry on success). */
  ended: DateString;
  expire_at: DateString;
  email: string;
  first_name: string;
  last4: string | null;
};

/** A renewal's order: the next term when paid; a failed renewal row and a mail to the member when not. */
export const membershipRenewal: Fulfilment<RenewalPlan> = {
  kind: "membership-renewal",
  async paid(trx, ctx) {
    await writeRenewal(trx, ctx, null);
  },
  async declined(trx, ctx) {
    await writeRenewal(trx, ctx, ctx.reason);
  },
  async afterDeclined(deps, { plan, reason }) {
    await deps.mailer.send(declineMail(deps.config.publicUrl, plan, reason));
  },
};

async function writeRenewal(
  trx: Transaction<DB>,
  { order, plan, now }: FulfilContext<RenewalPlan>,
  failureReason: string | null,
) {
  const membershipId = await insertMembership(trx, {
    userId: order.user_id,
    type: "annual",
    isRenewal: true,
    startsAt: now,
    expireAt: plan.expire_at,
    autorenew: true,
    priceCents: order.total_cents,
    orderId: order.id,
    createdBy: null,
    failureReason,
  });
  await audit(trx, {
    actor: null,
    action: failureReason === null ? "membership_autorenewed" : "membership_renewal_failed",
    entity: "membership",
    entityId: membershipId,
    detail: {
      member_user_id: order.user_id,
      renews_membership_id: plan.renews_membership_id,
      amount_cents: order.total_cents,
      ...(failureReason === null ? { expire_at: plan.expire_at } : {}),
    },
  });
}

/** Renews one membership; safe to run again for the same membership at any point. */
export async function renewMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  due: Due,
): Promise<RenewalOutcome> {
  const { db } = deps.database;
  const expireAt = due.expire_at!;
  const key = renewalKey(due.id, expireAt);
  const recorded = await orderByKey(db, due.user_id, key);
  // Settled by an earlier run. A pending one (a run that died) is settled below, with the same charge.
  if (recorded && recorded.status !== "pending") return "already_done";

  const { annual_renewal_cents: amount } = await prices(db);
  const card = await defaultCard(db, due.user_id);
  const source: PaymentSource = !card
    ? { type: "refused", card: null, code: "no_default_card", message: PAYMENT_MESSAGES.noDefaultCard }
    : card.provider !== deps.payments.provider
    ? { type: "refused", card, code: "other_processor", message: PAYMENT_MESSAGES.defaultOtherProcessor }
    : { type: "card", card };
  // PaymentsUnavailableError propagates: the order stays pending, and the job's retry settles it with its key.
  const outcome = await pay(deps, {
    userId: due.user_id,
    actorId: null,
    kind: "membership",
    key,
    request: { renews: due.id, ended: expireAt },
    lines: [{ name: "APCA annual membership renewal", cost_cents: amount, quantity: 1 }],
    source,
    description: "APCA annual membership renewal",
    receiptNote: renewalTerms({
      renewsOn: nextAnnualExpiry(expireAt, deps.now(), deps.config.officeTimeZone),
      amountCents: amount,
      card,
      noticeDays: await renewalNoticeDays(db),
      publicUrl: deps.config.publicUrl,
    }),
    fulfilment: membershipRenewal,
    plan: {
      renews_membership_id: due.id,
      ended: expireAt,
      // The next term starts the day after this one ends, at any hour; a year from the office day once lapsed.
      expire_at: nextAnnualExpiry(expireAt, deps.now(), deps.config.officeTimeZone),
      email: due.email,
      first_name: due.first_name,
      last4: card?.last4 ?? null,
    },
  });
  // A simultaneous run settled it: the outcome is theirs to count.
  if (!outcome.settledHere) return "already_done";
  return outcome.status === "completed" ? "renewed" : "failed";
}

function declineMail(publicUrl: string, plan: RenewalPlan, reason: string) {
  const last4 = plan.last4;
  return {
    to: plan.email,
    subject: "Your APCA membership could not be renewed",
    text: `Hello ${plan.first_name},\n\n` +
      `Your annual APCA membership ran until ${plan.ended}. We tried to renew it automatically` +
      (last4
        ? ` with your card ending ${last4}, but the payment did not go through: ${reason}`
        : `, but ${reason}`) +
      "\n\nUntil you renew, you are not enrolled in the APCA random drug-testing program and we cannot issue a " +
      `Letter of Compliance. You can renew at ${publicUrl}/app/account/membership/new.\n\nAPCA`,
  };
}

/** Renews every due membership; one member's failure does not stop the others, and fails the job at the end. */
export async function runAutorenew(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
): Promise<Record<RenewalOutcome, number>> {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, failed: 0, already_done: 0 };
  const errors: unknown[] = [];
  // Due on the coverage day: a term is renewed once its last covered day has come everywhere.
  for (const due of await dueRenewals(deps.database.db, coverageDay(deps.now()))) {
    try {
      counts[await renewMembership(deps, due)]++;
    } catch (error) {
      if (!(error instanceof PaymentsUnavailableError)) {
        console.error(
          JSON.stringify({ level: "error", job: AUTORENEW_QUEUE, membership: due.id, error: String(error) }),
        );
      }
      errors.push(error);
    }
  }
  // The job is retried with backoff; the keys make the memberships already renewed a no-op.
  if (errors.length) throw new AggregateError(errors, `${errors.length} membership renewal(s) failed`);
  return counts;
}

export const renewDueMemberships: JobHandler<Deps> = async (_payload, { deps }) => {
  await runAutorenew(deps);
};
