/**
 * An administrator refunds a membership's charge, whole or in part (issue 37, decision 0081): the member's
 * current term's order, through the payments adapter (orders/refund.ts). A whole refund (what is left, up to
 * the full charge) ends a running term now, as a cancellation does (the member's mail and the administrators'
 * notification included); a part refund keeps the term as it is. Idempotent: the administrator's
 * Idempotency-Key is required (a repeat with it refunds once; without one a late repeat could not be told from
 * a second part refund). The refund is recorded, and the term ended, in one transaction after the
 * processor's answer; a retry with the same key after a crash records the refund the processor already made.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { coverageDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  insertRefund,
  refundAtProcessor,
  type RefundState,
  refundState,
  sendRefundReceipt,
} from "../orders/refund.ts";
import { cancelMembership } from "./changes.ts";
import { currentMembership } from "./queries.ts";
import { type Actor, requireMember } from "./record.ts";

/** 'YYYY-MM-DD' → "Nov 25, 2026", the web's one date style (web/src/lib/dates.ts formatDay). */
const dayInWords = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });

export const REFUND_WORDS = {
  refunded: "Refund Issued",
  noCharge: "This membership has no charge to refund.",
  keyRequired: "A refund needs an Idempotency-Key header, so that a repeat never refunds twice.",
  ended: "The membership's term has ended with this refund.",
  kept: (expire: string | null) =>
    expire
      ? `The membership's term is unchanged: it runs until ${dayInWords(expire)}.`
      : "The membership is unchanged.",
} as const;

async function membershipCharge(deps: Pick<Deps, "database">, userId: number) {
  await requireMember(deps.database.db, userId);
  const current = await currentMembership(deps.database.db, userId);
  if (!current) return null;
  const state = current.order_id === null ? null : await refundState(deps, current.order_id);
  return { current, state };
}

function toAnswer(
  current: NonNullable<Awaited<ReturnType<typeof currentMembership>>>,
  state: RefundState | null,
) {
  return {
    membership_id: current.id,
    order_id: state?.order.id ?? null,
    order_number: state?.order.number ?? null,
    charged_cents: state?.charged_cents ?? 0,
    refunded_cents: state?.refunded_cents ?? 0,
    refundable_cents: state?.refundable_cents ?? 0,
    refusal: state ? state.refusal : REFUND_WORDS.noCharge,
    refunds: (state?.refunds ?? []).map((r) => ({
      id: r.id,
      amount_cents: r.amount_cents,
      reason: r.reason,
      ends_term: r.ends_term,
      created_at: r.created_at.toISOString(),
    })),
  };
}

/** The current membership's charge: charged, refunded, what is left to refund, or why none can be. */
export async function membershipRefundInfo(deps: Pick<Deps, "database">, userId: number) {
  const found = await membershipCharge(deps, userId);
  return found ? toAnswer(found.current, found.state) : null;
}

/** Refunds `amount_cents` of the current membership's charge; answers the charge as it now stands. */
export async function refundMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  actor: Actor,
  userId: number,
  body: { amount_cents: number; reason?: string | null },
  headerKey: string | undefined,
) {
  const found = await membershipCharge(deps, userId);
  if (!found) throw notFound("Membership");
  const { current, state } = found;
  if (!state) throw new AppError("CONFLICT", REFUND_WORDS.noCharge);
  const order = state.order;
  if (!headerKey) {
    throw new AppError("VALIDATION_FAILED", REFUND_WORDS.keyRequired, [{
      path: "Idempotency-Key",
      message: REFUND_WORDS.keyRequired,
    }]);
  }
  const key = `membership-refund:o${order.id}:key:${headerKey}`;
  const earlier = state.refunds.find((r) => r.idempotency_key === key);
  if (earlier && earlier.amount_cents !== body.amount_cents) {
    throw new AppError(
      "IDEMPOTENCY_KEY_REUSED",
      "This Idempotency-Key was already used with a different request.",
    );
  }
  const processorRefundId = await refundAtProcessor(deps, state, body.amount_cents, key);
  const now = deps.now();
  const today = coverageDay(now);
  const whole = !earlier && state.refunded_cents + body.amount_cents >= state.charged_cents;
  const running = !current.failed && current.cancelled_at === null &&
    (current.expire_at === null || current.expire_at >= today);
  const endsTerm = earlier ? earlier.ends_term : whole && running;
  let refundId = earlier?.id;
  const record = async (trx: Transaction<DB>) => {
    const { created, refund } = await insertRefund(trx, {
      order_id: order.id,
      amount_cents: body.amount_cents,
      idempotency_key: key,
      processor_refund_id: processorRefundId,
      reason: body.reason?.trim() || null,
      ends_term: endsTerm,
      created_by_user_id: actor.user.user_id,
      created_at: now,
    });
    refundId = refund.id;
    if (!created) return;
    await audit(trx, {
      actor: actor.user.user_id,
      action: "membership_refunded",
      entity: "membership",
      entityId: current.id,
      ip: actor.ip,
      detail: {
        member_user_id: userId,
        order_id: order.id,
        order_number: order.number,
        amount_cents: body.amount_cents,
        refund_id: processorRefundId,
        reason: body.reason?.trim() || null,
        changes: {
          refunded_cents: [state.refunded_cents, state.refunded_cents + body.amount_cents],
          ...(endsTerm ? { status: ["running", "cancelled"] } : {}),
        },
      },
    });
  };
  if (!earlier) {
    if (endsTerm) await cancelMembership(deps, actor, userId, (trx) => record(trx));
    else await deps.database.db.transaction().execute(record);
  }
  const term = endsTerm ? REFUND_WORDS.ended : REFUND_WORDS.kept(current.expire_at);
  if (refundId !== undefined) await sendRefundReceipt(deps, order.id, refundId, term);
  const after = await membershipCharge(deps, userId);
  return toAnswer(after!.current, after!.state);
}
