/** What an account merge (desk/users-merge.ts, decision 0080) calls of orders. */
export { moveOrdersOfUser } from "./queries.ts";
