/** The audit record (issue 24 item 6, decision 0062): the Audit screen's list, a record's History, the CSV. */
import type { AuditPageAnswer } from "@api/contract";
import { call, callFile } from "../../lib/typed-api.ts";
import { saveFile } from "../../lib/save-file.ts";

export const AUDIT_KEY = ["audit"];

export interface AuditFilter {
  page: number;
  actor: string;
  action: string;
  entity: string;
  entity_id: string;
  from: string;
  to: string;
  /** "include": administrators' reads (admin.request rows) too; otherwise left out, unless an action is asked for. */
  reads: string;
}

const query = (f: Omit<AuditFilter, "page">) => ({
  actor: f.actor && /^\d+$/.test(f.actor) ? Number(f.actor) : undefined,
  action: f.action || undefined,
  entity: f.entity || undefined,
  entity_id: f.entity_id && /^\d+$/.test(f.entity_id) ? Number(f.entity_id) : undefined,
  from: f.from || undefined,
  to: f.to || undefined,
  reads: f.reads === "include" || f.action ? undefined : "exclude" as const,
});

export const fetchAudit = (f: AuditFilter, signal: AbortSignal, perPage = 25): Promise<AuditPageAnswer> =>
  call("/auth/audit").GET({ query: { page: f.page, per_page: perPage, ...query(f) }, signal });

export async function downloadAuditCsv(f: Omit<AuditFilter, "page">): Promise<void> {
  const file = await callFile("/auth/audit/export").GET({ query: query(f) });
  saveFile(file.blob, file.filename ?? "audit.csv");
}
