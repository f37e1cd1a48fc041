/** What an account merge (desk/users-merge.ts, decision 0080) calls of notifications. */
export { moveNotificationsOfUser } from "./queries.ts";
