/** What the retention schedule asks of orders (decision 0091): the due rows, anonymised. */
export { anonymiseOrders, dueOrders } from "./queries.ts";
