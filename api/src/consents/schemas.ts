/** The consents' requests and answers (decision 0092): what a member signs, and what its recipient sees. */
import { z } from "zod";
import { isDateString } from "../lib/dates.ts";
import { DrugTestRecord } from "../drug-tests/schemas.ts";
import { CONSENT_MESSAGES } from "@apca/rules/messages/consents";

export { CONSENT_MESSAGES };

const day = (message: string) => z.string().refine(isDateString, { error: message });

export const ConsentRequest = z.object({
  recipient_business_id: z.number().int().min(1, CONSENT_MESSAGES.company).max(2_147_483_647).nullable()
    .optional().describe("The company given access (its DER sees the results); or recipient_email"),
  recipient_email: z.string().trim().toLowerCase().max(254).pipe(z.email(CONSENT_MESSAGES.email)).nullable()
    .optional().describe(
      "The person given access, once signed in with this address; or recipient_business_id",
    ),
  results_from: day(CONSENT_MESSAGES.range).nullable().optional()
    .describe("First office day of the tests released; with results_to. Both absent: all results"),
  results_to: day(CONSENT_MESSAGES.range).nullable().optional().describe(
    "Last office day of the tests released",
  ),
  expires_on: day(CONSENT_MESSAGES.expires).describe("The last day the consent runs (office day)"),
  signature: z.string().trim().min(2, CONSENT_MESSAGES.signature).max(200, CONSENT_MESSAGES.signature)
    .describe("The member's typed full name"),
  signed_on: day(CONSENT_MESSAGES.signedOn).describe(
    "The date typed beside the signature: today's office day",
  ),
}).superRefine((v, ctx) => {
  if ((v.recipient_business_id == null) === (v.recipient_email == null)) {
    ctx.addIssue({ code: "custom", path: ["recipient_email"], message: CONSENT_MESSAGES.recipient });
  }
  if (
    (v.results_from == null) !== (v.results_to == null) || (v.results_from && v.results_from > v.results_to!)
  ) {
    ctx.addIssue({ code: "custom", path: ["results_to"], message: CONSENT_MESSAGES.range });
  }
});

export const Consent = z.object({
  id: z.number(),
  member_name: z.string(),
  recipient: z.object({
    business_id: z.number().nullable(),
    email: z.string().nullable(),
    name: z.string().describe("The company's name, or the person's e-mail address"),
  }),
  results_from: z.string().nullable(),
  results_to: z.string().nullable(),
  scope: z.string().describe(
    'The results released, in words: "All test results" or "Test results from … to …"',
  ),
  expires_on: z.string(),
  signature: z.string(),
  signed_on: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  status: z.enum(["active", "revoked", "expired"]),
});

export const ConsentAnswer = z.object({ data: Consent, message: z.string().optional() });
export const ConsentList = z.object({ data: z.array(Consent) });

export const ConsentResults = z.object({
  data: z.object({ consent: Consent, results: z.array(DrugTestRecord) }),
});

export const CompanySearchQuery = z.object({
  q: z.string().trim().min(2, "Type at least 2 letters of the company's name.").max(100),
});
export const CompanyChoices = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), place: z.string() })),
});

export type Consent = z.infer<typeof Consent>;
export type ConsentRequest = z.input<typeof ConsentRequest>;
export type CompanyChoice = z.infer<typeof CompanyChoices>["data"][number];
