/**
 * The audit record in words (issue 24 item 6, decision 0062): who, what, when, from where, and before → after
 * where the row says so. Rows are never changed or deleted (sql/0030 refuses it); this only reads them.
 */
import type { Deps } from "../lib/context.ts";
import type { ListParams } from "../lib/list.ts";
import { record, ref } from "../lib/list.ts";
import { MEMBER_VIEW_ACTIONS } from "../lib/audit.ts";
import { auditPage, type AuditRow, auditRows, memberViewsPage } from "./queries.ts";
import type { AuditFilter } from "./schemas.ts";

/** The CSV export's ceiling: a filter wider than this is narrowed by date first. */
export const CSV_LIMIT = 50_000;

const text = (value: unknown): string =>
  value === null || value === undefined
    ? "—"
    : typeof value === "object"
    ? JSON.stringify(value)
    : String(value);

/** before → after pairs: from detail.before/after, or from a detail.changes map of { field: [before, after] }. */
export function changesOf(detail: Record<string, unknown>) {
  const before = (detail.before ?? {}) as Record<string, unknown>;
  const after = (detail.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const pairs = fields.map((field) => ({ field, before: text(before[field]), after: text(after[field]) }));
  const changes = detail.changes;
  if (changes && typeof changes === "object" && !Array.isArray(changes)) {
    for (const [field, value] of Object.entries(changes as Record<string, unknown>)) {
      if (Array.isArray(value) && value.length === 2) {
        pairs.push({ field, before: text(value[0]), after: text(value[1]) });
      }
    }
  }
  return pairs;
}

/** "Ada Admin paused membership 12": the actor, the action's words and its subject. */
export function summaryOf(
  row: Pick<AuditRow, "action" | "entity" | "entity_id" | "first_name" | "last_name">,
) {
  const who = row.first_name === null ? "The system" : `${row.first_name} ${row.last_name}`;
  const words = row.action.replace(/^admin\.request$/, "called an administrator route")
    .replace(/[._]/g, " ");
  const subject = row.entity_id ? `${row.entity.replace(/_/g, " ")} ${row.entity_id}` : row.entity;
  return `${who}: ${words} (${subject})`;
}

function toRecord(row: AuditRow) {
  const detail = (row.detail ?? {}) as Record<string, unknown>;
  return record("audit_entry", row.id, {
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    actor_name: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
    ip: row.ip,
    request_id: row.request_id,
    created_at: row.created_at.toISOString(),
    summary: summaryOf(row),
    changes: changesOf(detail),
    detail,
  }, { actor: ref("user", row.actor_user_id) });
}

/** One page of the audit record, newest first. */
export async function listAudit(deps: Pick<Deps, "database">, query: AuditFilter & ListParams) {
  const { page, per_page, sort_by, sort_dir, ...filter } = query;
  const { rows, meta } = await auditPage(deps.database.db, filter, { page, per_page, sort_by, sort_dir });
  return { data: rows.map(toRecord), meta };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The filtered audit record as CSV, newest first (at most CSV_LIMIT rows). */
export async function auditCsv(deps: Pick<Deps, "database">, filter: AuditFilter): Promise<string> {
  const rows = await auditRows(deps.database.db, filter, CSV_LIMIT);
  const header = [
    "When (UTC)",
    "Who",
    "Action",
    "Subject",
    "Subject id",
    "From",
    "Request",
    "What",
    "Changes",
  ];
  const lines = rows.map((row) => {
    const r = toRecord(row).attributes;
    return [
      r.created_at,
      r.actor_name ?? "System",
      r.action,
      r.entity,
      r.entity_id ?? "",
      r.ip ?? "",
      r.request_id ?? "",
      r.summary,
      r.changes.map((c) => `${c.field}: ${c.before} → ${c.after}`).join("; "),
    ].map(cell).join(",");
  });
  return [header.map(cell).join(","), ...lines].join("\r\n") + "\r\n";
}

/**
 * What each action of a member's "Who looked at my records" list says (decision 0093): the record looked at and
 * how. The list reads exactly these actions; consent views (decision 0093's list) join it here.
 */
export const RECORD_VIEW_WORDS: Record<
  string,
  { record: "letter" | "tests" | "selection_notice"; how: "viewed" | "downloaded" }
> = {
  [MEMBER_VIEW_ACTIONS.letterDownload]: { record: "letter", how: "downloaded" },
  [MEMBER_VIEW_ACTIONS.testsView]: { record: "tests", how: "viewed" },
  [MEMBER_VIEW_ACTIONS.testsDownload]: { record: "tests", how: "downloaded" },
  [MEMBER_VIEW_ACTIONS.noticeDownload]: { record: "selection_notice", how: "downloaded" },
};

const RECORD_NAMES = {
  letter: "your Letter of Compliance",
  tests: "your tests",
  selection_notice: "your random selection notice",
} as const;

/**
 * Who looked at member `userId`'s letter, tests and test documents, newest first: staff by role and first name
 * ("Ada, an APCA administrator"), a company by its name; never the looker's e-mail or full name.
 */
export async function memberViews(deps: Pick<Deps, "database">, userId: number, params: ListParams) {
  const { rows, meta } = await memberViewsPage(
    deps.database.db,
    userId,
    Object.keys(RECORD_VIEW_WORDS),
    params,
  );
  const data = rows.map((row) => {
    const words = RECORD_VIEW_WORDS[row.action];
    const by: "administrator" | "company" = (row.detail as { by?: string } | null)?.by === "administrator"
      ? "administrator"
      : "company";
    const who = by === "administrator"
      ? `${row.first_name ?? "Someone"}, an APCA administrator`
      : row.business_name ?? "A company";
    return record("record_view", row.id, {
      at: row.created_at.toISOString(),
      by,
      who,
      record: words.record,
      how: words.how,
      summary: `${who} ${words.how} ${RECORD_NAMES[words.record]}`,
    });
  });
  return { data, meta };
}
