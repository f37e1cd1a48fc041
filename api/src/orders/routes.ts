/**
 * Orders: the member's checkout and their own orders (the thank-you page reads one by number). The
 * administrators' manual order for a user and order detail are in admin-routes.ts.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { IDEMPOTENCY_HEADER, idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { adminOrderRoutes } from "./admin-routes.ts";
import { purchase } from "./purchase.ts";
import { getOrder } from "./lists.ts";
import {
  ORDER_MESSAGES,
  OrderNumberParam,
  OrderResponse,
  PURCHASE_DESCRIPTION,
  PURCHASE_ERRORS,
  PurchaseBody,
  PurchaseResponse,
} from "./schemas.ts";

const TAGS = ["Orders"];

const ownRoutes = new Hono<AppEnv>()
  .post(
    "/auth/account/order/purchase",
    allow("user"),
    idempotent(),
    describe({
      summary: "Check out: buy store items with one of my cards",
      description: PURCHASE_DESCRIPTION,
      tags: TAGS,
      status: 201,
      response: PurchaseResponse,
      errors: PURCHASE_ERRORS,
    }),
    validate("json", PurchaseBody),
    async (c) => {
      const me = caller(c).user_id;
      const body = c.req.valid("json");
      const order = await purchase(c.var.deps, {
        userId: me,
        actorId: me,
        items: body.items,
        payment: { type: "card", paymentMethodId: body.payment_method_id },
        headerKey: c.req.header(IDEMPOTENCY_HEADER),
      });
      return c.json({ data: order, message: ORDER_MESSAGES.success }, 201);
    },
  )
  .get(
    "/auth/account/orders/by-number/:number",
    allow("user"),
    describe({
      summary: "One of my orders by its number (the thank-you page's ?order=)",
      tags: TAGS,
      response: OrderResponse,
      errors: { 404: "No such order among mine" },
    }),
    validate("param", OrderNumberParam),
    async (c) => c.json({ data: await getOrder(c.var.deps, c.req.valid("param"), caller(c).user_id) }, 200),
  )
  .get(
    "/auth/account/orders/:id",
    allow("user"),
    describe({
      summary: "One of my orders",
      tags: TAGS,
      response: OrderResponse,
      errors: { 404: "No such order among mine" },
    }),
    validate("param", IdParam),
    async (c) => c.json({ data: await getOrder(c.var.deps, c.req.valid("param"), caller(c).user_id) }, 200),
  );

export const ordersRoutes = new Hono<AppEnv>().route("/", ownRoutes).route("/", adminOrderRoutes);
