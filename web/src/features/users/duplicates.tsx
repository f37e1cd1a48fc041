/**
 * The possible duplicates of a user (admin spec §2, §7): Name, Email, Phone, User ID, and a Merge action per row
 * (decision 0080: merge that account into this one).
 */
import { Email } from "../../components/email.tsx";
import { useState } from "react";
import { Link } from "wouter";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { useResource } from "../../lib/use-resource.ts";
import { fetchDuplicates } from "./api.ts";

export function Duplicates({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const list = useResource(["admin-user", id, "duplicates", page], (s) => fetchDuplicates(id, page, s));
  return (
    <section aria-labelledby="duplicates-heading">
      <h2 id="duplicates-heading">Possible duplicates</h2>
      <PagedList
        list={list}
        page={page}
        onPage={setPage}
        labels={{
          loading: "Loading possible duplicates…",
          error: "The possible duplicates could not be loaded",
          empty: "No possible duplicates",
          pages: "Duplicate pages",
        }}
      >
        {(rows) => (
          <DataTable
            caption="Possible duplicates"
            columns={["Name", "Email", "Phone", "User ID", "Merge"]}
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
                <td>{u.id}</td>
                <td>
                  <Link
                    href={`/app/admin/users/${id}/merge/${u.id}`}
                    aria-label={`Merge into this account: ${u.attributes.full_name} (${u.id})`}
                  >
                    Merge into this account
                  </Link>
                </td>
              </tr>
            )}
          />
        )}
      </PagedList>
    </section>
  );
}
