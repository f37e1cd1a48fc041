/** Reading audit_log (the application only ever inserts into it: lib/audit.ts, sql/0030). */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
import { type ListParams, paginate } from "../lib/list.ts";
import type { AuditFilter } from "./schemas.ts";
import { GUARD_ACTIONS } from "../lib/audit-guard.ts";

/**
 * Rows of `audit_log a` about user `entityId` or an account merged into theirs (decision 0080), as one
 * `= any(array)` of the ids: an index condition on audit_log_entity_idx. An OR of `= id` and `in (merged ids)`
 * is not one: PostgreSQL read the whole log backwards for a page of a user's History (1,000,000 rows, 250-450 ms
 * at the bench's scale; decision 0096).
 */
const aboutUser = (userId: number) =>
  sql<boolean>`a.entity_id = any(array(select ${String(userId)}::text
    union all select m.id::text from users m where m.merged_into_user_id = ${userId}))`;

export function filtered(db: Kysely<DB>, f: AuditFilter) {
  let query = db.selectFrom("audit_log as a").leftJoin("users as u", "u.id", "a.actor_user_id").select([
    "a.id",
    "a.action",
    "a.entity",
    "a.entity_id",
    "a.actor_user_id",
    "a.detail",
    "a.ip",
    "a.request_id",
    "a.created_at",
    "u.first_name",
    "u.last_name",
  ]);
  if (f.actor !== undefined) query = query.where("a.actor_user_id", "=", f.actor);
  if (f.action) query = query.where("a.action", "=", f.action);
  if (f.reads === "exclude") query = query.where("a.action", "<>", GUARD_ACTIONS.admin);
  if (f.entity) query = query.where("a.entity", "=", f.entity);
  if (f.entity_id !== undefined && f.entity === "user") {
    // A user's History reads the accounts merged into it too (decision 0080).
    query = query.where(aboutUser(f.entity_id));
  } else if (f.entity_id !== undefined) query = query.where("a.entity_id", "=", String(f.entity_id));
  if (f.from) {
    query = query.where("a.created_at", ">=", sql<Date>`(${f.from}::date)::timestamp at time zone 'UTC'`);
  }
  if (f.to) {
    query = query.where("a.created_at", "<", sql<Date>`(${f.to}::date + 1)::timestamp at time zone 'UTC'`);
  }
  return query;
}

/** One page of audit rows, newest first. */
export function auditPage(db: Kysely<DB>, f: AuditFilter, params: ListParams) {
  return paginate(filtered(db, f), { ...params, sort_by: "id" }, { id: "a.id" });
}

/** Every row of the filter, newest first, at most `limit` (the CSV export). */
export function auditRows(db: Kysely<DB>, f: AuditFilter, limit: number) {
  return filtered(db, f).orderBy("a.id", "desc").limit(limit).execute();
}

export type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];

/**
 * The rows recording who looked at member `userId`'s records (lib/audit.ts MEMBER_VIEW_ACTIONS), the accounts
 * merged into theirs included (decision 0080), newest first, with the looker's first name and the company's
 * current name.
 */
export function memberViewsPage(
  db: Kysely<DB>,
  userId: number,
  actions: readonly string[],
  params: ListParams,
) {
  const query = db.selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_user_id")
    .leftJoin(
      "businesses as b",
      (join) =>
        join.on(
          sql`b.id`,
          "=",
          // A company's own look names it as business_id; a look under a consent as recipient_business_id.
          sql`(case when coalesce(a.detail->>'business_id', a.detail->>'recipient_business_id') ~ '^[0-9]+$'
            then coalesce(a.detail->>'business_id', a.detail->>'recipient_business_id')::int end)`,
        ),
    )
    .select(["a.id", "a.action", "a.created_at", "a.detail", "u.first_name", "b.name as business_name"])
    .where("a.entity", "=", "user")
    .where("a.action", "in", [...actions])
    .where(aboutUser(userId));
  return paginate(query, { ...params, sort_by: "id" }, { id: "a.id" });
}
