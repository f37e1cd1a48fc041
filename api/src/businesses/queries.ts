import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { SessionUser } from "../lib/context.ts";
import { record, ref } from "../lib/list.ts";

/**
 * A business as seen by `viewer`. Ownership is part of the query: an administrator sees any business, a DER
 * the businesses it represents, a member those it belongs to. Anything else is null (a 404, not a 403, so
 * ids of other companies reveal nothing).
 */
export async function findBusinessFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  const row = await db.selectFrom("businesses as b")
    .select(["b.id", "b.name", "b.is_individual", "b.is_active", "b.der_user_id"])
    .select((eb) =>
      eb.exists(
        eb.selectFrom("business_users as bu").select("bu.id")
          .whereRef("bu.business_id", "=", "b.id").where("bu.user_id", "=", viewer.user_id)
          .where("bu.is_owner", "=", true).where("bu.removed_at", "is", null),
      ).as("is_owner")
    )
    .where("b.id", "=", id)
    .where("b.deleted_at", "is", null)
    .where((eb) =>
      viewer.is_admin ? eb.lit(true) : eb.or([
        eb("b.der_user_id", "=", viewer.user_id),
        eb.exists(
          eb.selectFrom("business_users as bu").select("bu.id")
            .whereRef("bu.business_id", "=", "b.id").where("bu.user_id", "=", viewer.user_id)
            .where("bu.removed_at", "is", null),
        ),
      ])
    )
    .executeTakeFirst();
  if (!row) return null;
  return record(
    "business",
    row.id,
    {
      name: row.name,
      is_individual: row.is_individual,
      is_active: row.is_active,
      is_owner: Boolean(row.is_owner),
    },
    { der: ref("user", row.der_user_id) },
  );
}
