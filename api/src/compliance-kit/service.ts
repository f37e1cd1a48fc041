/**
 * The business compliance kit (public spec §6, §7; admin spec §2, §6): bought once per company through the one
 * money path (orders/pay.ts), with a card or, for administrators, a recorded manual payment. The registration
 * wizard's DER step buys it through this same function (registration/purchases.ts). A company without a DER
 * cannot buy it: 'ERROR: No DER Attached To Business'. The order is the DER's (the kit is the company's
 * program, run by its DER) and names the business.
 */
import type { Kysely } from "kysely";
import { recordComplianceKit } from "../businesses/facts.ts";
import type { DateString, DB, PaymentMedium } from "../db/types.ts";
import type { Deps, SessionUser } from "../lib/context.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  chargeableCard,
  type Fulfilment,
  orderKey,
  type PaymentSource,
  payOrDecline,
} from "../orders/pay.ts";
import { chargeableCompanyCard } from "../payment-methods/company.ts";
import { findCompanyCard } from "../payment-methods/service.ts";
import { requireOwnedCompany } from "../payment-methods/company.ts";
import { findKitDocument, KIT_DOCUMENTS } from "./documents.ts";
import { renderKitDocument } from "./pdf.ts";
import { complianceKitPrice, hasComplianceKit, kitBusiness, kitBusinessFor, kitOrder } from "./queries.ts";

export const KIT_MESSAGES = {
  // The business record says the same before any card is asked for (businesses/schemas.ts NO_DER_MESSAGE;
  // compliance-kit.test.ts holds them equal without an import that would close a domain cycle).
  noDer: "ERROR: No DER Attached To Business",
  kitExists: "Your company already has the compliance kit.",
  manualAdminsOnly: "Only administrators can record a manual payment.",
  purchased: "Compliance kit has been purchased",
} as const;

/** The company has the kit: what every payment for it delivers (the company's page, the wizard). */
export async function setComplianceKit(db: Kysely<DB>, businessId: number): Promise<void> {
  await recordComplianceKit(db, businessId);
}

export const KIT_ITEM_NAME = "Business compliance kit";

export type KitPayment =
  | { type: "card"; payment_method_id: number }
  | { type: "manual"; medium: PaymentMedium; payment_date: DateString };

export type KitPlan = { business_id: number };

/** The kit bought from the company's page or by an administrator: the company has it. */
export const businessComplianceKit: Fulfilment<KitPlan> = {
  kind: "business-compliance-kit",
  async paid(trx, { plan }) {
    await setComplianceKit(trx, plan.business_id);
  },
};

export interface KitPurchase {
  businessId: number;
  actorId: number;
  payment: KitPayment;
  headerKey?: string;
  /** Names the order's key (the registration wizard's own). */
  purpose?: string;
  /** What the payment delivers instead of businessComplianceKit (it must call setComplianceKit). */
  fulfilment?: Fulfilment<KitPlan>;
}

/**
 * Buys the kit. A card is one of the company's cards, else one of its DER's own cards (the wizard's card).
 * Refused when the company already has the kit (checked again when the order is placed).
 */
export async function buyComplianceKit(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  p: KitPurchase,
) {
  const { db } = deps.database;
  const business = await kitBusiness(db, p.businessId);
  if (!business) throw notFound("Business");
  if (business.der_user_id === null) throw new AppError("CONFLICT", KIT_MESSAGES.noDer);
  const derId = business.der_user_id;
  let source: PaymentSource;
  if (p.payment.type === "manual") {
    source = { type: "manual", medium: p.payment.medium, date: p.payment.payment_date };
  } else {
    const id = p.payment.payment_method_id;
    source = {
      type: "card",
      card: await findCompanyCard(db, business.id, id)
        ? await chargeableCompanyCard(deps, business.id, id)
        : await chargeableCard(deps, derId, id),
    };
  }
  const cents = await complianceKitPrice(db);
  await payOrDecline(deps, {
    userId: derId,
    businessId: business.id,
    actorId: p.actorId,
    kind: "compliance_kit",
    key: await orderKey(db, {
      purpose: p.purpose ?? `compliance-kit-b${business.id}`,
      userId: derId,
      actorId: p.actorId,
      kind: "compliance_kit",
      headerKey: p.headerKey,
    }),
    request: { business_id: business.id, payment: p.payment },
    lines: [{ name: KIT_ITEM_NAME, cost_cents: cents, quantity: 1 }],
    source,
    description: KIT_ITEM_NAME,
    fulfilment: p.fulfilment ?? businessComplianceKit,
    plan: { business_id: business.id },
    async guard(db) {
      if (await hasComplianceKit(db, business.id)) throw new AppError("CONFLICT", KIT_MESSAGES.kitExists);
    },
  });
  return { business_id: business.id, has_compliance_kit: true as const };
}

/**
 * The company's owner (or an administrator) buys the kit from the business's page: only administrators record
 * a manual payment.
 */
export async function buyComplianceKitAs(
  deps: Pick<Deps, "config" | "database" | "now" | "mailer" | "payments">,
  me: SessionUser,
  p: Omit<KitPurchase, "actorId" | "purpose" | "fulfilment">,
) {
  await requireOwnedCompany(deps.database.db, me, p.businessId);
  if (p.payment.type === "manual" && !me.is_admin) {
    throw new AppError("FORBIDDEN", KIT_MESSAGES.manualAdminsOnly);
  }
  return await buyComplianceKit(deps, { ...p, actorId: me.user_id });
}

/** The kit documents' file name. */
export const kitFilename = (slug: string) => `${slug}.pdf`;

/** The kit's documents for the business's Downloads tab (empty without a kit); 404 unless the viewer may see it. */
export async function listKitDocuments(
  deps: Pick<Deps, "database">,
  viewer: SessionUser,
  businessId: number,
) {
  const business = await kitBusinessFor(deps.database.db, viewer, businessId);
  if (!business) throw notFound("Business");
  const docs = business.has_compliance_kit ? KIT_DOCUMENTS : [];
  return docs.map((d) => ({
    id: d.slug,
    type: "compliance_kit_document" as const,
    attributes: {
      title: d.title,
      description: d.description,
      filename: kitFilename(d.slug),
      download_url: `/api/auth/business/${businessId}/compliance-kit/documents/${d.slug}`,
    },
  }));
}

/** One kit document as a PDF with the business's name; 404 without the business, its kit or the document. */
export async function kitDocumentPdf(
  deps: Pick<Deps, "database" | "now">,
  viewer: SessionUser,
  businessId: number,
  slug: string,
): Promise<Uint8Array> {
  const business = await kitBusinessFor(deps.database.db, viewer, businessId);
  const document = findKitDocument(slug);
  if (!business || !business.has_compliance_kit || !document) throw notFound("Document");
  return await renderKitDocument({
    document,
    businessName: business.name,
    generatedOn: deps.now().toISOString().slice(0, 10),
  });
}

/** How the business's kit was paid, for administrators (null without a paid kit); 404 without the business. */
export async function kitOrderRecord(deps: Pick<Deps, "database">, businessId: number) {
  const { db } = deps.database;
  if (!await kitBusiness(db, businessId)) throw notFound("Business");
  const o = await kitOrder(db, businessId);
  return o
    ? {
      order_id: o.id,
      number: o.number,
      total_cents: o.total_cents,
      payment_type: o.payment_type,
      payment_medium: o.payment_medium,
      payment_date: o.manual_charge_date,
      completed_at: o.completed_at ? new Date(o.completed_at).toISOString() : null,
      created_by_user_id: o.created_by_user_id,
    }
    : null;
}
