/**
 * Orders' SQL: reading them as records (ownership is a filter: a buyer's lookups take their user id), and the
 * writes of the money path (pay.ts): the pending order, its settlement, and what reconciliation looks for.
 */
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import type { DB, OrderKind } from "../db/types.ts";
import type { ChargeResult } from "../integrations/payments/payments.ts";
import { type ListParams, paginate, record, ref } from "../lib/list.ts";
import {
  isDue,
  notHeld,
  officeDayOf,
  onlyUser,
  retentionDays,
  type RetentionRow,
  type RetentionWindow,
} from "../lib/retention-window.ts";
import type { SearchTerms } from "../lib/search-terms.ts";
import { paidWith } from "./paid-with.ts";
import { shippingStateOf } from "./state.ts";
import { insertWithIds, updateAll } from "../lib/bulk.ts";

type Lookup = { id: number } | { number: string };

/**
 * Whether the order `o` (that alias) holds a line that ships (sql/0033): a scalar sub-query with `limit 1`, one
 * probe of order_items_order_idx per listed order. An EXISTS in a select list may be planned as a hashed
 * sub-plan instead, which reads every order line once per request (a parallel scan of 550,000 lines for a
 * page of 20 notifications at the bench's scale, decision 0096); a scalar sub-query is never hashed.
 */
export const orderShips = sql<
  boolean
>`coalesce((select true from order_items si where si.order_id = o.id and si.ships limit 1), false)`;

export { orderStateOf, shippingStateOf } from "./state.ts";

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
      "o.refunded_at",
      "pm.brand",
      "pm.last4",
      "u.first_name",
      "u.last_name",
      "o.shipping_status",
      "o.shipping_carrier",
      "o.shipping_tracking",
      "o.shipped_at",
      "o.delivered_at",
      "o.import_reference",
      orderShips.as("ships"),
    ]);
  query = "id" in lookup ? query.where("o.id", "=", lookup.id) : query.where("o.number", "=", lookup.number);
  if (ownerId !== undefined) query = query.where("o.user_id", "=", ownerId);
  const o = await query.executeTakeFirst();
  if (!o) return undefined;
  const lines = await db.selectFrom("order_items").select(["id", "item_id", "name", "cost_cents", "quantity"])
    .where("order_id", "=", o.id).orderBy("id").execute();
  return record("order", o.id, {
    number: o.number,
    import_reference: o.import_reference,
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
    refunded_at: o.refunded_at?.toISOString() ?? null,
    cancellable: o.kind === "store" && o.status === "completed" && o.shipping_status === null,
    shipping: shipping(o),
    items: lines.map((l) => ({
      id: l.id,
      item_id: l.item_id,
      name: l.name,
      cost: l.cost_cents,
      quantity: l.quantity,
    })),
  }, { user: ref("user", o.user_id), payment_method: ref("payment_method", o.payment_method_id) });
}

function shipping(o: {
  status: string;
  ships: boolean | number;
  shipping_status: string | null;
  shipping_carrier: string | null;
  shipping_tracking: string | null;
  shipped_at: Date | null;
  delivered_at: Date | null;
}) {
  const state = shippingStateOf(o);
  if (!state) return null;
  return {
    state,
    carrier: o.shipping_carrier,
    tracking_number: o.shipping_tracking,
    shipped_at: o.shipped_at?.toISOString() ?? null,
    delivered_at: o.delivered_at?.toISOString() ?? null,
  };
}

/** What settling an order needs to know about it. */
const SETTLE_COLUMNS = [
  "id",
  "number",
  "kind",
  "user_id",
  "business_id",
  "total_cents",
  "created_by_user_id",
  "payment_type",
  "payment_method_id",
  "status",
  "processor_key",
  "fulfilment",
  "request_hash",
] as const;

type OrderValues = Insertable<DB["orders"]>;

/** The order a payment writes, with its lines; undefined when the user's order with its key exists already. */
export async function insertOrder(
  trx: Transaction<DB>,
  values: OrderValues & { user_id: number },
  lines: { item_id?: number | null; name: string; cost_cents: number; quantity: number }[],
) {
  const row = await trx.insertInto("orders").values(values)
    .onConflict((oc) =>
      oc.columns(["user_id", "idempotency_key"]).where("idempotency_key", "is not", null).doNothing()
    )
    .returning(SETTLE_COLUMNS).executeTakeFirst();
  if (!row) return undefined;
  await trx.insertInto("order_items")
    .values(lines.map((l) => ({ order_id: row.id, ...l, item_id: l.item_id ?? null }))).execute();
  return { ...row, user_id: row.user_id! };
}

export type SettleableOrder = NonNullable<Awaited<ReturnType<typeof insertOrder>>>;

export async function orderByKey(db: Kysely<DB>, userId: number, key: string) {
  const row = await db.selectFrom("orders").select(SETTLE_COLUMNS)
    .where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
  return row && { ...row, user_id: row.user_id! };
}

/** Pending card orders nobody has tried to charge since `before`, oldest first (reconciliation's work). */
export async function stalePendingOrders(db: Kysely<DB>, before: Date, limit: number) {
  const rows = await db.selectFrom("orders").select(SETTLE_COLUMNS)
    .where("status", "=", "pending").where("attempted_at", "<", before)
    .orderBy("attempted_at").orderBy("id").limit(limit).execute();
  return rows.map((row) => ({ ...row, user_id: row.user_id! }));
}

/** Settled orders of the user and kind (a payment's attempt number, orders/pay.ts orderKey). */
export async function settledOrders(db: Kysely<DB>, userId: number, kind: OrderKind): Promise<number> {
  const { n } = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId).where("kind", "=", kind).where("status", "!=", "pending")
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Marks a pending order as being charged now; false when it is settled already. */
export async function markAttempted(db: Kysely<DB>, orderId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable("orders").set({ attempted_at: now })
    .where("id", "=", orderId).where("status", "=", "pending").returning("id").executeTakeFirst();
  return row !== undefined;
}

/** The processor's reference of the card an order pays with (removed cards included: the order keeps it). */
export async function cardRef(db: Kysely<DB>, paymentMethodId: number): Promise<string | null> {
  const row = await db.selectFrom("payment_methods").select("provider_ref").where("id", "=", paymentMethodId)
    .executeTakeFirst();
  return row?.provider_ref ?? null;
}

/**
 * Records the processor's answer on a pending order (with `untriedSince`, only if nobody tried it since);
 * answers the order when this call settled it.
 */
export async function settleOrder(
  trx: Transaction<DB>,
  orderId: number,
  result: ChargeResult,
  now: Date,
  untriedSince?: Date,
) {
  let query = trx.updateTable("orders").set(
    result.ok
      ? { status: "completed", completed_at: now, processor_charge_id: result.charge_id }
      : { status: "failed", failure_reason: result.message },
  ).where("id", "=", orderId).where("status", "=", "pending");
  if (untriedSince) query = query.where("attempted_at", "<", untriedSince);
  const row = await query.returning(SETTLE_COLUMNS).executeTakeFirst();
  return row && { ...row, user_id: row.user_id! };
}

/** An order's status and failure reason. */
export function orderStatus(db: Kysely<DB>, orderId: number) {
  return db.selectFrom("orders").select(["id", "status", "failure_reason"]).where("id", "=", orderId)
    .executeTakeFirstOrThrow();
}

/** The store items among `ids` that are for sale, with their current price. */
export function activeItems(db: Kysely<DB>, ids: number[]) {
  return db.selectFrom("store_items").select(["id", "name", "cost_cents"])
    .where("id", "in", ids).where("active", "=", true).execute();
}

/** The buyer's name, as the administrators' order notification shows it. */
export function memberName(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", userId)
    .executeTakeFirstOrThrow();
}

/** What cancelling an order needs to know. */
export function orderForCancel(db: Kysely<DB>, id: number) {
  return db.selectFrom("orders").select([
    "id",
    "kind",
    "status",
    "total_cents",
    "payment_type",
    "processor_charge_id",
    "user_id",
    "completed_at",
  ]).where("id", "=", id).executeTakeFirst();
}

/** Marks a completed order cancelled (and refunded); false when another request cancelled it first. */
export async function markCancelled(
  db: Kysely<DB>,
  id: number,
  values: { now: Date; actor: number; refundId: string | null },
): Promise<boolean> {
  const row = await db.updateTable("orders").set({
    status: "cancelled",
    // sql/0004 keeps completed_at and cancelled_at exclusive; when it was paid stays in the audit log.
    completed_at: null,
    cancelled_at: values.now,
    updated_at: values.now,
    cancelled_by_user_id: values.actor,
    refund_id: values.refundId,
    refunded_at: values.refundId ? values.now : null,
  }).where("id", "=", id).where("status", "=", "completed").where("shipping_status", "is", null)
    .returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Order summaries with how each was paid; the caller picks which orders with `.where`. */
function orderSummaries(db: Kysely<DB>) {
  return db.selectFrom("orders as o").leftJoin("payment_methods as pm", "pm.id", "o.payment_method_id")
    .select([
      "o.id",
      "o.number",
      "o.kind",
      "o.status",
      "o.total_cents",
      "o.payment_type",
      "o.payment_medium",
      "o.manual_charge_date",
      "o.created_at",
      "pm.brand",
      "pm.last4",
    ]);
}

/** One page of `orderSummaries`, newest first by default, as records. */
async function orderSummaryPage(query: ReturnType<typeof orderSummaries>, params: ListParams) {
  const { rows, meta } = await paginate(query, params, {
    id: "o.id",
    created_at: "o.created_at",
    total_cents: "o.total_cents",
  });
  return {
    data: rows.map((o) =>
      record("order_summary", o.id, {
        number: o.number,
        kind: o.kind,
        status: o.status,
        total_cents: o.total_cents,
        payment_type: o.payment_type,
        payment_medium: o.payment_medium,
        paid_with: paidWith({
          payment_type: o.payment_type,
          payment_medium: o.payment_medium,
          payment_date: o.manual_charge_date,
          card_brand: o.brand,
          card_last4: o.last4,
        }),
        created_at: o.created_at.toISOString(),
      })
    ),
    meta,
  };
}

/** One page of a user's orders, newest first by default (the administrators' Transactions tab). */
export function listUserOrders(db: Kysely<DB>, userId: number, params: ListParams) {
  return orderSummaryPage(orderSummaries(db).where("o.user_id", "=", userId), params);
}

/** The note an order's receipt carries (orders.fulfilment.receipt_note), if any. */
export async function receiptNote(db: Kysely<DB>, orderId: number): Promise<string | null> {
  const row = await db.selectFrom("orders").select("fulfilment").where("id", "=", orderId).executeTakeFirst();
  const note = (row?.fulfilment as { receipt_note?: unknown } | null)?.receipt_note;
  return typeof note === "string" ? note : null;
}

/** The buyer's e-mail and name, for the receipt. */
export function buyer(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users").select(["email", "first_name", "last_name"]).where("id", "=", userId)
    .executeTakeFirst();
}

/** Who an order was placed for and by: the company that paid (or null) and the user who placed it. */
export function orderParties(db: Kysely<DB>, orderId: number) {
  return db.selectFrom("orders").select(["business_id", "created_by_user_id"]).where("id", "=", orderId)
    .executeTakeFirst();
}

/**
 * The company billed for an order (its name and postal address) and who is told of it: the user who placed the
 * order when they own the company (its DER or an owner), otherwise its DER; undefined for a company gone.
 */
export async function billedCompany(db: Kysely<DB>, businessId: number, placedBy: number | null) {
  const company = await db.selectFrom("businesses").select([
    "name",
    "address_one",
    "address_two",
    "city",
    "state",
    "postal_code",
    "der_user_id",
  ]).where("id", "=", businessId).executeTakeFirst();
  if (!company) return undefined;
  const placerOwns = placedBy !== null && (company.der_user_id === placedBy ||
    await db.selectFrom("business_users").select("id").where("business_id", "=", businessId)
        .where("user_id", "=", placedBy).where("is_owner", "=", true).where("removed_at", "is", null)
        .executeTakeFirst() !== undefined);
  const payerId = placerOwns ? placedBy : company.der_user_id;
  return { company, payer: payerId === null ? undefined : await buyer(db, payerId) };
}

/**
 * Claims the sending of an order's receipt: sets receipt_sent_at while it is null on a paid order; true when
 * this call claimed it (one receipt per order, whoever sends first).
 */
export async function claimReceipt(db: Kysely<DB>, orderId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable("orders").set({ receipt_sent_at: now })
    .where("id", "=", orderId).where("status", "=", "completed").where("receipt_sent_at", "is", null)
    .returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Gives a claim back when the receipt could not be handed to the outbox, so the sweep sends it later. */
export async function releaseReceipt(db: Kysely<DB>, orderId: number, claimedAt: Date): Promise<void> {
  await db.updateTable("orders").set({ receipt_sent_at: null })
    .where("id", "=", orderId).where("receipt_sent_at", "=", claimedAt).execute();
}

/** Paid orders since `since` whose receipt is still unsent (the sweep's work), oldest first. */
export async function untoldOrders(db: Kysely<DB>, since: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom("orders").select("id")
    .where("status", "=", "completed").where("receipt_sent_at", "is", null).where("completed_at", ">=", since)
    .orderBy("completed_at").limit(limit).execute();
  return rows.map((r) => r.id);
}

/** One page of the orders a company paid for or that were placed for it (the DER's Orders tab). */
export function listBusinessOrders(db: Kysely<DB>, businessId: number, params: ListParams) {
  return orderSummaryPage(
    orderSummaries(db).where("o.business_id", "=", businessId).where("o.status", "in", [
      "completed",
      "cancelled",
    ]),
    params,
  );
}

/** The company an order was placed for, or null. */
export async function orderBusinessId(db: Kysely<DB>, orderId: number): Promise<number | null> {
  const row = await db.selectFrom("orders").select("business_id").where("id", "=", orderId)
    .executeTakeFirst();
  return row?.business_id ?? null;
}

/** What marking an order shipped or delivered needs to know (orders/fulfilment.ts). */
export function orderForShipping(db: Kysely<DB>, id: number) {
  return db.selectFrom("orders as o").select([
    "o.id",
    "o.number",
    "o.status",
    "o.user_id",
    "o.shipping_status",
    "o.shipping_carrier",
    "o.shipping_tracking",
    orderShips.as("ships"),
  ]).where("o.id", "=", id).executeTakeFirst();
}

/**
 * Marks a paid order that ships as shipped, only from "to ship"; false when it was not (another administrator
 * marked it first, or it was cancelled meanwhile).
 */
export async function markShipped(
  db: Kysely<DB>,
  id: number,
  values: { now: Date; actor: number; carrier: string; tracking: string },
): Promise<boolean> {
  const row = await db.updateTable("orders").set({
    shipping_status: "shipped",
    shipping_carrier: values.carrier,
    shipping_tracking: values.tracking,
    shipped_at: values.now,
    shipped_by_user_id: values.actor,
    updated_at: values.now,
  }).where("id", "=", id).where("status", "=", "completed").where("shipping_status", "is", null)
    .returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Marks a shipped order delivered, only from "shipped"; false when it was not. */
export async function markDelivered(db: Kysely<DB>, id: number, values: { now: Date; actor: number }) {
  const row = await db.updateTable("orders").set({
    shipping_status: "delivered",
    delivered_at: values.now,
    delivered_by_user_id: values.actor,
    updated_at: values.now,
  }).where("id", "=", id).where("status", "=", "completed").where("shipping_status", "=", "shipped")
    .returning("id").executeTakeFirst();
  return row !== undefined;
}

export interface OrdersFilter {
  q?: string;
  status?: string;
  kind?: "store" | "membership" | "compliance_kit";
  paid_by?: "card" | "check" | "cash";
  from?: string;
  to?: string;
}

/** One page of every order (the administrators' orders list), newest first by default, filtered. */
export async function listOrders(db: Kysely<DB>, filter: OrdersFilter, params: ListParams) {
  let query = db.selectFrom("orders as o")
    .leftJoin("users as u", "u.id", "o.user_id")
    .leftJoin("businesses as b", "b.id", "o.business_id")
    .select([
      "o.id",
      "o.number",
      "o.import_reference",
      "o.kind",
      "o.status",
      "o.total_cents",
      "o.payment_type",
      "o.payment_medium",
      "o.created_at",
      "o.user_id",
      "o.business_id",
      "o.shipping_status",
      "u.first_name",
      "u.last_name",
      "u.email",
      "b.name as business_name",
      orderShips.as("ships"),
    ]);
  const q = filter.q?.trim();
  if (q) {
    // An imported order's old reference (sql/0052): all digits, it is found whole beside the order number.
    const imported = sql`lower(o.import_reference)`;
    const digits = /^(apca-)?(\d+)$/i.exec(q);
    if (digits) {
      query = query.where((eb) =>
        eb.or([eb("o.number", "=", `APCA-${digits[2]}`), eb(imported, "=", q.toLowerCase())])
      );
    } else {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          eb(sql`u.first_name || ' ' || u.last_name`, "ilike", like),
          eb("u.email", "ilike", like),
          eb("b.name", "ilike", like),
          eb("o.import_reference", "ilike", like),
        ])
      );
    }
  }
  if (filter.kind) query = query.where("o.kind", "=", filter.kind);
  const status = filter.status;
  if (status === "pending" || status === "completed" || status === "failed" || status === "cancelled") {
    query = query.where("o.status", "=", status);
  } else if (status) {
    query = query.where("o.status", "=", "completed").where((eb) =>
      eb.exists(
        eb.selectFrom("order_items as f").select("f.id").whereRef("f.order_id", "=", "o.id")
          .where("f.ships", "=", true),
      )
    );
    query = status === "to_ship"
      ? query.where("o.shipping_status", "is", null)
      : query.where("o.shipping_status", "=", status as "shipped" | "delivered");
  }
  if (filter.paid_by === "card") {
    query = query.where((eb) =>
      eb.or([eb("o.payment_type", "=", "card"), eb("o.payment_medium", "=", "Credit Card Charged")])
    );
  } else if (filter.paid_by) {
    query = query.where("o.payment_type", "=", "manual")
      .where("o.payment_medium", "=", filter.paid_by === "check" ? "Check Received" : "Cash Received");
  }
  // Days are UTC days, as the order numbers' dates are shown in the list.
  if (filter.from) {
    query = query.where(
      "o.created_at",
      ">=",
      sql<Date>`(${filter.from}::date)::timestamp at time zone 'UTC'`,
    );
  }
  if (filter.to) {
    query = query.where(
      "o.created_at",
      "<",
      sql<Date>`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`,
    );
  }
  const { rows, meta } = await paginate(query, params, {
    id: "o.id",
    created_at: "o.created_at",
    total_cents: "o.total_cents",
  });
  return {
    data: rows.map((o) =>
      record("order_summary", o.id, {
        number: o.number,
        import_reference: o.import_reference,
        kind: o.kind,
        status: o.status,
        shipping_state: shippingStateOf(o),
        total_cents: o.total_cents,
        payment_type: o.payment_type,
        payment_medium: o.payment_medium,
        user_full_name: o.first_name === null ? null : `${o.first_name} ${o.last_name}`,
        user_email: o.email,
        business_name: o.business_name,
        created_at: o.created_at.toISOString(),
      }, { user: ref("user", o.user_id), business: ref("business", o.business_id) })
    ),
    meta,
  };
}

/**
 * How many of the newest orders the header search reads, per result asked for (at least five): any three digits
 * end one number in every thousand consecutive ones, so each is found there often enough without the trigram index.
 */
export const SEARCH_RECENT_PER_RESULT = 1000;
/** How many numbers starting with the text the header search takes from the end of their range in byte order. */
export const SEARCH_PREFIX_SLICE = 100;

/**
 * The header search's orders (decision 0070, second amendment of 2026-12-07): an exact number (or its digits)
 * first, then numbers that start with the text, then numbers that hold the text or its digits; newest first
 * within each, among bounded candidates (searchOrdersQuery).
 */
export async function searchOrders(db: Kysely<DB>, t: SearchTerms, limit: number) {
  return (await searchOrdersQuery(t, limit).execute(db)).rows;
}

/** The first string after every string that starts with `text`, in byte order; null when there is none. */
function afterPrefix(text: string): string | null {
  const chars = Array.from(text);
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return chars.join("") + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
}

/**
 * searchOrders's query (its test reads the plan). Only bounded candidates are ranked, so that a text every number
 * holds ("ap", "apca-") costs what a rare one does; each step runs only when the ones before found too few (a
 * one-time filter: a step that does not run is not started at all):
 * 1. the exact number, or the number whose digits are the typed digits: probes of orders_number_c_idx and
 *    orders_number_digits_idx (sql/0067);
 * 2. the last SEARCH_PREFIX_SLICE numbers that start with the text in byte order: a range of orders_number_c_idx
 *    read backwards (its bounds are parameters, so a generic plan keeps the range). With APCA-<n> numbers these
 *    are the newest, unless the range reaches the newest number (for "apca-23", "apca-239999" is last);
 * 3. when the range holds more than the slice: the newest numbers that start with the text, from a backward walk
 *    of the primary key that stops after `limit` of them or after the newest `recentOrders` (never the table);
 * 4. when steps 1-3 found fewer than `limit`: the newest numbers that hold the text (three characters and more) or
 *    its digits (three and more), from the same bounded walk. Left out when the text holds five digits and more
 *    in a row: step 5 finds all it would, and a walk seldom finds that many digits among the newest;
 * 5. when steps 1-4 found fewer than `limit`: every number that holds the typed digits (the trigram index of
 *    sql/0039). Three or four digits are frequent (three end one number in a thousand): step 4 finds them first.
 * The statement's shape (digits or not, a text to hold or not, the walk's length) is chosen here, so that a
 * prepared statement's generic plan is its shape's plan.
 */
export function searchOrdersQuery(t: SearchTerms, limit: number) {
  const digits = t.digits;
  const number = sql`lower(o.number collate "C")`;
  const after = afterPrefix(t.text);
  const count = (set: string) => sql`(select count(distinct c.id) from ${sql.ref(set)} c)`;
  const recentOrders = sql.lit(SEARCH_RECENT_PER_RESULT * Math.max(5, limit));
  const recent = sql`(select o.id, ${number} as n from orders o order by o.id desc limit ${recentOrders}) r`;
  const slice = sql`select o.id from orders o where ${number} >= ${t.text}
      and ${after === null ? sql`${number} like ${t.prefix}` : sql`${number} < ${after}`}
      order by ${number} desc limit ${sql.lit(SEARCH_PREFIX_SLICE)}`;
  const exact = digits === null
    ? sql`select o.id, 0 as rank from orders o where ${number} = ${t.text}`
    : sql`select o.id, 0 as rank from orders o where ${number} = ${t.text}
      union all select o.id, 0 from orders o where apca_digits(o.number) = ${digits}`;
  const steps = [
    sql`slice as materialized (${slice})`,
    sql`prefixed as materialized (${exact}
      union all select c.id, 1 from slice c
      union all (select r.id, 1 from ${recent}
        where r.n like ${t.prefix} and ${count("slice")} = ${sql.lit(SEARCH_PREFIX_SLICE)} limit ${limit}))`,
  ];
  let found = "prefixed";
  const byDigits = digits !== null && digits.length >= 5 && t.text.includes(digits);
  const held = [
    ...new Set([...(t.text.length >= 3 ? [t.anywhere[0]] : []), ...(digits ? [`%${digits}%`] : [])]),
  ];
  if (held.length > 0 && !byDigits) {
    steps.push(sql`held as materialized (select * from prefixed
      union all (select r.id, 2 from ${recent} where not r.n like ${t.prefix}
        and (${sql.join(held.map((p) => sql`r.n like ${p}`), sql` or `)}) and ${count("prefixed")} < ${limit}
        limit ${limit}))`);
    found = "held";
  }
  const candidates = digits === null
    ? sql`select * from ${sql.ref(found)}`
    : sql`select * from ${sql.ref(found)}
    union all select o.id, case when ${number} like ${t.prefix} then 1 else 2 end from orders o
      where lower(o.number) like ${`%${digits}%`} and ${count(found)} < ${limit}`;
  return sql<{
    id: number;
    number: string;
    kind: string;
    status: string;
    ships: boolean;
    shipping_status: string | null;
    total_cents: number;
    created_at: Date;
    user_id: number | null;
    first_name: string | null;
    last_name: string | null;
    business_name: string | null;
    rank: number;
  }>`with ${sql.join(steps)},
    ranked as (select f.id, min(f.rank) as rank from (${candidates}) f
      group by f.id order by rank, f.id desc limit ${limit})
    select o.id, o.number, o.kind, o.status, o.shipping_status, ${orderShips} as ships, o.total_cents,
      o.created_at, o.user_id, u.first_name, u.last_name, b.name as business_name, h.rank
    from ranked h join orders o on o.id = h.id
      left join users u on u.id = o.user_id left join businesses b on b.id = o.business_id
    order by h.rank, o.id desc`;
}

/** An account merge (decision 0080): the orders of `from` become `to`'s (receipts follow); answers how many. */
export async function moveOrdersOfUser(db: Kysely<DB>, from: number, to: number): Promise<number> {
  const moved = await db.updateTable("orders").set({ user_id: to }).where("user_id", "=", from)
    .returning("id").execute();
  return moved.length;
}

/** What refunding an order's charge needs to know (decision 0081). */
export function orderForRefund(db: Kysely<DB>, id: number) {
  return db.selectFrom("orders").select([
    "id",
    "number",
    "kind",
    "status",
    "total_cents",
    "payment_type",
    "processor_charge_id",
    "user_id",
  ]).where("id", "=", id).executeTakeFirst();
}

/** The refunds made of an order's charge, oldest first. */
export function refundsOf(db: Kysely<DB>, orderId: number) {
  return db.selectFrom("order_refunds").select([
    "id",
    "amount_cents",
    "processor_refund_id",
    "reason",
    "ends_term",
    "created_at",
    "idempotency_key",
  ]).where("order_id", "=", orderId).orderBy("id").execute();
}

/** Records a refund made at the processor; a repeat of its key records nothing and answers the first row. */
export async function insertRefund(
  db: Kysely<DB>,
  row: {
    order_id: number;
    amount_cents: number;
    idempotency_key: string;
    processor_refund_id: string;
    reason: string | null;
    ends_term: boolean;
    created_by_user_id: number;
    created_at: Date;
  },
) {
  const made = await db.insertInto("order_refunds").values(row)
    .onConflict((oc) => oc.column("idempotency_key").doNothing()).returning("id").executeTakeFirst();
  const found = await db.selectFrom("order_refunds").selectAll().where(
    "idempotency_key",
    "=",
    row.idempotency_key,
  )
    .executeTakeFirstOrThrow();
  return { created: made !== undefined, refund: found };
}

/** Claims the sending of a refund's receipt (once); true when this call claimed it. */
export async function claimRefundReceipt(db: Kysely<DB>, refundId: number, now: Date): Promise<boolean> {
  const row = await db.updateTable("order_refunds").set({ receipt_sent_at: now }).where("id", "=", refundId)
    .where("receipt_sent_at", "is", null).returning("id").executeTakeFirst();
  return row !== undefined;
}

/** Gives the claim back when the receipt could not be handed to the outbox. */
export async function releaseRefundReceipt(db: Kysely<DB>, refundId: number, claimedAt: Date): Promise<void> {
  await db.updateTable("order_refunds").set({ receipt_sent_at: null }).where("id", "=", refundId)
    .where("receipt_sent_at", "=", claimedAt).execute();
}

// ---- For the administrators' import (api/src/imports/, decision 0084). ----

/** The import's chunks, set-based (decision 0089): answers the new ids in the rows' order. */
export const insertImportedOrders = (db: Kysely<DB>, rows: Insertable<DB["orders"]>[]) =>
  insertWithIds(db, "orders", rows);
export const updateImportedOrders = (
  db: Kysely<DB>,
  rows: { id: number; change: Updateable<DB["orders"]> }[],
) => updateAll(db, "orders", rows);

/** A past payment: a completed manual order, its receipt marked sent so that nobody is mailed. */
export async function insertImportedOrder(db: Kysely<DB>, order: Insertable<DB["orders"]>) {
  const { id } = await db.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
  return id;
}

export async function updateImportedOrder(db: Kysely<DB>, id: number, change: Updateable<DB["orders"]>) {
  if (Object.keys(change).length === 0) return;
  await db.updateTable("orders").set(change).where("id", "=", id).execute();
}

export async function deleteImportedOrder(db: Kysely<DB>, id: number) {
  await db.deleteFrom("orders").where("id", "=", id).execute();
}

/** An imported store order's lines (a snapshot of name and price, no catalogue item: nothing to ship). */
export async function insertImportedOrderItems(
  db: Kysely<DB>,
  orderId: number,
  lines: { name: string; cost_cents: number; quantity: number }[],
) {
  if (lines.length === 0) return;
  await db.insertInto("order_items").values(lines.map((l) => ({ ...l, order_id: orderId, item_id: null })))
    .execute();
}

export async function deleteImportedOrderItems(db: Kysely<DB>, orderId: number) {
  await db.deleteFrom("order_items").where("order_id", "=", orderId).execute();
}

/** Settled orders past their period that still name a person (decision 0091), oldest first. */
export async function dueOrders(db: Kysely<DB>, w: RetentionWindow): Promise<RetentionRow[]> {
  const day = officeDayOf(sql`o.created_at`, w);
  const { rows } = await sql<RetentionRow>`
    select o.id, ${retentionDays(day, w)}, o.user_id, o.business_id,
      o.number || ', $' || to_char(o.total_cents / 100.0, 'FM999999990.00')
        || coalesce(', ' || u.first_name || ' ' || u.last_name, '') as label
    from orders o left join users u on u.id = o.user_id
    where o.anonymised_at is null and o.status <> 'pending' and ${isDue(day, w)}
      and ${notHeld(sql`o.user_id`, sql`o.business_id`, w)} and ${onlyUser(sql`o.user_id`, w)}
    order by ${day}, o.id limit ${w.limit}`.execute(db);
  return rows;
}

/** Takes the person off orders: number, lines, amounts, days and company stay for the books. */
export async function anonymiseOrders(db: Kysely<DB>, ids: number[], at: Date): Promise<number> {
  if (!ids.length) return 0;
  const { numUpdatedRows } = await db.updateTable("orders").set({
    user_id: null,
    payment_method_id: null,
    created_by_user_id: null,
    cancelled_by_user_id: null,
    shipped_by_user_id: null,
    delivered_by_user_id: null,
    idempotency_key: null,
    request_hash: null,
    anonymised_at: at,
  }).where("id", "in", ids).where("anonymised_at", "is", null).executeTakeFirst();
  return Number(numUpdatedRows);
}
