/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of drug-tests: the business a member's tests go through. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export { currentTestBusiness } from "./queries.ts";
