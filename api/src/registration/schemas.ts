/**
 * Registration payloads (public spec §3) and their rules (§5: Account, Member, DER), in the specification's
 * words. REGISTRATION_MESSAGES and the patterns live once in `@apca/rules/messages/registration` (decision
 * 0055), which the web imports too; both sides run their schema over the same cases. Which fields are
 * required depends on earlier answers (licensed or not, company or self-employed, LLC or not), checked after
 * the field rules so that every problem is reported at once. Fields of the branches not taken are ignored (a licensed member's ssn is never
 * stored).
 */
import { z } from "zod";
import { recordSchema } from "../lib/list.ts";
import { idNumber } from "../lib/params.ts";

// The account's field rules and messages live once in the shared rules member (decision 0055).
export {
  DEFAULT_COUNTRY,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRATION_MESSAGES,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";
import {
  DEFAULT_COUNTRY,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRATION_MESSAGES,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";

const M = REGISTRATION_MESSAGES;

const required = (message: string, max = 255) => z.string({ error: message }).trim().min(1, message).max(max);
// Patterns judge only a non-empty value, so an empty field reports "required" alone. (Not `abort`: an aborted
// field would stop the conditional rules below from reporting alongside it.)
const matching = (pattern: RegExp) => (s: string) => s === "" || pattern.test(s);
const optionalText = z.string().trim().max(255).nullish();
const optionalMatching = (pattern: RegExp, message: string) =>
  z.string({ error: message }).trim().max(255).refine(matching(pattern), message).nullish();

const accountFields = {
  email: required(M.emailRequired, 254).refine(matching(EMAIL_PATTERN), M.emailInvalid),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired)
    .refine((s) => s === "" || s.length >= PASSWORD_MIN_LENGTH, M.passwordTooShort).max(
      1024,
      "Password is too long.",
    ),
  recaptcha: required(M.recaptchaRequired, 4096),
  opt_in_text: z.boolean().default(true),
  terms_and_conditions: z.literal(true, { error: M.termsRequired }),
  first_name: required(M.firstNameRequired),
  middle_name: optionalText,
  last_name: required(M.lastNameRequired),
};

type Issue = { path: string; message: string };
const blank = (v: unknown) => typeof v !== "string" || v.trim() === "";

/**
 * The member payload of §3. The conditional rules run even when other fields failed (`when`), so the answer
 * lists every problem; they read the raw input, hence the defensive checks.
 */
export const MemberRegistrationBody = z.object({
  ...accountFields,
  phone: required(M.phoneRequired).refine(matching(PHONE_PATTERN), M.phoneInvalid),
  address_one: required(M.addressOneRequired),
  address_two: optionalText,
  city: required(M.cityRequired),
  state: required(M.stateRequired),
  postal_code: required(M.postalCodeRequired, 20).refine(matching(POSTAL_CODE_PATTERN), M.postalCodeInvalid),
  country: required(M.countryRequired).default(DEFAULT_COUNTRY),
  is_licensed: z.boolean({ error: M.licenseRequired }),
  uscg_cred: optionalText.describe("Required when is_licensed."),
  ssn: z.string().trim().nullish().describe(
    "Last 4 digits; required when not is_licensed, ignored otherwise.",
  ),
  is_company: z.boolean({ error: M.businessOptionRequired }),
  company_name: optionalText.describe("Required when is_company."),
  company_address_one: optionalText,
  company_address_two: optionalText,
  company_state: optionalText,
  company_country: optionalText,
  company_postal_code: optionalText,
  company_phone: optionalMatching(PHONE_PATTERN, M.phoneInvalid),
  company_po_box: optionalText,
  is_llc: z.boolean().default(false),
  llc_name: optionalText.describe("Required when self-employed with is_llc."),
  business_name: optionalText,
}).superRefine((input, ctx) => {
  const issues: Issue[] = [];
  const v = input as Record<string, unknown>;
  if (v.is_licensed === true && blank(v.uscg_cred)) {
    issues.push({ path: "uscg_cred", message: M.uscgCredRequired });
  }
  if (v.is_licensed === false) {
    if (blank(v.ssn)) issues.push({ path: "ssn", message: M.ssnRequired });
    else if (!SSN_PATTERN.test(String(v.ssn).trim())) issues.push({ path: "ssn", message: M.ssnInvalid });
  }
  if (v.is_company === true && blank(v.company_name)) {
    issues.push({ path: "company_name", message: M.companyNameRequired });
  }
  if (v.is_company === false && v.is_llc === true && blank(v.llc_name)) {
    issues.push({ path: "llc_name", message: M.llcNameRequired });
  }
  for (const i of issues) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
}, { when: () => true } as never);

export type MemberRegistration = z.infer<typeof MemberRegistrationBody>;

/** The DER payload of §3 (company_tax_id is the EIN). */
export const DerRegistrationBody = z.object({
  ...accountFields,
  company_name: required(M.companyNameRequired),
  company_dba: optionalText,
  company_address_one: optionalText,
  company_address_two: optionalText,
  company_state: optionalText,
  company_city: optionalText,
  company_country: optionalText,
  company_postal_code: optionalText,
  company_phone: required(M.companyPhoneRequired).refine(matching(PHONE_PATTERN), M.phoneInvalid),
  company_email: optionalMatching(EMAIL_PATTERN, M.emailInvalid),
  company_po_box: optionalText,
  company_tax_id: required(M.companyTaxIdRequired, 50),
});

export type DerRegistration = z.infer<typeof DerRegistrationBody>;

export const RegistrationResponse = z.object({
  token: z.string().describe("Session token (also set as an HttpOnly cookie); valid for 1 day."),
  user: z.object({
    user_id: z.number().int(),
    is_admin: z.boolean(),
    is_der: z.boolean(),
    full_name: z.string(),
  }),
});

const paymentMethodId = idNumber("payment_method_id must be a card id", "payment_method_id is required");

export const MembershipBody = z.object({
  payment_method_id: paymentMethodId,
  is_annual: z.boolean({ error: "is_annual is required" }),
});

export const ComplianceBody = z.object({ payment_method_id: paymentMethodId });

export const MembershipRecord = recordSchema(
  "membership",
  z.object({
    type: z.enum(["annual", "one_time"]),
    expire_at: z.string().nullable().describe("YYYY-MM-DD; null for a one-time membership"),
    failed: z.boolean(),
    is_renewable: z.boolean(),
    is_pending: z.boolean(),
    cancelled: z.boolean(),
    is_paused: z.boolean(),
    autorenew: z.boolean(),
  }),
);

export const MembershipResponse = z.object({ data: MembershipRecord });

export const ComplianceResponse = z.object({
  data: z.object({ business_id: z.number().int(), has_compliance_kit: z.literal(true) }),
});
