/**
 * Orders: the member's checkout and their own orders (the thank-you page reads one by number), and the
 * administrators' manual order for a user and order detail.
 */
import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { notFound } from "../lib/errors.ts";
import { IDEMPOTENCY_HEADER, idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { purchase } from "./purchase.ts";
import { findOrder } from "./queries.ts";
import {
  AdminPurchaseBody,
  ORDER_MESSAGES,
  OrderNumberParam,
  OrderResponse,
  PurchaseBody,
  PurchaseResponse,
} from "./schemas.ts";

const TAGS = ["Orders"];

const PURCHASE_DESCRIPTION =
  "Prices every line from the store's active items (a price sent by the client is " +
  "ignored; lines naming one item twice are merged). Send an Idempotency-Key header, one per checkout " +
  "attempt: a repeat with it replays the first answer and never charges twice; without it every request is " +
  "a new purchase. A declined card answers 402 with the processor's message and records a failed order; " +
  "after a decline, use a new key to try again.";

const PURCHASE_ERRORS = {
  402: "PAYMENT_DECLINED: the card was declined; error is the processor's message",
  404: "The card is not one of the buyer's",
  409: "IDEMPOTENCY_IN_PROGRESS: a request with this key is still running",
  502: "PAYMENT_FAILED: the processor could not be reached; nothing was charged or recorded",
};

/** 404 unless the user exists and is not deleted. */
async function requireUser(db: Kysely<DB>, id: number) {
  const user = await db.selectFrom("users").select("id").where("id", "=", id).where("deleted_at", "is", null)
    .executeTakeFirst();
  if (!user) throw notFound("User");
}

export const ordersRoutes = new Hono<AppEnv>()
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
    async (c) => {
      const order = await findOrder(c.var.deps.database.db, c.req.valid("param"), caller(c).user_id);
      if (!order) throw notFound("Order");
      return c.json({ data: order }, 200);
    },
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
    async (c) => {
      const order = await findOrder(c.var.deps.database.db, c.req.valid("param"), caller(c).user_id);
      if (!order) throw notFound("Order");
      return c.json({ data: order }, 200);
    },
  )
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
      await requireUser(c.var.deps.database.db, id);
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
    "/auth/orders/:id",
    allow("admin"),
    describe({
      summary: "Order detail (any user's, any kind)",
      tags: TAGS,
      response: OrderResponse,
      errors: { 404: "No such order" },
    }),
    validate("param", IdParam),
    async (c) => {
      const order = await findOrder(c.var.deps.database.db, c.req.valid("param"));
      if (!order) throw notFound("Order");
      return c.json({ data: order }, 200);
    },
  );
