/** What an account merge (desk/users-merge.ts, decision 0080) calls of documents. */
export { moveDocumentsOfUser } from "./queries.ts";
