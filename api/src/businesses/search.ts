/** The businesses domain's part of the administrators' header search (api/src/search/, decision 0070). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { searchBusinesses } from "./queries.ts";

export async function findCompanies(db: Kysely<DB>, terms: SearchTerms, limit: number) {
  const rows = await searchBusinesses(db, terms, limit);
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    dba_name: b.dba_name,
    tax_id: b.tax_id,
    is_active: b.is_active,
    match: b.match,
  }));
}
