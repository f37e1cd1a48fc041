/** The public check of a Letter of Compliance's code: what the verify page shows. */
import { z } from "zod";

export const VerificationResponse = z.object({
  genuine: z.boolean(),
  statement: z.object({
    iss: z.string(),
    sub: z.string().describe("Our reference of the member (user id)"),
    mem: z.string().nullable().describe("Member number"),
    cov_from: z.string().describe("Coverage start, YYYY-MM-DD"),
    cov_to: z.string().nullable().describe("Coverage expiry, YYYY-MM-DD; null when it has none"),
    st: z.literal("active").describe("Status when the letter was issued"),
    iat: z.number().int().describe("Issued at, seconds since 1970"),
  }).optional().describe("The signed claims; only when genuine"),
  current_status: z.enum(["active", "paused", "expired", "cancelled", "none"]).optional()
    .describe("The member's annual coverage now; only when genuine"),
  checked_at: z.string(),
});
