/**
 * The wizard's last step: a member's first membership, or a DER's compliance kit, paid with a saved card.
 * Prices come from settings. Success also marks the registration paid and records 'registration_completed'.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { addDays, coverageDay, nextAnnualExpiry } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { record } from "../lib/list.ts";
import { hadAnnual, insertMembership, prices } from "../memberships/queries.ts";
import { RENEWAL_WINDOW_DAYS } from "../memberships/state.ts";
import { payOnce } from "./checkout.ts";

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
  await trx.insertInto("analytics_events")
    .values({ name: "registration_completed", user_id: userId, props, created_at: now }).execute();
}

/** A membership row as the API shows it (spec §3 "Membership record"). */
export async function membershipRecord(db: Kysely<DB>, membershipId: number, today: string) {
  const m = await db.selectFrom("memberships as m")
    .select((eb) => [
      "m.id",
      "m.type",
      "m.expire_at",
      "m.failed",
      "m.pending",
      "m.cancelled",
      "m.autorenew",
      eb.exists(
        eb.selectFrom("membership_pauses as p").select("p.id")
          .whereRef("p.membership_id", "=", "m.id").where("p.resumed_at", "is", null),
      ).as("is_paused"),
    ])
    .where("m.id", "=", membershipId).executeTakeFirstOrThrow();
  const renewable = m.type === "annual" && !m.cancelled && !m.failed && m.expire_at !== null &&
    m.expire_at <= addDays(today, RENEWAL_WINDOW_DAYS);
  return record("membership", m.id, {
    type: m.type,
    expire_at: m.expire_at,
    failed: m.failed,
    is_renewable: renewable,
    is_pending: m.pending,
    cancelled: m.cancelled,
    is_paused: Boolean(m.is_paused),
    autorenew: m.autorenew,
  });
}

function activeMembership(db: Kysely<DB>, userId: number, today: string) {
  return db.selectFrom("memberships").select("id")
    .where("user_id", "=", userId).where("failed", "=", false).where("pending", "=", false)
    .where("cancelled_at", "is", null)
    .where((eb) => eb.or([eb("expire_at", "is", null), eb("expire_at", ">=", today)]))
    .executeTakeFirst();
}

export interface MembershipInput {
  userId: number;
  paymentMethodId: number;
  isAnnual: boolean;
  headerKey?: string;
}

/**
 * Starts the member's membership: annual (one year from today, renewing automatically) or one-time (a single
 * test, no expiry). The price is the new-member annual price, or the renewal price for a returning member.
 */
export async function startMembership(deps: Deps, input: MembershipInput) {
  const { db } = deps.database;
  const today = coverageDay(deps.now()); // "already covered", "renewable": the coverage day
  const [price, returning] = await Promise.all([prices(db), hadAnnual(db, input.userId)]);
  const amount = !input.isAnnual
    ? price.one_time_cents
    : returning
    ? price.annual_renewal_cents
    : price.annual_new_cents;
  return await payOnce(deps, {
    userId: input.userId,
    businessId: null,
    kind: "membership",
    purpose: "registration-membership",
    headerKey: input.headerKey,
    paymentMethodId: input.paymentMethodId,
    amountCents: amount,
    itemName: input.isAnnual ? "APCA annual membership" : "APCA one-time drug test membership",
    async guard(db) {
      if (await activeMembership(db, input.userId, today)) {
        throw new AppError("CONFLICT", PURCHASE_MESSAGES.membershipExists);
      }
    },
    async fulfil(trx, orderId, now) {
      // The same row as every other membership start (memberships/queries.ts); annual: no running term, so a
      // year from the office day (lib/dates.ts).
      await insertMembership(trx, {
        userId: input.userId,
        type: input.isAnnual ? "annual" : "one_time",
        isRenewal: returning,
        startsAt: now,
        expireAt: input.isAnnual ? nextAnnualExpiry(null, now, deps.config.officeTimeZone) : null,
        autorenew: input.isAnnual,
        priceCents: amount,
        orderId,
        createdBy: input.userId,
      });
      await trx.updateTable("registration_notifications").set({ paid_at: now, is_annual: input.isAnnual })
        .where("user_id", "=", input.userId).execute();
      await recordCompletion(trx, input.userId, now, { kind: "member", is_annual: input.isAnnual });
    },
    async answer(db, orderId) {
      const m = await db.selectFrom("memberships").select("id").where("order_id", "=", orderId)
        .executeTakeFirstOrThrow();
      return { data: await membershipRecord(db, m.id, today) };
    },
  });
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

/** Buys the compliance kit for the DER's company. */
export async function buyComplianceKit(
  deps: Deps,
  input: { userId: number; paymentMethodId: number; headerKey?: string },
) {
  const { db } = deps.database;
  const company = await derCompany(db, input.userId);
  if (!company) throw notFound("Company");
  const { compliance_kit_cents } = await db.selectFrom("settings").select("compliance_kit_cents")
    .executeTakeFirstOrThrow();
  return await payOnce(deps, {
    userId: input.userId,
    businessId: company.id,
    kind: "compliance_kit",
    purpose: "registration-compliance-kit",
    headerKey: input.headerKey,
    paymentMethodId: input.paymentMethodId,
    amountCents: compliance_kit_cents,
    itemName: "Business compliance kit",
    async guard(db) {
      const now = await db.selectFrom("businesses").select("has_compliance_kit").where("id", "=", company.id)
        .executeTakeFirstOrThrow();
      if (now.has_compliance_kit) throw new AppError("CONFLICT", PURCHASE_MESSAGES.kitExists);
    },
    async fulfil(trx, _orderId, now) {
      await trx.updateTable("businesses").set({ has_compliance_kit: true }).where("id", "=", company.id)
        .execute();
      await trx.updateTable("registration_notifications").set({ paid_at: now })
        .where("user_id", "=", input.userId).execute();
      await recordCompletion(trx, input.userId, now, { kind: "der" });
    },
    answer: () => Promise.resolve({ data: { business_id: company.id, has_compliance_kit: true as const } }),
  });
}
