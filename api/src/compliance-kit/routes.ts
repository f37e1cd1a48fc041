/**
 * The compliance kit of a business (public spec §6, §7; admin spec §2): buying it (the company's owner with a
 * card; an administrator with a card or a manual payment) and its documents for the Downloads tab, generated
 * as PDFs with the business's name. The administrators' record of the kit's payment is in admin-routes.ts.
 */
import { Hono } from "hono";
import { allow, caller } from "../lib/access.ts";
import type { AppEnv } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import { idempotent } from "../lib/idempotency.ts";
import { IdParam } from "../lib/params.ts";
import { describe, validate } from "../lib/route.ts";
import { PAYMENT_ERROR_DOCS } from "../orders/schemas.ts";
import { requireOwnedCompany } from "../payment-methods/company.ts";
import { adminComplianceKitRoutes } from "./admin-routes.ts";
import { findKitDocument, KIT_DOCUMENTS } from "./documents.ts";
import { renderKitDocument } from "./pdf.ts";
import { kitBusinessFor } from "./queries.ts";
import { KitAnswer, KitBody, KitDocumentList, KitDocumentParam } from "./schemas.ts";
import { buyComplianceKit, KIT_MESSAGES } from "./service.ts";

const TAGS = ["Compliance kit"];
const filename = (slug: string) => `${slug}.pdf`;

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
      const me = caller(c);
      const { id } = c.req.valid("param");
      const payment = c.req.valid("json");
      await requireOwnedCompany(c.var.deps.database.db, me, id);
      if (payment.type === "manual" && !me.is_admin) {
        throw new AppError("FORBIDDEN", KIT_MESSAGES.manualAdminsOnly);
      }
      const data = await buyComplianceKit(c.var.deps, {
        businessId: id,
        actorId: me.user_id,
        payment,
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
      const { id } = c.req.valid("param");
      const business = await kitBusinessFor(c.var.deps.database.db, caller(c), id);
      if (!business) throw notFound("Business");
      const docs = business.has_compliance_kit ? KIT_DOCUMENTS : [];
      return c.json({
        data: docs.map((d) => ({
          id: d.slug,
          type: "compliance_kit_document" as const,
          attributes: {
            title: d.title,
            description: d.description,
            filename: filename(d.slug),
            download_url: `/api/auth/business/${id}/compliance-kit/documents/${d.slug}`,
          },
        })),
      }, 200);
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
      const business = await kitBusinessFor(c.var.deps.database.db, caller(c), id);
      const document = findKitDocument(slug);
      if (!business || !business.has_compliance_kit || !document) throw notFound("Document");
      const pdf = await renderKitDocument({
        document,
        businessName: business.name,
        generatedOn: c.var.deps.now().toISOString().slice(0, 10),
      });
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${filename(slug)}"`,
        "Cache-Control": "private, no-store",
      });
    },
  );

export const complianceKitRoutes = new Hono<AppEnv>().route("/", ownRoutes).route(
  "/",
  adminComplianceKitRoutes,
);
