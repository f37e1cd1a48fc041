/**
 * The words of the contact form. The specification gives no texts for this form, so these follow its style
 * for the same kinds of field (§5 Member). Both the server's zod schema and the web's valibot form import
 * these (decision 0055).
 */

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required!",
  nameTooLong: "Name must be at most 200 characters",
  emailRequired: "Email is required!",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  messageRequired: "Message is required!",
  messageTooLong: "Message must be at most 5000 characters",
  recaptchaRequired: "Recaptcha is required",
  sent: "Thank you for your message. We will be in touch soon.",
} as const;

/** US numbers with an optional +1: 504-555-0100, (504) 555 0100, +1 504.555.0100. */
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const CONTACT_LIMITS = { name: 200, message: 5000 } as const;
