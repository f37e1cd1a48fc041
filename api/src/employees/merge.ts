/** What an account merge (desk/users-merge.ts, decision 0080) calls of employee requests. */
export { moveEmployeeRequestsOfUser } from "./queries.ts";
