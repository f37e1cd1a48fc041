/** The writes of the administrators' import (decision 0084) to `drug_tests`: past resulted tests. */
export { deleteImportedTest, insertImportedTest, updateImportedTest } from "./queries.ts";
