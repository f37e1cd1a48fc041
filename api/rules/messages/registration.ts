/**
 * A person's and a company's account fields as the specification words them (public spec §5: Account, Member,
 * DER): the messages and patterns that registration, a user's profile, an employee request and a business's
 * forms share. Both the server's zod schemas and the web's valibot forms import these (decision 0055).
 */
import { EMAIL_PATTERN } from "./auth.ts";

/** something@something.tld, as everywhere else in the product. */
export { EMAIL_PATTERN };
/** A US number, optionally with +1: 5045550100, (504) 555-0100, +1 504-555-0100, 504.555.0100. */
export const PHONE_PATTERN = /^(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const POSTAL_CODE_PATTERN = /^\d+$/;
export const SSN_PATTERN = /^\d{4}$/;

/** The messages of a company's fields (registration's DER step, a business's add and manage). */
export const COMPANY_FIELD_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  companyNameRequired: "Company Name is required!",
  llcNameRequired: "LLC Name is required!",
  companyTaxIdRequired: "Company Tax ID is required",
} as const;

export const REGISTRATION_MESSAGES = {
  emailRequired: "Email is required!",
  emailInvalid: COMPANY_FIELD_MESSAGES.emailInvalid,
  passwordRequired: "Password is required!",
  recaptchaRequired: "Recaptcha is required",
  termsRequired: "Terms and conditions are required",
  firstNameRequired: "First Name is required!",
  lastNameRequired: "Last Name is required!",
  phoneRequired: "Phone number is required!",
  phoneInvalid: COMPANY_FIELD_MESSAGES.phoneInvalid,
  addressOneRequired: "Address One is required!",
  countryRequired: "Country is required!",
  stateRequired: "State is required!",
  cityRequired: "City is required!",
  postalCodeRequired: "Postal Code is required!",
  postalCodeInvalid: "Postal Code must be numeric",
  licenseRequired: "License status is required!",
  uscgCredRequired: "USCG Crendentials are required",
  ssnRequired: "Social Security Number is required",
  ssnInvalid: "Only last 4 digits of SSN are allowed",
  businessOptionRequired: "Business option is required!",
  companyNameRequired: COMPANY_FIELD_MESSAGES.companyNameRequired,
  llcNameRequired: COMPANY_FIELD_MESSAGES.llcNameRequired,
  companyPhoneRequired: "Company Phone is required!",
  companyTaxIdRequired: COMPANY_FIELD_MESSAGES.companyTaxIdRequired,
  /** Not in the specification: a floor so an account is not one keystroke from guessed. */
  passwordTooShort: "Password must be at least 8 characters",
  /** §8: the 422 (code EMAIL_TAKEN) shown as a warning with a link to /login. */
  emailTaken:
    "This email is already associated with an APCA account. Perhaps you can attempt to login into your account instead.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_COUNTRY = "United States of America";
