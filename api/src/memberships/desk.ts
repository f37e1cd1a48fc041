/**
 * What the administrators' desk (api/src/desk/, decisions 0049 and 0050) calls of memberships: a deleted
 * account's memberships stop renewing, inside the deletion's one transaction.
 */
export { stopAutorenewOfUser } from "./queries.ts";
