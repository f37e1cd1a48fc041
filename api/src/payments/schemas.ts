/** Shapes of the sandbox card form and the webhook endpoint. */
import { z } from "zod";

export const SANDBOX_CARD_MESSAGES = {
  clientSecretRequired: "client_secret is required",
  cardNumberRequired: "Card number is required",
  cardNumberDigits: "Card number must contain only digits",
  expRequired: "Expiration date is required",
  expFormat: "Expiration date must be MM/YY",
  cvcRequired: "Security code is required",
  cvcDigits: "Security code must contain only digits",
  zipRequired: "ZIP code is required",
} as const;

const M = SANDBOX_CARD_MESSAGES;
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true });
const EXP = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/;

export const ConfirmSetupIntentBody = z.object({
  client_secret: required(M.clientSecretRequired).max(255),
  card_number: required(M.cardNumberRequired).transform((s) => s.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{1,19}$/, M.cardNumberDigits)),
  exp: required(M.expRequired).regex(EXP, M.expFormat),
  cvc: required(M.cvcRequired).regex(/^\d{1,8}$/, M.cvcDigits),
  zip: required(M.zipRequired).max(20),
});

/** "MM/YY" (or "MM/YYYY") as month and four-digit year. */
export function parseExpiry(exp: string): { exp_month: number; exp_year: number } {
  const [, month, year] = EXP.exec(exp.trim())!;
  return { exp_month: Number(month), exp_year: year.length === 2 ? 2000 + Number(year) : Number(year) };
}

export const ConfirmSetupIntentResponse = z.object({
  setup_intent_id: z.string(),
  status: z.literal("succeeded"),
});

export const WebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean().optional().describe("Present when the event id was processed before."),
});
