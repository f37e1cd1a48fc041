/** What an account merge (desk/users-merge.ts, decisions 0080 and 0092) calls of consents. */
export { moveConsentsGivenBy, moveConsentsReceivedBy } from "./queries.ts";
