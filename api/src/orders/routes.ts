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
import { companyOrders, getOrder, myOrders } from "./lists.ts";
import { companyReceiptPdf, receiptPdf } from "./receipt.ts";
import {
  BusinessOrderParam,
  ORDER_MESSAGES,
  OrderNumberParam,
  OrderResponse,
  PURCHASE_DESCRIPTION,
  PURCHASE_ERRORS,
  PurchaseBody,
  PurchaseResponse,
  UserOrderList,
  UserOrdersQuery,
} from "./schemas.ts";

const pdfAnswer = (doc: { filename: string; pdf: Uint8Array }) =>
  new Response(doc.pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${doc.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
const NOT_YOUR_COMPANY = "No such business among those you own";

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
    "/auth/account/orders",
    allow("user"),
    describe({
      summary: "My orders (the order history): every order I paid or tried to pay, newest first",
      tags: TAGS,
      response: UserOrderList,
    }),
    validate("query", UserOrdersQuery),
    async (c) => c.json(await myOrders(c.var.deps, caller(c).user_id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/account/receipts/:id",
    allow("user"),
    describe({
      summary:
        "The receipt PDF of one of my paid orders (:id is the order id; the PDF the receipt e-mail carries)",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: "No such paid order among mine" },
    }),
    validate("param", IdParam),
    async (c) =>
      pdfAnswer(await receiptPdf(c.var.deps, c.req.valid("param").id, { ownerId: caller(c).user_id })),
  )
  .get(
    "/auth/business/:id/orders",
    allow("user"),
    describe({
      summary: "The company's paid orders (employee memberships, the compliance kit), for its DER",
      description: "The company's owner (its DER) or an administrator; anyone else gets 404.",
      tags: [...TAGS, "Businesses"],
      response: UserOrderList,
      errors: { 404: NOT_YOUR_COMPANY },
    }),
    validate("param", IdParam),
    validate("query", UserOrdersQuery),
    async (c) =>
      c.json(await companyOrders(c.var.deps, caller(c), c.req.valid("param").id, c.req.valid("query")), 200),
  )
  .get(
    "/auth/business/:id/orders/:orderId/receipt",
    allow("user"),
    describe({
      summary: "The receipt PDF of one of the company's orders, for its DER",
      tags: [...TAGS, "Businesses"],
      produces: "application/pdf",
      errors: { 404: `${NOT_YOUR_COMPANY}, or no such paid order of it` },
    }),
    validate("param", BusinessOrderParam),
    async (c) => {
      const { id, orderId } = c.req.valid("param");
      return pdfAnswer(await companyReceiptPdf(c.var.deps, caller(c), id, orderId));
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
