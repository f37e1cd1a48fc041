/** The store orders kind's reads (decision 0084): orders by reference, their lines, the export's pages. */
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/types.ts";

const ORDER_COLUMNS = [
  "o.id",
  "o.number",
  "o.import_reference",
  "o.kind",
  "o.user_id",
  "o.business_id",
  "o.total_cents",
  "o.status",
  "o.payment_type",
  "o.payment_medium",
  "o.created_at",
  "o.cancelled_at",
] as const;

/**
 * The orders these references name: an imported order by the reference it came with, else an order placed in
 * the portal by its number (an export writes that number as its reference). The imported one wins a tie.
 */
export async function ordersByReference(db: Kysely<DB>, refs: string[]) {
  if (refs.length === 0) return [];
  const keys = [...new Set(refs)];
  return await db.selectFrom("orders as o").select([
    ...ORDER_COLUMNS,
    sql<string>`coalesce(o.import_reference, o.number)`.as("reference"),
  ]).where((eb) =>
    eb.or([
      eb(sql`o.import_reference`, "=", sql`any(${sql.val(keys)}::text[])`),
      eb.and([
        eb("o.import_reference", "is", null),
        eb(sql`o.number`, "=", sql`any(${sql.val(keys)}::text[])`),
      ]),
    ])
  ).orderBy(sql`o.import_reference is null`).execute();
}

/** The lines of these orders, in the order they were written. */
export const linesOf = (db: Kysely<DB>, orderIds: number[]) =>
  orderIds.length === 0 ? Promise.resolve([]) : db.selectFrom("order_items")
    .select(["order_id", "name", "cost_cents", "quantity"])
    .where(sql<boolean>`order_id = any(${sql.val(orderIds)}::int[])`).orderBy("order_id").orderBy("id")
    .execute();

/** Records made since a batch that refer to a store order it created: a refund, a notification. */
export async function storeOrderDependents(db: Kysely<DB>, orderId: number) {
  const r = await sql<{ what: string }>`
    select 'refund' as what from order_refunds where order_id = ${orderId}
    union all select 'notification' from notifications where order_id = ${orderId}
    limit 1`.execute(db);
  return r.rows[0]?.what ?? null;
}

/** One page of the store orders the export writes (paid or cancelled), by reference after `after`. */
export const exportStoreOrders = (db: Kysely<DB>, after: string, limit: number) =>
  db.selectFrom("orders as o").innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("businesses as b", "b.id", "o.business_id")
    .select([
      ...ORDER_COLUMNS,
      sql<string>`coalesce(o.import_reference, o.number)`.as("k"),
      sql<string>`lower(u.email)`.as("member_email"),
      "b.tax_id as paid_by_ein",
    ])
    .where("o.kind", "=", "store").where("o.status", "in", ["completed", "cancelled"])
    .where("u.deleted_at", "is", null)
    .where(sql<string>`coalesce(o.import_reference, o.number)`, ">", after)
    .orderBy(sql`coalesce(o.import_reference, o.number)`).limit(limit).execute();
