/** The administrators' header search (issue 24 item 4, decision 0070): one call, three ranked groups. */
import type { SearchResult } from "@api/contract";
import { statusWord } from "../../lib/status-words.ts";
import { call } from "../../lib/typed-api.ts";

export type { SearchResult };

/** The shortest text the server searches (lib/search-terms.ts SEARCH_MIN). */
export const SEARCH_MIN = 2;

export const searchAll = (q: string, signal: AbortSignal): Promise<SearchResult> =>
  call("/auth/search").GET({ query: { q, limit: "5" }, signal });

export interface Hit {
  /** The option's element id, unique in the list. */
  key: string;
  group: "Users" | "Companies" | "Orders";
  title: string;
  detail: string;
  href: string;
}

const MATCH_WORDS: Record<string, string> = {
  member_number: "member number",
  phone: "phone",
  email: "e-mail",
  uscg_cred: "credential",
  name: "name",
  tax_id: "EIN",
  dba_name: "DBA",
};

/** The answer as one ordered list of options (the listbox's order: users, companies, orders). */
export function hitsOf(result: SearchResult): Hit[] {
  const join = (parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");
  return [
    ...result.users.map((u): Hit => ({
      key: `search-user-${u.id}`,
      group: "Users",
      title: u.name,
      detail: join([
        u.member_number,
        u.email,
        u.match === "phone" ? u.phone : null,
        u.match === "uscg_cred" ? u.uscg_cred : null,
        `matched ${MATCH_WORDS[u.match]}`,
      ]),
      href: `/app/admin/users/${u.id}`,
    })),
    ...result.companies.map((c): Hit => ({
      key: `search-company-${c.id}`,
      group: "Companies",
      title: c.name,
      detail: join([
        c.dba_name ? `DBA ${c.dba_name}` : null,
        c.tax_id ? `EIN ${c.tax_id}` : null,
        c.is_active ? null : "Inactive",
        `matched ${MATCH_WORDS[c.match]}`,
      ]),
      href: `/app/admin/businesses/${c.id}`,
    })),
    ...result.orders.map((o): Hit => ({
      key: `search-order-${o.id}`,
      group: "Orders",
      title: `Order ${o.number}`,
      detail: join([o.for_name, statusWord(o.state).label]),
      href: `/app/admin/orders/${o.id}`,
    })),
  ];
}
