/**
 * /app/admin/users (admin spec §2): every user, searched by name, e-mail or member number, sorted and paged,
 * with an 'Add User' button to /app/admin/users/new. The search, sort and page live in the address.
 */
import { Email } from "../../components/email.tsx";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "wouter";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { TextField } from "../../components/text-field.tsx";
import { Button } from "../../components/button.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchUsers, type UserSort } from "./api.ts";
import { roleWords } from "../../lib/status-words.ts";

const SORTS: [UserSort, string][] = [
  ["id", "Newest"],
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["email", "Email"],
];

export default function UsersPage() {
  const [params, setParams] = useSearchParams();
  const [page, goTo] = usePageParam();
  const search = params.get("search") ?? "";
  const sort = (SORTS.find(([s]) => s === params.get("sort"))?.[0] ?? "id") as UserSort;
  const dir = sort === "id" ? "desc" : "asc";
  const [draft, setDraft] = useState(search);
  const list = useResource(
    ["admin-users", page, search, sort],
    (signal) => fetchUsers({ page, search, sort, dir }, signal),
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
    set("search", draft.trim());
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
      <PagedList
        list={list}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading users…",
          error: "The users could not be loaded",
          empty: search ? "No user matches that search" : "No users yet",
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
