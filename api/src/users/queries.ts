import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import type { DB, Db, UsersTable } from "../db/types.ts";
import type { SessionUser } from "../lib/context.ts";
import { type ListParams, liveTotal, paginate, paginateById, record } from "../lib/list.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { insertAll, reserveIds, updateAll } from "../lib/bulk.ts";

const COLUMNS = [
  "id",
  "email",
  "first_name",
  "middle_name",
  "last_name",
  "phone",
  "address_one",
  "address_two",
  "city",
  "state",
  "postal_code",
  "country",
  "uscg_cred",
  "ssn_last4",
  "member_number",
  "is_admin",
  "is_der",
  "created_at",
] as const;

type UserRow = Pick<Selectable<UsersTable>, (typeof COLUMNS)[number]>;

export function toUserRecord(u: UserRow) {
  const { id, is_admin, is_der, created_at, ...rest } = u;
  const roles = [
    ...(is_admin ? ["admin" as const] : []),
    ...(is_der ? ["der" as const] : []),
    "member" as const,
  ];
  return record("user", id, {
    full_name: `${u.first_name} ${u.last_name}`,
    ...rest,
    roles,
    created_at: created_at.toISOString(),
  });
}

/**
 * One user's row as seen by `viewer`: themselves, or anyone for an administrator (deleted accounts too, so the
 * user screen can say the account was deleted). Others get null (a 404).
 */
/** A live user as the user record (the viewer's own, or anyone for an administrator); deleted ones are null. */
export async function findUserFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  if (!viewer.is_admin && viewer.user_id !== id) return null;
  const row = await db.selectFrom("users").select(COLUMNS).where("id", "=", id).where(
    "deleted_at",
    "is",
    null,
  )
    .executeTakeFirst();
  return row ? toUserRecord(row) : null;
}

export async function findUserRowFor(db: Kysely<DB>, viewer: SessionUser, id: number) {
  if (!viewer.is_admin && viewer.user_id !== id) return null;
  let query = db.selectFrom("users").select([...COLUMNS, "deleted_at"]).where("id", "=", id);
  if (!viewer.is_admin) query = query.where("deleted_at", "is", null);
  return await query.executeTakeFirst() ?? null;
}

/** The facts behind the flags of admin spec §3 User, read in one round trip. */
export async function userFacts(db: Kysely<DB>, id: number, viewerId: number) {
  return await db.selectFrom("users as u").where("u.id", "=", id).select((eb) => [
    eb.exists(
      eb.selectFrom("new_business_requests as r").select("r.id").whereRef("r.user_id", "=", "u.id")
        .where("r.status", "=", "pending"),
    ).as("pending_company_request"),
    // Where the warnings are fixed (issue 24 item 3): the request's notification, the primary business.
    eb.selectFrom("new_business_requests as r").select("r.notification_id").whereRef("r.user_id", "=", "u.id")
      .where("r.status", "=", "pending").orderBy("r.id", "desc").limit(1).as(
        "pending_request_notification_id",
      ),
    liveLinks(eb).clearSelect().select("b.id").where("bu.is_primary", "=", true).orderBy("bu.id").limit(1)
      .as("primary_business_id"),
    eb.exists(liveLinks(eb)).as("attached"),
    eb.exists(
      liveLinks(eb).where("bu.is_primary", "=", true).where("b.is_i3_setup", "=", true),
    ).as("primary_setup"),
    eb.exists(liveLinks(eb).where("bu.is_owner", "=", true)).as("owns_business"),
    eb.exists(eb.selectFrom("users as d").select("d.id").where(isDuplicate(viewerId))).as("duplicate"),
  ]).executeTakeFirstOrThrow();
}

// deno-lint-ignore no-explicit-any
type AnyEb = any;

/** The user's live links to live businesses (`bu`, `b`). */
const liveLinks = (eb: AnyEb) =>
  eb.selectFrom("business_users as bu").innerJoin("businesses as b", "b.id", "bu.business_id")
    .select("bu.id").whereRef("bu.user_id", "=", "u.id").where("bu.removed_at", "is", null)
    .where("b.deleted_at", "is", null);

/**
 * Possible duplicates (`d`) of the user aliased `u`, as the viewer `viewerId` sees them: another live account
 * of the same person, that is the same e-mail (any case), or the same first and last name (any case) with the
 * same phone, USCG credential or SSN last four digits. A shared phone alone is not enough (issue 23: the demo
 * users shared one number and each user page listed all the others). Never the viewer, never an administrator.
 * A guess for an administrator to look at; there is no merge (the specification shows none).
 */
const isDuplicate = (viewerId: number) =>
  sql<boolean>`d.id <> u.id and d.id <> ${viewerId} and d.deleted_at is null and not d.is_admin and (
  lower(d.email) = lower(u.email)
  or (lower(d.first_name) = lower(u.first_name) and lower(d.last_name) = lower(u.last_name) and (
    (d.phone is not null and d.phone = u.phone)
    or (d.uscg_cred is not null and d.uscg_cred = u.uscg_cred)
    or (d.ssn_last4 is not null and d.ssn_last4 = u.ssn_last4))))`;

/** One page of the possible duplicates of user `id` (admin spec §7: page from 1, default userFirstLastName). */
export async function listDuplicates(db: Kysely<DB>, id: number, viewerId: number, params: ListParams) {
  const query = db.selectFrom("users as d").innerJoin("users as u", (j) => j.on("u.id", "=", id))
    .where(isDuplicate(viewerId)).select([
      ...COLUMNS.map((c) => `d.${c}` as const),
      sql<string>`lower(d.first_name || ' ' || d.last_name)`.as("name_sort"),
    ]);
  const { rows, meta } = await paginate(query, params, {
    id: "d.id",
    userFirstLastName: "name_sort",
    email: "d.email",
    phone: "d.phone",
  });
  return { data: rows.map(({ name_sort: _, ...row }) => toUserRecord(row)), meta };
}

/** Whether `userId` holds a membership that is still running (not failed, cancelled or lapsed). */
export async function runningMemberships(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("memberships").select(["type", "expire_at"]).where("user_id", "=", userId)
    .where("failed", "=", false).where("cancelled", "=", false).execute();
}

export async function countAdmins(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("is_admin", "=", true).where("deleted_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setAdmin(db: Kysely<DB>, id: number, admin: boolean, now: Date) {
  await db.updateTable("users").set({ is_admin: admin, updated_at: now }).where("id", "=", id)
    .where("deleted_at", "is", null).execute();
}

export async function updateProfile(db: Kysely<DB>, id: number, values: Updateable<UsersTable>) {
  return await db.updateTable("users").set(values).where("id", "=", id).where("deleted_at", "is", null)
    .returning("id").executeTakeFirst();
}

export async function emailInUse(db: Kysely<DB>, email: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom("users").select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptId !== undefined) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Sets a live account's password hash; false when the account is gone. */
export async function setPasswordHash(db: Kysely<DB>, id: number, hash: string, now: Date): Promise<boolean> {
  const changed = await db.updateTable("users").set({ password_hash: hash, updated_at: now }).where(
    "id",
    "=",
    id,
  )
    .where("deleted_at", "is", null).returning("id").executeTakeFirst();
  return changed !== undefined;
}

export async function findSafetyLetter(db: Kysely<DB>, userId: number) {
  return await db.selectFrom("safety_concern_letters").selectAll().where("user_id", "=", userId)
    .executeTakeFirst();
}

/** Makes `letter` the user's letter; answers the storage key of the one it replaced, if any. */
export async function replaceSafetyLetter(
  db: Kysely<DB>,
  letter: Insertable<DB["safety_concern_letters"]>,
): Promise<string | null> {
  const old = await db.deleteFrom("safety_concern_letters").where("user_id", "=", letter.user_id)
    .returning("storage_key").executeTakeFirst();
  await db.insertInto("safety_concern_letters").values(letter).execute();
  return old?.storage_key ?? null;
}

export async function deleteSafetyLetter(db: Kysely<DB>, userId: number) {
  return await db.deleteFrom("safety_concern_letters").where("user_id", "=", userId)
    .returning(["storage_key", "filename"]).executeTakeFirst();
}

/** The users list's filters (decision 0082), as the query needs them: days already turned into instants. */
export interface UserFilter {
  search?: string;
  role?: "admin" | "der" | "member";
  membership?: "active" | "paused" | "expired" | "cancelled" | "pending" | "failed" | "none";
  /** The coverage day the membership status is read on (the injected clock's). */
  today: string;
  company?: string;
  businessId?: number;
  joinedFrom?: Date;
  /** Exclusive: the start of the day after the last one asked for. */
  joinedBefore?: Date;
}

/**
 * The status of the current membership (is_current, the overview tiles' row) in `@apca/rules/membership-state`'s
 * precedence: failed, pending, cancelled, expired, paused, active. Each is one condition on `m`.
 */
function membershipCondition(state: Exclude<UserFilter["membership"], "none" | undefined>, today: string) {
  const open = sql<boolean>`exists (select 1 from membership_pauses p where p.membership_id = m.id
    and p.resumed_at is null)`;
  const live = sql<boolean>`not m.failed and not m.pending and m.cancelled_at is null`;
  const current = sql<boolean>`(m.expire_at is null or m.expire_at >= ${today})`;
  switch (state) {
    case "failed":
      return sql<boolean>`m.failed`;
    case "pending":
      return sql<boolean>`not m.failed and m.pending`;
    case "cancelled":
      return sql<boolean>`not m.failed and not m.pending and m.cancelled_at is not null`;
    case "expired":
      return sql<boolean>`${live} and m.expire_at < ${today}`;
    case "paused":
      return sql<boolean>`${live} and ${current} and ${open}`;
    case "active":
      return sql<boolean>`${live} and ${current} and not ${open}`;
  }
}

/** One page of live users matching every filter given; offset pages, as before (lib/list.ts paginate). */
export async function listUsers(db: Kysely<DB>, params: ListParams & UserFilter) {
  let query = db.selectFrom("users").select(COLUMNS).where("deleted_at", "is", null);
  if (params.search) {
    const prefix = `${params.search.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["first_name"]), "like", prefix),
        eb(eb.fn("lower", ["last_name"]), "like", prefix),
        eb(eb.fn("lower", ["email"]), "like", prefix),
        eb("member_number", "=", params.search!),
      ])
    );
  }
  if (params.role === "admin") query = query.where("is_admin", "=", true);
  if (params.role === "der") query = query.where("is_der", "=", true);
  if (params.role === "member") query = query.where("is_admin", "=", false).where("is_der", "=", false);
  if (params.joinedFrom) query = query.where("created_at", ">=", params.joinedFrom);
  if (params.joinedBefore) query = query.where("created_at", "<", params.joinedBefore);
  if (params.membership === "none") {
    // The newest membership of each member is its current one (sql/0021), so "none" is "no current one".
    query = query.where(sql<boolean>`not exists (select 1 from memberships m where m.user_id = users.id
      and m.is_current)`);
  } else if (params.membership) {
    query = query.where(sql<boolean>`exists (select 1 from memberships m where m.user_id = users.id
      and m.is_current and ${membershipCondition(params.membership, params.today)})`);
  }
  if (params.businessId !== undefined) {
    query = query.where(sql<boolean>`exists (select 1 from business_users bu where bu.user_id = users.id
      and bu.removed_at is null and bu.business_id = ${params.businessId})`);
  }
  if (params.company) {
    const like = `%${params.company.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
    // The companies first (the trigram indexes of sql/0039 answer the LIKE), then their people.
    query = query.where(
      sql<boolean>`exists (select 1 from business_users bu join businesses b on b.id = bu.business_id
      where bu.user_id = users.id and bu.removed_at is null and b.deleted_at is null and not b.is_individual
      and (lower(b.name) like ${like} or lower(coalesce(b.dba_name, '')) like ${like}))`,
    );
  }
  // By id first: at a million users a deep page or a name sort read every row before the page (sql/0061); and
  // without a filter the total is the live users kept by triggers (sql/0064), not a count of a million.
  const filtered = Boolean(params.search) || params.role !== undefined || params.joinedFrom !== undefined ||
    params.joinedBefore !== undefined || params.membership !== undefined || params.businessId !== undefined ||
    Boolean(params.company);
  const { rows, meta } = await paginateById(query, params, {
    id: "id",
    first_name: "first_name",
    last_name: "last_name",
    email: "email",
    created_at: "created_at",
  }, filtered ? undefined : () => liveTotal(db, "users"));
  return { data: rows.map(toUserRecord), meta };
}

/** Whether the user exists and is not deleted (calls about a user answer 404 otherwise). */
export async function liveUserExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst();
  return user !== undefined;
}

/** Whether a user row exists, deleted or not (their past records stay readable). */
export async function userExists(db: Kysely<DB>, id: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
  return user !== undefined;
}

/** Schedules the account's deletion (a company cancelled the membership it paid for; issue 11 item 3). */
export async function scheduleAccountDeletion(
  db: Kysely<DB>,
  userId: number,
  at: Date,
  businessId: number,
): Promise<void> {
  await db.updateTable("users")
    .set({ scheduled_deletion_at: at, scheduled_deletion_business_id: businessId })
    .where("id", "=", userId).where("deleted_at", "is", null).execute();
}

/** Live accounts whose scheduled deletion is due at `now`, with whether they have a card of their own now. */
export function dueAccountDeletions(db: Kysely<DB>, now: Date) {
  return db.selectFrom("users as u")
    .select((eb) => [
      "u.id",
      "u.scheduled_deletion_business_id",
      eb.exists(
        eb.selectFrom("payment_methods as pm").select("pm.id").whereRef("pm.user_id", "=", "u.id")
          .where("pm.deleted_at", "is", null),
      ).as("has_card"),
    ])
    .where("u.scheduled_deletion_at", "<=", now).where("u.deleted_at", "is", null).orderBy("u.id").execute();
}

export async function clearScheduledDeletion(db: Kysely<DB>, userId: number): Promise<void> {
  await db.updateTable("users").set({ scheduled_deletion_at: null, scheduled_deletion_business_id: null })
    .where("id", "=", userId).execute();
}

/**
 * "Deletes" an account as decision 0024 says: sign-in disabled (an unusable password hash, the deleted mark the
 * sign-in and session queries filter on), contact and identity details not needed for the retained records
 * removed. This writes only users: the desk's deleteAccount (desk/users-deletion.ts) also revokes the sessions
 * (auth), drops the reset links (password-reset), ends the business links (businesses) and stops the renewals
 * (memberships), each through its owner, in the same transaction. The row itself, its name,
 * member number and USCG credential stay, because the drug tests, memberships and orders that 49 CFR 40.333
 * (and the tax rules for orders) require us to keep point at it and must stay attributable.
 */
export async function minimiseAccount(db: Kysely<DB>, userId: number, now: Date, reason: string) {
  await db.updateTable("users").set({
    email: `deleted-user-${userId}@deleted.invalid`,
    password_hash: "!deleted",
    middle_name: null,
    phone: null,
    address_one: null,
    address_two: null,
    city: null,
    state: null,
    postal_code: null,
    country: null,
    ssn_last4: null,
    opt_in: false,
    is_admin: false,
    is_der: false,
    deleted_at: now,
    deletion_reason: reason,
    scheduled_deletion_at: null,
  }).where("id", "=", userId).where("deleted_at", "is", null).execute();
}

/** The live user's own columns, as a change compares against them. */
export async function findUserRow(db: Kysely<DB>, id: number) {
  return await db.selectFrom("users").select(COLUMNS).where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst();
}

/** The user's change waiting for APCA (an UPDATE_USER awaiting approval, undecided), or null. */
export async function openUserChange(db: Db, userId: number) {
  return await db.selectFrom("notifications").select(["id", "meta", "created_at"])
    .where("type", "=", "UPDATE_USER").where("user_id", "=", userId)
    .where("approved", "is", null).where("archived_at", "is", null)
    .where(sql<boolean>`(meta ->> 'awaiting_approval') = 'true'`)
    .orderBy("id", "desc").executeTakeFirst() ?? null;
}

/** Whether another account already signs in with this e-mail (any case). */
export async function emailUsedByOther(db: Kysely<DB>, email: string, userId: number): Promise<boolean> {
  const row = await db.selectFrom("users").select("id")
    .where(sql<string>`lower(email)`, "=", email.toLowerCase()).where("id", "<>", userId).executeTakeFirst();
  return row !== undefined;
}

/** Applies changed columns of a user. */
export async function updateUserFields(
  trx: Transaction<DB>,
  id: number,
  fields: Updateable<UsersTable>,
): Promise<void> {
  await trx.updateTable("users").set(fields).where("id", "=", id).execute();
}

/** Locks the user's row for the transaction, so two changes of one account are decided one after the other. */
export async function lockUser(trx: Transaction<DB>, id: number): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
}

export async function liveLinkExists(db: Kysely<DB>, businessId: number, userId: number) {
  const row = await db.selectFrom("business_users").select("id").where("business_id", "=", businessId)
    .where("user_id", "=", userId).where("removed_at", "is", null).executeTakeFirst();
  return row !== undefined;
}

export async function primaryLinkExists(db: Kysely<DB>, userId: number) {
  const row = await db.selectFrom("business_users").select("id").where("user_id", "=", userId)
    .where("is_primary", "=", true).where("removed_at", "is", null).executeTakeFirst();
  return row !== undefined;
}

/** Which of `emails` belong to users not deleted, as stored (the start banner's demo sign-ins). */
export async function liveEmails(db: Kysely<DB>, emails: string[]): Promise<string[]> {
  if (!emails.length) return [];
  const rows = await db.selectFrom("users").select("email").where("email", "in", emails)
    .where("deleted_at", "is", null).execute();
  return rows.map((r) => r.email);
}

/** Inserts the user and gives them their member number (made from the new id); answers the id. */
export async function insertUser(
  db: Kysely<DB>,
  user: Omit<Insertable<DB["users"]>, "member_number">,
  memberNumber: (id: number) => string,
): Promise<number> {
  const { id } = await db.insertInto("users").values(user).returning("id").executeTakeFirstOrThrow();
  await db.updateTable("users").set({ member_number: memberNumber(id) }).where("id", "=", id).execute();
  return id;
}

// ---- For the administrators' desk (api/src/desk/, decision 0049). ----

export async function applyUserChange(trx: Kysely<DB>, userId: number, change: Updateable<DB["users"]>) {
  await trx.updateTable("users").set(change).where("id", "=", userId).execute();
}

/** Whom to write to about a decision: a live account's e-mail and first name, or null. */
export async function contactOf(db: Kysely<DB>, id: number) {
  return await db.selectFrom("users").select(["email", "first_name", "last_name"]).where("id", "=", id)
    .where("deleted_at", "is", null).executeTakeFirst() ?? null;
}

/** How many weak (name or e-mail anywhere) candidates the header search ranks at most (decision 0070). */
const SEARCH_SAMPLE = 100;

/**
 * The header search's users (decision 0070), best first: an exact member number, then a member number, phone,
 * e-mail or credential that starts with the text, then last names that start with it (alphabetical), then the
 * rest by trigram similarity of the name. The candidates come from three bounded branches, each an index probe
 * of sql/0039: the selective fields (numbers, phone, credential, e-mail), last names by prefix in order (a
 * b-tree walk that stops after `limit`), and names anywhere (at most SEARCH_SAMPLE); only those are ranked, so a
 * surname shared by 10,000 members costs no more than a rare one.
 *
 * Two characters are too short for a trigram: the trigram indexes would hand over every member with a word
 * that starts so (53,806 for "bo" at a million members) before any limit. So a text shorter than three
 * characters is two b-tree walks that stop after `limit`, last names and first names by prefix (sql/0065).
 */
export async function searchUsers(db: Kysely<DB>, t: SearchTerms, limit: number) {
  return (await searchUsersQuery(t, limit).execute(db)).rows;
}

/** searchUsers's query (its test reads the plan). */
export function searchUsersQuery(t: SearchTerms, limit: number) {
  const name = sql`lower(u.first_name || ' ' || u.last_name)`;
  const anywhere = (expr: RawBuilder<unknown>) =>
    sql.join(t.anywhere.map((p) => sql`${expr} like ${p}`), sql` or `);
  const digits = t.digits;
  const digitsPrefix = `${digits ?? ""}%`;
  const lastNames = sql`(select u.id from users u where u.deleted_at is null
        and lower(u.last_name) collate "C" like ${t.prefix}
        order by lower(u.last_name) collate "C", lower(u.first_name) collate "C", u.id limit ${limit})`;
  const candidates = t.text.length < 3
    ? sql`${lastNames}
      union
      (select u.id from users u where u.deleted_at is null
        and lower(u.first_name) collate "C" like ${t.prefix}
        order by lower(u.first_name) collate "C", lower(u.last_name) collate "C", u.id limit ${limit})`
    : sql`(select u.id from users u where u.deleted_at is null and (${anywhere(sql`lower(u.email)`)}
        or lower(u.member_number) like ${t.anywhere[0]} or lower(u.uscg_cred) like ${t.anywhere[0]}
        ${
      digits === null
        ? sql``
        : sql`or lower(u.member_number) like ${`%${digits}%`} or apca_digits(u.phone) like ${digitsPrefix}`
    })
        limit ${SEARCH_SAMPLE})
      union
      ${lastNames}
      union
      (select u.id from users u where u.deleted_at is null and (${anywhere(name)}) limit ${SEARCH_SAMPLE})`;
  return sql<{
    id: number;
    first_name: string;
    last_name: string;
    email: string;
    member_number: string | null;
    phone: string | null;
    uscg_cred: string | null;
    is_admin: boolean;
    is_der: boolean;
    match: "member_number" | "phone" | "email" | "uscg_cred" | "name";
    rank: number;
  }>`with candidates as (${candidates})
    select u.id, u.first_name, u.last_name, u.email, u.member_number, u.phone, u.uscg_cred, u.is_admin, u.is_der,
      case when lower(u.member_number) like ${t.prefix} or (${digits}::text is not null
          and lower(u.member_number) like ${`%${digits ?? ""}%`}) then 'member_number'
        when ${digits}::text is not null and apca_digits(u.phone) like ${digitsPrefix} then 'phone'
        when lower(u.uscg_cred) like ${t.prefix} then 'uscg_cred'
        when ${anywhere(name)} then 'name'
        when ${anywhere(sql`lower(u.email)`)} then 'email'
        else 'uscg_cred' end as match,
      case when lower(u.member_number) = ${t.text} or apca_digits(u.member_number) = ${digits} then 0
        when lower(u.member_number) like ${t.prefix} or apca_digits(u.phone) = ${digits}
          or lower(u.email) = ${t.text} or lower(u.uscg_cred) = ${t.text} then 1
        when (${digits}::text is not null and apca_digits(u.phone) like ${digitsPrefix})
          or lower(u.uscg_cred) like ${t.prefix} then 2
        when ${name} like ${t.prefix} or lower(u.last_name) like ${t.prefix} or lower(u.email) like ${t.prefix}
          then 3
        else 4 end as rank
    from candidates c join users u on u.id = c.id
    order by rank, similarity(${name}, ${t.text}) desc, lower(u.last_name), lower(u.first_name), u.id
    limit ${limit}`;
}

/** The two accounts of a merge (decision 0080), as the merge checks and records them; deleted ones too. */
export async function mergeParties(db: Kysely<DB>, ids: number[]) {
  return await db.selectFrom("users").select([
    "id",
    "email",
    "first_name",
    "last_name",
    "member_number",
    "is_admin",
    "is_der",
    "deleted_at",
  ]).where("id", "in", ids).execute();
}

/**
 * Closes the account merged into `into` (decision 0080): as a deletion minimises it (decision 0024), and it
 * gives up its member number (unique) so the kept account may take it; it records where it went.
 */
export async function closeMergedAccount(db: Kysely<DB>, userId: number, into: number, now: Date) {
  await minimiseAccount(db, userId, now, `Merged into account ${into}`);
  await db.updateTable("users").set({ member_number: null, merged_into_user_id: into, updated_at: now })
    .where("id", "=", userId).execute();
}

/**
 * The kept account takes what only the closed one had: its member number (when the kept has none), the DER
 * flag, and its safety concern letter (when the kept has none). Answers the kept account's changed fields as
 * [before, after] and whether the letter moved.
 */
export async function adoptMergedAccount(
  db: Kysely<DB>,
  keep: { id: number; member_number: string | null; is_der: boolean },
  closed: { id: number; member_number: string | null; is_der: boolean },
  now: Date,
) {
  const changes: Record<string, [unknown, unknown]> = {};
  const values: Updateable<UsersTable> = {};
  if (!keep.member_number && closed.member_number) {
    values.member_number = closed.member_number;
    changes.member_number = [keep.member_number, closed.member_number];
  }
  if (!keep.is_der && closed.is_der) {
    values.is_der = true;
    changes.is_der = [false, true];
  }
  if (Object.keys(values).length) {
    await db.updateTable("users").set({ ...values, updated_at: now }).where("id", "=", keep.id).execute();
  }
  const own = await db.selectFrom("safety_concern_letters").select("id").where("user_id", "=", keep.id)
    .executeTakeFirst();
  const letter = own ? [] : await db.updateTable("safety_concern_letters").set({ user_id: keep.id })
    .where("user_id", "=", closed.id).returning("id").execute();
  return { changes, letterMoved: letter.length };
}

// ---- For the administrators' import (api/src/imports/, decision 0084). ----

/** The import's chunks, set-based (decision 0089): ids reserved first, then one insert per shape of row. */
export const reserveImportedUserIds = (db: Kysely<DB>, n: number) => reserveIds(db, "users", n);
export const insertImportedUserRows = (db: Kysely<DB>, rows: (Insertable<DB["users"]> & { id: number })[]) =>
  insertAll(db, "users", rows);
export const updateImportedUsers = (
  db: Kysely<DB>,
  rows: { id: number; change: Updateable<DB["users"]> }[],
) => updateAll(db, "users", rows);

export async function updateImportedUser(db: Kysely<DB>, id: number, change: Updateable<DB["users"]>) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable("users").set(change).where("id", "=", id).execute();
}

export async function deleteImportedUser(db: Kysely<DB>, id: number) {
  await db.deleteFrom("users").where("id", "=", id).execute();
}
