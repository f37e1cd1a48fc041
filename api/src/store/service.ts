/**
 * The store catalogue's services: what the shop and the administrators' routes call, one each (decision 0052).
 * An item that is missing (or, in the shop, not for sale) answers 404.
 */
import type { Deps } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import {
  adminItemRecord,
  createItem,
  findActiveItem,
  findItem,
  listActiveItems,
  listItems,
  retireItem,
  storeItemRecord,
  updateItem,
} from "./queries.ts";
import { ITEM_MESSAGES } from "./schemas.ts";

type StoreDeps = Pick<Deps, "database">;
type ItemInput = Parameters<typeof createItem>[1];

export async function itemsForSale(deps: StoreDeps) {
  return { data: (await listActiveItems(deps.database.db)).map(storeItemRecord) };
}

export async function itemForSale(deps: StoreDeps, id: number) {
  const item = await findActiveItem(deps.database.db, id);
  if (!item) throw notFound("Item");
  return { data: storeItemRecord(item) };
}

export const catalogue = (deps: StoreDeps, query: Parameters<typeof listItems>[1]) =>
  listItems(deps.database.db, query);

export async function addItem(deps: StoreDeps, input: ItemInput, userId: number) {
  return { data: adminItemRecord(await createItem(deps.database.db, input, userId)) };
}

export async function catalogueItem(deps: StoreDeps, id: number) {
  const item = await findItem(deps.database.db, id);
  if (!item) throw notFound("Item");
  return { data: adminItemRecord(item) };
}

export async function editItem(deps: StoreDeps, id: number, input: ItemInput, userId: number) {
  const item = await updateItem(deps.database.db, id, input, userId);
  if (!item) throw notFound("Item");
  return { data: adminItemRecord(item) };
}

export async function retire(deps: StoreDeps, id: number, userId: number) {
  const done = await retireItem(deps.database.db, id, userId);
  if (!done) throw notFound("Item");
  const message = done.retired ? ITEM_MESSAGES.retired : ITEM_MESSAGES.deleted;
  return { message, retired: done.retired };
}
