/** Request and response shapes of the caller's own cards (public spec §3 "Payment method", §7). */
import { z } from "zod";
import { recordSchema } from "../lib/list.ts";

export const PaymentIntentResponse = z.object({
  secret: z.string().describe(
    "Client secret of a SetupIntent: the card form confirms it with the processor.",
  ),
});

export const AddPaymentMethodBody = z.object({
  setup_intent_id: z.string({ error: "setup_intent_id is required" }).trim()
    .min(1, "setup_intent_id is required").max(255, "setup_intent_id is too long"),
});

export const PaymentMethodRecord = recordSchema(
  "payment_method",
  z.object({
    last4: z.string(),
    brand: z.string().nullable(),
    exp_month: z.number().int().nullable(),
    exp_year: z.number().int().nullable(),
    default: z.boolean(),
  }),
);

export const PaymentMethodResponse = z.object({ data: PaymentMethodRecord });
export const PaymentMethodList = z.object({ data: z.array(PaymentMethodRecord) });
export const PaymentMethodMessage = z.object({ data: PaymentMethodRecord, message: z.string() });
