/**
 * Saving a card the way the web does in sandbox mode: a SetupIntent secret from the API, the card posted to
 * the sandbox processor's confirm endpoint, then the confirmed intent saved as a payment method.
 */
import { TEST_CARDS } from "../integrations/payments/sandbox.ts";
import type { TestContext } from "./app.ts";

/** Sends a request with a bearer token (for users created during a test, outside the five identities). */
export async function requestAs(
  ctx: TestContext,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const h = new Headers(headers);
  if (token) h.set("Authorization", `Bearer ${token}`);
  if (body !== undefined) h.set("Content-Type", "application/json");
  return await ctx.app.request(path, {
    method,
    headers: h,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The year the default test card expires: after every date the suite runs at (decision 0088). */
export const CARD_FORM_EXP_YEAR = 2045;

/** A card form's answers; the defaults describe a good card that expires in December CARD_FORM_EXP_YEAR. */
export const cardForm = (card_number: string = TEST_CARDS.success, more: Record<string, string> = {}) => ({
  card_number,
  exp: `12/${String(CARD_FORM_EXP_YEAR % 100)}`,
  cvc: "123",
  zip: "70112",
  ...more,
});

/** Confirms a fresh SetupIntent of the token's user with the card; returns the intent id. */
export async function confirmCard(ctx: TestContext, token: string, cardNumber: string = TEST_CARDS.success) {
  const intent = await requestAs(ctx, token, "GET", "/api/auth/account/payment-intent");
  if (intent.status !== 200) throw new Error(`payment-intent answered ${intent.status}`);
  const { secret } = await intent.json();
  const confirmed = await requestAs(ctx, null, "POST", "/api/payments/sandbox/setup-intents/confirm", {
    client_secret: secret,
    ...cardForm(cardNumber),
  });
  if (confirmed.status !== 200) {
    throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`);
  }
  return (await confirmed.json()).setup_intent_id as string;
}

/** Saves a card for the token's user and returns its payment method id. */
export async function addCard(ctx: TestContext, token: string, cardNumber: string = TEST_CARDS.success) {
  const setup_intent_id = await confirmCard(ctx, token, cardNumber);
  const res = await requestAs(ctx, token, "POST", "/api/auth/account/payment-methods", { setup_intent_id });
  if (res.status !== 201) throw new Error(`payment-methods answered ${res.status}: ${await res.text()}`);
  return (await res.json()).data.id as number;
}

/** Saves a card as one of a company's cards, by its owner's token; answers its id and the answer's message. */
export async function addCompanyCard(ctx: TestContext, token: string, businessId: number) {
  const intent = await requestAs(ctx, token, "GET", `/api/auth/business/${businessId}/payment-intent`);
  if (intent.status !== 200) throw new Error(`company payment-intent answered ${intent.status}`);
  const { secret } = await intent.json();
  const confirmed = await requestAs(ctx, null, "POST", "/api/payments/sandbox/setup-intents/confirm", {
    client_secret: secret,
    ...cardForm(),
  });
  const { setup_intent_id } = await confirmed.json();
  const res = await requestAs(ctx, token, "POST", `/api/auth/business/${businessId}/payment-methods`, {
    setup_intent_id,
  });
  if (res.status !== 201) {
    throw new Error(`company payment-methods answered ${res.status}: ${await res.text()}`);
  }
  const body = await res.json();
  return { id: body.data.id as number, message: body.message as string };
}
