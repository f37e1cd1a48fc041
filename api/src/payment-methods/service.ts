/**
 * Saved cards. A card reaches us only as the processor's reference plus what it shows of the card (brand,
 * last 4, expiry), after the browser confirmed a SetupIntent with the processor. Saving is idempotent per
 * processor reference, and a user's first card becomes their default.
 */
import type { Kysely, Transaction } from "kysely";
import type { DB, PaymentProvider } from "../db/types.ts";
import type { SavedCard } from "../integrations/payments/payments.ts";
import { PaymentsUnavailableError } from "../integrations/payments/payments.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { AppError, invalid, notFound } from "../lib/errors.ts";
import { record } from "../lib/list.ts";
import {
  cardHolderUserId,
  customerOf,
  findCardByRef,
  hasDefaultCard,
  insertCard,
  listOwnCards as ownCards,
  lockCardsOf,
} from "./queries.ts";

export const PAYMENT_METHOD_MESSAGES = {
  setupFailed: "Failed to set up payment method. Please try again.",
  notConfirmed: "This card has not been confirmed yet. Please enter it again.",
  processorUnavailable: "We could not reach the payment processor. Please try again.",
} as const;

export interface CardRow {
  id: number;
  brand: string | null;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  is_default: boolean;
}

export const cardRecord = (row: CardRow) =>
  record("payment_method", row.id, {
    last4: row.last4,
    brand: row.brand,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    default: row.is_default,
  });

// The card lookups are queries (queries.ts); the purchases import them from here with the rest of the cards' API.
export { defaultCard, findCompanyCard, findOwnCard, hasOwnCard, listOwnCards } from "./queries.ts";

/** The processor customer to charge a card under: its holder's (cardHolderUserId), else `fallbackUserId`. */
export async function chargeCustomer(db: Kysely<DB>, paymentMethodId: number | null, fallbackUserId: number) {
  const holder = paymentMethodId === null ? null : await cardHolderUserId(db, paymentMethodId);
  return await paymentCustomer(db, holder ?? fallbackUserId);
}

/** Name and e-mail of a user, as the processor's customer record wants them. */
export async function paymentCustomer(db: Kysely<DB>, userId: number) {
  const u = await customerOf(db, userId);
  return { user_id: u.id, email: u.email, name: `${u.first_name} ${u.last_name}` };
}

/** A SetupIntent client secret for the caller's card form. */
export async function createPaymentIntent(
  deps: Pick<Deps, "database" | "payments">,
  userId: number,
): Promise<string> {
  try {
    const customer = await paymentCustomer(deps.database.db, userId);
    return (await deps.payments.createSetupIntent(customer)).client_secret;
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "setup_intent_failed", error: String(error) }));
    throw new AppError("PAYMENT_FAILED", PAYMENT_METHOD_MESSAGES.setupFailed);
  }
}

/**
 * Whose card is saved: a user's own (added by themselves, or by `actor`, an administrator; the audit names the
 * one who added it), or a company's, added by `actor` (its DER or an administrator; the audit names the company).
 */
export type CardOwner = { user_id: number; actor?: number } | { business_id: number; actor: number };

/**
 * Records a confirmed card for its owner inside `trx`; answers the existing row when the processor reference
 * is already saved for this owner, and null when it belongs to someone else. The owner's first card is its
 * default.
 */
export async function saveCard(
  trx: Transaction<DB>,
  provider: PaymentProvider,
  owner: CardOwner,
  card: SavedCard,
): Promise<{ card: CardRow; created: boolean } | null> {
  // Serialises one owner's card saves, so two first cards cannot both become the default.
  await lockCardsOf(trx, owner);
  const existing = await findCardByRef(trx, provider, card.ref);
  const key = "user_id" in owner ? { user_id: owner.user_id } : { business_id: owner.business_id };
  if (existing) {
    const mine = "user_id" in key
      ? existing.user_id === key.user_id
      : existing.business_id === key.business_id;
    return mine && existing.deleted_at === null ? { card: existing, created: false } : null;
  }
  const row = await insertCard(trx, {
    ...key,
    provider,
    provider_ref: card.ref,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    is_default: !await hasDefaultCard(trx, key),
  });
  await audit(trx, {
    actor: owner.actor ?? ("user_id" in owner ? owner.user_id : null),
    action: "payment_method_added",
    entity: "payment_method",
    entityId: row.id,
    detail: "business_id" in owner
      ? { business_id: owner.business_id }
      : owner.actor !== undefined && owner.actor !== owner.user_id
      ? { user_id: owner.user_id }
      : undefined,
  });
  return { card: row, created: true };
}

/**
 * Saves the card of a succeeded SetupIntent that was created for `userId`, as that user's card or, for a
 * company card (created under its DER, company.ts), as `owner`'s.
 */
export async function saveCardFromSetupIntent(
  deps: Pick<Deps, "database" | "payments">,
  userId: number,
  setupIntentId: string,
  owner: CardOwner = { user_id: userId },
): Promise<{ card: CardRow; created: boolean }> {
  const { payments } = deps;
  let intent;
  try {
    intent = await payments.retrieveSetupIntent(setupIntentId);
  } catch (error) {
    if (!(error instanceof PaymentsUnavailableError)) throw error;
    console.error(
      JSON.stringify({ level: "error", event: "setup_intent_unreachable", error: String(error) }),
    );
    throw new AppError("PAYMENT_FAILED", PAYMENT_METHOD_MESSAGES.processorUnavailable);
  }
  if (!intent || intent.user_id !== userId) throw notFound("Setup intent");
  const card = intent.payment_method;
  if (intent.status !== "succeeded" || !card) {
    throw invalid("setup_intent_id", PAYMENT_METHOD_MESSAGES.notConfirmed);
  }
  const saved = await deps.database.db.transaction().execute((trx) =>
    saveCard(trx, payments.provider, owner, card)
  );
  if (!saved) throw notFound("Setup intent");
  return saved;
}

/** A user's saved cards as the API answers them, default first. */
export async function listCardRecords(deps: Pick<Deps, "database">, userId: number) {
  return (await ownCards(deps.database.db, userId)).map(cardRecord);
}
