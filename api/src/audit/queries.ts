/** Reading audit_log (the application only ever inserts into it: lib/audit.ts, sql/0030). */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
import { type ListParams, paginate } from "../lib/list.ts";
import type { AuditFilter } from "./schemas.ts";
import { GUARD_ACTIONS } from "../lib/audit-guard.ts";

function filtered(db: Kysely<DB>, f: AuditFilter) {
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
    const id = Number(f.entity_id);
    query = query.where((eb) =>
      eb.or([
        eb("a.entity_id", "=", String(f.entity_id)),
        eb(
          "a.entity_id",
          "in",
          sql<string>`(select m.id::text from users m where m.merged_into_user_id = ${
            Number.isSafeInteger(id) ? id : 0
          })`,
        ),
      ])
    );
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
          sql`(case when a.detail->>'business_id' ~ '^[0-9]+$' then (a.detail->>'business_id')::int end)`,
        ),
    )
    .select(["a.id", "a.action", "a.created_at", "a.detail", "u.first_name", "b.name as business_name"])
    .where("a.entity", "=", "user")
    .where("a.action", "in", [...actions])
    .where((eb) =>
      eb.or([
        eb("a.entity_id", "=", String(userId)),
        eb(
          "a.entity_id",
          "in",
          sql<string>`(select m.id::text from users m where m.merged_into_user_id = ${userId})`,
        ),
      ])
    );
  return paginate(query, { ...params, sort_by: "id" }, { id: "a.id" });
}
