/** The audit log: who did what to which record, from where. Written in the same transaction as the change. */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

export interface AuditEntry {
  actor: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export async function audit(db: Kysely<DB>, e: AuditEntry): Promise<void> {
  await db.insertInto("audit_log").values({
    actor_user_id: e.actor,
    action: e.action,
    entity: e.entity,
    entity_id: e.entityId == null ? null : String(e.entityId),
    detail: e.detail ?? {},
    ip: e.ip ?? null,
  }).execute();
}
