/**
 * The administrators' header search (issue 24 item 4, decision 0070): one text, three groups. Each domain
 * answers for its own records through its search face (users/search.ts, businesses/search.ts, orders/search.ts);
 * the three queries run at once on the pool (one after another on PGlite's single connection).
 */
import { findCompanies } from "../businesses/search.ts";
import type { Deps } from "../lib/context.ts";
import { searchTerms } from "../lib/search-terms.ts";
import { findOrders } from "../orders/search.ts";
import { findUsers } from "../users/search.ts";
import type { SearchInput, SearchResult } from "./schemas.ts";

export const SEARCH_LIMIT_DEFAULT = 5;

export async function adminSearch(deps: Pick<Deps, "database">, input: SearchInput): Promise<SearchResult> {
  const terms = searchTerms(input.q);
  const limit = input.limit ?? SEARCH_LIMIT_DEFAULT;
  const { db } = deps.database;
  const [users, companies, orders] = await Promise.all([
    findUsers(db, terms, limit),
    findCompanies(db, terms, limit),
    findOrders(db, terms, limit),
  ]);
  return { q: input.q, users, companies, orders };
}
