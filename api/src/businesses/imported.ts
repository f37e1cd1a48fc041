/**
 * The writes of the administrators' import (decision 0084) to the tables this domain owns: companies from a
 * file, their imported columns updated, employee or DER links, and what a rollback deletes. A chunk of rows is
 * written set-based (decision 0089).
 */
export {
  deleteImportedBusiness,
  deleteImportedLink,
  insertImportedBusinesses,
  insertImportedLinks,
  updateImportedBusiness,
  updateImportedBusinesses,
} from "./queries.ts";
