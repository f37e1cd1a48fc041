import type { ExpressionBuilder, Kysely } from "kysely";
import type { BusinessesTable, DB } from "../db/types.ts";
import type { SessionUser } from "../lib/context.ts";
import { record, ref } from "../lib/list.ts";

/**
 * Businesses with the attributes the specifications show, as seen by `viewer`. Ownership is part of the
 * query: an administrator sees any business, a DER the businesses it represents, a member those it belongs
 * to. Anything else is simply not found (a 404, not a 403, so ids of other companies reveal nothing).
 */
function visibleBusinesses(db: Kysely<DB>, viewer: SessionUser) {
  const membership = (eb: ExpressionBuilder<DB & { b: BusinessesTable }, "b">) =>
    eb.selectFrom("business_users as bu").select("bu.id")
      .whereRef("bu.business_id", "=", "b.id").where("bu.user_id", "=", viewer.user_id)
      .where("bu.removed_at", "is", null);
  return db.selectFrom("businesses as b").where("b.deleted_at", "is", null)
    .select([
      "b.id",
      "b.name",
      "b.business_name",
      "b.is_individual",
      "b.is_active",
      "b.deactivation_reason",
      "b.is_i3_setup",
      "b.has_compliance_kit",
      "b.der_user_id",
    ])
    .select((eb) => [
      eb.exists(membership(eb).where("bu.is_owner", "=", true)).as("is_owner"),
      eb.exists(
        eb.selectFrom("new_business_requests as r").select("r.id")
          .whereRef("r.business_id", "=", "b.id").where("r.status", "=", "pending"),
      ).as("has_pending_new_company_approval"),
    ])
    .where((eb) =>
      viewer.is_admin
        ? eb.lit(true)
        : eb.or([eb("b.der_user_id", "=", viewer.user_id), eb.exists(membership(eb))])
    );
}

type Row = Awaited<ReturnType<ReturnType<typeof visibleBusinesses>["execute"]>>[number];

function toBusinessRecord(row: Row) {
  return record(
    "business",
    row.id,
    {
      name: row.name,
      business_name: row.business_name,
      is_owner: Boolean(row.is_owner),
      is_active: row.is_active,
      business_deactivation_reason: row.deactivation_reason,
      is_individual: row.is_individual,
      is_i3_setup: row.is_i3_setup,
      has_compliance_kit: row.has_compliance_kit,
      has_pending_new_company_approval: Boolean(row.has_pending_new_company_approval),
    },
    { der: ref("user", row.der_user_id) },
  );
}

export async function findBusinessFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  const row = await visibleBusinesses(db, viewer).where("b.id", "=", id).executeTakeFirst();
  return row ? toBusinessRecord(row) : null;
}

/** The caller's own businesses (those they belong to or represent), for an administrator too. */
export async function listOwnBusinesses(db: Kysely<DB>, viewer: SessionUser) {
  const own = { ...viewer, is_admin: false };
  const rows = await visibleBusinesses(db, own).orderBy("b.id", "desc").execute();
  return rows.map(toBusinessRecord);
}

/** The companies a DER represents (never individual businesses). */
export async function listDerCompanies(db: Kysely<DB>, viewer: SessionUser) {
  const rows = await visibleBusinesses(db, { ...viewer, is_admin: false })
    .where("b.der_user_id", "=", viewer.user_id).where("b.is_individual", "=", false)
    .orderBy("b.id", "desc").execute();
  return rows.map(toBusinessRecord);
}
