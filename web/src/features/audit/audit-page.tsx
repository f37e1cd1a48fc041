/**
 * /app/admin/audit (issue 24 item 6, decision 0062): every recorded action, newest first, filtered by a person
 * (picked by name or e-mail, issue 37), action, subject and days, with the filtered record as CSV. The filter lives in the address. Administrators'
 * reads (admin.request) are left out unless "Show administrators' reads" is ticked or an action is typed.
 */
import type { FormEvent } from "react";
import { useSearchParams } from "wouter";
import { Button } from "../../components/button.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { useAction } from "../../lib/use-action.ts";
import { CheckboxField } from "../../components/checkbox-field.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { AUDIT_KEY, type AuditFilter, downloadAuditCsv, fetchAudit } from "./api.ts";
import { ActorPicker } from "./actor-picker.tsx";
import { AuditTable } from "./audit-table.tsx";
import "./audit.css";

const FIELDS = ["actor", "action", "entity", "entity_id", "from", "to"] as const;
const LABELS: Record<(typeof FIELDS)[number], string> = {
  actor: "Person",
  action: "Action",
  entity: "Subject",
  entity_id: "Subject id",
  from: "From",
  to: "To",
};
const SUBJECTS = [
  "user",
  "business",
  "membership",
  "order",
  "random_pool",
  "store_item",
  "vessel",
  "settings",
  "route",
];

export default function AuditPage() {
  const [search, setSearch] = useSearchParams();
  const filter = {
    page: Math.max(1, Math.floor(Number(search.get("page")) || 1)),
    ...Object.fromEntries(FIELDS.map((f) => [f, search.get(f) ?? ""])),
    reads: search.get("reads") === "include" ? "include" : "",
  } as AuditFilter;
  const change = (next: Partial<AuditFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const params = new URLSearchParams();
    for (const f of FIELDS) if (merged[f]) params.set(f, merged[f]);
    if (merged.reads) params.set("reads", merged.reads);
    if (merged.page > 1) params.set("page", String(merged.page));
    setSearch(params);
  };
  const list = useResource(
    [...AUDIT_KEY, "all", JSON.stringify(filter)],
    (signal) => fetchAudit(filter, signal),
  );
  const csv = useAction(() => downloadAuditCsv(filter), { success: "The CSV is downloaded" });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    change({
      ...Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? "").trim()])),
      reads: data.get("reads") ? "include" : "",
    });
  }

  return (
    <>
      <form role="search" aria-label="Audit" className="audit-filter" onSubmit={onSubmit}>
        {FIELDS.map((f) =>
          f === "actor" ? <ActorPicker key={f} actor={filter.actor} /> : (
            <div className="field" key={f}>
              <label htmlFor={`audit-${f}`}>{LABELS[f]}</label>
              {f === "entity"
                ? (
                  <select id="audit-entity" name="entity" defaultValue={filter.entity} key={filter.entity}>
                    <option value="">Any</option>
                    {SUBJECTS.map((s) => <option key={s} value={s}>{s.replace("_", " ")}</option>)}
                  </select>
                )
                : (
                  <input
                    id={`audit-${f}`}
                    name={f}
                    type={f === "from" || f === "to" ? "date" : "text"}
                    defaultValue={filter[f]}
                    key={filter[f]}
                  />
                )}
            </div>
          )
        )}
        <CheckboxField
          name="reads"
          value="include"
          label="Show administrators' reads"
          defaultChecked={filter.reads === "include"}
          key={`reads-${filter.reads}`}
        />
        <button type="submit" className="button button-secondary">Apply</button>
        <Button
          variant="secondary"
          type="button"
          busy={csv.busy}
          busyLabel="Preparing…"
          onClick={() => csv.run()}
        >
          Download CSV
        </Button>
      </form>
      <PagedList
        list={list}
        page={filter.page}
        onPage={(page) => change({ page })}
        skeletonLines={6}
        labels={{
          loading: "Loading the audit record…",
          error: "The audit record could not be loaded",
          empty: "No recorded action matches these filters",
          pages: "Audit pages",
        }}
      >
        {(rows) => <AuditTable rows={rows} caption="Recorded actions, newest first" />}
      </PagedList>
    </>
  );
}
