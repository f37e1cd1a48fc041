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
