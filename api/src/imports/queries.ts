/** The import's own tables (sql/0046) and the reads it makes of the records it compares with. */
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { DB, ImportKind, ImportOutcome } from "../db/types.ts";
import { paginate } from "../lib/list.ts";

export const insertBatch = (db: Kysely<DB>, row: Insertable<DB["import_batches"]>) =>
  db.insertInto("import_batches").values(row).returningAll().executeTakeFirstOrThrow();

export const findBatch = (db: Kysely<DB>, id: number) =>
  db.selectFrom("import_batches").selectAll().where("id", "=", id).executeTakeFirst();

export const lockBatch = (db: Kysely<DB>, id: number) =>
  db.selectFrom("import_batches").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();

export const updateBatch = (db: Kysely<DB>, id: number, change: Updateable<DB["import_batches"]>) =>
  db.updateTable("import_batches").set(change).where("id", "=", id).execute();

export const listBatches = (db: Kysely<DB>, limit: number) =>
  db.selectFrom("import_batches").selectAll().orderBy("id", "desc").limit(limit).execute();

export const deleteRows = (db: Kysely<DB>, batchId: number) =>
  db.deleteFrom("import_rows").where("batch_id", "=", batchId).execute();

/** Stages rows in one statement (the dry run's chunks): the rows travel as one JSON document. */
export async function insertRows(db: Kysely<DB>, rows: Insertable<DB["import_rows"]>[]) {
  if (rows.length === 0) return;
  await sql`insert into import_rows (batch_id, row_number, natural_key, raw, data, outcome, reason, warnings)
    select v.batch_id, v.row_number, v.natural_key, v.raw, v.data, v.outcome, v.reason, v.warnings
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(batch_id int, row_number int,
      natural_key text, raw jsonb, data jsonb, outcome text, reason text, warnings jsonb)`.execute(db);
}

/** The first staged row (of rows read, data not null) holding each of these natural keys. */
export async function stagedKeys(db: Kysely<DB>, batchId: number, keys: string[]) {
  if (keys.length === 0) return [];
  const r = await sql<
    { key: string; row_number: number }
  >`select natural_key as key, min(row_number)::int as row_number
    from import_rows where batch_id = ${batchId} and natural_key = any(${sql.val([...new Set(keys)])}::text[])
      and data is not null
    group by natural_key`.execute(db);
  return r.rows;
}

/**
 * The first staged row holding each of these member numbers, among the rows whose e-mail was not itself a repeat
 * (the dry run looks at a row's member number only once its e-mail was new).
 */
export async function stagedMemberNumbers(db: Kysely<DB>, batchId: number, numbers: string[]) {
  if (numbers.length === 0) return [];
  const r = await sql<{ key: string; row_number: number }>`select r.data ->> 'member_number' as key,
      min(r.row_number)::int as row_number
    from import_rows r
    where r.batch_id = ${batchId} and r.data ->> 'member_number' = any(${
    sql.val([...new Set(numbers)])
  }::text[])
      and r.data is not null
      and not exists (select 1 from import_rows p where p.batch_id = r.batch_id and p.natural_key = r.natural_key
        and p.data is not null and p.row_number < r.row_number)
    group by 1`.execute(db);
  return r.rows;
}

/**
 * The settings of an import's transaction, for that transaction only:
 * - its commit does not wait for the WAL to reach the disk (decision 0089). A chunk's writes and its progress
 *   marker commit together, so a database crash can lose the last chunks only whole, and the import applies them
 *   again; the disk is not waited for 250 times per 1,000,000 rows.
 * - every statement is planned for its own keys (`plan_cache_mode = force_custom_plan`). postgres.js prepares
 *   each statement, and after five runs PostgreSQL may keep a generic plan made while the tables were small;
 *   an import grows them by 250,000 rows in seconds, and the plan stays until the next ANALYZE (none at all
 *   where autovacuum is off). A generic plan of a key look-up (`member_number = any($1)`) was a sequential scan
 *   comparing every row with each of the chunk's 1,000 keys in turn: 7 s per chunk at 80,000 users, and the
 *   bench's import of 250,000 members ran past the statement timeout. Planning each statement costs well under
 *   a millisecond per chunk.
 */
export async function importTransaction(trx: Kysely<DB>) {
  await sql`select set_config('synchronous_commit', 'off', true),
    set_config('plan_cache_mode', 'force_custom_plan', true)`.execute(trx);
}

export const pendingRows = (db: Kysely<DB>, batchId: number, limit: number) =>
  db.selectFrom("import_rows").select(["row_number", "natural_key", "data", "outcome"]).where(
    "batch_id",
    "=",
    batchId,
  ).where(
    "applied_outcome",
    "is",
    null,
  )
    .orderBy("row_number").limit(limit).execute();

/** A batch's staging rows as the rows list and the errors file read them. */
const batchRows = (db: Kysely<DB>, batchId: number) =>
  db.selectFrom("import_rows").select([
    "row_number",
    "natural_key",
    "raw",
    "outcome",
    "reason",
    "warnings",
    "applied_outcome",
    "target_id",
  ]).where("batch_id", "=", batchId);

export const rowsPage = (
  db: Kysely<DB>,
  batchId: number,
  filter: { outcome?: string; after: number; limit: number },
) => {
  let q = batchRows(db, batchId).where("row_number", ">", filter.after);
  if (filter.outcome) q = q.where("outcome", "=", filter.outcome as "error");
  return q.orderBy("row_number").limit(filter.limit).execute();
};

/** One page of a batch's rows in file order, filtered by the outcome shown (the apply's, else the dry run's). */
export const rowsPaged = (
  db: Kysely<DB>,
  batchId: number,
  q: { outcome?: ImportOutcome; page: number; per_page: number },
) => {
  let query = batchRows(db, batchId);
  if (q.outcome) query = query.where(sql`coalesce(applied_outcome, outcome)`, "=", q.outcome);
  return paginate(query, { ...q, sort_by: "id", sort_dir: "asc" }, { id: "row_number" });
};

export const appliedRows = (db: Kysely<DB>, batchId: number) =>
  db.selectFrom("import_rows").selectAll().where("batch_id", "=", batchId)
    .where("applied_outcome", "in", ["create", "update"]).orderBy("row_number", "desc").execute();

/** What the apply did with a chunk's rows, in one statement; a row without a new reason keeps its own. */
export async function setRowsApplied(
  db: Kysely<DB>,
  batchId: number,
  rows: {
    row_number: number;
    applied_outcome: string;
    reason: string | null;
    target_id?: number;
    extra?: unknown;
    before?: unknown;
  }[],
) {
  await sql`update import_rows r set applied_outcome = v.applied_outcome, reason = coalesce(v.reason, r.reason),
      target_id = v.target_id, extra = v.extra, before = v.before
    from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as v(row_number int, applied_outcome text,
      reason text, target_id int, extra jsonb, before jsonb)
    where r.batch_id = ${batchId} and r.row_number = v.row_number`.execute(db);
}

/** The table each kind's rows write (its records' `target_id`). */
const TABLES: Record<ImportKind, string> = {
  companies: "businesses",
  members: "users",
  memberships: "memberships",
  drug_tests: "drug_tests",
  store_orders: "orders",
};

/**
 * After the apply: each written record's updated_at, the mark a later change moves (rollback's test), for the rows
 * `from` to `to` (a page: one statement over a 1,000,000-row batch would outlast the statement timeout).
 */
export async function stampRows(db: Kysely<DB>, batchId: number, kind: ImportKind, from: number, to: number) {
  const table = TABLES[kind];
  await sql`update import_rows r set stamp = t.updated_at from ${sql.table(table)} t
    where r.batch_id = ${batchId} and r.row_number between ${from} and ${to} and r.target_id = t.id
      and r.applied_outcome in ('create', 'update')`
    .execute(db);
}

export async function countOutcomes(db: Kysely<DB>, batchId: number, column: "outcome" | "applied_outcome") {
  const rows = await db.selectFrom("import_rows").select([column, (eb) => eb.fn.countAll<string>().as("n")])
    .where("batch_id", "=", batchId).groupBy(column).execute();
  const warn = await db.selectFrom("import_rows").select((eb) => eb.fn.countAll<string>().as("n"))
    .where("batch_id", "=", batchId).where("warnings", "is not", null).executeTakeFirstOrThrow();
  const out = { create: 0, update: 0, unchanged: 0, error: 0, warnings: Number(warn.n) };
  for (const r of rows) {
    const k = (r as Record<string, string | null>)[column];
    if (k) out[k as "create"] = Number(r.n);
  }
  return out;
}

export const findMapping = (db: Kysely<DB>, kind: ImportKind, shape: string) =>
  db.selectFrom("import_mappings").selectAll().where("kind", "=", kind).where("header_shape", "=", shape)
    .executeTakeFirst();

export const saveMapping = (db: Kysely<DB>, row: Insertable<DB["import_mappings"]>) =>
  db.insertInto("import_mappings").values(row).onConflict((oc) =>
    oc.columns(["kind", "header_shape"]).doUpdateSet({
      columns: row.columns,
      date_format: row.date_format,
      phone_format: row.phone_format,
      updated_by_user_id: row.updated_by_user_id,
      updated_at: row.updated_at,
    })
  ).execute();

// ---- Reads of the records an import compares with ----

const USER_COLUMNS = [
  "id",
  "email",
  "member_number",
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
  "is_der",
  "updated_at",
] as const;

type UserRow = Pick<Selectable<DB["users"]>, (typeof USER_COLUMNS)[number]>;

/**
 * The users with these e-mails (each key is unique in its index, so at most one row each). Run in an import's
 * transaction (importTransaction: custom plans), this is probes of the unique index; the other key look-ups
 * below are written the same way.
 */
export async function usersByEmail(db: Kysely<DB>, emails: string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  const keys = sql.val([...new Set(emails)]);
  const r = await sql<
    UserRow
  >`select u.id, u.email, u.member_number, u.first_name, u.middle_name, u.last_name,
    u.phone, u.address_one, u.address_two, u.city, u.state, u.postal_code, u.country, u.uscg_cred, u.ssn_last4,
    u.is_der, u.updated_at
    from users u where lower(u.email) = any(${keys}::text[]) and u.deleted_at is null`.execute(db);
  return r.rows;
}

export async function usersByMemberNumber(db: Kysely<DB>, numbers: string[]) {
  if (numbers.length === 0) return [];
  const r = await sql<{ id: number; member_number: string | null; email: string }>`
    select u.id, u.member_number, u.email
    from users u where u.member_number = any(${sql.val([...new Set(numbers)])}::text[])`.execute(db);
  return r.rows;
}

export const businessesByEin = (db: Kysely<DB>, digits: string[]) =>
  digits.length === 0 ? Promise.resolve([]) : db.selectFrom("businesses").select([
    "id",
    "name",
    "dba_name",
    "email",
    "phone",
    "tax_id",
    "address_one",
    "address_two",
    "city",
    "state",
    "postal_code",
    "country",
    "der_user_id",
    sql<string>`regexp_replace(tax_id, '[^0-9]', '', 'g')`.as("ein"),
  ]).where(sql<boolean>`regexp_replace(tax_id, '[^0-9]', '', 'g') = any(${sql.val(digits)}::text[])`).where(
    "deleted_at",
    "is",
    null,
  )
    .where("is_individual", "=", false).execute();

export const activeLinks = (db: Kysely<DB>, userIds: number[]) =>
  userIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom("business_users").select(["id", "user_id", "business_id", "is_owner", "is_employee"])
      .where(sql<boolean>`user_id = any(${sql.val(userIds)}::int[])`).where("removed_at", "is", null)
      .execute();

export async function testsByRef(db: Kysely<DB>, refs: string[]) {
  if (refs.length === 0) return [];
  const r = await sql<
    Pick<
      Selectable<DB["drug_tests"]>,
      | "id"
      | "i3_order_ref"
      | "user_id"
      | "business_id"
      | "reason"
      | "result"
      | "status"
      | "collected_at"
      | "resulted_at"
    >
  >`select t.id, t.i3_order_ref, t.user_id, t.business_id, t.reason, t.result, t.status, t.collected_at,
      t.resulted_at
    from drug_tests t where t.i3_order_ref = any(${sql.val([...new Set(refs)])}::text[])`.execute(db);
  return r.rows;
}

/** Records made since a batch that refer to a user it created (they would go with it). */
export async function userDependents(db: Kysely<DB>, userId: number, ownLinks: number[]) {
  const r = await sql<{ what: string }>`
    select 'membership' as what from memberships where user_id = ${userId}
    union all select 'drug test' from drug_tests where user_id = ${userId}
    union all select 'order' from orders where user_id = ${userId}
    union all select 'sign-in' from sessions where user_id = ${userId}
    union all select 'company link' from business_users
      where user_id = ${userId} and not (id = any(${sql.val(ownLinks.length ? ownLinks : [0])}::int[]))
    union all select 'company' from businesses where der_user_id = ${userId}
    limit 1`.execute(db);
  return r.rows[0]?.what ?? null;
}

/** Records made since a batch that refer to a company it created. */
export async function businessDependents(db: Kysely<DB>, businessId: number, ownLinks: number[]) {
  const r = await sql<{ what: string }>`
    select 'membership' as what from memberships where business_id = ${businessId}
    union all select 'drug test' from drug_tests where business_id = ${businessId}
    union all select 'order' from orders where business_id = ${businessId}
    union all select 'vessel' from vessels where business_id = ${businessId}
    union all select 'employee' from business_users
      where business_id = ${businessId} and not (id = any(${
    sql.val(ownLinks.length ? ownLinks : [0])
  }::int[]))
    limit 1`.execute(db);
  return r.rows[0]?.what ?? null;
}

export const currentStamp = async (db: Kysely<DB>, kind: ImportKind, id: number) => {
  const table = TABLES[kind];
  const r = await sql<{ updated_at: Date }>`select updated_at from ${sql.table(table)} where id = ${id}`
    .execute(
      db,
    );
  return r.rows[0]?.updated_at ?? null;
};

/** Counts a chunk's rows as done (in the chunk's own transaction). */
export const advanceDone = (db: Kysely<DB>, batchId: number, n: number) =>
  db.updateTable("import_batches").set((eb) => ({ rows_done: eb("rows_done", "+", n) })).where(
    "id",
    "=",
    batchId,
  )
    .execute();

/** The condition of a row whose person can be sent a claim e-mail: one the batch created (a member, a new DER). */
const claimable = (kind: ImportKind) =>
  kind === "members"
    ? sql`r.applied_outcome = 'create' and r.target_id is not null`
    : sql`r.applied_outcome = 'create' and r.extra ? 'der_created'`;
const claimPerson = (kind: ImportKind) =>
  kind === "members" ? sql`r.target_id` : sql`(r.extra ->> 'der_created')::int`;

/** How many people of the batch were not sent a claim e-mail yet. */
export async function countClaimPending(db: Kysely<DB>, batchId: number, kind: ImportKind) {
  const r = await sql<{ n: number }>`select count(*)::int as n from import_rows r
    where r.batch_id = ${batchId} and ${claimable(kind)} and r.claim_sent_at is null`.execute(db);
  return r.rows[0].n;
}

/** The next people of the batch to send a claim e-mail to, after row `after` (the claim job's pages). */
export async function claimPending(
  db: Kysely<DB>,
  batchId: number,
  kind: ImportKind,
  after: number,
  limit: number,
) {
  const r = await sql<{ row_number: number; id: number; email: string; first_name: string }>`
    select r.row_number, u.id, u.email, u.first_name from import_rows r
    join users u on u.id = ${claimPerson(kind)} and u.deleted_at is null
    where r.batch_id = ${batchId} and ${
    claimable(kind)
  } and r.claim_sent_at is null and r.row_number > ${after}
    order by r.row_number limit ${limit}`.execute(db);
  return r.rows;
}

/** One claim e-mail sent: the row marked and the batch's count advanced together. */
export async function markClaimSent(db: Kysely<DB>, batchId: number, rowNumber: number, at: Date) {
  await db.updateTable("import_rows").set({ claim_sent_at: at }).where("batch_id", "=", batchId)
    .where("row_number", "=", rowNumber).execute();
  await db.updateTable("import_batches").set((eb) => ({ claim_sent_count: eb("claim_sent_count", "+", 1) }))
    .where("id", "=", batchId).execute();
}

/** The terms of these members, with the day their manual order was paid (the import's comparison). */
export const membershipsOf = (db: Kysely<DB>, userIds: number[]) =>
  userIds.length === 0 ? Promise.resolve([]) : db.selectFrom("memberships as m")
    .leftJoin("orders as o", "o.id", "m.order_id")
    .select([
      "m.id",
      "m.user_id",
      "m.type",
      "m.starts_at",
      "m.expire_at",
      "m.price_cents",
      "m.business_id",
      "m.order_id",
      "o.manual_charge_date",
    ]).where(sql<boolean>`m.user_id = any(${sql.val(userIds)}::int[])`).execute();

// ---- The export in the import's templates (decision 0084, issue 36 item 4), in key order, page by page ----

export const exportCompanies = (db: Kysely<DB>, after: string, limit: number) =>
  db.selectFrom("businesses as b").leftJoin("users as d", "d.id", "b.der_user_id").select([
    sql<string>`regexp_replace(b.tax_id, '[^0-9]', '', 'g')`.as("k"),
    "b.tax_id",
    "b.name",
    "b.dba_name",
    "b.email",
    "b.phone",
    "b.address_one",
    "b.address_two",
    "b.city",
    "b.state",
    "b.postal_code",
    "b.country",
    "d.email as der_email",
    "d.first_name as der_first_name",
    "d.last_name as der_last_name",
    "d.member_number as der_member_number",
  ]).where("b.deleted_at", "is", null).where("b.is_individual", "=", false).where("b.tax_id", "is not", null)
    .where(sql<string>`regexp_replace(b.tax_id, '[^0-9]', '', 'g')`, ">", after)
    .orderBy(sql`regexp_replace(b.tax_id, '[^0-9]', '', 'g')`).limit(limit).execute();

export const exportMembers = (db: Kysely<DB>, after: string, limit: number) =>
  db.selectFrom("users as u").select([
    sql<string>`lower(u.email)`.as("k"),
    "u.member_number",
    "u.first_name",
    "u.middle_name",
    "u.last_name",
    "u.phone",
    "u.address_one",
    "u.address_two",
    "u.city",
    "u.state",
    "u.postal_code",
    "u.country",
    "u.uscg_cred",
    "u.ssn_last4",
    (eb) =>
      eb.selectFrom("business_users as bu").innerJoin("businesses as b", "b.id", "bu.business_id")
        .select("b.tax_id").whereRef("bu.user_id", "=", "u.id").where("bu.removed_at", "is", null)
        .where("bu.is_employee", "=", true).where("b.is_individual", "=", false).where(
          "b.tax_id",
          "is not",
          null,
        )
        .orderBy("bu.id").limit(1).as("employer_ein"),
  ]).where("u.deleted_at", "is", null).where("u.is_admin", "=", false)
    .where(sql<string>`lower(u.email)`, ">", after).orderBy(sql`lower(u.email)`).limit(limit).execute();

export const exportMemberships = (db: Kysely<DB>, after: string, limit: number) =>
  db.selectFrom("memberships as m").innerJoin("users as u", "u.id", "m.user_id")
    .leftJoin("orders as o", "o.id", "m.order_id").leftJoin("businesses as b", "b.id", "m.business_id")
    .select([
      sql<
        string
      >`lower(u.email) || '|' || m.type || '|' || to_char(m.starts_at at time zone 'UTC', 'YYYY-MM-DD')`
        .as("k"),
      "m.type",
      sql<string>`to_char(m.starts_at at time zone 'UTC', 'YYYY-MM-DD')`.as("starts_on"),
      "m.expire_at",
      "o.manual_charge_date",
      "m.price_cents",
      "b.tax_id as paid_by_ein",
    ]).where("u.deleted_at", "is", null).where("m.failed", "=", false)
    .where(
      sql<
        string
      >`lower(u.email) || '|' || m.type || '|' || to_char(m.starts_at at time zone 'UTC', 'YYYY-MM-DD')`,
      ">",
      after,
    )
    .orderBy(sql`1`).limit(limit).execute();

export const exportTests = (db: Kysely<DB>, after: string, limit: number) =>
  db.selectFrom("drug_tests as t").innerJoin("users as u", "u.id", "t.user_id")
    .leftJoin("businesses as b", "b.id", "t.business_id").select([
      "t.i3_order_ref as k",
      sql<string>`lower(u.email)`.as("member_email"),
      "b.tax_id as employer_ein",
      "t.reason",
      "t.collected_at",
      "t.result",
      "t.resulted_at",
    ]).where("t.i3_order_ref", "is not", null).where("t.result", "is not", null).where(
      "t.i3_order_ref",
      ">",
      after,
    )
    .orderBy("t.i3_order_ref").limit(limit).execute();
