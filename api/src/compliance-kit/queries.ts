/** The compliance kit's SQL: the business it is for, who may read its documents, its price and its order. */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** A live company as the kit needs it. */
export function kitBusiness(db: Kysely<DB>, businessId: number) {
  return db.selectFrom("businesses").select(["id", "name", "der_user_id", "has_compliance_kit"])
    .where("id", "=", businessId).where("deleted_at", "is", null).executeTakeFirst();
}

/**
 * A business whose kit documents the viewer may read: an administrator, its DER, or anyone currently linked
 * to it (owner or employee: the policy and the EAP material are for the crew too). Null otherwise (404).
 */
export function kitBusinessFor(db: Kysely<DB>, viewer: { user_id: number; is_admin: boolean }, id: number) {
  return db.selectFrom("businesses as b").select(["b.id", "b.name", "b.has_compliance_kit"])
    .where("b.id", "=", id).where("b.deleted_at", "is", null)
    .where((eb) =>
      viewer.is_admin ? eb.lit(true) : eb.or([
        eb("b.der_user_id", "=", viewer.user_id),
        eb.exists(
          eb.selectFrom("business_users as bu").select("bu.id").whereRef("bu.business_id", "=", "b.id")
            .where("bu.user_id", "=", viewer.user_id).where("bu.removed_at", "is", null),
        ),
      ])
    )
    .executeTakeFirst();
}

export async function complianceKitPrice(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("settings").select("compliance_kit_cents").executeTakeFirstOrThrow();
  return row.compliance_kit_cents;
}

export async function hasComplianceKit(db: Kysely<DB>, businessId: number): Promise<boolean> {
  const row = await db.selectFrom("businesses").select("has_compliance_kit").where("id", "=", businessId)
    .executeTakeFirstOrThrow();
  return row.has_compliance_kit;
}

/** The completed order that bought the business's kit (the administrators' record of the payment). */
export function kitOrder(db: Kysely<DB>, businessId: number) {
  return db.selectFrom("orders").select([
    "id",
    "number",
    "user_id",
    "total_cents",
    "payment_type",
    "payment_medium",
    "manual_charge_date",
    "completed_at",
    "created_by_user_id",
  ])
    .where("business_id", "=", businessId).where("kind", "=", "compliance_kit").where(
      "status",
      "=",
      "completed",
    )
    .orderBy("id", "desc").executeTakeFirst();
}
