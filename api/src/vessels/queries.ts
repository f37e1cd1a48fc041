/** The SQL of vessels: a business's fleet, one vessel, and its writes (inside the caller's transaction). */
import type { Insertable, Kysely, Updateable } from "kysely";
import type { DB } from "../db/types.ts";

const COLUMNS = [
  "id",
  "business_id",
  "name",
  "official_number",
  "vessel_type",
  "is_active",
  "created_at",
  "updated_at",
] as const;

/** The business's vessels, in service first, then by name. */
export async function vesselsOf(db: Kysely<DB>, businessId: number) {
  return await db.selectFrom("vessels").select(COLUMNS).where("business_id", "=", businessId)
    .where("deleted_at", "is", null).orderBy("is_active", "desc").orderBy("name").orderBy("id").execute();
}

export type VesselRow = Awaited<ReturnType<typeof vesselsOf>>[number];

export async function findVessel(db: Kysely<DB>, id: number): Promise<VesselRow | null> {
  return await db.selectFrom("vessels").select(COLUMNS).where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst() ?? null;
}

/** Another live vessel of the business with this official number. */
export async function officialNumberTaken(
  db: Kysely<DB>,
  businessId: number,
  officialNumber: string,
  exceptId: number | null,
): Promise<boolean> {
  const row = await db.selectFrom("vessels").select("id").where("business_id", "=", businessId)
    .where("official_number", "=", officialNumber).where("deleted_at", "is", null)
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!)).executeTakeFirst();
  return row !== undefined;
}

export async function insertVessel(db: Kysely<DB>, row: Insertable<DB["vessels"]>): Promise<number> {
  const { id } = await db.insertInto("vessels").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateVessel(db: Kysely<DB>, id: number, change: Updateable<DB["vessels"]>) {
  await db.updateTable("vessels").set(change).where("id", "=", id).execute();
}

// ---- For the administrators' desk (api/src/desk/, decision 0049). ----

export async function applyVesselChange(
  trx: Kysely<DB>,
  vesselId: number,
  change: Updateable<DB["vessels"]>,
) {
  await trx.updateTable("vessels").set(change).where("id", "=", vesselId).execute();
}
