/** What an account merge (desk/users-merge.ts, decision 0080) calls of memberships. */
export { moveMembershipsOfUser, runningMembershipsOn } from "./queries.ts";
