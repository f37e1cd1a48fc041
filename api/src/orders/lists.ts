/**
 * Reading orders (decision 0052: a handler calls one service): one order, a member's own or any for an
 * administrator, and a user's orders for the Transactions tab.
 */
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { userExists } from "../users/service.ts";
import { findOrder, listUserOrders } from "./queries.ts";

type Lookup = Parameters<typeof findOrder>[1];

/** One order by id or number; with `ownerId`, only among that user's orders. 404 when there is none. */
export async function getOrder(deps: Pick<Deps, "database">, lookup: Lookup, ownerId?: number) {
  const order = await findOrder(deps.database.db, lookup, ownerId);
  if (!order) throw notFound("Order");
  return order;
}

/** A user's orders, newest first; 404 without the user. */
export async function ordersOfUser(
  deps: Pick<Deps, "database">,
  userId: number,
  params: Parameters<typeof listUserOrders>[2],
) {
  const { db } = deps.database;
  if (!await userExists(db, userId)) throw notFound("User");
  return await listUserOrders(db, userId, params);
}
