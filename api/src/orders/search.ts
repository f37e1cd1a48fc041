/** The orders domain's part of the administrators' header search (api/src/search/, decision 0070). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { searchOrders } from "./queries.ts";
import { orderStateOf } from "./state.ts";

export async function findOrders(db: Kysely<DB>, terms: SearchTerms, limit: number) {
  const rows = await searchOrders(db, terms, limit);
  return rows.map((o) => ({
    id: o.id,
    number: o.number,
    kind: o.kind,
    status: o.status,
    // The one state the orders list and the order's page show ("To ship", not "Completed", issue 37).
    state: orderStateOf(o),
    total_cents: o.total_cents,
    created_at: o.created_at.toISOString(),
    for_name: o.first_name === null ? o.business_name : `${o.first_name} ${o.last_name}`,
  }));
}
