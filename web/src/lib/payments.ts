/**
 * Card set-up calls, shared by every screen that adds a card (registration, account and employee payments).
 * A card is saved in three moves: get a setup intent's secret, confirm it with the processor (the sandbox
 * endpoint or Stripe.js), then hand the confirmed setup intent to the server, which stores the card.
 */
import type {
  AddPaymentMethodRequest,
  PaymentIntent,
  PaymentMethod,
  SandboxSetupAnswer,
  SandboxSetupRequest,
} from "@api/contract";
import { api } from "./api.ts";
import { toast } from "./toast.ts";

export const PAYMENT_MESSAGES = {
  intentFailed: "Failed to set up payment method. Please try again.",
  noSecret: "No payment intent secret received",
  added: "Payment method added successfully",
} as const;

/** Thrown when the failure has already been shown in a toast, so forms need not repeat it. */
export class ToastedError extends Error {}

/** A setup intent's client secret. A failed call toasts (spec §8); an answer without one throws. */
export async function paymentIntentSecret(): Promise<string> {
  let answer: Partial<PaymentIntent> | undefined;
  try {
    answer = await api<PaymentIntent>("/auth/account/payment-intent");
  } catch {
    toast.error(PAYMENT_MESSAGES.intentFailed);
    throw new ToastedError(PAYMENT_MESSAGES.intentFailed);
  }
  if (!answer?.secret) throw new Error(PAYMENT_MESSAGES.noSecret);
  return answer.secret;
}

/**
 * The whole card set-up: secret, the processor's confirmation (`confirm` returns the setup intent id), then
 * the server stores the card. Toasts 'Payment method added successfully' and returns the stored card.
 */
export async function addCard(confirm: (secret: string) => Promise<string>): Promise<PaymentMethod> {
  const secret = await paymentIntentSecret();
  const method = await savePaymentMethod(await confirm(secret));
  toast.success(PAYMENT_MESSAGES.added);
  return method;
}

/** The card fields of the sandbox form (the setup intent's secret is added by the call). */
export type SandboxCard = Omit<SandboxSetupRequest, "client_secret">;

/** The sandbox processor's confirmation; a decline is a 402 ApiError carrying the processor's message. */
export function confirmSandboxSetup(
  clientSecret: string,
  card: SandboxCard,
): Promise<SandboxSetupAnswer> {
  return api("/payments/sandbox/setup-intents/confirm", { body: { client_secret: clientSecret, ...card } });
}

/** Stores the card of a confirmed setup intent on the signed-in account. */
export async function savePaymentMethod(setupIntentId: string): Promise<PaymentMethod> {
  const body: AddPaymentMethodRequest = { setup_intent_id: setupIntentId };
  const { data } = await api<{ data: PaymentMethod }>("/auth/account/payment-methods", { body });
  return data;
}

export async function listPaymentMethods(): Promise<PaymentMethod[]> {
  const { data } = await api<{ data: PaymentMethod[] }>("/auth/account/payment-methods");
  return data;
}

/** "Visa ending in 4242, expires 12/30". */
export function describeCard({ attributes: card }: PaymentMethod): string {
  const brand = card.brand ? card.brand[0].toUpperCase() + card.brand.slice(1) : "Card";
  const expiry = card.exp_month && card.exp_year
    ? `, expires ${String(card.exp_month).padStart(2, "0")}/${String(card.exp_year).slice(-2)}`
    : "";
  return `${brand} ending in ${card.last4}${expiry}`;
}
