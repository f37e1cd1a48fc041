/**
 * The wizard's last step: a member's first membership (the memberships service's start, with the wizard's
 * own refusal and completion), or a DER's compliance kit, paid with a saved card through the one money path
 * (orders/pay.ts). Prices come from settings. Success also marks the registration paid and records
 * 'registration_completed'.
 */
import type { Deps } from "../lib/context.ts";
import { coverageDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { record } from "../lib/list.ts";
import { type MembershipPlan, startMembership, writeMembership } from "../memberships/start.ts";
import { chargeableCard, type Fulfilment, orderKey, payOrDecline } from "../orders/pay.ts";
import {
  activeMembership,
  complianceKitPrice,
  derCompany,
  hasComplianceKit,
  recordCompletion,
  setComplianceKit,
} from "./queries.ts";

export const PURCHASE_MESSAGES = {
  membershipExists: "You already have an active membership.",
  kitExists: "Your company already has the compliance kit.",
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
  userId: number;
  paymentMethodId: number;
  isAnnual: boolean;
  headerKey?: string;
}

/**
 * Starts the member's membership: annual (one year from today, renewing automatically) or one-time (a single
 * test, no expiry), at the memberships service's prices. Refused while another membership is active.
 */
export async function startRegistrationMembership(deps: Deps, input: MembershipInput) {
  const today = coverageDay(deps.now()); // "already covered": the coverage day
  const m = await startMembership(deps, { userId: input.userId }, input.userId, {
    membershipType: input.isAnnual ? "annual" : "one_time",
    payment: { type: "card", payment_method_id: input.paymentMethodId },
    headerKey: input.headerKey,
  }, {
    purpose: "registration-membership",
    async guard(db) {
      if (await activeMembership(db, input.userId, today)) {
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
export const complianceKit: Fulfilment<{ business_id: number }> = {
  kind: "compliance-kit",
  async paid(trx, { order, plan, now }) {
    await setComplianceKit(trx, plan.business_id);
    await recordCompletion(trx, order.user_id, now, { kind: "der" });
  },
};

/** Buys the compliance kit for the DER's company. */
export async function buyComplianceKit(
  deps: Deps,
  input: { userId: number; paymentMethodId: number; headerKey?: string },
) {
  const { db } = deps.database;
  const company = await derCompany(db, input.userId);
  if (!company) throw notFound("Company");
  const card = await chargeableCard(deps, input.userId, input.paymentMethodId);
  const compliance_kit_cents = await complianceKitPrice(db);
  const itemName = "Business compliance kit";
  await payOrDecline(deps, {
    userId: input.userId,
    businessId: company.id,
    actorId: input.userId,
    kind: "compliance_kit",
    key: await orderKey(db, {
      purpose: "registration-compliance-kit",
      userId: input.userId,
      actorId: input.userId,
      kind: "compliance_kit",
      headerKey: input.headerKey,
    }),
    request: { payment_method_id: input.paymentMethodId },
    lines: [{ name: itemName, cost_cents: compliance_kit_cents, quantity: 1 }],
    source: { type: "card", card },
    description: itemName,
    fulfilment: complianceKit,
    plan: { business_id: company.id },
    async guard(db) {
      if (await hasComplianceKit(db, company.id)) throw new AppError("CONFLICT", PURCHASE_MESSAGES.kitExists);
    },
  });
  return { data: { business_id: company.id, has_compliance_kit: true as const } };
}
