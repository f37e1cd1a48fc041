/**
 * Saved cards, for whoever owns them (the caller, or any user for an administrator: subject.ts): the
 * list, default and remove, and adding one. A card is added in three moves: get a setup intent's secret,
 * confirm it with the processor (the sandbox endpoint or Stripe.js), then hand the confirmed setup intent to
 * the server, which stores the card. Every change invalidates the owner's cards in the resource cache, so
 * every picker and list shows the new set.
 */
import type {
  AddPaymentMethodRequest,
  PaymentIntent,
  PaymentMethod,
  SandboxSetupAnswer,
  SandboxSetupRequest,
} from "@api/contract";
import { ApiError } from "../../lib/api.ts";
import { errorMessage, fieldErrors } from "../../lib/form.ts";
import { cardsKey, SELF, type Subject } from "./subject.ts";
import { call, noSuchRoute } from "../../lib/typed-api.ts";
import { toast } from "../../lib/toast.ts";
import type { FormFailure } from "../../lib/use-form-submit.ts";
import { invalidate, resources } from "../../lib/use-resource.ts";

export const PAYMENT_MESSAGES = {
  intentFailed: "Failed to set up payment method. Please try again.",
  noSecret: "No payment intent secret received",
  added: "Payment method added successfully",
  /** Public spec §8: the toast after a company card is added (an employee's membership is paid with it). */
  companyAdded: "Payment method has been added successfully",
} as const;

/** Thrown when the failure has already been shown in a toast, so forms need not repeat it. */
export class ToastedError extends Error {}

/** Both card forms' failures: the server's field issues, and its message unless addCard already toasted it. */
export const explainCardFailure = (error: unknown): FormFailure => ({
  errors: fieldErrors(error),
  formError: error instanceof ToastedError ? null : errorMessage(error),
});

/** The owner's cards, default first. */
export async function fetchCards(owner: Subject, signal?: AbortSignal): Promise<PaymentMethod[]> {
  const { data } =
    await (owner.kind === "self"
      ? call("/auth/account/payment-methods").GET({ signal })
      : owner.kind === "user"
      ? call("/auth/user/{id}/payment-methods").GET({ params: { id: owner.userId }, signal })
      : call("/auth/business/{id}/payment-methods").GET({ params: { id: owner.businessId }, signal }));
  return data;
}

/**
 * A company's cards are managed nowhere (the payments screen hides these actions for an employee's membership):
 * the server has no such route for them, and they get its answer for a route it does not have.
 */
export async function makeDefaultCard(owner: Subject, id: number): Promise<PaymentMethod> {
  const { data } =
    await (owner.kind === "self"
      ? call("/auth/account/payment-methods/{id}/default").PUT({ params: { id } })
      : owner.kind === "user"
      ? call("/auth/user/{id}/payment-methods/{pmId}/default").PUT({ params: { id: owner.userId, pmId: id } })
      : noSuchRoute("PUT", `/auth/business/${owner.businessId}/payment-methods/${id}/default`));
  await invalidate(cardsKey(owner));
  return data;
}

/** Removes a card; the cards that remain (default first) replace the cached list. */
export async function removeCard(owner: Subject, id: number): Promise<PaymentMethod[]> {
  const { data } =
    await (owner.kind === "self"
      ? call("/auth/account/payment-methods/{id}").DELETE({ params: { id } })
      : owner.kind === "user"
      ? call("/auth/user/{id}/payment-methods/{pmId}").DELETE({ params: { id: owner.userId, pmId: id } })
      : noSuchRoute("DELETE", `/auth/business/${owner.businessId}/payment-methods/${id}`));
  resources.set(cardsKey(owner), data);
  return data;
}

/**
 * Why a card could not be set up: the server's own reason when it refused (a 4xx with a message, such as 409
 * 'ERROR: No DER Attached To Business'), else the specification's 'Failed to set up payment method. Please try
 * again.' (no answer, or a server failure).
 */
export function cardSetupFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return PAYMENT_MESSAGES.intentFailed;
}

/** A setup intent's client secret. A failed call toasts its reason (spec §8); an answer without one throws. */
export async function paymentIntentSecret(owner: Subject = SELF): Promise<string> {
  let answer: Partial<PaymentIntent> | undefined;
  try {
    answer = await (owner.kind === "self"
      ? call("/auth/account/payment-intent").GET()
      : owner.kind === "user"
      ? call("/auth/user/{id}/payment-intent").GET({ params: { id: owner.userId } })
      : call("/auth/business/{id}/payment-intent").GET({ params: { id: owner.businessId } }));
  } catch (error) {
    const reason = cardSetupFailure(error);
    toast.error(reason);
    throw new ToastedError(reason);
  }
  if (!answer?.secret) throw new Error(PAYMENT_MESSAGES.noSecret);
  return answer.secret;
}

/** Stores the card of a confirmed setup intent on the owner's account. */
export async function savePaymentMethod(owner: Subject, setupIntentId: string): Promise<PaymentMethod> {
  const body: AddPaymentMethodRequest = { setup_intent_id: setupIntentId };
  const { data } =
    await (owner.kind === "self"
      ? call("/auth/account/payment-methods").POST({ body })
      : owner.kind === "user"
      ? call("/auth/user/{id}/payment-methods").POST({ params: { id: owner.userId }, body })
      : call("/auth/business/{id}/payment-methods").POST({ params: { id: owner.businessId }, body }));
  return data;
}

/**
 * The whole card set-up: secret, the processor's confirmation (`confirm` returns the setup intent id), then
 * the server stores the card. Toasts 'Payment method added successfully' ('Payment method has been added
 * successfully' for a company's card) and returns the stored card.
 */
export async function addCard(
  owner: Subject,
  confirm: (secret: string) => Promise<string>,
): Promise<PaymentMethod> {
  const secret = await paymentIntentSecret(owner);
  const method = await savePaymentMethod(owner, await confirm(secret));
  toast.success(owner.kind === "employee" ? PAYMENT_MESSAGES.companyAdded : PAYMENT_MESSAGES.added);
  void invalidate(cardsKey(owner));
  return method;
}

/** The card fields of the sandbox form (the setup intent's secret is added by the call). */
export type SandboxCard = Omit<SandboxSetupRequest, "client_secret">;

/** The sandbox processor's confirmation; a decline is a 402 ApiError carrying the processor's message. */
export function confirmSandboxSetup(
  clientSecret: string,
  card: SandboxCard,
): Promise<SandboxSetupAnswer> {
  return call("/payments/sandbox/setup-intents/confirm").POST({
    body: { client_secret: clientSecret, ...card },
  });
}

const brandOf = ({ attributes: card }: PaymentMethod) =>
  card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1) : "Card";

/** "12/30", or a dash when the processor gave no expiry. */
export const cardExpiry = ({ attributes: c }: PaymentMethod): string =>
  c.exp_month && c.exp_year ? `${String(c.exp_month).padStart(2, "0")}/${String(c.exp_year).slice(-2)}` : "—";

/** "Visa •••• 4242", as a card list shows it. */
export const cardName = (card: PaymentMethod): string => `${brandOf(card)} •••• ${card.attributes.last4}`;

/** What a screen reader says for the card ("Visa ending in 4242") instead of four bullets. */
export const spokenCardName = (card: PaymentMethod): string =>
  `${brandOf(card)} ending in ${card.attributes.last4}`;

/** "Visa ending in 4242, expires 12/30". */
export function describeCard(card: PaymentMethod): string {
  const expiry = cardExpiry(card);
  return `${spokenCardName(card)}${expiry === "—" ? "" : `, expires ${expiry}`}`;
}
