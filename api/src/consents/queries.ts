/** The consents table (sql/0056, decision 0092): written only here; the users and businesses it names are read. */
import { type Insertable, sql } from "kysely";
import type { ConsentsTable, DateString, Db } from "../db/types.ts";
import { escapeLike } from "../lib/search-terms.ts";

/** A consent with the names a screen and the PDF show: the member, and the company or person it names. */
function consentsWithNames(db: Db) {
  return db.selectFrom("consents as c")
    .innerJoin("users as m", "m.id", "c.user_id")
    .leftJoin("businesses as b", "b.id", "c.recipient_business_id")
    .select([
      "c.id",
      "c.user_id",
      "c.recipient_business_id",
      "c.recipient_email",
      "c.results_from",
      "c.results_to",
      "c.expires_on",
      "c.signature",
      "c.signed_on",
      "c.created_at",
      "c.revoked_at",
      sql<string>`m.first_name || ' ' || m.last_name`.as("member_name"),
      "m.email as member_email",
      "m.member_number",
      "b.name as business_name",
    ]);
}

export type ConsentRow = Awaited<ReturnType<ReturnType<typeof consentsWithNames>["executeTakeFirstOrThrow"]>>;

/** The member's own consents, newest first. */
export async function listConsentsOf(db: Db, userId: number): Promise<ConsentRow[]> {
  return await consentsWithNames(db).where("c.user_id", "=", userId)
    .orderBy("c.created_at", "desc").orderBy("c.id", "desc").execute();
}

/**
 * The consents naming the caller, still running on `today` (not revoked, not past their last day, the member's
 * account not deleted or merged away): given to their e-mail address (or to the address of an account merged
 * into theirs), or to a live company whose DER they are. Never the caller's own (a merge can make one name its
 * own member, who needs no consent to see their results).
 */
export async function listConsentsTo(db: Db, viewerId: number, today: DateString): Promise<ConsentRow[]> {
  return await consentsWithNames(db)
    .where("c.revoked_at", "is", null)
    .where("m.deleted_at", "is", null)
    .where("c.expires_on", ">=", today)
    .where("c.user_id", "<>", viewerId)
    .where((eb) =>
      eb.or([
        eb(
          "c.recipient_email",
          "=",
          eb.selectFrom("users as v").select(sql<string>`lower(v.email)`.as("e"))
            .where("v.id", "=", viewerId),
        ),
        eb("c.recipient_user_id", "=", viewerId),
        eb.and([
          eb("b.der_user_id", "=", viewerId),
          eb("b.deleted_at", "is", null),
          eb("b.is_individual", "=", false),
        ]),
      ])
    )
    .orderBy("c.created_at", "desc").orderBy("c.id", "desc").execute();
}

export async function findConsent(db: Db, id: number): Promise<ConsentRow | null> {
  return await consentsWithNames(db).where("c.id", "=", id).executeTakeFirst() ?? null;
}

export async function insertConsent(db: Db, row: Insertable<ConsentsTable>): Promise<number> {
  const { id } = await db.insertInto("consents").values(row).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Revokes the member's consent once; answers whether this call revoked it. */
export async function revokeConsent(db: Db, id: number, userId: number, at: Date): Promise<boolean> {
  const rows = await db.updateTable("consents").set({ revoked_at: at })
    .where("id", "=", id).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
  return rows.some((r) => Number(r.numUpdatedRows) > 0);
}

/** The e-mail address of a user (the viewer, to match a consent given to a person). */
export async function emailOf(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row ? row.email.toLowerCase() : null;
}

/** Live companies (never a member's own individual business) whose name contains `term`, for naming one. */
export async function searchCompanies(db: Db, term: string) {
  return await db.selectFrom("businesses").select(["id", "name", "city", "state"])
    .where("deleted_at", "is", null).where("is_individual", "=", false)
    .where("name", "ilike", `%${escapeLike(term)}%`)
    .orderBy("name").orderBy("id").limit(10).execute();
}

/** A live company by id (a consent names only a live company). */
export async function liveCompany(db: Db, id: number) {
  return await db.selectFrom("businesses").select(["id", "name", "der_user_id"])
    .where("id", "=", id).where("deleted_at", "is", null).where("is_individual", "=", false)
    .executeTakeFirst() ?? null;
}

// ---- For an account merge (desk/users-merge.ts, decisions 0080 and 0092). ----

/** The consents the closed account gave become the kept account's: they keep applying to the same person. */
export async function moveConsentsGivenBy(db: Db, from: number, to: number): Promise<number> {
  const moved = await db.updateTable("consents").set({ user_id: to }).where("user_id", "=", from)
    .returning("id").execute();
  return moved.length;
}

/**
 * The consents naming the closed account's person (its e-mail as signed, or an account merged into it before)
 * now name the kept account too; the signed e-mail stays as signed. Company consents need nothing: the
 * businesses the closed account represents move with it.
 */
export async function moveConsentsReceivedBy(db: Db, from: number, fromEmail: string, to: number) {
  const moved = await db.updateTable("consents").set({ recipient_user_id: to })
    .where((eb) =>
      eb.or([eb("recipient_email", "=", fromEmail.toLowerCase()), eb("recipient_user_id", "=", from)])
    )
    .returning("id").execute();
  return moved.length;
}
