/**
 * Reading orders (decision 0052: a handler calls one service): one order, a member's own or any for an
 * administrator, and a user's orders for the Transactions tab.
 */
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { requireOwnedCompany } from "../payment-methods/company.ts";
import { userExists } from "../users/service.ts";
import { findOrder, listBusinessOrders, listUserOrders } from "./queries.ts";

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

/** The member's own orders, newest first (the order history, /app/account/orders). */
export async function myOrders(
  deps: Pick<Deps, "database">,
  userId: number,
  params: Parameters<typeof listUserOrders>[2],
) {
  return await listUserOrders(deps.database.db, userId, params);
}

/** A company's paid orders, for its owner (its DER) or an administrator; 404 for anyone else. */
export async function companyOrders(
  deps: Pick<Deps, "database">,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number,
  params: Parameters<typeof listBusinessOrders>[2],
) {
  const { db } = deps.database;
  await requireOwnedCompany(db, viewer, businessId);
  return await listBusinessOrders(db, businessId, params);
}
