/**
 * Past store orders, the import kind `store_orders` (issue 36, decision 0084): one row per order, its lines in
 * one cell (`2 x Swab kit @ 30.00; 1 x Chain of custody form @ 12.50`), keyed by the old system's order
 * reference. A row is checked with the store's own rules and messages (orders/schemas.ts: lines, the total, the
 * payment medium), except a line's quantity: the member's form stops at 99 a line, but the old system's history
 * has larger ones, so an import takes up to IMPORTED_QUANTITY_MAX with its own message. An imported order is a
 * manual payment already taken, its receipt marked sent: it charges nothing and sends nothing. Its lines keep
 * their name and price and name no catalogue item, so nothing of it is "to ship". An order placed in the portal is found by its number (an export writes it as the
 * reference) and is never changed by an import.
 */
import type { Kysely } from "kysely";
import type { DB, JsonObject, OrderStatus, PaymentMedium } from "../../db/types.ts";
import {
  deleteImportedOrder,
  deleteImportedOrderItems,
  insertImportedOrder,
  insertImportedOrderItems,
  updateImportedOrder,
} from "../../orders/imported.ts";
import { MAX_TOTAL_CENTS } from "../../orders/purchase.ts";
import { MAX_LINES, ORDER_MESSAGES, PAYMENT_MEDIUMS } from "../../orders/schemas.ts";
import { type ChunkRow, differences, error, repeated, type RowVerdict, type Seen } from "../engine.ts";
import { cents, dollars, ein, type Formats } from "../fields.ts";
import { businessesByEin, usersByEmail } from "../queries.ts";
import { exportStoreOrders, linesOf, ordersByReference, storeOrderDependents } from "./queries.ts";

export { storeOrderDependents };

type Values = Record<string, string | number | null>;

export interface Line {
  name: string;
  cost_cents: number;
  quantity: number;
}

/** The default when `paid_with` is not given: the old system took the card itself. */
const CARD: PaymentMedium = "Credit Card Charged";
const STATUS_WORDS: Record<string, "completed" | "cancelled"> = {
  completed: "completed",
  complete: "completed",
  paid: "completed",
  cancelled: "cancelled",
  canceled: "cancelled",
  refunded: "cancelled",
};

/** A past order's line may be larger than the member's form allows (99); this bound only catches typos. */
export const IMPORTED_QUANTITY_MAX = 100_000;
export const IMPORTED_QUANTITY_MESSAGE =
  "Quantity must be a whole number from 1 to 100,000 in an imported order";

const noon = (day: string) => `${day}T12:00:00.000Z`;
const dayOf = (d: Date | string | null) => d === null ? null : new Date(d).toISOString().slice(0, 10);

/**
 * The lines as the template writes them: `2 x Swab kit @ 30.00; 1 x Chain of custody form @ 12.50` (a `;` in a
 * name, which would split its line, is written as `,`).
 */
export const writeLines = (lines: Line[]) =>
  lines.map((l) => `${l.quantity} x ${l.name.replaceAll(";", ",")} @ ${dollars(l.cost_cents)}`).join("; ");

const LINE = /^(?:(\d+)\s*[x×]\s+)?(.+?)(?:\s*@\s*(\$?[\d,]+(?:\.\d{1,2})?))?$/i;

/**
 * The lines of an `items` cell (separated by `;` or line breaks), or the reason they are refused. A line
 * without `@ price` is taken only when it is the order's one line: it costs the total.
 */
export function readLines(cell: string, totalCents: number): Line[] | string {
  const parts = cell.split(/;|\r?\n/).map((p) => p.trim()).filter(Boolean);
  if (parts.length === 0) return `items: ${ORDER_MESSAGES.itemsRequired}`;
  if (parts.length > MAX_LINES) return `items: ${ORDER_MESSAGES.tooManyLines}`;
  const lines: Line[] = [];
  for (const part of parts) {
    const m = LINE.exec(part)!;
    const quantity = m[1] === undefined ? 1 : Number(m[1]);
    if (quantity < 1 || quantity > IMPORTED_QUANTITY_MAX) {
      return `items: "${part}": ${IMPORTED_QUANTITY_MESSAGE}`;
    }
    let cost: number | null;
    if (m[3] !== undefined) {
      cost = cents(m[3]);
      if (cost === null) return `items: "${part}" has no price in dollars`;
    } else if (parts.length === 1 && totalCents % quantity === 0) {
      cost = totalCents / quantity;
    } else {
      return `items: "${part}" has no price (write 2 x Name @ 12.50)`;
    }
    lines.push({ name: m[2].trim(), cost_cents: cost, quantity });
  }
  return lines;
}

/**
 * Checks and normalises a mapped row in place (the import's `parseRow` calls it with its date and EIN
 * readers); answers the reason it is refused, or null.
 */
export function checkStoreOrder(
  data: Values,
  read: {
    date: (name: string) => boolean;
    ein: (name: string) => boolean;
    written: (name: string) => string | undefined;
    formats: Formats;
  },
): string | null {
  data.member_email = String(data.member_email).toLowerCase();
  if (!read.ein("paid_by_ein")) return `paid_by_ein: ${data.paid_by_ein} is not an EIN (9 digits)`;
  for (const name of ["ordered_on", "cancelled_on"]) {
    if (!read.date(name)) return `${name}: "${read.written(name)}" is not a date in ${read.formats.date}`;
  }
  const total = cents(String(data.total));
  if (total === null) return `total: "${data.total}" is not an amount in dollars`;
  if (total <= 0) return `total: ${ORDER_MESSAGES.totalZero}`;
  if (total > MAX_TOTAL_CENTS) return `total: ${ORDER_MESSAGES.totalTooLarge}`;
  data.total = total;
  const lines = readLines(String(data.items), total);
  if (typeof lines === "string") return lines;
  const sum = lines.reduce((s, l) => s + l.cost_cents * l.quantity, 0);
  if (sum !== total) return `total: ${dollars(total)} is not the sum of the lines (${dollars(sum)})`;
  data.items = writeLines(lines);
  if ("status" in data) {
    const status = data.status === null
      ? "completed"
      : STATUS_WORDS[String(data.status).trim().toLowerCase()];
    if (!status) return `status: "${data.status}" is not Completed or Cancelled`;
    data.status = status;
  }
  if (typeof data.cancelled_on === "string") {
    if (data.status !== "cancelled") return "cancelled_on: only for a Cancelled order";
    if (data.cancelled_on < String(data.ordered_on)) return "cancelled_on: before ordered_on";
  }
  if ("paid_with" in data) {
    const written = data.paid_with === null ? CARD : String(data.paid_with).trim().toLowerCase();
    const medium = PAYMENT_MEDIUMS.find((m) => m.toLowerCase() === written.toLowerCase());
    if (!medium) return `paid_with: ${ORDER_MESSAGES.mediumInvalid}`;
    data.paid_with = medium;
  }
  return null;
}

/** An order as the import compares it: the template's fields in the product's values. */
interface Shape {
  user_id: number;
  business_id: number | null;
  ordered_on: string;
  total: number;
  status: "completed" | "cancelled";
  cancelled_on: string | null;
  paid_with: PaymentMedium;
  items: string;
}

/** The order's columns for a shape (the same for a new order and an update, so a rollback restores them). */
function columns(s: Shape) {
  return {
    user_id: s.user_id,
    business_id: s.business_id,
    total_cents: s.total,
    status: s.status as OrderStatus,
    payment_type: "manual" as const,
    payment_medium: s.paid_with,
    manual_charge_date: s.ordered_on,
    created_at: noon(s.ordered_on),
    completed_at: s.status === "completed" ? noon(s.ordered_on) : null,
    cancelled_at: s.status === "cancelled" ? noon(s.cancelled_on ?? s.ordered_on) : null,
  };
}

type Existing = Awaited<ReturnType<typeof ordersByReference>>[number];

function shapeOf(o: Omit<Existing, "reference">, lines: Line[]): Shape {
  return {
    user_id: o.user_id!,
    business_id: o.business_id,
    ordered_on: dayOf(o.created_at)!,
    total: o.total_cents,
    status: o.status === "cancelled" ? "cancelled" : "completed",
    cancelled_on: o.status === "cancelled" ? dayOf(o.cancelled_at) : null,
    paid_with: o.payment_type === "manual" && o.payment_medium ? o.payment_medium : CARD,
    items: writeLines(lines),
  };
}

export async function decideStoreOrders(
  db: Kysely<DB>,
  rows: ChunkRow[],
  seen: Seen | null,
): Promise<RowVerdict[]> {
  const orders = new Map<string, Existing>();
  for (const o of await ordersByReference(db, rows.map((r) => r.key))) {
    if (!orders.has(o.reference)) orders.set(o.reference, o);
  }
  const lines = Map.groupBy(await linesOf(db, [...orders.values()].map((o) => o.id)), (l) => l.order_id);
  const users = new Map(
    (await usersByEmail(db, rows.map((r) => String(r.data.member_email)))).map((
      u,
    ) => [u.email.toLowerCase(), u]),
  );
  const eins = rows.map((r) => r.data.paid_by_ein).filter((e): e is string => typeof e === "string");
  const companies = new Map(
    (await businessesByEin(db, eins.map((e) => e.replace("-", "")))).map((b) => [b.ein, b]),
  );
  return rows.map((r): RowVerdict => {
    const dup = repeated(seen, "order_reference", r.key, r.number);
    if (dup) return dup;
    const member = users.get(String(r.data.member_email));
    if (!member) return error(`member_email: no member with the e-mail ${r.data.member_email}`);
    const ein = typeof r.data.paid_by_ein === "string" ? r.data.paid_by_ein : null;
    const payer = ein ? companies.get(ein.replace("-", "")) : undefined;
    if (ein && !payer) return error(`paid_by_ein: no company with EIN ${ein}`);
    const existing = orders.get(r.key);
    const current = existing ? shapeOf(existing, lines.get(existing.id) ?? []) : undefined;
    const status = (r.data.status ?? current?.status ?? "completed") as Shape["status"];
    const wanted: Shape = {
      user_id: member.id,
      business_id: "paid_by_ein" in r.data ? payer?.id ?? null : current?.business_id ?? null,
      ordered_on: String(r.data.ordered_on),
      total: Number(r.data.total),
      status,
      cancelled_on: status === "cancelled"
        ? String(r.data.cancelled_on ?? current?.cancelled_on ?? r.data.ordered_on)
        : null,
      paid_with: (r.data.paid_with ?? current?.paid_with ?? CARD) as PaymentMedium,
      items: String(r.data.items),
    };
    const wantedLines = readLines(wanted.items, wanted.total) as Line[];
    if (!existing || !current) {
      return {
        outcome: "create",
        reason: null,
        write: async (trx) => {
          const id = await insertImportedOrder(trx, {
            ...columns(wanted),
            kind: "store",
            import_reference: r.key,
            receipt_sent_at: noon(wanted.ordered_on),
          });
          await insertImportedOrderItems(trx, id, wantedLines);
          return { target_id: id, extra: null, before: null };
        },
      };
    }
    const placedHere = existing.import_reference === null;
    if (placedHere && (existing.kind !== "store" || !["completed", "cancelled"].includes(existing.status))) {
      return error(`order_reference: ${r.key} is not a paid or cancelled store order of the portal`);
    }
    const { changed } = differences(
      wanted as unknown as Values,
      current as unknown as Values,
      Object.keys(wanted),
    );
    if (!changed) return { outcome: "unchanged", reason: null };
    if (placedHere) {
      return error(
        `order_reference: ${r.key} is an order placed in the portal; an import does not change it`,
      );
    }
    return {
      outcome: "update",
      reason: null,
      write: async (trx) => {
        const before: JsonObject = columns(current);
        await updateImportedOrder(trx, existing.id, columns(wanted));
        if (wanted.items !== current.items) {
          before.lines = (lines.get(existing.id) ?? []).map((l) => ({ ...l })) as unknown as JsonObject[];
          await deleteImportedOrderItems(trx, existing.id);
          await insertImportedOrderItems(trx, existing.id, wantedLines);
        }
        return { target_id: existing.id, extra: null, before };
      },
    };
  });
}

/** Undoes one applied row: a created order goes (its lines with it), an updated one gets its columns back. */
export async function undoStoreOrder(trx: Kysely<DB>, created: boolean, id: number, before: JsonObject) {
  if (created) return await deleteImportedOrder(trx, id);
  const { lines, ...order } = before;
  await updateImportedOrder(trx, id, order);
  if (Array.isArray(lines)) {
    await deleteImportedOrderItems(trx, id);
    await insertImportedOrderItems(
      trx,
      id,
      (lines as unknown as Line[]).map(({ name, cost_cents, quantity }) => ({ name, cost_cents, quantity })),
    );
  }
}

/** One page of the export, in the template's columns, with the last key. */
export async function storeOrdersPage(db: Kysely<DB>, after: string, limit: number) {
  const rows = await exportStoreOrders(db, after, limit);
  const lines = Map.groupBy(await linesOf(db, rows.map((o) => o.id)), (l) => l.order_id);
  return {
    rows: rows.map((o) => {
      const s = shapeOf(o, lines.get(o.id) ?? []);
      return [
        o.k,
        o.member_email,
        ein(o.paid_by_ein),
        s.ordered_on,
        s.items,
        dollars(s.total),
        s.status === "cancelled" ? "Cancelled" : "Completed",
        s.cancelled_on,
        s.paid_with,
      ];
    }),
    last: rows.at(-1)?.k ?? "",
  };
}
