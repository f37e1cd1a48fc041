/**
 * The administrators' order calls (admin spec §2 "Manually Process Order", §7 "Orders and compliance"): a
 * manual order for any user, charged to one of their cards or recorded as a manual payment, and any order's
 * detail. The member's own checkout is in routes.ts and shares the purchase module.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IDEMPOTENCY_HEADER, idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { notFound } from "../lib/errors.ts";
import { liveUserExists } from "../users/service.ts";
import { clientIp } from "../auth/sessions.ts";
import { cancelOrderAndShow } from "./cancel.ts";
import { purchase } from "./purchase.ts";
import { getOrder, ordersOfUser } from "./lists.ts";
import { allOrders, deliverOrder, shipOrder } from "./fulfilment.ts";
import {
  AdminPurchaseBody,
  CancelOrderResponse,
  ORDER_MESSAGES,
  OrderList,
  OrderResponse,
  OrdersQuery,
  PURCHASE_DESCRIPTION,
  PURCHASE_ERRORS,
  PurchaseResponse,
  ShipBody,
  ShippingAnswer,
  UserOrderList,
  UserOrdersQuery,
} from "./schemas.ts";

const TAGS = ["Orders"];

export const adminOrderRoutes = new Hono<AppEnv>()
  .post(
    "/auth/user/:id/order/purchase",
    allow("admin"),
    idempotent(),
    describe({
      summary: "Manually process an order for a user: charge one of their cards, or record a manual payment",
      description:
        `${PURCHASE_DESCRIPTION} With payment_type manual nothing is charged: payment_medium and ` +
        "payment_date are required ('Payment Medium is required', 'Payment Date is required').",
      tags: TAGS,
      status: 201,
      response: PurchaseResponse,
      errors: { ...PURCHASE_ERRORS, 404: "No such user, or the card is not theirs" },
    }),
    validate("param", IdParam),
    validate("json", AdminPurchaseBody),
    async (c) => {
      const { id } = c.req.valid("param");
      if (!await liveUserExists(c.var.deps.database.db, id)) throw notFound("User");
      const body = c.req.valid("json");
      const order = await purchase(c.var.deps, {
        userId: id,
        actorId: caller(c).user_id,
        items: body.items,
        payment: body.payment_type === "manual"
          ? { type: "manual", medium: body.payment_medium!, date: body.payment_date! }
          : { type: "card", paymentMethodId: body.payment_method_id! },
        headerKey: c.req.header(IDEMPOTENCY_HEADER),
      });
      return c.json({ data: order, message: ORDER_MESSAGES.success }, 201);
    },
  )
  .get(
    "/auth/user/:id/orders",
    allow("admin"),
    describe({
      summary: "A user's orders (the Transactions tab), newest first",
      tags: TAGS,
      response: UserOrderList,
      errors: { 404: "No such user" },
    }),
    validate("param", IdParam),
    validate("query", UserOrdersQuery),
    async (c) => c.json(await ordersOfUser(c.var.deps, c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/orders",
    allow("admin"),
    describe({
      summary: "Every order, newest first: search by number or member, filter by status, kind, date, paid by",
      description: "status also takes the fulfilment of paid orders that ship: to_ship, shipped, delivered " +
        "(decision 0061). Days are UTC days.",
      tags: TAGS,
      response: OrderList,
    }),
    validate("query", OrdersQuery),
    async (c) => c.json(await allOrders(c.var.deps, c.req.valid("query")), 200),
  )
  .post(
    "/auth/orders/:id/shipment",
    allow("admin"),
    describe({
      summary: "Mark a paid order that ships as shipped, with its carrier and tracking number",
      description:
        "Only from 'to ship', once: a second administrator is told it was already shipped (409). " +
        "Repeating the same carrier and number answers the order as it stands and changes nothing.",
      tags: TAGS,
      response: ShippingAnswer,
      errors: {
        404: "No such order",
        409: "Nothing to ship (not a paid order with an item that ships), or already shipped",
      },
    }),
    validate("param", IdParam),
    validate("json", ShipBody),
    async (c) =>
      c.json(
        await shipOrder(c.var.deps, c.req.valid("param").id, caller(c).user_id, c.req.valid("json")),
        200,
      ),
  )
  .post(
    "/auth/orders/:id/delivered",
    allow("admin"),
    describe({
      summary: "Mark a shipped order delivered",
      description: "Only from 'shipped'; repeating it answers the order as it stands and changes nothing.",
      tags: TAGS,
      response: ShippingAnswer,
      errors: { 404: "No such order", 409: "Not shipped yet, or nothing to ship" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await deliverOrder(c.var.deps, c.req.valid("param").id, caller(c).user_id), 200),
  )
  .get(
    "/auth/orders/:id",
    allow("admin"),
    describe({
      summary: "Order detail (any user's, any kind)",
      tags: TAGS,
      response: OrderResponse,
      errors: { 404: "No such order" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await getOrder(c.var.deps, c.req.valid("param")) }, 200),
  )
  .post(
    "/auth/orders/:id/cancel",
    allow("admin"),
    describe({
      summary: "Cancel an unfulfilled order, refunding its card charge",
      description:
        "Only a paid store order (cancellable: true). A card order is refunded in full through the " +
        "payment processor (safe to repeat: never refunded twice); a manual payment is not refunded here.",
      tags: TAGS,
      response: CancelOrderResponse,
      errors: {
        404: "No such order",
        409: "Not cancellable (not a paid store order, or already cancelled)",
        402: "The processor refused the refund (error is its message)",
        502: "The processor could not be reached; try again",
      },
    }),
    validate("param", IdParam),
    async (c) => {
      const { id } = c.req.valid("param");
      const order = await cancelOrderAndShow(c.var.deps, id, caller(c).user_id, clientIp(c));
      return c.json({ data: order, message: ORDER_MESSAGES.cancelled }, 200);
    },
  );
