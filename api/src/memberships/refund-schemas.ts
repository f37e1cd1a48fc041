/** A membership charge's refund: requests and answers (issue 37, decision 0081). */
import { z } from "zod";
import { int4 } from "../lib/params.ts";

export const RefundBody = z.object({
  amount_cents: int4("amount_cents must be a whole number of cents", "Enter the amount to refund")
    .min(1, "The amount must be at least $0.01"),
  reason: z.string().trim().max(500, "The reason must be at most 500 characters").nullish(),
});

export const MembershipRefund = z.object({
  membership_id: z.number().int(),
  order_id: z.number().int().nullable().describe("The order of the term's charge"),
  order_number: z.string().nullable(),
  charged_cents: z.number().int(),
  refunded_cents: z.number().int().describe("Refunded of the charge so far"),
  refundable_cents: z.number().int().describe("What is left to refund (0 when refusal is set)"),
  refusal: z.string().nullable().describe("Why the charge cannot be refunded here, or null"),
  refunds: z.array(z.object({
    id: z.number().int(),
    amount_cents: z.number().int(),
    reason: z.string().nullable(),
    ends_term: z.boolean().describe("This refund ended the term (a whole refund of a running term)"),
    created_at: z.string(),
  })),
});
export type MembershipRefund = z.infer<typeof MembershipRefund>;

export const MembershipRefundAnswer = z.object({ data: MembershipRefund.nullable() });
export const MembershipRefundDone = z.object({ data: MembershipRefund, message: z.string() });
