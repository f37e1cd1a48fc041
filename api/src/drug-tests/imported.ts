/** The writes of the administrators' import (decision 0084) to `drug_tests`: past resulted tests, a chunk at once. */
export {
  deleteImportedTest,
  insertImportedTests,
  updateImportedTest,
  updateImportedTests,
} from "./queries.ts";
