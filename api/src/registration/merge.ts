/** What an account merge (desk/users-merge.ts, decision 0080) calls of registration. */
export { moveRegistrationOfUser } from "./queries.ts";
