/**
 * Every SQL statement of exports (decision 0020): the exports table, the keyset-paged source rows of each
 * export type (never one query for the whole file: each batch starts after the last id written) and the MIS
 * report's counts.
 */
import { type Kysely, sql } from "kysely";
import type { DB, ExportStatus, ExportType, JsonObject } from "../db/types.ts";
import { type ListParams, paginate } from "../lib/list.ts";

type Db = Kysely<DB>;

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

/** Personal data an administrator works with; never the password hash or the SSN digits. */
export async function userBatch(db: Db, after: number, limit: number) {
  return await db.selectFrom("users as u")
    .leftJoin(
      "business_users as bu",
      (j) =>
        j.onRef("bu.user_id", "=", "u.id").on("bu.is_primary", "=", true).on("bu.removed_at", "is", null),
    )
    .leftJoin("businesses as b", "b.id", "bu.business_id")
    .select([
      "u.id",
      "u.member_number",
      "u.first_name",
      "u.middle_name",
      "u.last_name",
      "u.email",
      "u.phone",
      "u.address_one",
      "u.address_two",
      "u.city",
      "u.state",
      "u.postal_code",
      "u.country",
      "u.uscg_cred",
      "u.is_admin",
      "u.is_der",
      "b.name as primary_business",
      "u.created_at",
    ])
    .where("u.deleted_at", "is", null).where("u.id", ">", after).orderBy("u.id").limit(limit).execute();
}

export async function countOrders(db: Db) {
  const row = await db.selectFrom("orders").select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function orderBatch(db: Db, after: number, limit: number) {
  return await db.selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .leftJoin("businesses as b", "b.id", "o.business_id")
    .select([
      "o.id",
      "o.number",
      "o.created_at",
      "o.kind",
      "o.status",
      "o.user_id",
      "u.first_name",
      "u.last_name",
      "u.email",
      "b.name as business",
      "o.total_cents",
      "o.payment_type",
      "o.payment_medium",
      "o.manual_charge_date",
      "o.completed_at",
    ])
    .where("o.id", ">", after).orderBy("o.id").limit(limit).execute();
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

/**
 * The summary of each test an administrator needs (49 CFR 40.321): who, for which employer, why, and the
 * verified result. Never the laboratory panel, the specimen id or the i3 references.
 */
export async function testBatch(db: Db, f: TestFilter, after: number, limit: number) {
  return await testsQuery(db, f)
    .innerJoin("users as u", "u.id", "t.user_id")
    .leftJoin("businesses as b", "b.id", "t.business_id")
    .select([
      "t.id",
      "t.user_id",
      "u.member_number",
      "u.first_name",
      "u.last_name",
      "b.name as employer",
      "t.reason",
      "t.status",
      "t.result",
      "t.created_at",
      "t.ordered_at",
      "t.collected_at",
      "t.resulted_at",
    ])
    .where("t.id", ">", after).orderBy("t.id").limit(limit).execute();
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

export async function expiredBatch(db: Db, f: ExpiryFilter, after: number, limit: number) {
  return await expiredQuery(db, f)
    .innerJoin("users as u", "u.id", "m.user_id")
    .leftJoin("businesses as b", "b.id", "m.business_id")
    .select([
      "m.id",
      "m.user_id",
      "u.member_number",
      "u.first_name",
      "u.last_name",
      "u.email",
      "u.phone",
      "m.type",
      "m.expire_at",
      "m.cancelled_at",
      "b.name as business",
    ])
    .where("m.id", ">", after).orderBy("m.id").limit(limit).execute();
}
