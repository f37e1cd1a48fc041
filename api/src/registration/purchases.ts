/**
 * The wizard's last step: a member's first membership (the memberships service's start, with the wizard's
 * own refusal and completion), or a DER's compliance kit, paid with a saved card through the one money path
 * (orders/pay.ts). Prices come from settings. Success also marks the registration paid and records
 * 'registration_completed'.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { addDays, coverageDay, nextAnnualExpiry } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { record } from "../lib/list.ts";
import { type MembershipPlan, startMembership, writeMembership } from "../memberships/start.ts";
import { chargeableCard, type Fulfilment, orderKey, payOrDecline } from "../orders/pay.ts";

export const PURCHASE_MESSAGES = {
  membershipExists: "You already have an active membership.",
  kitExists: "Your company already has the compliance kit.",
  noCompany: "No company is registered for this account.",
} as const;

async function recordCompletion(
  trx: Transaction<DB>,
  userId: number,
  now: Date,
  props: Record<string, unknown>,
) {
  await trx.updateTable("registration_notifications").set({
    paid_at: now,
    ...("is_annual" in props ? { is_annual: props.is_annual as boolean } : {}),
  }).where("user_id", "=", userId).execute();
  await trx.insertInto("analytics_events")
    .values({ name: "registration_completed", user_id: userId, props, created_at: now }).execute();
}

function activeMembership(db: Kysely<DB>, userId: number, today: string) {
  return db.selectFrom("memberships").select("id")
    .where("user_id", "=", userId).where("failed", "=", false).where("pending", "=", false)
    .where("cancelled_at", "is", null)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .executeTakeFirst();
}

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

/** The DER's company: the one they registered, else the first company they represent. */
async function derCompany(db: Kysely<DB>, userId: number) {
  const registered = await db.selectFrom("registration_notifications").select("business_id")
    .where("user_id", "=", userId).executeTakeFirst();
  return await db.selectFrom("businesses").select(["id", "has_compliance_kit"])
    .where("der_user_id", "=", userId).where("deleted_at", "is", null).where("is_individual", "=", false)
    .orderBy((eb) => eb("id", "=", registered?.business_id ?? 0), "desc").orderBy("id")
    .executeTakeFirst();
}

/** The compliance kit, once paid: the company has it, and the registration is complete. */
export const complianceKit: Fulfilment<{ business_id: number }> = {
  kind: "compliance-kit",
  async paid(trx, { order, plan, now }) {
    await trx.updateTable("businesses").set({ has_compliance_kit: true }).where("id", "=", plan.business_id)
      .execute();
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
  const { compliance_kit_cents } = await db.selectFrom("settings").select("compliance_kit_cents")
    .executeTakeFirstOrThrow();
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
      const now = await db.selectFrom("businesses").select("has_compliance_kit").where("id", "=", company.id)
        .executeTakeFirstOrThrow();
      if (now.has_compliance_kit) throw new AppError("CONFLICT", PURCHASE_MESSAGES.kitExists);
    },
  });
  return { data: { business_id: company.id, has_compliance_kit: true as const } };
}
