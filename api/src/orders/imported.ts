/**
 * The writes of the administrators' import (decision 0084) to `orders`: a past term's manual payment, and a past
 * store order with its lines.
 */
export {
  deleteImportedOrder,
  deleteImportedOrderItems,
  insertImportedOrder,
  insertImportedOrderItems,
  insertImportedOrders,
  updateImportedOrder,
  updateImportedOrders,
} from "./queries.ts";
