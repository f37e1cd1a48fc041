/** What an account merge (desk/users-merge.ts, decision 0080) calls of businesses. */
export { moveBusinessLinksOfUser } from "./queries.ts";
