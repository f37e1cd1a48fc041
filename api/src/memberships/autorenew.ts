/**
 * The `memberships.autorenew` job (hourly, see background.ts): renews annual memberships with autorenew on
 * whose last covered day has come, charging the member's default card the renewal price.
 *
 * Money moves at most once per term: the processor's idempotency key is `renewal-<membership id>-<expire_at>`,
 * and the order recording the outcome carries the same key under a unique index. A crash between the charge
 * and the commit, a retry, or two runners at once all charge with the same key (the processor answers the
 * first charge again) and only one of them records the order and the next membership. A decline (or no
 * default card) records a failed order and a failed renewal row, which also marks the term as dealt with, and
 * mails the member; it is not retried (decision 0011). The paid term itself is never marked failed (the
 * Letter of Compliance rule in compliance/status.ts reads `failed` as "never paid").
 */
import type { Kysely } from "kysely";
import type { DateString, DB } from "../db/types.ts";
import { type ChargeResult, PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import { addDays, coverageDay, nextAnnualExpiry } from "../lib/dates.ts";
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { paymentCustomer } from "../payment-methods/service.ts";
import { insertMembership } from "./queries.ts";

export const AUTORENEW_QUEUE = "memberships.autorenew";
/** A term that ended longer ago than this is left alone: charging for a long-lapsed membership surprises. */
export const AUTORENEW_GRACE_DAYS = 30;

export const AUTORENEW_MESSAGES = {
  noDefaultCard: "No default card is on file.",
  otherProcessor: "The default card was saved with another payment processor.",
} as const;

/** Memberships due for renewal on `today`: annual, autorenew, paid, not cancelled, not paused, not yet renewed. */
export function dueRenewals(db: Kysely<DB>, today: DateString) {
  return db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.id", "m.user_id", "m.expire_at", "u.email", "u.first_name"])
    .where("m.type", "=", "annual").where("m.autorenew", "=", true).where("m.failed", "=", false)
    .where("m.pending", "=", false).where("m.cancelled_at", "is", null).where("u.deleted_at", "is", null)
    .where("m.expire_at", "<=", today).where("m.expire_at", ">=", addDays(today, -AUTORENEW_GRACE_DAYS))
    // Not yet renewed: no later membership row (paid or failed) for the member.
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("memberships as later").select("later.id")
          .whereRef("later.user_id", "=", "m.user_id").whereRef("later.id", ">", "m.id"),
      ))
    )
    // A paused member said they are off the water: they renew when they come back.
    .where(({ not, exists, selectFrom }) =>
      not(exists(
        selectFrom("membership_pauses as p").select("p.id")
          .whereRef("p.membership_id", "=", "m.id").where("p.resumed_at", "is", null),
      ))
    )
    .orderBy("m.expire_at").orderBy("m.id").execute();
}

type Due = Awaited<ReturnType<typeof dueRenewals>>[number];

export type RenewalOutcome = "renewed" | "failed" | "already_done";

/** The processor's (and the order's) key for renewing the term that ends on `expireAt`. */
export const renewalKey = (membershipId: number, expireAt: DateString) =>
  `renewal-${membershipId}-${expireAt}`;

/** Renews one membership; safe to run again for the same membership at any point. */
export async function renewMembership(deps: Deps, due: Due): Promise<RenewalOutcome> {
  const { db } = deps.database;
  const expireAt = due.expire_at!;
  const key = renewalKey(due.id, expireAt);
  const recorded = () =>
    db.selectFrom("orders").select("id").where("user_id", "=", due.user_id).where("idempotency_key", "=", key)
      .executeTakeFirst();
  if (await recorded()) return "already_done";

  const { annual_renewal_cents: amount } = await db.selectFrom("settings").select("annual_renewal_cents")
    .executeTakeFirstOrThrow();
  const card = await db.selectFrom("payment_methods").select(["id", "provider", "provider_ref", "last4"])
    .where("user_id", "=", due.user_id).where("is_default", "=", true).where("deleted_at", "is", null)
    .executeTakeFirst();
  let result: ChargeResult;
  if (!card) result = { ok: false, code: "no_default_card", message: AUTORENEW_MESSAGES.noDefaultCard };
  else if (card.provider !== deps.payments.provider) {
    result = { ok: false, code: "other_processor", message: AUTORENEW_MESSAGES.otherProcessor };
  } else {
    // PaymentsUnavailableError propagates: nothing is known to have happened, and the job retries with the key.
    result = await deps.payments.charge({
      payment_method_ref: card.provider_ref,
      amount_cents: amount,
      idempotency_key: key,
      description: "APCA annual membership renewal",
      customer: await paymentCustomer(db, due.user_id),
    });
  }

  const now = deps.now();
  // The next term starts the day after this one ends, at any hour; a year from today once it has lapsed.
  const nextExpiry = nextAnnualExpiry(expireAt, now, deps.config.officeTimeZone);
  const done = await db.transaction().execute(async (trx) => {
    const order = await trx.insertInto("orders").values({
      kind: "membership",
      user_id: due.user_id,
      payment_method_id: card?.id ?? null,
      total_cents: amount,
      status: result.ok ? "completed" : "failed",
      completed_at: result.ok ? now : null,
      processor_charge_id: result.ok ? result.charge_id : null,
      failure_reason: result.ok ? null : result.message,
      idempotency_key: key,
      created_by_user_id: null,
      created_at: now,
    }).onConflict((oc) =>
      oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
    ).returning("id").executeTakeFirst();
    // Another run recorded this term's renewal first.
    if (!order) return false;
    await trx.insertInto("order_items")
      .values({ order_id: order.id, name: "APCA annual membership renewal", cost_cents: amount, quantity: 1 })
      .execute();
    const membershipId = await insertMembership(trx, {
      userId: due.user_id,
      type: "annual",
      isRenewal: true,
      startsAt: now,
      expireAt: nextExpiry,
      autorenew: true,
      priceCents: amount,
      orderId: order.id,
      createdBy: null,
      failureReason: result.ok ? null : result.message,
    });
    await audit(trx, {
      actor: null,
      action: result.ok ? "membership_autorenewed" : "membership_renewal_failed",
      entity: "membership",
      entityId: membershipId,
      detail: {
        member_user_id: due.user_id,
        renews_membership_id: due.id,
        amount_cents: amount,
        ...(result.ok ? { expire_at: nextExpiry } : { code: result.code }),
      },
    });
    return true;
  });
  if (!done) return "already_done";
  if (!result.ok) {
    await deps.mailer.send(declineMail(deps.config.publicUrl, due, card?.last4 ?? null, result.message));
  }
  return result.ok ? "renewed" : "failed";
}

function declineMail(publicUrl: string, due: Due, last4: string | null, reason: string) {
  return {
    to: due.email,
    subject: "Your APCA membership could not be renewed",
    text: `Hello ${due.first_name},\n\n` +
      `Your annual APCA membership ran until ${due.expire_at}. We tried to renew it automatically` +
      (last4
        ? ` with your card ending ${last4}, but the payment did not go through: ${reason}`
        : `, but ${reason}`) +
      "\n\nUntil you renew, you are not enrolled in the APCA random drug-testing program and we cannot issue a " +
      `Letter of Compliance. You can renew at ${publicUrl}/app/account/membership/new.\n\nAPCA`,
  };
}

/** Renews every due membership; one member's failure does not stop the others, and fails the job at the end. */
export async function runAutorenew(deps: Deps): Promise<Record<RenewalOutcome, number>> {
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
