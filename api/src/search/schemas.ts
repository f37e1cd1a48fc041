/** The administrators' header search (issue 24 item 4, decision 0070): its query and its answer. */
import { z } from "zod";
import { SEARCH_MAX, SEARCH_MIN } from "../lib/search-terms.ts";

export const SEARCH_LIMIT_MAX = 20;

export const SearchQuery = z.object({
  q: z.string({ error: "q is required" }).trim()
    .min(SEARCH_MIN, `q must be at least ${SEARCH_MIN} characters`)
    .max(SEARCH_MAX, `q must be at most ${SEARCH_MAX} characters`)
    .describe(
      "What was typed: a name, e-mail, member number, phone, credential, company name, DBA, EIN or order number",
    ),
  limit: z.string().regex(/^\d{1,2}$/, `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`)
    .transform(Number)
    .refine(
      (n) => n >= 1 && n <= SEARCH_LIMIT_MAX,
      `limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}`,
    )
    .optional().describe(`Results per group, at most ${SEARCH_LIMIT_MAX} (default 5)`),
});
export type SearchInput = z.infer<typeof SearchQuery>;

const UserHit = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  member_number: z.string().nullable(),
  phone: z.string().nullable(),
  uscg_cred: z.string().nullable(),
  roles: z.array(z.enum(["admin", "der"])),
  match: z.enum(["member_number", "phone", "email", "uscg_cred", "name"]).describe("Which field matched"),
});
const CompanyHit = z.object({
  id: z.number().int(),
  name: z.string(),
  dba_name: z.string().nullable(),
  tax_id: z.string().nullable(),
  is_active: z.boolean(),
  match: z.enum(["tax_id", "name", "dba_name"]).describe("Which field matched"),
});
const OrderHit = z.object({
  id: z.number().int(),
  number: z.string(),
  kind: z.string(),
  status: z.string(),
  state: z.enum(["pending", "completed", "failed", "cancelled", "to_ship", "shipped", "delivered"])
    .describe(
      "The order's one state, as the orders list shows it: its status, or to_ship, shipped, delivered",
    ),
  total_cents: z.number().int(),
  created_at: z.string(),
  for_name: z.string().nullable().describe("The member (or company) the order is for"),
});

export const SearchAnswer = z.object({
  q: z.string(),
  users: z.array(UserHit).describe(
    "Best first: exact member number, then number/phone/e-mail/credential prefixes, then names",
  ),
  companies: z.array(CompanyHit).describe(
    "Best first: exact EIN, EIN prefix, name or DBA prefix, then the rest",
  ),
  orders: z.array(OrderHit).describe("Best first: exact order number, then prefixes, newest first"),
});
export type SearchResult = z.infer<typeof SearchAnswer>;
