/**
 * /app/admin/users (admin spec §2): every user, searched by name, e-mail or member number, filtered by role,
 * membership status, company and the days they joined (issue 37, decision 0082), sorted and paged, with an
 * 'Add User' button to /app/admin/users/new. The search, filters, sort and page live in the address; changing
 * any of them goes back to page 1.
 */
import { Email } from "../../components/email.tsx";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { TextField } from "../../components/text-field.tsx";
import { Button } from "../../components/button.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchUsers, type UserFilters, type UserSort } from "./api.ts";
import { roleWords } from "../../lib/status-words.ts";

const SORTS: [UserSort, string][] = [
  ["id", "Newest"],
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["email", "Email"],
];

const ROLES: [UserFilters["role"], string][] = [
  ["", "Any role"],
  ["admin", "Administrator"],
  ["der", "DER"],
  ["member", "Member (not an administrator or DER)"],
];

const MEMBERSHIPS: [UserFilters["membership"], string][] = [
  ["", "Any membership"],
  ["active", "Active"],
  ["paused", "Paused"],
  ["expired", "Expired"],
  ["cancelled", "Cancelled"],
  ["pending", "Pending"],
  ["failed", "Failed"],
  ["none", "No membership"],
];

const pick = <T extends string>(options: [T, string][], value: string | null): T =>
  options.find(([v]) => v === value)?.[0] ?? options[0][0];

export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const [page, goTo] = usePageParam();
  const search = params.get("search") ?? "";
  const sort = (SORTS.find(([s]) => s === params.get("sort"))?.[0] ?? "id") as UserSort;
  const dir = sort === "id" ? "desc" : "asc";
  const filters: UserFilters = {
    role: pick(ROLES, params.get("role")),
    membership: pick(MEMBERSHIPS, params.get("membership")),
    company: params.get("company") ?? "",
    joinedFrom: params.get("joined_from") ?? "",
    joinedTo: params.get("joined_to") ?? "",
  };
  const filtered = Object.values(filters).some(Boolean);
  const [draft, setDraft] = useState(search);
  const [companyDraft, setCompanyDraft] = useState(filters.company);
  const list = useResource(
    ["admin-users", page, search, sort, ...Object.values(filters)],
    (signal) => fetchUsers({ page, search, sort, dir, filters }, signal),
  );

  function set(name: string, value: string) {
    setParams((p) => {
      if (value) p.set(name, value);
      else p.delete(name);
      p.delete("page");
      return p;
    });
  }

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setParams((p) => {
      for (const [name, value] of [["search", draft.trim()], ["company", companyDraft.trim()]]) {
        if (value) p.set(name, value);
        else p.delete(name);
      }
      p.delete("page");
      return p;
    });
  }

  function clearFilters() {
    setCompanyDraft("");
    setParams((p) => {
      for (const name of ["role", "membership", "company", "joined_from", "joined_to", "page"]) {
        p.delete(name);
      }
      return p;
    });
  }

  return (
    <>
      <div className="form-actions">
        <Link href="/app/admin/users/new" className="button button-primary">Add User</Link>
      </div>
      <form role="search" onSubmit={onSearch} className="field-row">
        <TextField
          label="Search users"
          name="search"
          type="search"
          hint="First name, last name or email (the start of it), or the member number"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="field">
          <label htmlFor="user-sort">Sort by</label>
          <select
            id="user-sort"
            value={sort}
            onChange={(e) => set("sort", e.target.value === "id" ? "" : e.target.value)}
          >
            {SORTS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <Button type="submit" variant="secondary">Search</Button>
      </form>
      <form
        className="field-row"
        aria-label="Filter users"
        onSubmit={onSearch}
      >
        <div className="field">
          <label htmlFor="user-role">Role</label>
          <select id="user-role" value={filters.role} onChange={(e) => set("role", e.target.value)}>
            {ROLES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="user-membership">Membership</label>
          <select
            id="user-membership"
            value={filters.membership}
            onChange={(e) => set("membership", e.target.value)}
          >
            {MEMBERSHIPS.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
          </select>
        </div>
        <TextField
          label="Company"
          name="company"
          type="search"
          hint="Part of its name or DBA; press Enter"
          value={companyDraft}
          onChange={(e) => setCompanyDraft(e.target.value)}
        />
        <TextField
          label="Joined from"
          name="joined_from"
          type="date"
          value={filters.joinedFrom}
          max={filters.joinedTo || undefined}
          onChange={(e) => set("joined_from", e.target.value)}
        />
        <TextField
          label="Joined to"
          name="joined_to"
          type="date"
          value={filters.joinedTo}
          min={filters.joinedFrom || undefined}
          onChange={(e) => set("joined_to", e.target.value)}
        />
        {filtered && (
          <div className="form-actions">
            <Button variant="link" onClick={clearFilters}>Clear filters</Button>
          </div>
        )}
      </form>
      <PagedList
        list={list}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading users…",
          error: "The users could not be loaded",
          empty: search || filtered ? "No user matches that search and those filters" : "No users yet",
          pages: "User pages",
        }}
      >
        {(rows) => (
          <DataTable
            caption="Users"
            columns={["Name", "Email", "Phone", "Member number", "Roles"]}
            rows={rows}
            row={(u) => (
              <tr key={u.id}>
                <td>
                  <Link href={`/app/admin/users/${u.id}`}>{u.attributes.full_name}</Link>
                </td>
                <td>
                  <Email address={u.attributes.email} />
                </td>
                <td>{u.attributes.phone ?? "—"}</td>
                <td>{u.attributes.member_number ?? "—"}</td>
                <td>{roleWords(u.attributes.roles)}</td>
              </tr>
            )}
          />
        )}
      </PagedList>
    </>
  );
}
