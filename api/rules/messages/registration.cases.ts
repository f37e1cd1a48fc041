/**
 * What the registration forms must say for given input: the messages per field. The server's zod schemas
 * (api/src/registration/registration-messages.test.ts) and the web's valibot schemas
 * (web/src/features/registration/messages.test.ts) each run these, so the two agree without one side
 * importing the other (decision 0055).
 */
import type { Verdicts } from "./auth.cases.ts";
import { REGISTRATION_MESSAGES as M } from "./registration.ts";

/** A valid member payload (public spec §3); `more` overrides fields. */
export const member = (more: Record<string, unknown> = {}): Record<string, unknown> => ({
  email: "member@example.com",
  password: "anchors-aweigh-1",
  recaptcha: "a captcha token",
  opt_in_text: true,
  first_name: "Pat",
  middle_name: "Q",
  last_name: "Mariner",
  terms_and_conditions: true,
  phone: "(504) 555-0100",
  address_one: "1 Levee Rd",
  city: "New Orleans",
  state: "LA",
  postal_code: "70112",
  country: "United States of America",
  is_licensed: false,
  ssn: "1234",
  is_company: false,
  ...more,
});

/** A valid DER payload (public spec §3); `more` overrides fields. */
export const der = (more: Record<string, unknown> = {}): Record<string, unknown> => ({
  email: "der@example.com",
  password: "anchors-aweigh-1",
  recaptcha: "a captcha token",
  first_name: "Dana",
  last_name: "Reed",
  terms_and_conditions: true,
  company_name: "Gulf Tugs LLC",
  company_dba: "Gulf Tugs",
  company_city: "Houma",
  company_phone: "+1 985-555-0100",
  company_email: "office@gulftugs.example",
  company_tax_id: "12-3456789",
  ...more,
});

/** Member payloads: every field's first message, as a plain parse reports it. */
export const MEMBER_CASES: Verdicts = [
  [member(), {}],
  [member({ email: "", password: "", first_name: " ", phone: "12", postal_code: "7a" }), {
    postal_code: M.postalCodeInvalid,
    phone: M.phoneInvalid,
    first_name: M.firstNameRequired,
    password: M.passwordRequired,
    email: M.emailRequired,
  }],
  [member({ password: "short", email: "a@b" }), { password: M.passwordTooShort, email: M.emailInvalid }],
  [member({ is_licensed: true, ssn: undefined }), { uscg_cred: M.uscgCredRequired }],
  [member({ ssn: "12345" }), { ssn: M.ssnInvalid }],
  [member({ is_company: true }), { company_name: M.companyNameRequired }],
  [member({ is_company: true, company_name: "X", company_phone: "555" }), { company_phone: M.phoneInvalid }],
  [member({ is_llc: true }), { llc_name: M.llcNameRequired }],
  [member({ is_licensed: undefined, is_company: undefined }), {
    is_company: M.businessOptionRequired,
    is_licensed: M.licenseRequired,
  }],
  [member({ terms_and_conditions: false }), { terms_and_conditions: M.termsRequired }],
];

/** DER payloads, likewise. */
export const DER_CASES: Verdicts = [
  [der(), {}],
  [der({ company_name: "", company_phone: "", company_tax_id: "" }), {
    company_tax_id: M.companyTaxIdRequired,
    company_phone: M.companyPhoneRequired,
    company_name: M.companyNameRequired,
  }],
  [der({ company_phone: "123", company_email: "x@" }), {
    company_email: M.emailInvalid,
    company_phone: M.phoneInvalid,
  }],
];

/** Missing, null and wrong-typed member answers: the first message per field, as the forms show them (abortPipeEarly). */
export const MEMBER_FORM_CASES: Verdicts = [
  [{}, {
    is_company: M.businessOptionRequired,
    is_licensed: M.licenseRequired,
    postal_code: M.postalCodeRequired,
    state: M.stateRequired,
    city: M.cityRequired,
    address_one: M.addressOneRequired,
    phone: M.phoneRequired,
    last_name: M.lastNameRequired,
    first_name: M.firstNameRequired,
    terms_and_conditions: M.termsRequired,
    recaptcha: M.recaptchaRequired,
    password: M.passwordRequired,
    email: M.emailRequired,
  }],
  [member({ email: "  ", last_name: "", recaptcha: "", terms_and_conditions: "yes" }), {
    last_name: M.lastNameRequired,
    terms_and_conditions: M.termsRequired,
    recaptcha: M.recaptchaRequired,
    email: M.emailRequired,
  }],
  [member({ email: null, first_name: null, middle_name: null, address_two: null }), {
    first_name: M.firstNameRequired,
    email: M.emailRequired,
  }],
  [member({ phone: "", address_one: "", city: "", state: "", postal_code: "" }), {
    postal_code: M.postalCodeRequired,
    state: M.stateRequired,
    city: M.cityRequired,
    address_one: M.addressOneRequired,
    phone: M.phoneRequired,
  }],
  [member({ phone: "+1 504.555.0123", email: " Pat@Example.com " }), {}],
  [member({ country: "" }), { country: M.countryRequired }],
  [member({ country: undefined }), {}],
  [member({ is_licensed: "yes", is_company: "company" }), {
    is_company: M.businessOptionRequired,
    is_licensed: M.licenseRequired,
  }],
  [member({ is_licensed: null, is_company: null }), {
    is_company: M.businessOptionRequired,
    is_licensed: M.licenseRequired,
  }],
  [member({ is_licensed: true, uscg_cred: "" }), { uscg_cred: M.uscgCredRequired }],
  [member({ is_licensed: true, uscg_cred: null, ssn: "not checked when licensed" }), {
    uscg_cred: M.uscgCredRequired,
  }],
  [member({ ssn: "" }), { ssn: M.ssnRequired }],
  [member({ ssn: "12" }), { ssn: M.ssnInvalid }],
  [member({ is_company: true, company_name: "Gulf Tugs", company_phone: "" }), {}],
  [member({ is_company: true, company_name: "Gulf Tugs", company_phone: "504 555 0100" }), {}],
  [member({ is_company: false, company_phone: "12" }), { company_phone: M.phoneInvalid }],
  [member({ is_llc: true, llc_name: " " }), { llc_name: M.llcNameRequired }],
  [member({ is_llc: true, llc_name: "Pat LLC", business_name: "Pat's" }), {}],
  [member({ is_company: true, company_name: "Gulf Tugs", is_llc: true }), {}],
];

/** DER answers, likewise. */
export const DER_FORM_CASES: Verdicts = [
  [{}, {
    company_tax_id: M.companyTaxIdRequired,
    company_phone: M.companyPhoneRequired,
    company_name: M.companyNameRequired,
    last_name: M.lastNameRequired,
    first_name: M.firstNameRequired,
    terms_and_conditions: M.termsRequired,
    recaptcha: M.recaptchaRequired,
    password: M.passwordRequired,
    email: M.emailRequired,
  }],
  [der({ company_email: "" }), {}],
  [der({ company_dba: null, company_email: null }), {}],
  [der({ terms_and_conditions: "yes", recaptcha: "  ", password: "1234567" }), {
    terms_and_conditions: M.termsRequired,
    recaptcha: M.recaptchaRequired,
    password: M.passwordTooShort,
  }],
];
