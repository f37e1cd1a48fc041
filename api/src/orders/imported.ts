/** The writes of the administrators' import (decision 0084) to `orders`: a past term's manual payment. */
export {
  deleteImportedOrder,
  insertImportedOrder,
  insertImportedOrders,
  updateImportedOrder,
  updateImportedOrders,
} from "./queries.ts";
