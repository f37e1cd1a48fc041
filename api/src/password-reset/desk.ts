/**
 * What the administrators' desk (api/src/desk/, decisions 0049 and 0050) calls of password-reset: a deleted
 * account's reset links go, inside the deletion's one transaction.
 */
export { deleteTokensOf } from "./queries.ts";
