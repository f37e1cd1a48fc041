/**
 * What the administrators' desk (api/src/desk/, decision 0049) calls of vessels: an approved vessel change. The desk writes
 * no table itself; it calls these inside its one transaction, which holds the notification's lock.
 */
export { applyVesselChange } from "./queries.ts";
