/** The compliance kit's payloads and answers (public spec §7, admin spec §7), with the spec's messages. */
import { z } from "zod";
import { idNumber } from "../lib/params.ts";
import type { PaymentMedium } from "../db/types.ts";
import { dateString, MEMBERSHIP_MESSAGES as M, PAYMENT_MEDIUMS } from "../memberships/schemas.ts";
import type { KitPayment } from "./service.ts";

const blank = (v: unknown) => v === undefined || v === null || v === "";

/** payment_method_id (card), or medium and payment_date (a manual payment; administrators only). */
export const KitBody = z.object({
  payment_method_id: idNumber("payment_method_id must be a card id").optional()
    .describe("One of the company's cards, or one of its DER's own cards."),
  medium: z.unknown().optional().describe(
    `Manual payment (administrators): one of ${PAYMENT_MEDIUMS.join(", ")}.`,
  ),
  payment_date: z.unknown().optional().describe(
    "Manual payment (administrators): the day it was taken, YYYY-MM-DD.",
  ),
}).transform((v, ctx): KitPayment => {
  if (v.payment_method_id !== undefined) return { type: "card", payment_method_id: v.payment_method_id };
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (blank(v.medium)) issue("medium", M.paymentMediumRequired);
  else if (!(PAYMENT_MEDIUMS as readonly unknown[]).includes(v.medium)) {
    issue("medium", `Payment Medium must be one of ${PAYMENT_MEDIUMS.join(", ")}`);
  }
  if (blank(v.payment_date)) issue("payment_date", M.paymentDateRequired);
  else if (!dateString().safeParse(v.payment_date).success) issue("payment_date", M.dateInvalid);
  return {
    type: "manual",
    medium: v.medium as PaymentMedium,
    payment_date: String(v.payment_date),
  };
});

export const KitAnswer = z.object({
  data: z.object({ business_id: z.number(), has_compliance_kit: z.literal(true) }),
  message: z.string(),
});

export const KitDocumentList = z.object({
  data: z.array(z.object({
    id: z.string().describe("The document's slug"),
    type: z.literal("compliance_kit_document"),
    attributes: z.object({
      title: z.string(),
      description: z.string(),
      filename: z.string(),
      download_url: z.string().describe("GET it for the PDF (with the session)"),
    }),
  })),
});

export const KitDocumentParam = z.object({
  id: z.coerce.number({ error: "id must be a positive whole number" }).int().positive()
    .max(2_147_483_647, "id must be a positive whole number"),
  slug: z.string().regex(/^[a-z0-9-]{1,80}$/, "Unknown document"),
});

export const KitOrderAnswer = z.object({
  data: z.object({
    order_id: z.number(),
    number: z.string(),
    total_cents: z.number(),
    payment_type: z.enum(["card", "manual"]),
    payment_medium: z.string().nullable(),
    payment_date: z.string().nullable(),
    completed_at: z.string().nullable(),
    created_by_user_id: z.number().nullable(),
  }).nullable(),
});
