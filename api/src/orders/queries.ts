/** Reading orders as records. Ownership is a filter: a buyer's lookups take their user id. */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { record, ref } from "../lib/list.ts";

type Lookup = { id: number } | { number: string };

/** One order as the API shows it, or undefined; with `ownerId`, only that user's orders are found. */
export async function findOrder(db: Kysely<DB>, lookup: Lookup, ownerId?: number) {
  let query = db.selectFrom("orders as o")
    .leftJoin("payment_methods as pm", "pm.id", "o.payment_method_id")
    .leftJoin("users as u", "u.id", "o.user_id")
    .select([
      "o.id",
      "o.number",
      "o.kind",
      "o.status",
      "o.total_cents",
      "o.payment_type",
      "o.payment_medium",
      "o.manual_charge_date",
      "o.failure_reason",
      "o.user_id",
      "o.payment_method_id",
      "o.created_at",
      "o.completed_at",
      "o.cancelled_at",
      "pm.brand",
      "pm.last4",
      "u.first_name",
      "u.last_name",
    ]);
  query = "id" in lookup ? query.where("o.id", "=", lookup.id) : query.where("o.number", "=", lookup.number);
  if (ownerId !== undefined) query = query.where("o.user_id", "=", ownerId);
  const o = await query.executeTakeFirst();
  if (!o) return undefined;
  const lines = await db.selectFrom("order_items").select(["id", "item_id", "name", "cost_cents", "quantity"])
    .where("order_id", "=", o.id).orderBy("id").execute();
  return record("order", o.id, {
    number: o.number,
    kind: o.kind,
    status: o.status,
    total_cents: o.total_cents,
    payment_type: o.payment_type,
    payment_medium: o.payment_medium,
    payment_date: o.manual_charge_date,
    card_brand: o.brand,
    card_last4: o.last4,
    failure_reason: o.failure_reason,
    user_full_name: o.first_name === null ? null : `${o.first_name} ${o.last_name}`,
    created_at: o.created_at.toISOString(),
    completed_at: o.completed_at?.toISOString() ?? null,
    cancelled_at: o.cancelled_at?.toISOString() ?? null,
    items: lines.map((l) => ({
      id: l.id,
      item_id: l.item_id,
      name: l.name,
      cost: l.cost_cents,
      quantity: l.quantity,
    })),
  }, { user: ref("user", o.user_id), payment_method: ref("payment_method", o.payment_method_id) });
}
