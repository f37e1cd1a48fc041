/** The writes of the administrators' import (decision 0084) to `memberships`: past terms, autorenew off. */
export {
  deleteImportedMembership,
  insertImportedMemberships,
  updateImportedMembership,
  updateImportedMemberships,
} from "./queries.ts";
