/**
 * /app/admin/businesses (admin spec §2 "Business list and detail", §7 GET /auth/businesses): companies by
 * default, individual businesses behind the Kind filter, filtered by active, i3 state and DER (issue 37,
 * decision 0082), searched by name, DBA, e-mail, phone or tax id, sorted by a column header, twenty to a page;
 * 'Add' opens /new. Search, filters, sort and page live in the address, so Back and a shared link show the same
 * list. Below it, what failed between APCA and i3 (i3-problems.tsx).
 */
import { type FormEvent, useRef } from "react";
import { Link, useSearchParams } from "wouter";
import type { Business } from "@api/contract";
import { Chip } from "../../components/chip.tsx";
import { DataTable, type SortColumn } from "../../components/data-table.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { formatInstantDay } from "../../lib/dates.ts";
import { useResource } from "../../lib/use-resource.ts";
import { BUSINESS_KEY, fetchBusinesses, type ListFilter, type SortBy } from "./api.ts";
import { I3Problems } from "./i3-problems.tsx";
import "./admin-businesses.css";

const SORTS: SortBy[] = ["id", "name", "created_at", "is_active"];

const KINDS: [ListFilter["kind"], string][] = [
  ["company", "Companies"],
  ["individual", "Individuals"],
  ["all", "Companies and individuals"],
];
const ACTIVE: [ListFilter["active"], string][] = [["", "Any"], ["true", "Active"], ["false", "Inactive"]];
const I3: [ListFilter["i3"], string][] = [
  ["", "Any"],
  ["set_up", "Set up"],
  ["failed", "Failed"],
  ["not_set_up", "Not set up"],
];
const DER: [ListFilter["der"], string][] = [["", "Any"], ["yes", "Has a DER"], ["none", "No DER"]];

const pick = <T extends string>(options: [T, string][], value: string | null): T =>
  options.find(([v]) => v === value)?.[0] ?? options[0][0];

function useFilter(): [ListFilter, (change: Partial<ListFilter>) => void] {
  const [search, setSearch] = useSearchParams();
  const sortBy = SORTS.find((s) => s === search.get("sort_by")) ?? "id";
  const filter: ListFilter = {
    page: Math.max(1, Math.floor(Number(search.get("page")) || 1)),
    search: search.get("search") ?? "",
    sortBy,
    sortDir: search.get("sort_dir") === "asc" ? "asc" : "desc",
    kind: pick(KINDS, search.get("kind")),
    active: pick(ACTIVE, search.get("active")),
    i3: pick(I3, search.get("i3")),
    der: pick(DER, search.get("der")),
  };
  const change = (next: Partial<ListFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const params = new URLSearchParams();
    if (merged.search) params.set("search", merged.search);
    if (merged.kind !== "company") params.set("kind", merged.kind);
    if (merged.active) params.set("active", merged.active);
    if (merged.i3) params.set("i3", merged.i3);
    if (merged.der) params.set("der", merged.der);
    if (merged.sortBy !== "id") params.set("sort_by", merged.sortBy);
    if (merged.sortDir !== "desc") params.set("sort_dir", merged.sortDir);
    if (merged.page > 1) params.set("page", String(merged.page));
    setSearch(params);
  };
  return [filter, change];
}

/** One select of the filter row; a choice applies at once (and goes back to page 1). */
function FilterSelect<T extends string>(
  { id, label, value, options, onChange }: {
    id: string;
    label: string;
    value: T;
    options: [T, string][];
    onChange(value: T): void;
  },
) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map(([v, text]) => <option key={v} value={v}>{text}</option>)}
      </select>
    </div>
  );
}

export default function BusinessListPage() {
  const [filter, change] = useFilter();
  const input = useRef<HTMLInputElement>(null);
  const filtered = filter.kind !== "company" || Boolean(filter.active || filter.i3 || filter.der);
  const list = useResource(
    [
      ...BUSINESS_KEY,
      "list",
      filter.page,
      filter.search,
      filter.sortBy,
      filter.sortDir,
      filter.kind,
      filter.active,
      filter.i3,
      filter.der,
    ],
    (signal) => fetchBusinesses(filter, signal),
  );

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    change({ search: input.current?.value.trim() ?? "" });
  }

  return (
    <>
      <div className="toolbar">
        <form role="search" aria-label="Businesses" onSubmit={onSearch}>
          <div className="field">
            <label htmlFor="business-search">Search</label>
            <input
              id="business-search"
              ref={input}
              type="search"
              name="search"
              defaultValue={filter.search}
              key={filter.search}
              placeholder="Name, DBA, e-mail, phone or tax id"
            />
          </div>
          <button type="submit" className="button button-secondary">Search</button>
        </form>
        <Link href="/app/admin/businesses/new" className="button button-primary">Add</Link>
      </div>
      <div className="field-row" role="group" aria-label="Filter businesses">
        <FilterSelect
          id="business-kind"
          label="Kind"
          value={filter.kind}
          options={KINDS}
          onChange={(kind) => change({ kind })}
        />
        <FilterSelect
          id="business-active"
          label="Status"
          value={filter.active}
          options={ACTIVE}
          onChange={(active) => change({ active })}
        />
        <FilterSelect
          id="business-i3"
          label="i3"
          value={filter.i3}
          options={I3}
          onChange={(i3) => change({ i3 })}
        />
        <FilterSelect
          id="business-der"
          label="DER"
          value={filter.der}
          options={DER}
          onChange={(der) => change({ der })}
        />
      </div>
      <PagedList
        list={list}
        page={filter.page}
        onPage={(page) => change({ page })}
        skeletonLines={6}
        labels={{
          loading: "Loading the businesses…",
          error: "The businesses could not be loaded",
          empty: filter.search
            ? `No business matches “${filter.search}”${filtered ? " with these filters" : ""}`
            : filtered
            ? "No business matches these filters"
            : "No businesses yet",
          pages: "Business pages",
        }}
      >
        {(rows) => <BusinessTable rows={rows} filter={filter} onSort={change} />}
      </PagedList>
      <I3Problems />
    </>
  );
}

function BusinessTable({ rows, filter, onSort }: {
  rows: Business[];
  filter: ListFilter;
  onSort(change: Partial<ListFilter>): void;
}) {
  const sortable = (label: string, sortBy: SortBy): SortColumn => ({
    label,
    sorted: filter.sortBy === sortBy ? filter.sortDir : undefined,
    onSort: (sortDir) => onSort({ sortBy, sortDir }),
  });
  return (
    <DataTable
      caption="Businesses"
      columns={[
        sortable("ID", "id"),
        sortable("Name", "name"),
        "Contact",
        "i3",
        sortable("Status", "is_active"),
        sortable("Created", "created_at"),
      ]}
      rows={rows}
      row={({ id, attributes: b }) => (
        <tr key={id}>
          <td>{id}</td>
          <td>
            <Link href={`/app/admin/businesses/${id}`}>{b.name}</Link>
            {b.dba_name && <div className="field-hint">DBA {b.dba_name}</div>}
            {b.is_individual && <div className="field-hint">Individual</div>}
          </td>
          <td>
            {b.email ?? ""}
            {b.phone && <div>{b.phone}</div>}
          </td>
          <td>{b.is_i3_setup ? "Set up" : b.i3_setup_error ? "Failed" : "Not set up"}</td>
          <td>
            {b.has_pending_new_company_approval
              ? <Chip tone="warning">Not Approved</Chip>
              : b.is_active
              ? <Chip tone="success">Active</Chip>
              : <Chip tone="danger">Inactive</Chip>}
          </td>
          <td>{formatInstantDay(b.created_at)}</td>
        </tr>
      )}
    />
  );
}
