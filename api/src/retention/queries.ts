/** The retention schedule and the legal holds (sql/0054, decision 0091). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

export function scheduleRows(db: Kysely<DB>) {
  return db.selectFrom("retention_schedule as s").leftJoin("users as u", "u.id", "s.updated_by_user_id")
    .select([
      "s.kind",
      "s.record",
      "s.record_date",
      "s.citation",
      "s.action",
      "s.minimum_months",
      "s.period_months",
      "s.updated_at",
      "u.first_name as updated_by_first",
      "u.last_name as updated_by_last",
    ]).orderBy("s.sort_order").execute();
}

export function scheduleRow(db: Kysely<DB>, kind: string) {
  return db.selectFrom("retention_schedule").selectAll().where("kind", "=", kind).executeTakeFirst();
}

export async function setPeriod(db: Kysely<DB>, kind: string, months: number, by: number, at: Date) {
  await db.updateTable("retention_schedule").set({
    period_months: months,
    updated_by_user_id: by,
    updated_at: at,
  }).where("kind", "=", kind).execute();
}

/** The members and companies under an open hold. */
export async function openHoldSubjects(db: Kysely<DB>) {
  const rows = await db.selectFrom("legal_holds").select(["user_id", "business_id"])
    .where("lifted_at", "is", null).execute();
  return {
    heldUsers: rows.flatMap((r) => r.user_id === null ? [] : [r.user_id]),
    heldBusinesses: rows.flatMap((r) => r.business_id === null ? [] : [r.business_id]),
  };
}

/** Holds, open first then the most recently lifted (newest first), with who placed and lifted them. */
export function holdRows(db: Kysely<DB>) {
  return db.selectFrom("legal_holds as h")
    .leftJoin("users as m", "m.id", "h.user_id")
    .leftJoin("businesses as b", "b.id", "h.business_id")
    .leftJoin("users as p", "p.id", "h.placed_by_user_id")
    .leftJoin("users as l", "l.id", "h.lifted_by_user_id")
    .select([
      "h.id",
      "h.user_id",
      "h.business_id",
      "h.reason",
      "h.placed_at",
      "h.lifted_at",
      "h.lift_reason",
      "m.first_name as member_first",
      "m.last_name as member_last",
      "m.member_number",
      "b.name as business_name",
      "p.first_name as placed_first",
      "p.last_name as placed_last",
      "l.first_name as lifted_first",
      "l.last_name as lifted_last",
    ])
    .orderBy((eb) => eb.case().when("h.lifted_at", "is", null).then(0).else(1).end())
    .orderBy("h.placed_at", "desc").orderBy("h.id", "desc").limit(200).execute();
}

export function holdById(db: Kysely<DB>, id: number) {
  return db.selectFrom("legal_holds").selectAll().where("id", "=", id).executeTakeFirst();
}

export function memberExists(db: Kysely<DB>, id: number) {
  return db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
}

export function companyExists(db: Kysely<DB>, id: number) {
  return db.selectFrom("businesses").select("id").where("id", "=", id).executeTakeFirst();
}

/** Places a hold; undefined when the member or company is already under an open one. */
export function insertHold(
  db: Kysely<DB>,
  hold: { user_id: number | null; business_id: number | null; reason: string; by: number; at: Date },
) {
  return db.insertInto("legal_holds").values({
    user_id: hold.user_id,
    business_id: hold.business_id,
    reason: hold.reason,
    placed_by_user_id: hold.by,
    placed_at: hold.at,
  }).onConflict((oc) => oc.doNothing()).returning("id").executeTakeFirst();
}

/** Lifts an open hold; false when it was lifted already. */
export async function liftHold(db: Kysely<DB>, id: number, by: number, at: Date, reason: string | null) {
  const { numUpdatedRows } = await db.updateTable("legal_holds").set({
    lifted_at: at,
    lifted_by_user_id: by,
    lift_reason: reason,
  }).where("id", "=", id).where("lifted_at", "is", null).executeTakeFirst();
  return numUpdatedRows > 0n;
}
