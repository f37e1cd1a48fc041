/**
 * The audit log: who did what to which record, from where, in which request. Written in the same transaction
 * as the change. The application only ever inserts rows: the database refuses to change or delete one
 * (sql/0030_audit_request_id.sql), and docs/decisions/0044-audit-and-limits.md says which calls must write one.
 */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
import { currentRequest } from "./request-context.ts";
import {
  isDue,
  officeDayOf,
  retentionDays,
  type RetentionRow,
  type RetentionWindow,
} from "./retention-window.ts";

export interface AuditEntry {
  actor: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  /** The caller's address; the current request's when omitted (lib/request-context.ts). */
  ip?: string | null;
}

export async function audit(db: Kysely<DB>, e: AuditEntry): Promise<void> {
  const request = currentRequest();
  await db.insertInto("audit_log").values({
    actor_user_id: e.actor,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId == null ? null : String(e.entityId),
    detail: e.detail ?? {},
    ip: e.ip ?? request?.ip ?? null,
    request_id: request?.requestId ?? null,
  }).execute();
  if (request) request.audited++;
}

/**
 * The fields that changed between `before` and `after`, as `{ field: [before, after] }`: the `changes` an audit
 * row's detail carries, which every History and the Audit screen read as before → after (audit/service.ts
 * changesOf). Only the fields of `after` are compared; undefined counts as null, dates by their instant.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, [unknown, unknown]> {
  const plain = (v: unknown) => v instanceof Date ? v.toISOString() : v === undefined ? null : v;
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(after)) {
    const from = plain(before[field]), to = plain(value);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = [from, to];
  }
  return changes;
}

/**
 * What an administrator or a company looked at of a member's records (decision 0093): the actions of the rows
 * `auditMemberViews` writes, which the member's "Who looked at my records" list reads back. Each row's subject is
 * the member (entity "user"), so the list is one indexed look-up.
 */
export const MEMBER_VIEW_ACTIONS = {
  /** Their Letter of Compliance downloaded. */
  letterDownload: "member_record.letter_download",
  /** Their tests (or their last test) shown on a screen. */
  testsView: "member_record.tests_view",
  /** Their tests (or their last test) downloaded in a file (the compliance overview's CSV). */
  testsDownload: "member_record.tests_download",
  /** Their random selection notice (a test's document) downloaded. */
  noticeDownload: "member_record.notice_download",
} as const;
/** A recipient's looks under a member's consent (decision 0092), also listed to the member (decision 0093). */
export const CONSENT_VIEW_ACTIONS = {
  /** A recipient viewed the member's results under a consent. */
  resultsViewed: "consent.results_viewed",
  /** A recipient downloaded the consent's PDF. */
  pdfDownloaded: "consent.pdf_downloaded",
} as const;
export type MemberViewAction = (typeof MEMBER_VIEW_ACTIONS)[keyof typeof MEMBER_VIEW_ACTIONS];

/**
 * One row per member whose record `viewer` saw (the member's own look at their records writes none): as an
 * administrator, or for the company `businessId` (its DER). One INSERT whatever the number of members.
 */
export async function auditMemberViews(
  db: Kysely<DB>,
  viewer: { user_id: number; is_admin: boolean },
  e: {
    action: MemberViewAction;
    members: number[];
    businessId?: number | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  const members = [...new Set(e.members)].filter((id) => id !== viewer.user_id);
  if (!members.length) return;
  const request = currentRequest();
  const by = viewer.is_admin ? "administrator" : "company";
  await db.insertInto("audit_log").values(members.map((member) => ({
    actor_user_id: viewer.user_id,
    action: e.action,
    entity: "user",
    entity_id: String(member),
    detail: { by, business_id: e.businessId ?? null, ...e.detail },
    ip: request?.ip ?? null,
    request_id: request?.requestId ?? null,
  }))).execute();
  if (request) request.audited++;
}

/**
 * Audit entries past their period (decision 0091), oldest first: an entry whose actor or subject is a member
 * or company under a legal hold stays. An account deletion takes the entries about that member only.
 */
export async function dueAuditEntries(db: Kysely<DB>, w: RetentionWindow): Promise<RetentionRow[]> {
  const day = officeDayOf(sql`a.created_at`, w);
  const users = w.heldUsers.map(String);
  const businesses = w.heldBusinesses.map(String);
  const only = w.userId === undefined
    ? sql`true`
    : sql`a.entity = 'user' and a.entity_id = ${String(w.userId)}`;
  const { rows } = await sql<RetentionRow>`
    select a.id, ${retentionDays(day, w)}, null::int as user_id, null::int as business_id,
      a.action || coalesce(' on ' || a.entity || ' ' || a.entity_id, '') as label
    from audit_log a
    where ${isDue(day, w)} and ${only}
      and not (a.actor_user_id is not null and a.actor_user_id = any(${sql.val(w.heldUsers)}::int[]))
      and not (a.entity = 'user' and a.entity_id = any(${sql.val(users)}::text[]))
      and not (a.entity = 'business' and a.entity_id = any(${sql.val(businesses)}::text[]))
    order by ${day}, a.id limit ${w.limit}`.execute(db);
  return rows;
}

/** The one delete the log allows (sql/0054): entries past their period, by the retention job only. */
export async function removeAuditEntries(db: Kysely<DB>, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const run = async (trx: Kysely<DB>) => {
    await sql`select set_config('apca.retention_sweep', 'on', true)`.execute(trx);
    const { numDeletedRows } = await trx.deleteFrom("audit_log").where("id", "in", ids).executeTakeFirst();
    // Off again at once: the rest of a caller's transaction (an account deletion) is append-only as ever.
    await sql`select set_config('apca.retention_sweep', 'off', true)`.execute(trx);
    return Number(numDeletedRows);
  };
  return db.isTransaction ? await run(db) : await db.transaction().execute(run);
}
