/**
 * The wizard's last step: a member's first membership (the memberships service's start, with the wizard's
 * own refusal and completion), or a DER's compliance kit, paid with a saved card through the one money path
 * (orders/pay.ts). Prices come from settings. Success also marks the registration paid and records
 * 'registration_completed'.
 */
import type { Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import type { Actor, Deps } from "../lib/context.ts";
import { coverageDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { record } from "../lib/list.ts";
import { type MembershipPlan, startMembership, writeMembership } from "../memberships/start.ts";
import type { Fulfilment } from "../orders/pay.ts";
import { buyComplianceKit, KIT_MESSAGES, type KitPlan, setComplianceKit } from "../compliance-kit/service.ts";
import { recordEvent } from "../analytics/events.ts";
import { activeMembership, derCompany, markRegistrationPaid } from "./queries.ts";

/** The wizard is paid for: the registration's progress row says so, and the analytics event is recorded. */
async function recordCompletion(
  trx: Transaction<DB>,
  userId: number,
  now: Date,
  props: { kind: "member"; is_annual: boolean } | { kind: "der" },
) {
  await markRegistrationPaid(trx, userId, now, "is_annual" in props ? props.is_annual : undefined);
  await recordEvent(trx, { name: "registration_completed", user_id: userId, props, created_at: now });
}

export const PURCHASE_MESSAGES = {
  membershipExists: "You already have an active membership.",
  kitExists: KIT_MESSAGES.kitExists,
  noCompany: "No company is registered for this account.",
} as const;

/** The wizard's membership: the membership itself, then the registration's progress and analytics. */
export const registrationMembership: Fulfilment<MembershipPlan> = {
  kind: "registration-membership",
  async paid(trx, ctx) {
    await writeMembership(trx, ctx);
    const isAnnual = ctx.plan.type === "annual";
    await recordCompletion(trx, ctx.order.user_id, ctx.now, { kind: "member", is_annual: isAnnual });
  },
};

export interface MembershipInput {
  actor: Actor;
  paymentMethodId: number;
  isAnnual: boolean;
  headerKey?: string;
}

/**
 * Starts the member's membership: annual (one year from today, renewing automatically) or one-time (a single
 * test, no expiry), at the memberships service's prices. Refused while another membership is active.
 */
export async function startRegistrationMembership(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "i3" | "payments">,
  input: MembershipInput,
) {
  const today = coverageDay(deps.now()); // "already covered": the coverage day
  const userId = input.actor.user.user_id;
  const m = await startMembership(deps, input.actor, userId, {
    membershipType: input.isAnnual ? "annual" : "one_time",
    payment: { type: "card", payment_method_id: input.paymentMethodId },
    headerKey: input.headerKey,
  }, {
    purpose: "registration-membership",
    async guard(db) {
      if (await activeMembership(db, userId, today)) {
        throw new AppError("CONFLICT", PURCHASE_MESSAGES.membershipExists);
      }
    },
    fulfilment: registrationMembership,
  });
  // The wizard's record (spec §3 "Membership record"): the fields it shows, from the membership's own record.
  const a = m.attributes;
  return {
    data: record("membership", m.id, {
      type: a.type,
      expire_at: a.expire_at,
      failed: a.failed,
      is_renewable: a.is_renewable,
      is_pending: a.is_pending,
      cancelled: a.cancelled,
      is_paused: a.is_paused,
      autorenew: a.autorenew,
    }),
  };
}

/** The compliance kit, once paid: the company has it, and the registration is complete. */
export const complianceKit: Fulfilment<KitPlan> = {
  kind: "compliance-kit",
  async paid(trx, { order, plan, now }) {
    await setComplianceKit(trx, plan.business_id);
    await recordCompletion(trx, order.user_id, now, { kind: "der" });
  },
};

/** Buys the compliance kit for the DER's company (the compliance kit's own service, with the wizard's completion). */
export async function buyRegistrationComplianceKit(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  input: { userId: number; paymentMethodId: number; headerKey?: string },
) {
  const company = await derCompany(deps.database.db, input.userId);
  if (!company) throw notFound("Company");
  const data = await buyComplianceKit(deps, {
    businessId: company.id,
    actorId: input.userId,
    payment: { type: "card", payment_method_id: input.paymentMethodId },
    headerKey: input.headerKey,
    purpose: "registration-compliance-kit",
    fulfilment: complianceKit,
  });
  return { data };
}
