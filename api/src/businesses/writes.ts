/**
 * The writes other domains ask of businesses, the owner of `businesses`, `business_users` and
 * `new_business_requests` (decisions 0046 and 0050): registration's new business, its links and its company
 * request, and employees' links. Each runs inside the caller's transaction; the SQL stays in queries.ts.
 */
export {
  endBusinessUser,
  insertBusiness,
  insertBusinessUser,
  insertCompanyRequest,
  liveLinksOf,
  setPrimaryLink,
} from "./queries.ts";
