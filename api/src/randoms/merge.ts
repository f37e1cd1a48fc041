/** What an account merge (desk/users-merge.ts, decision 0080) reads of random draws. */
export { candidateCountOf } from "./queries.ts";
