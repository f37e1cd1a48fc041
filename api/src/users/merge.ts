/** What an account merge (desk/users-merge.ts, decision 0080) calls of users: the two accounts' rows. */
export { adoptMergedAccount, closeMergedAccount, lockUser, mergeParties } from "./queries.ts";
