/** The writes of the administrators' import (decision 0084) to `orders`: a past term's manual payment. */
export { deleteImportedOrder, insertImportedOrder, updateImportedOrder } from "./queries.ts";
