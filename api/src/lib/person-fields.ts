/**
 * A person's account fields as the specification words them (public spec §5: Account, Member): the messages and
 * patterns that registration, a user's profile and an employee request share. They sit below every domain so
 * that users and employees need not import registration (decision 0050). The web mirrors them
 * (web/src/features/registration/schemas.ts); registration-messages.test.ts compares them.
 */
import { COMPANY_FIELD_MESSAGES } from "./company-fields.ts";

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
  /** §8: the 422 the web shows with a link to /login. */
  emailTaken:
    "This email is already associated with an APCA account. Perhaps you can attempt to login into your account instead.",
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_COUNTRY = "United States of America";

/** The e-mail and phone patterns are a company's too (lib/company-fields.ts). */
export { EMAIL_PATTERN, PHONE_PATTERN } from "./company-fields.ts";
export const POSTAL_CODE_PATTERN = /^\d+$/;
export const SSN_PATTERN = /^\d{4}$/;
