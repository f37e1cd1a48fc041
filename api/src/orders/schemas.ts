/**
 * Orders: the checkout payload (public spec §3 "Order payload": payment_method_id and items of id and
 * quantity), the administrators' variant with a manual payment (admin spec §3 "Order form", §5), and the
 * order record. Every amount is integer cents; the server prices every line from the catalogue.
 */
import { z } from "zod";
import { listOf, listQuery, recordSchema } from "../lib/list.ts";
import { idNumber, idText } from "../lib/params.ts";
import { isDateString } from "../lib/dates.ts";

export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;
export const PAYMENT_MEDIUMS = ["Credit Card Charged", "Check Received", "Cash Received"] as const;

export const ORDER_MESSAGES = {
  success: "Your transaction was processed successfully",
  paymentMethodRequired: "Please select a payment method",
  itemsRequired: "Add at least one item",
  tooManyLines: `An order can have at most ${MAX_LINES} lines`,
  itemRequired: "Item id is required",
  quantity: `Quantity must be a whole number from 1 to ${MAX_QUANTITY}`,
  unavailable: "This item is not available",
  totalZero: "The order total must be more than $0.00",
  totalTooLarge: "The order total is too large for one payment",
  mediumRequired: "Payment Medium is required",
  mediumInvalid: `Payment Medium must be one of: ${PAYMENT_MEDIUMS.join(", ")}`,
  dateRequired: "Payment Date is required",
  dateInvalid: "Payment Date must be a date (YYYY-MM-DD)",
  dateInFuture: "Payment Date cannot be in the future",
  paymentTypeInvalid: "payment_type must be card or manual",
  cancelled: "Order Has Been Cancelled",
  notCancellable: "Only a paid store order that is not cancelled yet can be cancelled.",
} as const;

export const OrderLineBody = z.object({
  id: idNumber(ORDER_MESSAGES.itemRequired),
  quantity: z.number({ error: ORDER_MESSAGES.quantity }).int(ORDER_MESSAGES.quantity)
    .min(1, ORDER_MESSAGES.quantity).max(MAX_QUANTITY, ORDER_MESSAGES.quantity),
});

const items = z.array(OrderLineBody, { error: ORDER_MESSAGES.itemsRequired })
  .min(1, ORDER_MESSAGES.itemsRequired).max(MAX_LINES, ORDER_MESSAGES.tooManyLines)
  .describe("Cart lines. A price sent by the client is ignored; lines naming one item twice are merged.");

export const PurchaseBody = z.object({
  payment_method_id: idNumber(ORDER_MESSAGES.paymentMethodRequired)
    .describe("One of the buyer's saved cards"),
  items,
});

/** The administrators' order form: charge one of the user's cards, or record a payment taken elsewhere. */
export const AdminPurchaseBody = z.object({
  payment_type: z.enum(["card", "manual"], { error: ORDER_MESSAGES.paymentTypeInvalid }).default("card"),
  payment_method_id: idNumber(ORDER_MESSAGES.paymentMethodRequired).optional()
    .describe("Required for a card charge: one of the user's saved cards"),
  payment_medium: z.enum(PAYMENT_MEDIUMS, {
    error: (i) =>
      i.input === undefined || i.input === "" ? ORDER_MESSAGES.mediumRequired : ORDER_MESSAGES.mediumInvalid,
  }).optional().describe("Required for a manual payment"),
  payment_date: z.iso.date({ error: ORDER_MESSAGES.dateInvalid }).optional()
    .describe("Required for a manual payment: the day it was received (YYYY-MM-DD), not in the future"),
  items,
}).superRefine((body, ctx) => {
  if (body.payment_type === "card" && body.payment_method_id === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["payment_method_id"],
      message: ORDER_MESSAGES.paymentMethodRequired,
    });
  }
  if (body.payment_type === "manual") {
    if (body.payment_medium === undefined) {
      ctx.addIssue({ code: "custom", path: ["payment_medium"], message: ORDER_MESSAGES.mediumRequired });
    }
    if (body.payment_date === undefined) {
      ctx.addIssue({ code: "custom", path: ["payment_date"], message: ORDER_MESSAGES.dateRequired });
    }
  }
});

export const SHIPPING_STATES = ["to_ship", "shipped", "delivered"] as const;
export type ShippingState = typeof SHIPPING_STATES[number];

export const ShippingSchema = z.object({
  state: z.enum(SHIPPING_STATES),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  shipped_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});

export const OrderRecord = recordSchema(
  "order",
  z.object({
    number: z.string().describe("Shown to the buyer, e.g. APCA-100001; the thank-you page's ?order="),
    import_reference: z.string().nullable()
      .describe("The old system's order reference of an order brought in by an import; null otherwise"),
    kind: z.enum(["store", "membership", "compliance_kit"]),
    status: z.enum(["pending", "completed", "failed", "cancelled"]),
    total_cents: z.number().int(),
    payment_type: z.enum(["card", "manual"]),
    payment_medium: z.enum(PAYMENT_MEDIUMS).nullable(),
    payment_date: z.string().nullable().describe("Manual payments: the day it was received"),
    card_brand: z.string().nullable(),
    card_last4: z.string().nullable(),
    failure_reason: z.string().nullable().describe("The processor's message when the charge was declined"),
    user_full_name: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    refunded_at: z.string().nullable().describe("When the card charge was refunded (a cancelled card order)"),
    cancellable: z.boolean().describe(
      "An administrator may cancel it: a paid store order not yet shipped (decisions 0030, 0061)",
    ),
    shipping: ShippingSchema.nullable().describe(
      "Fulfilment of a paid order holding an item that ships (custody forms, swabs); null otherwise",
    ),
    items: z.array(z.object({
      id: z.number().int(),
      item_id: z.number().int().nullable().describe("The store item (null if it was deleted since)"),
      name: z.string().describe("The item's name when it was bought"),
      cost: z.number().int().describe("Price of one when it was bought, in integer cents"),
      quantity: z.number().int(),
    })),
  }),
  ["user", "payment_method"],
);
export const OrderResponse = z.object({ data: OrderRecord });
export const PurchaseResponse = z.object({
  data: OrderRecord,
  message: z.literal(ORDER_MESSAGES.success),
});

export const CancelOrderResponse = z.object({ data: OrderRecord, message: z.string() });

export const OrderNumberParam = z.object({
  number: z.string().max(40, "number is not an order number"),
});

/** The checkout's documentation, shared by the member's and the administrators' purchase routes. */
export const PURCHASE_DESCRIPTION =
  "Prices every line from the store's active items (a price sent by the client is " +
  "ignored; lines naming one item twice are merged). Send an Idempotency-Key header, one per checkout " +
  "attempt: a repeat with it replays the first answer and never charges twice; without it every request is " +
  "a new purchase. A declined card answers 402 with the processor's message and records a failed order; " +
  "after a decline, use a new key to try again.";

/**
 * The documented answers of every route that pays (OpenAPI `errors`), beside the routes' own; the messages
 * themselves are orders/pay.ts PAYMENT_MESSAGES.
 */
export const PAYMENT_ERROR_DOCS = {
  402:
    "PAYMENT_DECLINED: the card was declined (error is the processor's message); a failed order is kept, " +
    "and trying again needs a new Idempotency-Key",
  502: "PAYMENT_FAILED: the processor could not be reached; the order stays pending until a retry with the " +
    "same Idempotency-Key (or the reconciliation job) settles it",
} as const;

export const PURCHASE_ERRORS = {
  ...PAYMENT_ERROR_DOCS,
  404: "The card is not one of the buyer's",
  409: "IDEMPOTENCY_IN_PROGRESS: a request with this key is still running",
};

export const UserOrdersQuery = listQuery(["created_at", "total_cents"]);
export const BusinessOrderParam = z.object({
  id: idText("id must be a positive whole number"),
  orderId: idText("orderId must be a positive whole number"),
});
export const UserOrderList = listOf(recordSchema(
  "order_summary",
  z.object({
    number: z.string(),
    kind: z.enum(["store", "membership", "compliance_kit"]),
    status: z.enum(["pending", "completed", "failed", "cancelled"]),
    total_cents: z.number().int(),
    payment_type: z.enum(["card", "manual"]),
    payment_medium: z.enum(PAYMENT_MEDIUMS).nullable(),
    paid_with: z.string().describe(
      'How it was paid, as its receipt says: "Visa ending 4242", "Check Received on 2026-06-01"',
    ),
    created_at: z.string(),
  }),
));

export const SHIPPING_MESSAGES = {
  carrierRequired: "Carrier is required",
  carrierTooLong: "Carrier must be at most 60 characters",
  trackingRequired: "Tracking number is required",
  trackingTooLong: "Tracking number must be at most 80 characters",
  shipped: "Order marked shipped",
  delivered: "Order marked delivered",
  nothingToShip: "This order has nothing to ship (it is not a paid order with an item that ships).",
  alreadyShipped: "This order was already marked shipped.",
  notShipped: "Mark the order shipped before marking it delivered.",
} as const;

export const ShipBody = z.object({
  carrier: z.string({ error: SHIPPING_MESSAGES.carrierRequired }).trim()
    .min(1, SHIPPING_MESSAGES.carrierRequired).max(60, SHIPPING_MESSAGES.carrierTooLong)
    .describe("Who carries it, e.g. UPS, FedEx, USPS"),
  tracking_number: z.string({ error: SHIPPING_MESSAGES.trackingRequired }).trim()
    .min(1, SHIPPING_MESSAGES.trackingRequired).max(80, SHIPPING_MESSAGES.trackingTooLong),
});
export const ShippingAnswer = z.object({ data: OrderRecord, message: z.string() });

/** The orders list's status filter: an order's status, or the fulfilment of a paid order that ships. */
export const ORDER_LIST_STATUSES = [
  "pending",
  "completed",
  "failed",
  "cancelled",
  ...SHIPPING_STATES,
] as const;
export const PAID_BY = ["card", "check", "cash"] as const;
const optionalDate = z.string().refine(isDateString, "Enter the date as YYYY-MM-DD").optional();

export const OrdersQuery = listQuery(["created_at", "total_cents"]).extend({
  q: z.string().trim().max(100, "q must be at most 100 characters").optional()
    .describe(
      "An order number (APCA-100001 or 100001), part of the member's name or e-mail or of the company's " +
        "name, or an imported order's old reference (part of it; all digits: the whole of it)",
    ),
  status: z.enum(ORDER_LIST_STATUSES, { error: "status is not an order status" }).optional()
    .describe(
      "pending, completed, failed, cancelled; or to_ship, shipped, delivered (paid orders that ship)",
    ),
  kind: z.enum(["store", "membership", "compliance_kit"], { error: "kind is not an order kind" }).optional(),
  paid_by: z.enum(PAID_BY, { error: "paid_by must be card, check or cash" }).optional()
    .describe("card: charged to a card (online or by the office); check or cash: a manual payment received"),
  from: optionalDate.describe("Placed on or after this day (YYYY-MM-DD, UTC)"),
  to: optionalDate.describe("Placed on or before this day (YYYY-MM-DD, UTC)"),
});
export type OrdersFilter = z.infer<typeof OrdersQuery>;

export const OrderList = listOf(recordSchema(
  "order_summary",
  z.object({
    number: z.string(),
    import_reference: z.string().nullable()
      .describe("The old system's order reference of an order brought in by an import; null otherwise"),
    kind: z.enum(["store", "membership", "compliance_kit"]),
    status: z.enum(["pending", "completed", "failed", "cancelled"]),
    shipping_state: z.enum(SHIPPING_STATES).nullable(),
    total_cents: z.number().int(),
    payment_type: z.enum(["card", "manual"]),
    payment_medium: z.enum(PAYMENT_MEDIUMS).nullable(),
    user_full_name: z.string().nullable(),
    user_email: z.string().nullable(),
    business_name: z.string().nullable(),
    created_at: z.string(),
  }),
  ["user", "business"],
));

// The web's types (api/src/contract.ts re-exports them).
export type OrderListAnswer = z.infer<typeof OrderList>;
export type OrderListRow = OrderListAnswer["data"][number];
export type OrdersListQuery = z.input<typeof OrdersQuery>;
export type ShipRequest = z.input<typeof ShipBody>;
export type ShippingChangeAnswer = z.infer<typeof ShippingAnswer>;
export type UserOrderPageAnswer = z.infer<typeof UserOrderList>;
export type UserOrderSummary = UserOrderPageAnswer["data"][number];
export type CancelOrderAnswer = z.infer<typeof CancelOrderResponse>;
export type AdminPurchaseRequest = z.input<typeof AdminPurchaseBody>;
