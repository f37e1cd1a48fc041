/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of registration: a registration's progress (registration_notifications) and a new member's account. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export { approveRegistrationBusiness, emailExists, lockRegistration, updateRegistration } from "./queries.ts";
/** The account itself is created by its owner, users (decision 0050). */
export { insertUser, memberNumber } from "../users/service.ts";
