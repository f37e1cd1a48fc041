/** /app/admin/items (admin spec §2): every store item, active or retired, with an 'Add Item' button. */
import { Link } from "wouter";
import { Chip } from "../../components/chip.tsx";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList, usePageParam } from "../../components/paged-list.tsx";
import { formatMoney } from "../../lib/money.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchItems } from "./api.ts";

export default function ItemsPage() {
  const [page, goTo] = usePageParam();
  const list = useResource(["admin-items", "page", page], (signal) => fetchItems(page, signal));
  return (
    <>
      <div className="form-actions">
        <Link href="/app/admin/items/new" className="button button-primary">Add Item</Link>
      </div>
      <PagedList
        list={list}
        page={page}
        onPage={goTo}
        labels={{
          loading: "Loading the items…",
          error: "The items could not be loaded",
          empty: "No store items yet",
          pages: "Item pages",
        }}
      >
        {(rows) => (
          <DataTable
            caption="Store items"
            columns={["Name", "Cost", "Status"]}
            rows={rows}
            row={(i) => (
              <tr key={i.id}>
                <td>
                  <Link href={`/app/admin/items/${i.id}`}>{i.attributes.name}</Link>
                </td>
                <td>{formatMoney(i.attributes.cost, { cents: true })}</td>
                <td>{i.attributes.active ? <Chip tone="success">Active</Chip> : <Chip>Retired</Chip>}</td>
              </tr>
            )}
          />
        )}
      </PagedList>
    </>
  );
}
