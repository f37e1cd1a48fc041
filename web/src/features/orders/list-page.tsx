/**
 * /app/admin/orders (issue 24 item 5): every order, newest first, twenty to a page; searched by order number,
 * an imported order's old reference, or member (name, e-mail, company) and filtered by status (with the
 * fulfilment of orders that ship), kind, the day it was placed and how it was paid. The filter lives in the address, so Back and a shared link show the
 * same list.
 */
import { type FormEvent } from "react";
import { Link, useSearchParams } from "wouter";
import type { OrderListRow } from "@api/contract";
import { DataTable } from "../../components/data-table.tsx";
import { PagedList } from "../../components/paged-list.tsx";
import { formatInstant } from "../../lib/dates.ts";
import { formatMoney } from "../../lib/money.ts";
import { useResource } from "../../lib/use-resource.ts";
import { fetchOrders, ORDER_STATUS_LABELS, type OrderFilter, ORDERS_KEY } from "./api.ts";
import { OrderStateChip } from "./order-state.tsx";
import "./orders.css";

const KINDS: Record<string, string> = {
  store: "Store",
  membership: "Membership",
  compliance_kit: "Compliance kit",
};
const PAID_BY: Record<string, string> = { card: "Card", check: "Check", cash: "Cash" };
const FIELDS = ["q", "status", "kind", "paidBy", "from", "to"] as const;
const PARAM: Record<(typeof FIELDS)[number], string> = {
  q: "q",
  status: "status",
  kind: "kind",
  paidBy: "paid_by",
  from: "from",
  to: "to",
};

function useFilter(): [OrderFilter, (next: Partial<OrderFilter>) => void] {
  const [search, setSearch] = useSearchParams();
  const filter = {
    page: Math.max(1, Math.floor(Number(search.get("page")) || 1)),
    ...Object.fromEntries(FIELDS.map((f) => [f, search.get(PARAM[f]) ?? ""])),
  } as OrderFilter;
  const change = (next: Partial<OrderFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const params = new URLSearchParams();
    for (const f of FIELDS) if (merged[f]) params.set(PARAM[f], merged[f]);
    if (merged.page > 1) params.set("page", String(merged.page));
    setSearch(params);
  };
  return [filter, change];
}

export default function OrdersListPage() {
  const [filter, change] = useFilter();
  const list = useResource([...ORDERS_KEY, JSON.stringify(filter)], (signal) => fetchOrders(filter, signal));
  const filtered = FIELDS.some((f) => filter[f]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    change(Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? "").trim()])));
  }

  const select = (name: "status" | "kind" | "paidBy", label: string, options: Record<string, string>) => (
    <div className="field">
      <label htmlFor={`orders-${name}`}>{label}</label>
      <select id={`orders-${name}`} name={name} defaultValue={filter[name]} key={filter[name]}>
        <option value="">Any</option>
        {Object.entries(options).map(([value, text]) => <option key={value} value={value}>{text}</option>)}
      </select>
    </div>
  );

  return (
    <>
      <form role="search" aria-label="Orders" className="orders-filter" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor="orders-q">Search</label>
          <input
            id="orders-q"
            type="search"
            name="q"
            defaultValue={filter.q}
            key={filter.q}
            placeholder="Order number, imported reference, member name, e-mail or company"
          />
        </div>
        {select("status", "Status", ORDER_STATUS_LABELS)}
        {select("kind", "Kind", KINDS)}
        {select("paidBy", "Paid by", PAID_BY)}
        <div className="field">
          <label htmlFor="orders-from">From</label>
          <input id="orders-from" type="date" name="from" defaultValue={filter.from} key={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="orders-to">To</label>
          <input id="orders-to" type="date" name="to" defaultValue={filter.to} key={filter.to} />
        </div>
        <button type="submit" className="button button-secondary">Apply</button>
        {filtered && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => change({ q: "", status: "", kind: "", paidBy: "", from: "", to: "" })}
          >
            Clear
          </button>
        )}
      </form>
      <PagedList
        list={list}
        page={filter.page}
        onPage={(page) => change({ page })}
        skeletonLines={6}
        labels={{
          loading: "Loading the orders…",
          error: "The orders could not be loaded",
          empty: filtered ? "No order matches these filters" : "No orders yet",
          pages: "Order pages",
        }}
      >
        {(rows) => <OrdersTable rows={rows} />}
      </PagedList>
    </>
  );
}

function OrdersTable({ rows }: { rows: OrderListRow[] }) {
  return (
    <DataTable
      caption="Orders, newest first"
      columns={["Order", "Placed", "Member", "Kind", "Paid by", "Total", "Status"]}
      rows={rows}
      row={({ id, attributes: o, relationships }) => (
        <tr key={id}>
          <td>
            <Link href={`/app/admin/orders/${id}`}>{o.number}</Link>
            {o.import_reference && <div className="field-hint">Imported reference: {o.import_reference}</div>}
          </td>
          <td>{formatInstant(o.created_at)}</td>
          <td>
            {relationships.user.data
              ? <Link href={`/app/admin/users/${relationships.user.data.id}`}>{o.user_full_name}</Link>
              : "—"}
            {o.business_name && <div className="field-hint">{o.business_name}</div>}
          </td>
          <td>{KINDS[o.kind]}</td>
          <td>
            {o.payment_type === "card"
              ? "Card"
              : o.payment_medium === "Check Received"
              ? "Check"
              : o.payment_medium === "Cash Received"
              ? "Cash"
              : "Card (office)"}
          </td>
          <td>{formatMoney(o.total_cents, { cents: true })}</td>
          <td>
            <OrderStateChip status={o.status} shipping={o.shipping_state} />
          </td>
        </tr>
      )}
    />
  );
}
