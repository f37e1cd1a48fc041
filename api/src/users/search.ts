/** The users domain's part of the administrators' header search (api/src/search/, decision 0070). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { searchUsers } from "./queries.ts";

export async function findUsers(db: Kysely<DB>, terms: SearchTerms, limit: number) {
  const rows = await searchUsers(db, terms, limit);
  return rows.map((u) => ({
    id: u.id,
    name: `${u.first_name} ${u.last_name}`,
    email: u.email,
    member_number: u.member_number,
    phone: u.phone,
    uscg_cred: u.uscg_cred,
    roles: [...(u.is_admin ? ["admin" as const] : []), ...(u.is_der ? ["der" as const] : [])],
    match: u.match,
  }));
}
