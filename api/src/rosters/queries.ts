/**
 * The SQL of roster confirmations (decision 0087): one row per company and period, the companies asked, and
 * the crew list a DER confirms.
 */
import { type Kysely, sql } from "kysely";
import type { DateString, DB } from "../db/types.ts";

export async function confirmationMonths(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("settings").select("roster_confirmation_months").executeTakeFirstOrThrow();
  return row.roster_confirmation_months;
}

/** Live, active companies (not self-employed) with a live DER and no request for `period` yet. */
export async function companiesToAsk(db: Kysely<DB>, period: DateString) {
  return await db.selectFrom("businesses as b").innerJoin("users as d", "d.id", "b.der_user_id")
    .select(["b.id", "b.name", "d.id as der_id", "d.email as der_email", "d.first_name as der_first"])
    .where("b.deleted_at", "is", null).where("b.is_active", "=", true).where("b.is_individual", "=", false)
    .where("d.deleted_at", "is", null)
    .where((eb) =>
      eb.not(eb.exists(
        eb.selectFrom("roster_confirmations as r").select("r.id").whereRef("r.business_id", "=", "b.id")
          .where("r.period_start", "=", period),
      ))
    )
    .orderBy("b.id").execute();
}

/** Claims the request of a company for a period; null when another run claimed it first. */
export async function claimRequest(
  db: Kysely<DB>,
  row: {
    business_id: number;
    period_start: DateString;
    due_on: DateString;
    der_user_id: number;
    sent_at: Date;
  },
) {
  return await db.insertInto("roster_confirmations").values(row)
    .onConflict((oc) => oc.columns(["business_id", "period_start"]).doNothing()).returning("id")
    .executeTakeFirst() ?? null;
}

export async function dropRequest(db: Kysely<DB>, id: number) {
  await db.deleteFrom("roster_confirmations").where("id", "=", id).where("confirmed_at", "is", null)
    .execute();
}

/** The company's employees on its list (the people its random pool draws from), by name. */
export async function crewOf(db: Kysely<DB>, businessId: number) {
  return await db.selectFrom("business_users as bu").innerJoin("users as u", "u.id", "bu.user_id")
    .select(["u.id as user_id", "u.first_name", "u.last_name", "u.member_number"])
    .where("bu.business_id", "=", businessId).where("bu.removed_at", "is", null)
    .where("bu.is_employee", "=", true).where("u.deleted_at", "is", null)
    .orderBy("u.last_name").orderBy("u.first_name").orderBy("u.id").execute();
}

const WITH_NAMES = (db: Kysely<DB>) =>
  db.selectFrom("roster_confirmations as r").innerJoin("businesses as b", "b.id", "r.business_id")
    .leftJoin("users as d", "d.id", "r.der_user_id")
    .leftJoin("users as c", "c.id", "r.confirmed_by_user_id")
    .selectAll("r")
    .select([
      "b.name as business_name",
      "d.email as der_email",
      "d.first_name as der_first",
      "d.last_name as der_last",
      "c.first_name as confirmed_first",
      "c.last_name as confirmed_last",
    ]);

/** The company's latest request (the one its DER answers), or null. */
export async function latestRequest(db: Kysely<DB>, businessId: number) {
  return await WITH_NAMES(db).where("r.business_id", "=", businessId).orderBy("r.period_start", "desc")
    .limit(1).executeTakeFirst() ?? null;
}

export async function requestById(db: Kysely<DB>, id: number) {
  return await WITH_NAMES(db).where("r.id", "=", id).executeTakeFirst() ?? null;
}

/** Every company's latest request, for the administrators' list. */
export async function latestRequests(db: Kysely<DB>) {
  return await WITH_NAMES(db).where("b.deleted_at", "is", null)
    .where(
      "r.period_start",
      "=",
      sql<
        DateString
      >`(select max(r2.period_start) from roster_confirmations r2 where r2.business_id = r.business_id)`,
    )
    .orderBy("b.name").orderBy("b.id").execute();
}

/** Records the DER's confirmation; false when it was confirmed already. */
export async function confirmRequest(
  db: Kysely<DB>,
  id: number,
  by: number,
  at: Date,
  roster: unknown[],
): Promise<boolean> {
  const result = await db.updateTable("roster_confirmations")
    .set({
      confirmed_at: at,
      confirmed_by_user_id: by,
      confirmed_roster: sql`${JSON.stringify(roster)}::text::jsonb`,
    })
    .where("id", "=", id).where("confirmed_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markReminded(db: Kysely<DB>, id: number, at: Date) {
  await db.updateTable("roster_confirmations")
    .set((eb) => ({ reminded_at: at, reminder_count: eb("reminder_count", "+", 1) }))
    .where("id", "=", id).execute();
}
