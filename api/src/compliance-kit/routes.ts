/**
 * The compliance kit of a business (public spec §6, §7; admin spec §2): buying it (the company's owner with a
 * card; an administrator with a card or a manual payment) and its documents for the Downloads tab, generated
 * as PDFs with the business's name. The administrators' record of the kit's payment is in admin-routes.ts.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { PAYMENT_ERROR_DOCS } from "../orders/schemas.ts";
import { adminComplianceKitRoutes } from "./admin-routes.ts";
import { KitAnswer, KitBody, KitDocumentList, KitDocumentParam } from "./schemas.ts";
import {
  buyComplianceKitAs,
  KIT_MESSAGES,
  kitDocumentPdf,
  kitFilename,
  listKitDocuments,
} from "./service.ts";

const TAGS = ["Compliance kit"];

const ownRoutes = new Hono<AppEnv>()
  .post(
    "/auth/business/:id/compliance-kit",
    allow("user"),
    idempotent(),
    describe({
      summary: "Buy the business's compliance kit: with a card, or (administrators) a manual payment",
      description: "payment_method_id charges one of the company's cards (or one of its DER's own cards) " +
        "once per Idempotency-Key; medium and payment_date record a payment taken elsewhere (administrators " +
        "only: 'Payment Medium is required', 'Payment Date is required'). For the company's owner or an " +
        `administrator. Success is 200 with message '${KIT_MESSAGES.purchased}'.`,
      tags: TAGS,
      response: KitAnswer,
      errors: {
        ...PAYMENT_ERROR_DOCS,
        403: `A manual payment by someone who is not an administrator: '${KIT_MESSAGES.manualAdminsOnly}'`,
        404: "No such company among those you own, or not one of its (or its DER's) cards",
        409: `'${KIT_MESSAGES.noDer}' without a DER; '${KIT_MESSAGES.kitExists}' when it has the kit`,
      },
    }),
    validate("param", IdParam),
    validate("json", KitBody),
    async (c) => {
      const data = await buyComplianceKitAs(c.var.deps, caller(c), {
        businessId: c.req.valid("param").id,
        payment: c.req.valid("json"),
        headerKey: c.req.header("Idempotency-Key"),
      });
      return c.json({ data, message: KIT_MESSAGES.purchased }, 200);
    },
  )
  .get(
    "/auth/business/:id/compliance-kit/documents",
    allow("user"),
    describe({
      summary: "The compliance kit's documents (the business's Downloads tab); empty without a kit",
      description: "For administrators, the company's DER and anyone currently linked to the business.",
      tags: TAGS,
      response: KitDocumentList,
      errors: { 404: "No such business among yours" },
    }),
    validate("param", IdParam),
    async (c) => {
      const data = await listKitDocuments(c.var.deps, caller(c), c.req.valid("param").id);
      return c.json({ data }, 200);
    },
  )
  .get(
    "/auth/business/:id/compliance-kit/documents/:slug",
    allow("user"),
    describe({
      summary: "Download one of the compliance kit's documents (a PDF with the business's name)",
      tags: TAGS,
      produces: "application/pdf",
      errors: { 404: "No such business among yours, no kit, or no such document" },
    }),
    validate("param", KitDocumentParam),
    async (c) => {
      const { id, slug } = c.req.valid("param");
      const pdf = await kitDocumentPdf(c.var.deps, caller(c), id, slug);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${kitFilename(slug)}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );

export const complianceKitRoutes = new Hono<AppEnv>().route("/", ownRoutes).route(
  "/",
  adminComplianceKitRoutes,
);
