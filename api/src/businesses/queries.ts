/**
 * The SQL of businesses: reading them as a viewer may (ownership is part of the query), the administrators'
 * list, and the writes of add, manage, activate, deactivate and delete. Writes take the caller's transaction.
 */
import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import type { BusinessesTable, DB } from "../db/types.ts";
import { NO_DER_MESSAGE } from "./schemas.ts";
import type { SessionUser } from "../lib/context.ts";
import { type ListParams, liveTotal, paginateById, record, ref } from "../lib/list.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { insertWithIds, updateAll } from "../lib/bulk.ts";

type Eb = ExpressionBuilder<DB & { b: BusinessesTable }, "b">;

const link = (eb: Eb, userId: number) =>
  eb.selectFrom("business_users as bu").whereRef("bu.business_id", "=", "b.id")
    .where("bu.user_id", "=", userId).where("bu.removed_at", "is", null);

/**
 * Businesses with the attributes the specifications show, as seen by `viewer`. Ownership is part of the
 * query: an administrator sees any business, a DER the businesses it represents, a member those it belongs
 * to. Anything else is simply not found (a 404, not a 403, so ids of other companies reveal nothing).
 */
function visibleBusinesses(db: Kysely<DB>, viewer: SessionUser) {
  return db.selectFrom("businesses as b").where("b.deleted_at", "is", null)
    .selectAll("b")
    .select((eb) => [
      eb.or([
        eb("b.der_user_id", "=", viewer.user_id),
        eb.exists(link(eb, viewer.user_id).select("bu.id").where("bu.is_owner", "=", true)),
      ]).as("is_owner"),
      link(eb, viewer.user_id).select("bu.id").limit(1).as("employee_id"),
      eb.exists(
        eb.selectFrom("new_business_requests as r").select("r.id")
          .whereRef("r.business_id", "=", "b.id").where("r.status", "=", "pending"),
      ).as("has_pending_new_company_approval"),
      eb.exists(
        eb.selectFrom("employee_requests as er").select("er.id")
          .whereRef("er.business_id", "=", "b.id").where("er.status", "=", "pending"),
      ).as("has_pending_employee_request"),
    ])
    .where((eb) =>
      viewer.is_admin ? eb.lit(true) : eb.or([
        eb("b.der_user_id", "=", viewer.user_id),
        eb.exists(link(eb, viewer.user_id).select("bu.id")),
      ])
    );
}

export type BusinessRow = Awaited<ReturnType<ReturnType<typeof visibleBusinesses>["execute"]>>[number];

/** Every activation and deactivation of these businesses, oldest first. */
async function activationsOf(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return [];
  return await db.selectFrom("business_activations")
    .select(["id", "business_id", "is_active", "reason", "actor_user_id", "created_at"])
    .where("business_id", "in", ids).orderBy("created_at").orderBy("id").execute();
}

/** The open change request (UPDATE_BUSINESS waiting for approval) of each of these businesses. */
async function pendingChangesOf(db: Kysely<DB>, ids: number[]) {
  if (!ids.length) return [];
  return await db.selectFrom("notifications")
    .select(["id", "business_id", "meta", "created_at"])
    .where("type", "=", "UPDATE_BUSINESS").where("approved", "is", null).where("archived_at", "is", null)
    .where(sql<boolean>`(meta ->> 'awaiting_approval') = 'true'`)
    .where("business_id", "in", ids).orderBy("id").execute();
}

export type PendingChangeRow = Awaited<ReturnType<typeof pendingChangesOf>>[number];

async function toRecords(db: Kysely<DB>, viewer: SessionUser, rows: BusinessRow[]) {
  const ids = rows.map((r) => r.id);
  const [history, pending] = await Promise.all([activationsOf(db, ids), pendingChangesOf(db, ids)]);
  return rows.map((row) => {
    const mayKnow = viewer.is_admin || Boolean(row.is_owner);
    const change = pending.find((p) => p.business_id === row.id);
    const meta = change?.meta as { changes?: object; previous?: object } | undefined;
    return record(
      "business",
      row.id,
      {
        name: row.name,
        business_name: row.business_name,
        dba_name: row.dba_name,
        email: row.email,
        phone: row.phone,
        tax_id: mayKnow ? row.tax_id : null,
        address_one: row.address_one,
        address_two: row.address_two,
        city: row.city,
        state: row.state,
        country: row.country,
        postal_code: row.postal_code,
        po_box: row.po_box,
        is_llc: row.is_llc,
        llc_name: row.llc_name,
        is_owner: Boolean(row.is_owner),
        is_active: row.is_active,
        business_deactivation_reason: row.deactivation_reason,
        is_individual: row.is_individual,
        is_i3_setup: row.is_i3_setup,
        i3_location_code: viewer.is_admin ? row.i3_location_code : null,
        i3_setup_error: viewer.is_admin ? row.i3_setup_error : null,
        has_compliance_kit: row.has_compliance_kit,
        // Said before any card is asked for (public spec §6, admin §6; issue 21 item 5).
        compliance_kit_blocked: !row.is_individual && !row.has_compliance_kit && row.der_user_id === null
          ? NO_DER_MESSAGE
          : null,
        has_pending_new_company_approval: Boolean(row.has_pending_new_company_approval),
        business_has_pending_new_employee_request: Boolean(row.has_pending_employee_request),
        business_pending_request: change
          ? {
            notification_id: change.id,
            changes: { ...meta?.changes } as Record<string, unknown>,
            previous: { ...meta?.previous } as Record<string, unknown>,
            created_at: new Date(change.created_at).toISOString(),
          }
          : null,
        employee_id: row.employee_id ?? null,
        created_at: new Date(row.created_at).toISOString(),
        activation_history: mayKnow
          ? history.filter((h) => h.business_id === row.id).map((h) => ({
            id: h.id,
            is_active: h.is_active,
            reason: h.reason,
            actor_user_id: h.actor_user_id,
            created_at: new Date(h.created_at).toISOString(),
          }))
          : [],
      },
      { der: ref("user", row.der_user_id) },
    );
  });
}

export type BusinessRecordValue = Awaited<ReturnType<typeof toRecords>>[number];

/** One business as `viewer` may see it, or null (not found, or not theirs). */
export async function findBusinessFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  const row = await visibleBusinesses(db, viewer).where("b.id", "=", id).executeTakeFirst();
  return row ? (await toRecords(db, viewer, [row]))[0] : null;
}

/** The raw row (with is_owner) for a service's rules; null when `viewer` may not see it. */
export async function findBusinessRowFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  return await visibleBusinesses(db, viewer).where("b.id", "=", id).executeTakeFirst() ?? null;
}

/** The caller's own businesses (those they belong to or represent), for an administrator too. */
export async function listOwnBusinesses(db: Kysely<DB>, viewer: SessionUser) {
  const own = { ...viewer, is_admin: false };
  const rows = await visibleBusinesses(db, own).orderBy("b.id", "desc").execute();
  return await toRecords(db, own, rows);
}

/** The companies a DER represents (never individual businesses). */
export async function listDerCompanies(db: Kysely<DB>, viewer: SessionUser) {
  const own = { ...viewer, is_admin: false };
  const rows = await visibleBusinesses(db, own)
    .where("b.der_user_id", "=", viewer.user_id).where("b.is_individual", "=", false)
    .orderBy("b.id", "desc").execute();
  return await toRecords(db, own, rows);
}

/** The administrators' list: one page, searched by name, DBA, e-mail, phone or tax id. */
export async function listAllBusinesses(
  db: Kysely<DB>,
  admin: SessionUser,
  params: ListParams & {
    search?: string;
    not_individual?: "true" | "false";
    kind?: "company" | "individual" | "all";
    active?: "true" | "false";
    i3?: "set_up" | "failed" | "not_set_up";
    der?: "yes" | "none";
  },
) {
  const pattern = params.search ? `%${params.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const kind = params.kind ?? (params.not_individual === "true" ? "company" : "all");
  const query = visibleBusinesses(db, admin)
    .$if(kind !== "all", (q) => q.where("b.is_individual", "=", kind === "individual"))
    .$if(params.active !== undefined, (q) => q.where("b.is_active", "=", params.active === "true"))
    .$if(params.i3 === "set_up", (q) => q.where("b.is_i3_setup", "=", true))
    .$if(
      params.i3 === "failed",
      (q) => q.where("b.is_i3_setup", "=", false).where("b.i3_setup_error", "is not", null),
    )
    .$if(
      params.i3 === "not_set_up",
      (q) => q.where("b.is_i3_setup", "=", false).where("b.i3_setup_error", "is", null),
    )
    .$if(
      params.der !== undefined,
      (q) => q.where("b.der_user_id", params.der === "yes" ? "is not" : "is", null),
    )
    .$if(pattern !== null, (q) =>
      q.where((eb) =>
        eb.or(
          (["b.name", "b.dba_name", "b.email", "b.phone", "b.tax_id"] as const).map((c) =>
            eb(c, "ilike", pattern!)
          ),
        )
      ));
  // By id first: a deep page computed the flags of every business it skipped (4 s at 430,000, decision 0096);
  // without a filter (every business not deleted) the total is kept by triggers (sql/0064).
  const filtered = kind !== "all" || params.active !== undefined || params.i3 !== undefined ||
    params.der !== undefined || pattern !== null;
  const { rows, meta } = await paginateById(query, params, {
    id: "b.id",
    name: "b.name",
    created_at: "b.created_at",
    is_active: "b.is_active",
  }, filtered ? undefined : () => liveTotal(db, "businesses"));
  return { data: await toRecords(db, admin, rows as BusinessRow[]), meta };
}

export async function insertBusiness(db: Kysely<DB>, business: Insertable<DB["businesses"]>) {
  const { id } = await db.insertInto("businesses").values(business).returning("id").executeTakeFirstOrThrow();
  return id;
}

/** Links a user to a business; answers the business-user id. */
export async function insertBusinessUser(
  db: Kysely<DB>,
  link: Insertable<DB["business_users"]>,
): Promise<number> {
  const { id } = await db.insertInto("business_users").values(link).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function insertCompanyRequest(db: Kysely<DB>, request: Insertable<DB["new_business_requests"]>) {
  await db.insertInto("new_business_requests").values(request).execute();
}

export async function updateBusiness(db: Kysely<DB>, id: number, change: Updateable<DB["businesses"]>) {
  await db.updateTable("businesses").set(change).where("id", "=", id).execute();
}

/** Sets the business active or inactive and records it in its activation history. */
/**
 * Moves the business to `entry.is_active` only from the other state, and records the move; answers false (and
 * writes nothing) when it is not in the other state any more. The conditional update is the arbiter: of two
 * simultaneous moves the second waits for the first's row lock, finds the state changed and matches no row.
 */
export async function setActive(
  db: Kysely<DB>,
  id: number,
  entry: { is_active: boolean; reason: string | null; actor: number; at: Date },
): Promise<boolean> {
  const moved = await db.updateTable("businesses")
    .set({ is_active: entry.is_active, deactivation_reason: entry.is_active ? null : entry.reason })
    .where("id", "=", id).where("deleted_at", "is", null).where("is_active", "=", !entry.is_active)
    .returning("id").executeTakeFirst();
  if (!moved) return false;
  await db.insertInto("business_activations").values({
    business_id: id,
    is_active: entry.is_active,
    reason: entry.reason,
    actor_user_id: entry.actor,
    created_at: entry.at,
  }).execute();
  return true;
}

/**
 * What a deletion must keep (49 CFR 40.333, decision 0021): drug tests, memberships, orders, documents,
 * employee requests processed, notifications or a compliance kit. Any of these makes the business "with
 * history".
 */
export async function hasHistory(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectNoFrom((eb) => [
    eb.or([
      eb.exists(eb.selectFrom("drug_tests").select("id").where("business_id", "=", id)),
      eb.exists(eb.selectFrom("memberships").select("id").where("business_id", "=", id)),
      eb.exists(eb.selectFrom("notifications").select("id").where("business_id", "=", id)),
      eb.exists(eb.selectFrom("employee_requests").select("id").where("business_id", "=", id)),
      eb.exists(
        eb.selectFrom("businesses").select("id").where("id", "=", id).where("has_compliance_kit", "=", true),
      ),
    ]).as("kept"),
  ]).executeTakeFirstOrThrow();
  return Boolean(row.kept);
}

/** Soft delete: hidden everywhere, inactive, links ended; every record it has stays. */
export async function softDeleteBusiness(db: Kysely<DB>, id: number, at: Date) {
  await db.updateTable("business_users").set({ removed_at: at, is_primary: false })
    .where("business_id", "=", id).where("removed_at", "is", null).execute();
  await db.updateTable("businesses").set({ deleted_at: at }).where("id", "=", id).execute();
}

/** Ends every live link of a deleted account to its businesses (decision 0024). */
export async function endUserLinks(db: Kysely<DB>, userId: number, at: Date) {
  await db.updateTable("business_users").set({ removed_at: at, is_primary: false })
    .where("user_id", "=", userId).where("removed_at", "is", null).execute();
}

/** Hard delete of a business with no history (its links, vessels and activations go with it). */
export async function hardDeleteBusiness(db: Kysely<DB>, id: number) {
  await db.deleteFrom("new_business_requests").where("business_id", "=", id).where("status", "=", "pending")
    .execute();
  await db.deleteFrom("businesses").where("id", "=", id).execute();
}

/** A business (any, live) by id, for administrators' actions. */
export async function findLiveBusiness(db: Kysely<DB>, id: number) {
  return await db.selectFrom("businesses").selectAll().where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst() ?? null;
}

/** The open change request of a business, if one waits for approval. */
export async function openChangeOf(db: Kysely<DB>, businessId: number): Promise<PendingChangeRow | null> {
  return (await pendingChangesOf(db, [businessId]))[0] ?? null;
}

/** Whether a user exists and is live (not deleted), for naming a DER. */
export async function liveUserExists(db: Kysely<DB>, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("id").where("id", "=", userId).where(
    "deleted_at",
    "is",
    null,
  )
    .executeTakeFirst();
  return row !== undefined;
}

/** The person as a change notification names them. */
export async function memberNames(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("users").select(["id", "first_name", "last_name", "member_number"])
    .where("id", "=", userId).executeTakeFirstOrThrow();
}

/** The business is set up in i3 under `locationCode`; a failure recorded before is cleared. */
export async function markI3SetUp(
  db: Kysely<DB>,
  businessId: number,
  locationCode: string,
  at: Date,
): Promise<void> {
  await db.updateTable("businesses")
    .set({
      is_i3_setup: true,
      i3_location_code: locationCode,
      i3_setup_error: null,
      i3_setup_attempted_at: at,
    })
    .where("id", "=", businessId).execute();
}

/** Records a failed set-up (what i3 said, and when) for the administrators to see and resend. */
export async function markI3SetUpFailed(db: Kysely<DB>, businessId: number, error: string, at: Date) {
  await db.updateTable("businesses").set({ i3_setup_error: error, i3_setup_attempted_at: at })
    .where("id", "=", businessId).where("is_i3_setup", "=", false).execute();
}

/** The company has the compliance kit. */
export async function markComplianceKit(db: Kysely<DB>, businessId: number): Promise<void> {
  await db.updateTable("businesses").set({ has_compliance_kit: true }).where("id", "=", businessId).execute();
}

// ---- For the administrators' desk (api/src/desk/, decision 0049). ----

export async function lockBusinessRequest(
  trx: Transaction<DB>,
  n: { id: number; type: string; user_id: number | null },
) {
  let q = trx.selectFrom("new_business_requests").selectAll().forUpdate();
  if (n.type === "REGISTRATION" && n.user_id !== null) {
    q = q.where("user_id", "=", n.user_id).where("status", "=", "pending").orderBy("id");
  } else q = q.where("notification_id", "=", n.id);
  return await q.executeTakeFirst() ?? null;
}

export async function businessRequestFor(
  db: Kysely<DB>,
  n: { id: number; type: string; user_id: number | null },
) {
  let q = db.selectFrom("new_business_requests as r").innerJoin("users as u", "u.id", "r.user_id")
    .selectAll("r").select(["u.first_name", "u.last_name"]);
  if (n.type === "REGISTRATION" && n.user_id !== null) {
    q = q.where("r.user_id", "=", n.user_id).orderBy(sql`r.status = 'pending'`, "desc").orderBy(
      "r.id",
      "desc",
    );
  } else q = q.where("r.notification_id", "=", n.id);
  return await q.executeTakeFirst() ?? null;
}

export async function resolveBusinessRequest(
  trx: Transaction<DB>,
  id: number,
  done: { businessId: number; by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("new_business_requests").set({
    status: "approved",
    resolved_business_id: done.businessId,
    processed_at: done.at,
    processed_by_user_id: done.by,
  }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function moveBusinessUsers(trx: Kysely<DB>, from: number, to: number) {
  await trx.updateTable("business_users").set({ business_id: to })
    .where("business_id", "=", from).where("removed_at", "is", null)
    .where((eb) =>
      eb.not(eb.exists(
        eb.selectFrom("business_users as x").select("x.id").where("x.business_id", "=", to)
          .whereRef("x.user_id", "=", "business_users.user_id").where("x.removed_at", "is", null),
      ))
    ).execute();
}

export async function findDuplicateCompanies(
  db: Kysely<DB>,
  c: {
    name: string;
    tax_id: string | null;
    phone: string | null;
    email: string | null;
    exceptId: number | null;
  },
) {
  const key = sql`apca_company_key(${c.name})`;
  const tax = sql`apca_digits(${c.tax_id})`;
  const phone = sql`apca_digits(${c.phone})`;
  const email = sql`apca_email_key(${c.email})`;
  const rows = await sql<{
    id: number;
    name: string;
    dba_name: string | null;
    tax_id: string | null;
    phone: string | null;
    email: string | null;
    city: string | null;
    state: string | null;
    is_active: boolean;
    by_name: boolean;
    by_tax: boolean;
    by_phone: boolean;
    by_email: boolean;
  }>`
    select id, name, dba_name, tax_id, phone, email, city, state, is_active,
      coalesce(apca_company_key(name) = ${key}, false) as by_name,
      coalesce(apca_digits(tax_id) = ${tax}, false) as by_tax,
      coalesce(apca_digits(phone) = ${phone}, false) as by_phone,
      coalesce(apca_email_key(email) = ${email}, false) as by_email
    from businesses
    where deleted_at is null and is_individual = false and id <> ${c.exceptId ?? 0}
      and (apca_company_key(name) = ${key} or apca_digits(tax_id) = ${tax}
        or apca_digits(phone) = ${phone} or apca_email_key(email) = ${email})
    limit 50`.execute(db);
  return rows.rows;
}

export async function businessRequestById(db: Kysely<DB>, id: number) {
  return await db.selectFrom("new_business_requests").select(["id", "notification_id", "status"])
    .where("id", "=", id).executeTakeFirst() ?? null;
}

/** Ends one user's link to a business; their tests and memberships stay attached. False when already ended. */
export async function endBusinessUser(db: Kysely<DB>, businessUserId: number, at: Date): Promise<boolean> {
  const result = await db.updateTable("business_users").set({ removed_at: at, is_primary: false })
    .where("id", "=", businessUserId).where("removed_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Declines a waiting company request; false when another administrator settled it first. */
export async function rejectBusinessRequest(
  trx: Transaction<DB>,
  id: number,
  done: { by: number; at: Date },
): Promise<boolean> {
  const result = await trx.updateTable("new_business_requests").set({
    status: "rejected",
    processed_at: done.at,
    processed_by_user_id: done.by,
  }).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The user's live links to businesses, with each business's owner facts (a move checks both ends). */
export async function liveLinksOf(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("business_users as bu").innerJoin("businesses as b", "b.id", "bu.business_id")
    .select([
      "bu.id",
      "bu.business_id",
      "bu.is_owner",
      "bu.is_employee",
      "bu.is_primary",
      "b.der_user_id",
      "b.is_individual",
      "b.is_active",
      "b.i3_location_code",
      "b.name",
    ])
    .where("bu.user_id", "=", userId).where("bu.removed_at", "is", null).where("b.deleted_at", "is", null)
    .orderBy("bu.id").execute();
}

/** Makes `businessUserId` the user's one primary link (the others lose the flag first: one primary, sql/0003). */
export async function setPrimaryLink(db: Kysely<DB>, userId: number, businessUserId: number): Promise<void> {
  await db.updateTable("business_users").set({ is_primary: false })
    .where("user_id", "=", userId).where("removed_at", "is", null).where("id", "<>", businessUserId)
    .execute();
  await db.updateTable("business_users").set({ is_primary: true })
    .where("id", "=", businessUserId).where("removed_at", "is", null).execute();
}

/**
 * The header search's companies (decision 0070), best first: an exact EIN, an EIN that starts with the digits,
 * a name or DBA that starts with the text, then the rest by trigram similarity of the name. Companies only (an
 * independent member's own record is found as the member); deleted ones are left out. Indexed by sql/0039.
 * Two characters are too short for a trigram: the trigram index would hand over every company with a word that
 * starts so (134,082 businesses for "ma" at a million members, 250 ms) to be ranked. So a text shorter than three
 * characters is two b-tree walks that stop after `limit`, names and DBAs by prefix (sql/0065).
 */
export async function searchBusinesses(db: Kysely<DB>, t: SearchTerms, limit: number) {
  const name = sql`lower(b.name)`, dba = sql`lower(coalesce(b.dba_name, ''))`;
  const anywhere = sql.join(
    t.anywhere.flatMap((p) => [sql`${name} like ${p}`, sql`${dba} like ${p}`]),
    sql` or `,
  );
  const digits = t.digits;
  const company = sql`deleted_at is null and is_individual = false`;
  const found = t.text.length < 3
    ? sql`b.id in ((select id from businesses where ${company} and lower(name) collate "C" like ${t.prefix}
        order by lower(name) collate "C", id limit ${limit})
      union (select id from businesses where ${company} and dba_name is not null
        and lower(dba_name) collate "C" like ${t.prefix} order by lower(dba_name) collate "C", id limit ${limit}))`
    : sql`b.deleted_at is null and b.is_individual = false and (${anywhere}
      ${digits === null ? sql`` : sql`or apca_digits(b.tax_id) like ${`${digits}%`}`})`;
  const result = await sql<{
    id: number;
    name: string;
    dba_name: string | null;
    tax_id: string | null;
    is_active: boolean;
    match: "tax_id" | "name" | "dba_name";
    rank: number;
  }>`select b.id, b.name, b.dba_name, b.tax_id, b.is_active,
      case when ${digits}::text is not null and apca_digits(b.tax_id) like ${`${digits ?? ""}%`} then 'tax_id'
        when ${sql.join(t.anywhere.map((p) => sql`${name} like ${p}`), sql` or `)} then 'name'
        else 'dba_name' end as match,
      case when apca_digits(b.tax_id) = ${digits} then 0
        when ${digits}::text is not null and apca_digits(b.tax_id) like ${`${digits ?? ""}%`} then 1
        when ${name} like ${t.prefix} or ${dba} like ${t.prefix} then 2
        else 3 end as rank
    from businesses b
    where ${found}
    order by rank, greatest(similarity(${name}, ${t.text}), similarity(${dba}, ${t.text})) desc, b.name, b.id
    limit ${limit}`.execute(db);
  return result.rows;
}

/**
 * An account merge (decision 0080): the business links of `from` become `to`'s. Where both are linked to one
 * business, `to`'s link takes the other's roles and the other link ends; a moved link stays primary only when
 * `to` has no primary business yet. The businesses `from` represents (DER) and its company requests follow.
 * Answers how many links moved or were folded in, and how many businesses changed their DER.
 */
export async function moveBusinessLinksOfUser(db: Kysely<DB>, from: number, to: number, now: Date) {
  let links = 0;
  const theirs = await db.selectFrom("business_users").selectAll().where("user_id", "=", from)
    .where("removed_at", "is", null).orderBy("is_primary", "desc").orderBy("id").execute();
  for (const link of theirs) {
    const own = await db.selectFrom("business_users").selectAll().where("user_id", "=", to)
      .where("business_id", "=", link.business_id).where("removed_at", "is", null).executeTakeFirst();
    if (own) {
      await db.updateTable("business_users").set({ removed_at: now, is_primary: false }).where(
        "id",
        "=",
        link.id,
      )
        .execute();
      await db.updateTable("business_users").set({
        is_owner: own.is_owner || link.is_owner,
        is_employee: own.is_employee || link.is_employee,
      }).where("id", "=", own.id).execute();
    } else {
      const primary = await db.selectFrom("business_users").select("id").where("user_id", "=", to)
        .where("is_primary", "=", true).where("removed_at", "is", null).executeTakeFirst();
      await db.updateTable("business_users").set({ user_id: to, is_primary: link.is_primary && !primary })
        .where("id", "=", link.id).execute();
    }
    links++;
  }
  // Ended links are history: they move as they are.
  await db.updateTable("business_users").set({ user_id: to }).where("user_id", "=", from)
    .where("removed_at", "is not", null).execute();
  const represented = await db.updateTable("businesses").set({ der_user_id: to }).where(
    "der_user_id",
    "=",
    from,
  )
    .returning("id").execute();
  await db.updateTable("new_business_requests").set({ user_id: to }).where("user_id", "=", from).execute();
  return { links, represented: represented.length };
}

// ---- For the administrators' import (api/src/imports/, decision 0084). ----

/** The import's chunks, set-based (decision 0089): answers the new ids in the rows' order. */
export const insertImportedBusinesses = (db: Kysely<DB>, rows: Insertable<DB["businesses"]>[]) =>
  insertWithIds(db, "businesses", rows);
export const updateImportedBusinesses = (
  db: Kysely<DB>,
  rows: { id: number; change: Updateable<DB["businesses"]> }[],
) => updateAll(db, "businesses", rows);
export const insertImportedLinks = (db: Kysely<DB>, rows: Insertable<DB["business_users"]>[]) =>
  insertWithIds(db, "business_users", rows);

export async function updateImportedBusiness(
  db: Kysely<DB>,
  id: number,
  change: Updateable<DB["businesses"]>,
) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable("businesses").set(change).where("id", "=", id).execute();
}

export async function deleteImportedBusiness(db: Kysely<DB>, id: number) {
  await db.deleteFrom("businesses").where("id", "=", id).execute();
}

export async function deleteImportedLink(db: Kysely<DB>, id: number) {
  await db.deleteFrom("business_users").where("id", "=", id).execute();
}
