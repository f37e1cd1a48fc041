/**
 * A company's own cards (public spec §6: a DER "manages employee memberships and payments"): saved from a
 * SetupIntent the company's owner confirmed, listed for the membership form, and charged for an employee's
 * membership or the compliance kit through the one money path (orders/pay.ts). A company card belongs to the
 * business (payment_methods.business_id), never to the person who typed it in.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { findCompanyCard, listCompanyCards, ownedCompany } from "./queries.ts";
import { cardRecord, type CardRow, createPaymentIntent, saveCardFromSetupIntent } from "./service.ts";

export const COMPANY_CARD_MESSAGES = {
  /** public spec §6, admin §6: a company without a DER cannot pay (its cards are held under the DER). */
  noDer: "ERROR: No DER Attached To Business",
  /** public spec §8: the toast after a company card is added. */
  added: "Payment method has been added successfully",
  otherProcessor: "This card was saved with another payment processor. Please add it again.",
} as const;

/** The company the viewer may act for, or 404. */
export async function requireOwnedCompany(
  db: Kysely<DB>,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number,
) {
  const company = await ownedCompany(db, viewer, businessId);
  if (!company) throw notFound("Business");
  return company;
}

/**
 * The user whose processor customer holds the company's cards: its DER (whoever types the card in, the DER
 * or an administrator). A company without a DER has no card holder: 409 'ERROR: No DER Attached To Business'.
 */
export function cardHolderOf(company: { der_user_id: number | null }): number {
  if (company.der_user_id === null) throw new AppError("CONFLICT", COMPANY_CARD_MESSAGES.noDer);
  return company.der_user_id;
}

/** A SetupIntent client secret for a company card form (created under the company's DER). */
export async function createCompanyPaymentIntent(
  deps: Pick<Deps, "database" | "payments">,
  company: { der_user_id: number | null },
) {
  return await createPaymentIntent(deps, cardHolderOf(company));
}

/**
 * Saves the card of a confirmed SetupIntent of the company (createCompanyPaymentIntent) as the company's card.
 * Idempotent per processor reference; the company's first card is its default.
 */
export async function saveCompanyCard(
  deps: Pick<Deps, "database" | "payments">,
  actorId: number,
  company: { id: number; der_user_id: number | null },
  setupIntentId: string,
): Promise<{ card: CardRow; created: boolean }> {
  const owner = { business_id: company.id, actor: actorId };
  return await saveCardFromSetupIntent(deps, cardHolderOf(company), setupIntentId, owner);
}

/** One of the company's cards that this processor can charge; 404 or 422 otherwise. */
export async function chargeableCompanyCard(
  deps: Pick<Deps, "database" | "payments">,
  businessId: number,
  paymentMethodId: number,
) {
  const card = await findCompanyCard(deps.database.db, businessId, paymentMethodId);
  if (!card) throw notFound("Payment method");
  if (card.provider !== deps.payments.provider) {
    throw invalid("payment_method_id", COMPANY_CARD_MESSAGES.otherProcessor);
  }
  return card;
}

/** The company's saved cards as the API answers them, default first; 404 unless the viewer owns the company. */
export async function companyCardRecords(
  deps: Pick<Deps, "database">,
  viewer: { user_id: number; is_admin: boolean },
  businessId: number,
) {
  const { db } = deps.database;
  await requireOwnedCompany(db, viewer, businessId);
  return (await listCompanyCards(db, businessId)).map(cardRecord);
}
