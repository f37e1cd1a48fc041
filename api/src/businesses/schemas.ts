/** Business answers (public spec §3 "Business attributes"): one business, and the lists of a caller's businesses. */
import { z } from "zod";
import { recordSchema } from "../lib/list.ts";

export const BusinessRecord = recordSchema(
  "business",
  z.object({
    name: z.string(),
    business_name: z.string().nullable(),
    is_owner: z.boolean().describe("The caller owns it (DER or self-employed owner)"),
    is_active: z.boolean(),
    business_deactivation_reason: z.string().nullable(),
    is_individual: z.boolean(),
    is_i3_setup: z.boolean(),
    has_compliance_kit: z.boolean(),
    has_pending_new_company_approval: z.boolean().describe(
      "Shown as 'Not Approved' until an administrator acts",
    ),
  }),
  ["der"],
);
export const BusinessList = z.object({ data: z.array(BusinessRecord) });
