/**
 * The SQL of employees: a business's users (admin spec §3 "Business user") and the employee requests an owner
 * makes for an administrator to approve (public spec §4 "Employee additions need admin approval").
 */
import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "../db/types.ts";

/** The live links of a business, with each user's names and whether a request about them is open. */
export async function businessUserRows(db: Kysely<DB>, businessId: number, only?: number) {
  return await db.selectFrom("business_users as bu").innerJoin("users as u", "u.id", "bu.user_id")
    .select((eb) => [
      "bu.id",
      "bu.business_id",
      "bu.user_id",
      "bu.is_owner",
      "bu.is_employee",
      "bu.is_primary",
      "bu.created_at",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.member_number",
      "u.uscg_cred",
      "u.email",
      // A change of this user's own details waits for an administrator.
      eb.exists(
        eb.selectFrom("notifications as n").select("n.id")
          .whereRef("n.user_id", "=", "bu.user_id").where("n.type", "=", "UPDATE_USER")
          .where("n.approved", "is", null).where("n.archived_at", "is", null)
          .where(sql<boolean>`(n.meta ->> 'awaiting_approval') = 'true'`),
      ).as("user_pending_request"),
      // An employee request of this business about this user is still open.
      eb.exists(
        eb.selectFrom("employee_requests as er").select("er.id")
          .where("er.business_id", "=", businessId).where("er.status", "=", "pending")
          .where((w) =>
            w.or([
              w("er.user_id", "=", w.ref("bu.user_id")),
              w("er.possible_user_id", "=", w.ref("bu.user_id")),
            ])
          ),
      ).as("pending_request"),
    ])
    .where("bu.business_id", "=", businessId).where("bu.removed_at", "is", null)
    .where("u.deleted_at", "is", null)
    .$if(only !== undefined, (q) => q.where("bu.id", "=", only!))
    .orderBy("u.last_name").orderBy("u.first_name").orderBy("bu.id").execute();
}

export type BusinessUserRow = Awaited<ReturnType<typeof businessUserRows>>[number];

/** The business of a live link (its business not deleted), or null. */
export async function businessOfLink(db: Kysely<DB>, businessUserId: number): Promise<number | null> {
  const row = await db.selectFrom("business_users as bu").innerJoin(
    "businesses as b",
    "b.id",
    "bu.business_id",
  )
    .select("bu.business_id").where("bu.id", "=", businessUserId).where("bu.removed_at", "is", null)
    .where("b.deleted_at", "is", null).executeTakeFirst();
  return row?.business_id ?? null;
}

/** A live user with this e-mail (any case), or else with this first and last name (any case). */
export async function possibleExistingUser(db: Kysely<DB>, who: NamedPerson): Promise<number | null> {
  if (who.email) {
    const byEmail = await db.selectFrom("users").select("id").where("deleted_at", "is", null)
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", who.email!.toLowerCase())).executeTakeFirst();
    if (byEmail) return byEmail.id;
  }
  const byName = await db.selectFrom("users").select("id").where("deleted_at", "is", null)
    .where((eb) => eb(eb.fn("lower", ["first_name"]), "=", who.first_name.toLowerCase()))
    .where((eb) => eb(eb.fn("lower", ["last_name"]), "=", who.last_name.toLowerCase()))
    .orderBy("id").executeTakeFirst();
  return byName?.id ?? null;
}

/** Who an employee request names, as the checks for the same person compare them. */
export type NamedPerson = { email: string | null; first_name: string; last_name: string };

/**
 * The same person as `who`, in a query of one table with email, first_name and last_name (users, employee
 * requests): the same e-mail, or the same first and last name, in any case.
 */
export function samePerson(who: NamedPerson): RawBuilder<boolean> {
  const byName = sql`lower(first_name) = ${who.first_name.toLowerCase()}
    and lower(last_name) = ${who.last_name.toLowerCase()}`;
  return who.email
    ? sql<boolean>`(lower(email) = ${who.email.toLowerCase()} or (${byName}))`
    : sql<boolean>`(${byName})`;
}

/** An open request of this business for the same person (same e-mail, or same name). */
export async function openRequestFor(db: Kysely<DB>, businessId: number, who: NamedPerson) {
  return await db.selectFrom("employee_requests").select("id")
    .where("business_id", "=", businessId).where("status", "=", "pending")
    .where(samePerson(who)).executeTakeFirst() ?? null;
}

export async function insertEmployeeRequest(db: Kysely<DB>, row: Insertable<DB["employee_requests"]>) {
  const { id } = await db.insertInto("employee_requests").values(row).returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

const REQUEST_COLUMNS = [
  "id",
  "business_id",
  "owner_user_id",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "uscg_cred",
  "possible_exists",
  "status",
  "created_at",
] as const;

/** A business's employee requests, open ones first, newest first. */
export async function employeeRequestsOf(db: Kysely<DB>, businessId: number, id?: number) {
  return await db.selectFrom("employee_requests").select(REQUEST_COLUMNS)
    .where("business_id", "=", businessId)
    .$if(id !== undefined, (q) => q.where("id", "=", id!))
    .orderBy(sql`status = 'pending'`, "desc").orderBy("id", "desc").execute();
}

export type EmployeeRequestRow = Awaited<ReturnType<typeof employeeRequestsOf>>[number];

/** The names of the owner making the request. */
export async function ownerNames(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** Whether the user is already linked to the business (a live link). */
export async function isLinked(db: Kysely<DB>, businessId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom("business_users").select("id").where("business_id", "=", businessId)
    .where("user_id", "=", userId).where("removed_at", "is", null).executeTakeFirst();
  return row !== undefined;
}

/** A live user, by id. */
export async function liveUser(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("users").select(["id"]).where("id", "=", userId).where("deleted_at", "is", null)
    .executeTakeFirst() ?? null;
}

// ---- For the administrators' desk (api/src/desk/, decision 0049). ----

export async function lockEmployeeRequest(trx: Transaction<DB>, notificationId: number) {
  return await trx.selectFrom("employee_requests").selectAll().where("notification_id", "=", notificationId)
    .forUpdate().executeTakeFirst() ?? null;
}

export async function employeeRequestByNotification(db: Kysely<DB>, notificationId: number) {
  return await db.selectFrom("employee_requests as r").innerJoin("businesses as b", "b.id", "r.business_id")
    .leftJoin("users as o", "o.id", "r.owner_user_id")
    .selectAll("r").select([
      "b.name as company_name",
      "o.first_name as owner_first",
      "o.last_name as owner_last",
    ])
    .where("r.notification_id", "=", notificationId).executeTakeFirst() ?? null;
}

export async function userCandidates(db: Kysely<DB>, who: NamedPerson) {
  return await db.selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "member_number", "phone", "uscg_cred"])
    .where("deleted_at", "is", null).where(samePerson(who))
    // The same e-mail first, so a common name's many namesakes never push the strongest match past the limit.
    .orderBy(sql`lower(email) = ${(who.email ?? "").toLowerCase()}`, "desc").orderBy("id").limit(10)
    .execute();
}

export async function resolveEmployeeRequest(
  trx: Transaction<DB>,
  id: number,
  done: { status: "linked" | "created"; userId: number; by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("employee_requests").set({
    status: done.status,
    user_id: done.userId,
    processed_at: done.at,
    processed_by_user_id: done.by,
  }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Declines a waiting employee request; false when another administrator settled it first. */
export async function rejectEmployeeRequest(
  trx: Transaction<DB>,
  id: number,
  done: { by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("employee_requests").set({
    status: "rejected",
    processed_at: done.at,
    processed_by_user_id: done.by,
  }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An account merge (decision 0080): the employee requests that name `from` (as the person, the matched
 * candidate or the requesting owner) name `to`; answers how many requests changed.
 */
export async function moveEmployeeRequestsOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const ids = new Set<number>();
  for (const column of ["user_id", "possible_user_id", "owner_user_id"] as const) {
    const rows = await db.updateTable("employee_requests").set({ [column]: to }).where(column, "=", from)
      .returning("id").execute();
    for (const row of rows) ids.add(row.id);
  }
  return ids.size;
}

// ---- Crew list uploads (decision 0086). ----

/** The live user a crew list row means: the same e-mail, else the same name with the same last four SSN digits. */
export async function crewMatch(
  db: Kysely<DB>,
  who: { email: string | null; first_name: string; last_name: string; ssn: string | null },
) {
  const base = db.selectFrom("users").select(["id", "first_name", "last_name", "member_number"])
    .where("deleted_at", "is", null);
  if (who.email) {
    const byEmail = await base.where((eb) => eb(eb.fn("lower", ["email"]), "=", who.email!.toLowerCase()))
      .executeTakeFirst();
    if (byEmail) return { ...byEmail, matched_by: "email" as const };
  }
  if (!who.ssn) return null;
  const byName = await base.where(sql<boolean>`lower(first_name) = ${who.first_name.toLowerCase()}`)
    .where(sql<boolean>`lower(last_name) = ${who.last_name.toLowerCase()}`)
    .where("ssn_last4", "=", who.ssn).orderBy("id").limit(2).execute();
  // Two people of one name and the same four digits: not a match anyone should trust.
  return byName.length === 1 ? { ...byName[0], matched_by: "name_ssn" as const } : null;
}

export async function insertRequestBatch(trx: Kysely<DB>, row: Insertable<DB["employee_request_batches"]>) {
  return await trx.insertInto("employee_request_batches").values(row)
    .onConflict((oc) => oc.columns(["business_id", "upload_key"]).doNothing())
    .returning("id").executeTakeFirst() ?? null;
}

export async function setBatchNotification(trx: Kysely<DB>, batchId: number, notificationId: number) {
  await trx.updateTable("employee_request_batches").set({ notification_id: notificationId })
    .where("id", "=", batchId).execute();
}

/** A batch by the upload's key (a submit repeated) or by id, with its company's name. */
export async function findRequestBatch(
  db: Kysely<DB>,
  by: { id: number } | { businessId: number; key: string },
) {
  return await db.selectFrom("employee_request_batches as eb").innerJoin(
    "businesses as b",
    "b.id",
    "eb.business_id",
  )
    .leftJoin("users as o", "o.id", "eb.owner_user_id")
    .selectAll("eb").select([
      "b.name as company_name",
      "o.first_name as owner_first",
      "o.last_name as owner_last",
    ])
    .$if("id" in by, (q) => q.where("eb.id", "=", (by as { id: number }).id))
    .$if(!("id" in by), (q) => {
      const k = by as { businessId: number; key: string };
      return q.where("eb.business_id", "=", k.businessId).where("eb.upload_key", "=", k.key);
    })
    .executeTakeFirst() ?? null;
}

/** The requests of a batch in their upload's order, locked when `lock` (a decision on them). */
export async function batchRequests(db: Kysely<DB>, batchId: number, lock = false) {
  return await db.selectFrom("employee_requests").selectAll().where("batch_id", "=", batchId).orderBy("id")
    .$if(lock, (q) => q.forUpdate()).execute();
}

/** Names and member numbers of users, by id (the batch's matches). */
export async function usersNamed(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return [];
  return await db.selectFrom("users").select(["id", "first_name", "last_name", "member_number"])
    .where("id", "in", ids).execute();
}

/** The live user with this e-mail (any case), or null. */
export async function userIdByEmail(db: Kysely<DB>, email: string): Promise<number | null> {
  const row = await db.selectFrom("users").select("id").where("deleted_at", "is", null)
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase())).executeTakeFirst();
  return row?.id ?? null;
}
