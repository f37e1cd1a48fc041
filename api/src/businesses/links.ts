/**
 * What the administrators' user page (desk/users-*.ts, decision 0050) calls of businesses: a user's businesses as
 * they see them, "Add To Business" (a new business, a link of the user to one) and the end of a deleted account's
 * links. business_users and businesses are businesses' tables; only this domain writes them.
 */
export {
  endUserLinks,
  findLiveBusiness,
  insertBusiness,
  insertBusinessUser,
  listOwnBusinesses,
} from "./queries.ts";
