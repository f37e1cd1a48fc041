/**
 * A fresh member made through the API, for journeys that start after registration (the registration UI has
 * its own spec): the account (which signs the request context in), a sandbox card and, unless told otherwise,
 * a paid membership. Use the page's `request` so the browser shares the session cookie.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";

export const SANDBOX_CARDS = {
  ok: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const;

let counter = 0;
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}-${counter++}@example.com`;

export interface ApiMember {
  email: string;
  password: string;
  fullName: string;
  ssnLast4: string;
  cardId: number;
}

async function ok<T>(what: string, response: Promise<import("@playwright/test").APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), `${what}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return await answer.json() as T;
}

/** Saves a sandbox card on the signed-in account: setup intent, the sandbox's confirmation, then the card. */
export async function addCardThroughApi(request: APIRequestContext, number: string): Promise<number> {
  const { secret } = await ok<{ secret: string }>(
    "payment intent",
    request.get("/api/auth/account/payment-intent"),
  );
  const { setup_intent_id } = await ok<{ setup_intent_id: string }>(
    "sandbox confirm",
    request.post("/api/payments/sandbox/setup-intents/confirm", {
      data: { client_secret: secret, card_number: number, exp: "12/34", cvc: "123", zip: "70112" },
    }),
  );
  const { data } = await ok<{ data: { id: number } }>(
    "save card",
    request.post("/api/auth/account/payment-methods", { data: { setup_intent_id } }),
  );
  return data.id;
}

/**
 * Registers an independent (self-employed, unlicensed) member with a 4242 card and, by default, an annual
 * membership; `card: false` (only with no membership) leaves the account without a card.
 */
export async function registerMemberThroughApi(
  request: APIRequestContext,
  { membership = "annual", card = true }: { membership?: "annual" | "one_time" | "none"; card?: boolean } =
    {},
): Promise<ApiMember> {
  const member = {
    email: uniqueEmail("member-api"),
    password: "anchors-aweigh-1",
    fullName: "Rita Mariner",
    ssnLast4: "6789",
  };
  await ok(
    "register",
    request.post("/api/register/member/account", {
      data: {
        email: member.email,
        password: member.password,
        recaptcha: "dev-captcha-ok", // the development captcha's token (api/src/integrations/captcha/development.ts)
        opt_in_text: true,
        first_name: "Rita",
        last_name: "Mariner",
        terms_and_conditions: true,
        phone: "(504) 555-0123",
        address_one: "1 River Road",
        city: "New Orleans",
        state: "LA",
        postal_code: "70112",
        country: "United States of America",
        is_licensed: false,
        ssn: member.ssnLast4,
        is_company: false,
      },
    }),
  );
  if (!card) return { ...member, cardId: 0 };
  const cardId = await addCardThroughApi(request, SANDBOX_CARDS.ok);
  if (membership !== "none") {
    await ok(
      "membership",
      request.post("/api/register/member/membership", {
        data: { payment_method_id: cardId, is_annual: membership === "annual" },
        headers: { "Idempotency-Key": crypto.randomUUID() },
      }),
    );
  }
  return { ...member, cardId };
}
