/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of businesses: its company requests (new_business_requests) and its businesses. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export {
  businessRequestById,
  businessRequestFor,
  findDuplicateCompanies,
  findLiveBusiness,
  insertBusiness,
  lockBusinessRequest,
  moveBusinessUsers,
  rejectBusinessRequest,
  resolveBusinessRequest,
  softDeleteBusiness,
  updateBusiness,
} from "./queries.ts";
