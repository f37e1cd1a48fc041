/** What an account merge (desk/users-merge.ts, decision 0080) reads of saved cards. */
export { cardCountOf } from "./queries.ts";
