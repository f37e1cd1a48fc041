/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of registration: a registration's progress (registration_notifications) and a new member's account. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export {
  approveRegistrationBusiness,
  emailExists,
  insertUser,
  lockRegistration,
  updateRegistration,
} from "./queries.ts";
export { memberNumber } from "./service.ts";
