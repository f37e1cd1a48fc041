/**
 * The audit record as a table (who, what, when, from where, before → after), and a record's History section
 * (issue 24 item 6, decision 0062): the same list narrowed to one subject, newest first, paged.
 */
import { useState } from "react";
import { Link } from "wouter";
import type { AuditEntry } from "@api/contract";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import { AUDIT_KEY, fetchAudit } from "./api.ts";
import "./audit.css";

export function AuditTable({ rows, caption }: { rows: AuditEntry[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={["When", "Who", "What", "Before → after", "From"]}
      rows={rows}
      row={({ id, attributes: a, relationships }) => (
        <tr key={id}>
          <td>{formatInstant(a.created_at)}</td>
          <td>
            {relationships.actor.data
              ? <Link href={`/app/admin/users/${relationships.actor.data.id}`}>{a.actor_name}</Link>
              : "System"}
          </td>
          <td>
            {a.summary}
            <div className="field-hint">{a.action}</div>
          </td>
          <td>
            {a.changes.length === 0 ? "—" : (
              <ul className="audit-changes">
                {a.changes.map((c) => <li key={c.field}>{c.field}: {c.before} → {c.after}</li>)}
              </ul>
            )}
          </td>
          <td>{a.ip ?? "—"}</td>
        </tr>
      )}
    />
  );
}

/** The History of one record: `entity` as audit_log names it (user, business, membership, order, random_pool). */
export function History({ entity, entityId, title = "History" }: {
  entity: string;
  entityId: string | number;
  title?: string;
}) {
  const [page, setPage] = useState(1);
  const filter = {
    page,
    actor: "",
    action: "",
    entity,
    entity_id: String(entityId),
    from: "",
    to: "",
    reads: "include",
  };
  const list = useResource(
    [...AUDIT_KEY, entity, String(entityId), page],
    (signal) => fetchAudit(filter, signal, 10),
  );
  const headingId = `history-${entity}-${entityId}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <PagedList
        list={list}
        page={page}
        onPage={setPage}
        skeletonLines={3}
        labels={{
          loading: "Loading the history…",
          error: "The history could not be loaded",
          empty: "Nothing has been recorded for this record yet",
          pages: `${title} pages`,
        }}
      >
        {(rows) => <AuditTable rows={rows} caption={`${title}, newest first`} />}
      </PagedList>
    </section>
  );
}
