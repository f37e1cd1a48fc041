/** What an account merge (desk/users-merge.ts, decision 0080) calls of drug tests. */
export { moveDrugTestsOfUser } from "./queries.ts";
