/**
 * The writes of the administrators' import (decision 0084) to the tables this domain owns: a company from a
 * file, its imported columns updated, an employee or DER link, and what a rollback deletes.
 */
export {
  deleteImportedBusiness,
  deleteImportedLink,
  insertImportedBusiness,
  insertImportedLink,
  updateImportedBusiness,
} from "./queries.ts";
