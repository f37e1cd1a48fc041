/** Store items: what members may buy (active ones, in the operator's order) and the administrators' list. */
import type { Kysely, Selectable } from "kysely";
import type { DB, StoreItemsTable } from "../db/types.ts";
import { audit, changedFields } from "../lib/audit.ts";
import { type ListParams, paginate, record } from "../lib/list.ts";
import type { ItemInput } from "./schemas.ts";

type ItemRow = Selectable<StoreItemsTable>;

/** The member-facing record: name, description and the price of one in cents. */
export const storeItemRecord = (i: Pick<ItemRow, "id" | "name" | "description" | "cost_cents">) =>
  record("store_item", i.id, { name: i.name, description: i.description, cost: i.cost_cents });

export const adminItemRecord = (i: ItemRow) =>
  record("store_item", i.id, {
    name: i.name,
    description: i.description,
    cost: i.cost_cents,
    active: i.active,
    ships: i.ships,
    sort_order: i.sort_order,
    created_at: i.created_at.toISOString(),
    updated_at: i.updated_at.toISOString(),
  });

/** Active items, in the operator's sort order. */
export function listActiveItems(db: Kysely<DB>) {
  return db.selectFrom("store_items").select(["id", "name", "description", "cost_cents"])
    .where("active", "=", true).orderBy("sort_order").orderBy("id").execute();
}

/** One item a member may buy, or undefined (inactive items are not for sale, so they are not found). */
export function findActiveItem(db: Kysely<DB>, id: number) {
  return db.selectFrom("store_items").select(["id", "name", "description", "cost_cents"])
    .where("id", "=", id).where("active", "=", true).executeTakeFirst();
}

export function findItem(db: Kysely<DB>, id: number) {
  return db.selectFrom("store_items").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function listItems(db: Kysely<DB>, params: ListParams & { active?: "true" | "false" }) {
  let query = db.selectFrom("store_items").selectAll();
  if (params.active) query = query.where("active", "=", params.active === "true");
  const { rows, meta } = await paginate(query, params, {
    id: "id",
    name: "name",
    cost: "cost_cents",
    sort_order: "sort_order",
  });
  return { data: rows.map(adminItemRecord), meta };
}

export async function createItem(db: Kysely<DB>, input: ItemInput, actor: number) {
  return await db.transaction().execute(async (trx) => {
    const item = await trx.insertInto("store_items").values(input).returningAll().executeTakeFirstOrThrow();
    await audit(trx, { actor, action: "store_item_created", entity: "store_item", entityId: item.id });
    return item;
  });
}

const pickFields = (o: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]]));

/** Replaces an item's fields; undefined when there is no such item. Past orders keep their snapshots. */
export async function updateItem(db: Kysely<DB>, id: number, input: ItemInput, actor: number) {
  return await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("store_items").selectAll().where(
      "id",
      "=",
      id,
    )
      .forUpdate().executeTakeFirst();
    if (!before) return undefined;
    const item = await trx.updateTable("store_items").set(input).where("id", "=", id).returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actor,
      action: "store_item_updated",
      entity: "store_item",
      entityId: id,
      // Before → after of each field it changed (issue 37).
      detail: { changes: changedFields(before, pickFields(item, Object.keys(input))) },
    });
    return item;
  });
}

/**
 * Retires an item: one that was ever ordered is deactivated (its orders keep pointing at it), one never ordered
 * is deleted. Undefined when there is no such item.
 */
export async function retireItem(db: Kysely<DB>, id: number, actor: number) {
  return await db.transaction().execute(async (trx) => {
    const item = await trx.selectFrom("store_items").selectAll().where("id", "=", id).forUpdate()
      .executeTakeFirst();
    if (!item) return undefined;
    const ordered = await trx.selectFrom("order_items").select("id").where("item_id", "=", id).limit(1)
      .executeTakeFirst();
    if (ordered) {
      await trx.updateTable("store_items").set({ active: false }).where("id", "=", id).execute();
    } else {
      await trx.deleteFrom("store_items").where("id", "=", id).execute();
    }
    await audit(trx, {
      actor,
      action: ordered ? "store_item_retired" : "store_item_deleted",
      entity: "store_item",
      entityId: id,
    });
    return { retired: ordered !== undefined };
  });
}
