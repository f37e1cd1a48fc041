/**
 * What the forms that take a company's or a person's contact fields share (registration's wizard, a business's
 * add and manage): the e-mail and phone patterns and the messages of the company fields, in the specification's
 * words (public spec §5). Kept here, below both domains (decision 0051): businesses sits under registration in
 * the layers (decision 0048). The web has the same words (registration-messages.test.ts compares them).
 */

/** something@something.tld, as everywhere else in the product. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A US number, optionally with +1: 5045550100, (504) 555-0100, +1 504-555-0100, 504.555.0100. */
export const PHONE_PATTERN = /^(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const COMPANY_FIELD_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  companyNameRequired: "Company Name is required!",
  llcNameRequired: "LLC Name is required!",
  companyTaxIdRequired: "Company Tax ID is required",
} as const;
