/**
 * Every SQL statement of exports (decision 0020): the exports table, the keyset-paged source rows of each
 * export type (never one query for the whole file: each batch starts after the last id written) and the MIS
 * report's counts.
 */
import { sql } from "kysely";
import type { Db, ExportStatus, ExportType, JsonObject } from "../db/types.ts";
import { type ListParams, paginate } from "../lib/list.ts";

const EXPORT_COLUMNS = [
  "id",
  "type",
  "filters",
  "status",
  "rows_written",
  "rows_total",
  "row_count",
  "byte_size",
  "error",
  "runs",
  "storage_key",
  "created_by_user_id",
  "created_at",
  "finished_at",
  "expires_at",
  "expired_at",
] as const;

export const SORT_COLUMNS: Record<string, string> = {
  id: "id",
  status: "status",
  type: "type",
  created_at: "created_at",
  progress: "rows_written",
};

/**
 * The exports `userId` has BUILDING, counted after locking the user's row: concurrent creations by one
 * administrator count one after another (exports/service.ts refuseOverQueued).
 */
export async function lockAndCountBuilding(db: Db, userId: number): Promise<number> {
  await db.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
  const { n } = await db.selectFrom("exports").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_by_user_id", "=", userId).where("status", "=", "BUILDING").executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertExport(db: Db, type: ExportType, filters: JsonObject, actor: number) {
  return await db.insertInto("exports").values({ type, filters, created_by_user_id: actor })
    .returning(EXPORT_COLUMNS).executeTakeFirstOrThrow();
}

export async function findExport(db: Db, id: number) {
  return await db.selectFrom("exports").select(EXPORT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

export async function lockExport(db: Db, id: number) {
  return await db.selectFrom("exports").select(EXPORT_COLUMNS).where("id", "=", id).forUpdate()
    .executeTakeFirst();
}

export async function listExports(db: Db, params: ListParams) {
  return await paginate(db.selectFrom("exports").select(EXPORT_COLUMNS), params, SORT_COLUMNS);
}

/** A failed export back to BUILDING for its next run. */
export async function restartExport(db: Db, id: number, run: number) {
  await db.updateTable("exports").set({
    status: "BUILDING",
    runs: run,
    error: null,
    finished_at: null,
    rows_written: 0,
    rows_total: null,
    row_count: null,
    byte_size: null,
  }).where("id", "=", id).where("status", "=", "FAILED").execute();
}

/** Progress of a run; only while that run is the export's current one and still building. */
export async function setProgress(
  db: Db,
  id: number,
  run: number,
  values: { rows_written?: number; rows_total?: number },
) {
  await db.updateTable("exports").set(values).where("id", "=", id).where("runs", "=", run)
    .where("status", "=", "BUILDING").execute();
}

export async function markBuilt(
  db: Db,
  id: number,
  run: number,
  v: { storageKey: string; rows: number; bytes: number; now: Date; expiresAt: Date },
) {
  const result = await db.updateTable("exports").set({
    status: "BUILT" satisfies ExportStatus,
    storage_key: v.storageKey,
    rows_written: v.rows,
    row_count: v.rows,
    byte_size: v.bytes,
    finished_at: v.now,
    expires_at: v.expiresAt,
    expired_at: null,
    error: null,
  }).where("id", "=", id).where("runs", "=", run).where("status", "=", "BUILDING").executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markFailed(db: Db, id: number, run: number, error: string, now: Date) {
  await db.updateTable("exports").set({ status: "FAILED", error, finished_at: now })
    .where("id", "=", id).where("runs", "=", run).where("status", "=", "BUILDING").execute();
}

/** BUILT exports whose file is past its retention and not deleted yet. */
export async function dueForExpiry(db: Db, now: Date, limit: number) {
  return await db.selectFrom("exports").select(["id", "storage_key"]).where("status", "=", "BUILT")
    .where("expired_at", "is", null).where("expires_at", "<=", now).orderBy("id").limit(limit).execute();
}

export async function markExpired(db: Db, id: number, now: Date) {
  await db.updateTable("exports").set({ expired_at: now }).where("id", "=", id).execute();
}

// ---- Source rows, one keyset batch at a time (ordered by the id the next batch starts after). ----

export async function countUsers(db: Db) {
  const row = await db.selectFrom("users").select(sql<number>`count(*)::int`.as("n"))
    .where("deleted_at", "is", null).executeTakeFirstOrThrow();
  return row.n;
}

export async function countOrders(db: Db) {
  const row = await db.selectFrom("orders").select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export interface TestFilter {
  reason: string | null;
  /** Instants [from, to) in the office's zone, either open. */
  from: Date | null;
  to: Date | null;
}

function testsQuery(db: Db, f: TestFilter) {
  let q = db.selectFrom("drug_tests as t");
  if (f.reason) q = q.where("t.reason", "=", f.reason as never);
  if (f.from) q = q.where("t.created_at", ">=", f.from);
  if (f.to) q = q.where("t.created_at", "<", f.to);
  return q;
}

export async function countTests(db: Db, f: TestFilter) {
  const row = await testsQuery(db, f).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
}

export interface ExpiryFilter {
  /** Dates 'YYYY-MM-DD', inclusive; `before` is today (a term ending today has not expired). */
  from: string | null;
  to: string | null;
  before: string;
}

function expiredQuery(db: Db, f: ExpiryFilter) {
  let q = db.selectFrom("memberships as m").where("m.failed", "=", false).where("m.expire_at", "is not", null)
    .where("m.expire_at", "<", f.before);
  if (f.from) q = q.where("m.expire_at", ">=", f.from);
  if (f.to) q = q.where("m.expire_at", "<=", f.to);
  return q;
}

export async function countExpired(db: Db, f: ExpiryFilter) {
  const row = await expiredQuery(db, f).select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow();
  return row.n;
}

// ---- CSV batches rendered by PostgreSQL (export_csv_cell / export_csv_time, sql/0022): one text per batch. ----

export interface CsvBatch {
  /** The batch's records, each ended by CRLF; empty when the batch is. */
  text: string;
  /** The last id of the batch, or null when it was empty. */
  last: number | null;
  rows: number;
}

const cell = (ref: string) => sql`export_csv_cell(${sql.ref(ref)})`;
const time = (ref: string) => sql`export_csv_time(${sql.ref(ref)})`;
const plain = (ref: string) => sql`coalesce(${sql.ref(ref)}::text, '')`;

/** Wraps `select id, line ... order by id limit n` into one row: the lines joined, the last id, the count. */
async function csvBatch(db: Db, inner: ReturnType<typeof sql>): Promise<CsvBatch> {
  const { rows } = await sql<{ text: string | null; last: number | null; rows: number }>`
    select string_agg(line, E'\r\n' order by id) as text, max(id) as last, count(*)::int as rows
    from (${inner}) batch`.execute(db);
  const r = rows[0];
  return { text: r.text === null ? "" : `${r.text}\r\n`, last: r.last, rows: r.rows };
}

const line = (cells: ReturnType<typeof sql>[]) => sql`concat_ws(',', ${sql.join(cells, sql`, `)})`;

/**
 * How a query's values are written: bound parameters for a keyset batch, literals for COPY (which takes no
 * parameters). The values are ids, enum names and dates already validated by the schemas; a literal is
 * refused anyway for a text that standard_conforming_strings-independent quoting could not hold.
 */
type Bind = (v: string | number | null) => ReturnType<typeof sql>;
const param: Bind = (v) => sql`${v}`;
const literal: Bind = (v) => {
  if (typeof v === "string" && /[\\\0]/.test(v)) throw new Error("Unsafe literal in an export filter");
  if (typeof v === "number" && !Number.isFinite(v)) throw new Error("Unsafe literal in an export filter");
  return sql.lit(v);
};

/** A keyset batch (`id > after`, `limit` rows), or null for the whole export in one COPY. */
type Keyset = { after: number; limit: number } | null;
const after = (k: Keyset, ref: string) => k ? sql`and ${sql.ref(ref)} > ${k.after}` : sql``;
const limit = (k: Keyset) => k ? sql`limit ${k.limit}` : sql``;

/**
 * The text of `COPY (the records, each ended by CRLF) TO STDOUT` in the binary format, which carries each
 * record's bytes as they are (the text format would escape backslashes and line breaks inside cells); the
 * binary framing is stripped by exports/copy.ts.
 */
function copyText(db: Db, source: ReturnType<typeof sql>): string {
  const compiled = sql`copy (select line || E'\r\n' from (${source}) records order by id) to stdout
    with (format binary)`.compile(db);
  if (compiled.parameters.length) throw new Error("COPY takes no parameters");
  return compiled.sql;
}

/** Personal data an administrator works with; never the password hash or the SSN digits. */
export const userCsvBatch = (db: Db, after: number, limit: number) => csvBatch(db, users({ after, limit }));
export const userCsvCopy = (db: Db) => copyText(db, users(null));

function users(k: Keyset) {
  return sql`select u.id, ${
    line([
      plain("u.id"),
      cell("u.member_number"),
      cell("u.first_name"),
      cell("u.middle_name"),
      cell("u.last_name"),
      cell("u.email"),
      cell("u.phone"),
      cell("u.address_one"),
      cell("u.address_two"),
      cell("u.city"),
      cell("u.state"),
      cell("u.postal_code"),
      cell("u.country"),
      cell("u.uscg_cred"),
      plain("u.is_admin"),
      plain("u.is_der"),
      cell("b.name"),
      time("u.created_at"),
    ])
  } as line
    from users u
    -- The keyset bound again on the join, so it starts at the batch instead of merging from the first row.
    left join business_users bu on bu.user_id = u.id ${after(k, "bu.user_id")} and bu.is_primary
      and bu.removed_at is null
    left join businesses b on b.id = bu.business_id
    where u.deleted_at is null ${after(k, "u.id")} order by u.id ${limit(k)}`;
}

export const orderCsvBatch = (db: Db, after: number, limit: number) => csvBatch(db, orders({ after, limit }));
export const orderCsvCopy = (db: Db) => copyText(db, orders(null));

function orders(k: Keyset) {
  return sql`select o.id, ${
    line([
      plain("o.id"),
      cell("o.number"),
      time("o.created_at"),
      plain("o.kind"),
      plain("o.status"),
      plain("o.user_id"),
      cell("u.first_name"),
      cell("u.last_name"),
      cell("u.email"),
      cell("b.name"),
      sql`to_char(o.total_cents / 100.0, 'FM999999990.00')`,
      plain("o.payment_type"),
      cell("o.payment_medium"),
      plain("o.manual_charge_date"),
      time("o.completed_at"),
    ])
  } as line
    from orders o left join users u on u.id = o.user_id left join businesses b on b.id = o.business_id
    where true ${after(k, "o.id")} order by o.id ${limit(k)}`;
}

/**
 * The summary of each test an administrator needs (49 CFR 40.321): who, for which employer, why, and the
 * verified result. Never the laboratory panel, the specimen id or the i3 references.
 */
export const testCsvBatch = (db: Db, f: TestFilter, after: number, limit: number) =>
  csvBatch(db, tests(f, param, { after, limit }));
export const testCsvCopy = (db: Db, f: TestFilter) => copyText(db, tests(f, literal, null));

function tests(f: TestFilter, v: Bind, k: Keyset) {
  const from = f.from ? f.from.toISOString() : null, to = f.to ? f.to.toISOString() : null;
  return sql`select t.id, ${
    line([
      plain("t.id"),
      plain("t.user_id"),
      cell("u.member_number"),
      cell("u.first_name"),
      cell("u.last_name"),
      cell("b.name"),
      plain("t.reason"),
      plain("t.status"),
      plain("t.result"),
      time("t.created_at"),
      time("t.ordered_at"),
      time("t.collected_at"),
      time("t.resulted_at"),
    ])
  } as line
    from drug_tests t join users u on u.id = t.user_id left join businesses b on b.id = t.business_id
    where true ${after(k, "t.id")}
      and (${v(f.reason)}::text is null or t.reason = ${v(f.reason)})
      and (${v(from)}::timestamptz is null or t.created_at >= ${v(from)}::timestamptz)
      and (${v(to)}::timestamptz is null or t.created_at < ${v(to)}::timestamptz)
    order by t.id ${limit(k)}`;
}

export const expiredCsvBatch = (db: Db, f: ExpiryFilter, after: number, limit: number) =>
  csvBatch(db, expired(f, param, { after, limit }));
export const expiredCsvCopy = (db: Db, f: ExpiryFilter) => copyText(db, expired(f, literal, null));

function expired(f: ExpiryFilter, v: Bind, k: Keyset) {
  return sql`select m.id, ${
    line([
      plain("m.id"),
      plain("m.user_id"),
      cell("u.member_number"),
      cell("u.first_name"),
      cell("u.last_name"),
      cell("u.email"),
      cell("u.phone"),
      plain("m.type"),
      plain("m.expire_at"),
      time("m.cancelled_at"),
      cell("b.name"),
    ])
  } as line
    from memberships m join users u on u.id = m.user_id left join businesses b on b.id = m.business_id
    where not m.failed and m.expire_at is not null and m.expire_at < ${v(f.before)}::date ${after(k, "m.id")}
      and (${v(f.from)}::date is null or m.expire_at >= ${v(f.from)}::date)
      and (${v(f.to)}::date is null or m.expire_at <= ${v(f.to)}::date)
    order by m.id ${limit(k)}`;
}

/**
 * BUILDING exports whose current run's job was given up (every attempt's process died: jobs.ts marks it
 * failed), marked FAILED so that they can be run again.
 */
export async function failAbandoned(db: Db, now: Date, error: string) {
  const result = await db.updateTable("exports").set({ status: "FAILED", error, finished_at: now })
    .where("status", "=", "BUILDING")
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("jobs").select("jobs.id").where("jobs.queue", "=", "exports.build")
          .where("jobs.failed", "=", true)
          .where("jobs.unique_key", "=", sql<string>`'export-' || exports.id || '-run-' || exports.runs`),
      )
    ).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * The DER's compliance overview: the company's live employees, their memberships' facts and the last test taken
 * under this company (49 CFR 40.321: a test taken under another company, or the member's own, is not this
 * employer's to see; decision 0092).
 */
export async function overviewPeople(db: Db, businessId: number, now: Date) {
  const people = await db.selectFrom("business_users as bu").innerJoin("users as u", "u.id", "bu.user_id")
    .select([
      "bu.id",
      "bu.user_id",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.member_number",
      sql<Date | null>`(select max(coalesce(t.resulted_at, t.collected_at, t.ordered_at, t.created_at))
        from drug_tests t where t.user_id = bu.user_id and t.business_id = ${businessId})`.as("last_test_at"),
    ])
    .where("bu.business_id", "=", businessId).where("bu.removed_at", "is", null)
    .where("bu.is_employee", "=", true).where("u.deleted_at", "is", null)
    .orderBy("u.last_name").orderBy("u.first_name").orderBy("bu.id").execute();
  const ids = people.map((p) => p.user_id);
  if (ids.length === 0) return { people, memberships: [], tests: [] };
  const memberships = await db.selectFrom("memberships as m")
    .select((eb) => [
      "m.id",
      "m.user_id",
      "m.type",
      "m.starts_at",
      "m.expire_at",
      "m.pending",
      "m.failed",
      "m.cancelled",
      "m.autorenew",
      eb.exists(
        eb.selectFrom("membership_pauses as p").select(sql`1`.as("one"))
          .whereRef("p.membership_id", "=", "m.id").where("p.paused_at", "<=", now)
          .where((w) => w.or([w("p.resumed_at", "is", null), w("p.resumed_at", ">", now)])),
      ).as("paused"),
    ])
    .where("m.user_id", "in", ids).execute();
  const tests = await db.selectFrom("drug_tests as t")
    .select([
      "t.user_id",
      "t.reason",
      "t.status",
      "t.result",
      sql<Date>`coalesce(t.resulted_at, t.collected_at, t.ordered_at, t.created_at)`.as("at"),
    ])
    .distinctOn("t.user_id")
    .where("t.user_id", "in", ids)
    .where("t.business_id", "=", businessId)
    .orderBy("t.user_id")
    .orderBy(sql`coalesce(t.resulted_at, t.collected_at, t.ordered_at, t.created_at)`, "desc")
    .orderBy("t.id", "desc")
    .execute();
  return { people, memberships, tests };
}
