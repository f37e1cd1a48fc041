/**
 * The audit log: who did what to which record, from where, in which request. Written in the same transaction
 * as the change. The application only ever inserts rows: the database refuses to change or delete one
 * (sql/0030_audit_request_id.sql), and docs/decisions/0044-audit-and-limits.md says which calls must write one.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { currentRequest } from "./request-context.ts";

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
