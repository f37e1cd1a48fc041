/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of users: an approved change of a member's details and the check that its e-mail is still free. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export { applyUserChange, emailUsedByOther } from "./queries.ts";
