/**
 * Registration rules (public spec §5: Account, Member, DER). The texts and patterns are the specification's,
 * shared with the server through `@apca/rules/messages/registration` (decision 0055), and both sides run their
 * schema over the same cases (`@apca/rules/messages/registration-cases`). The schemas take the JSON payload of §3 (booleans,
 * strings), so the forms turn their fields into that shape first; the confirm password is web-only.
 * Which fields apply depends on earlier answers (licensed or not, company or self-employed, LLC or not),
 * so the schemas are `v.lazy`: they pick their entries from the input.
 */
import type { DerRegistrationRequest, MemberRegistrationRequest } from "@api/contract";
import * as v from "valibot";
import { PASSWORD_TOO_LONG } from "@apca/rules/messages/auth";
import {
  DEFAULT_COUNTRY,
  EMAIL_PATTERN,
  PASSWORD_MIN_LENGTH,
  PHONE_PATTERN,
  POSTAL_CODE_PATTERN,
  REGISTRATION_MESSAGES,
  SSN_PATTERN,
} from "@apca/rules/messages/registration";

/** Web-only: the server never sees the confirmation. */
export const CONFIRM_PASSWORD_MESSAGES = {
  required: "Confirm Password is Required!",
  mismatch: "Passwords do not match",
} as const;

const M = REGISTRATION_MESSAGES;

/** The SSN input keeps digits only and at most four of them (spec §5). */
export const ssnDigits = (value: string): string => value.replace(/\D/g, "").slice(0, 4);

// A missing field counts as empty, so it gets its own "required" text rather than valibot's "Invalid key".
const required = (message: string, pattern?: v.RegexAction<string, string>) =>
  v.optional(
    pattern
      ? v.pipe(v.string(message), v.trim(), v.nonEmpty(message), pattern)
      : v.pipe(v.string(message), v.trim(), v.nonEmpty(message)),
    "",
  );
const optionalText = v.nullish(v.pipe(v.string(), v.trim()));
const optionalMatching = (pattern: RegExp, message: string) =>
  v.nullish(v.pipe(v.string(message), v.trim(), v.check((s) => s === "" || pattern.test(s), message)));
// A missing choice becomes null, which fails with the choice's own message.
const choice = (message: string) => v.optional(v.boolean(message), null as never);

const accountEntries = {
  email: required(M.emailRequired, v.regex(EMAIL_PATTERN, M.emailInvalid)),
  password: v.optional(
    v.pipe(
      v.string(M.passwordRequired),
      v.nonEmpty(M.passwordRequired),
      v.minLength(PASSWORD_MIN_LENGTH, M.passwordTooShort),
      v.maxLength(1024, PASSWORD_TOO_LONG),
    ),
    "",
  ),
  recaptcha: required(M.recaptchaRequired),
  opt_in_text: v.optional(v.boolean(), true),
  terms_and_conditions: v.optional(v.literal(true, M.termsRequired), false as never),
  first_name: required(M.firstNameRequired),
  middle_name: optionalText,
  last_name: required(M.lastNameRequired),
};

const memberEntries = {
  ...accountEntries,
  phone: required(M.phoneRequired, v.regex(PHONE_PATTERN, M.phoneInvalid)),
  address_one: required(M.addressOneRequired),
  address_two: optionalText,
  city: required(M.cityRequired),
  state: required(M.stateRequired),
  postal_code: required(M.postalCodeRequired, v.regex(POSTAL_CODE_PATTERN, M.postalCodeInvalid)),
  // Like the server: a payload without a country means the default one; an empty field is refused.
  country: v.optional(
    v.pipe(v.string(M.countryRequired), v.trim(), v.nonEmpty(M.countryRequired)),
    DEFAULT_COUNTRY,
  ),
  is_licensed: choice(M.licenseRequired),
  is_company: choice(M.businessOptionRequired),
  // Checked whenever given, as on the server (the form sends it only for a company).
  company_phone: optionalMatching(PHONE_PATTERN, M.phoneInvalid),
};

const licensedEntries = { uscg_cred: required(M.uscgCredRequired) };
const unlicensedEntries = { ssn: required(M.ssnRequired, v.regex(SSN_PATTERN, M.ssnInvalid)) };

const companyEntries = {
  company_name: required(M.companyNameRequired),
  company_address_one: optionalText,
  company_address_two: optionalText,
  company_state: optionalText,
  company_country: optionalText,
  company_postal_code: optionalText,
  company_po_box: optionalText,
};

const selfEmployedEntries = {
  is_llc: v.optional(v.boolean(), false),
  llc_name: optionalText,
  business_name: optionalText,
};
const llcEntries = { ...selfEmployedEntries, llc_name: required(M.llcNameRequired) };

const field = (input: unknown, key: string): unknown =>
  input && typeof input === "object" ? (input as Record<string, unknown>)[key] : undefined;

/** The member payload of §3 (the server's request type); fields of the branches not taken are dropped. */
export type MemberRegistration = MemberRegistrationRequest;

const memberObject = (input: unknown) => {
  const licensed = field(input, "is_licensed");
  const company = field(input, "is_company");
  return v.object({
    ...memberEntries,
    ...(licensed === true ? licensedEntries : licensed === false ? unlicensedEntries : {}),
    ...(company === true
      ? companyEntries
      : company === false
      ? (field(input, "is_llc") === true ? llcEntries : selfEmployedEntries)
      : {}),
  }) as v.GenericSchema<unknown, MemberRegistration>;
};

export const MemberRegistrationSchema = v.lazy(memberObject);

/** The DER payload of §3 (the server's request type). */
export type DerRegistration = DerRegistrationRequest;

const derEntries = {
  ...accountEntries,
  company_name: required(M.companyNameRequired),
  company_dba: optionalText,
  company_address_one: optionalText,
  company_address_two: optionalText,
  company_state: optionalText,
  company_city: optionalText,
  company_country: optionalText,
  company_postal_code: optionalText,
  company_phone: required(M.companyPhoneRequired, v.regex(PHONE_PATTERN, M.phoneInvalid)),
  company_email: optionalMatching(EMAIL_PATTERN, M.emailInvalid),
  company_po_box: optionalText,
  company_tax_id: required(M.companyTaxIdRequired),
};

export const DerRegistrationSchema = v.object(derEntries) as v.GenericSchema<unknown, DerRegistration>;

/** The confirmation field the forms add; it compares with the password of the same input. */
const confirmEntry = (input: unknown) => ({
  confirm_password: v.optional(
    v.pipe(
      v.string(CONFIRM_PASSWORD_MESSAGES.required),
      v.nonEmpty(CONFIRM_PASSWORD_MESSAGES.required),
      v.check((value) => value === field(input, "password"), CONFIRM_PASSWORD_MESSAGES.mismatch),
    ),
    "",
  ),
});

/** The member form: the payload plus the web-only confirmation (dropped from the output). */
export const MemberFormSchema = v.lazy((input) =>
  v.pipe(
    v.intersect([memberObject(input), v.object(confirmEntry(input))]),
    v.transform(({ confirm_password: _, ...payload }) => payload as MemberRegistration),
  )
);

/** The DER form: the payload plus the web-only confirmation (dropped from the output). */
export const DerFormSchema = v.lazy((input) =>
  v.pipe(
    v.object({ ...derEntries, ...confirmEntry(input) }),
    v.transform(({ confirm_password: _, ...payload }) => payload as DerRegistration),
  )
);
