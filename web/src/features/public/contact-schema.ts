/**
 * Contact form rules. The texts must equal the server's (api/src/contact/schemas.ts); a server test imports
 * CONTACT_MESSAGES and this schema and compares them on the same inputs.
 */
import * as v from "valibot";

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required!",
  nameTooLong: "Name must be at most 200 characters",
  emailRequired: "Email is required!",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  messageRequired: "Message is required!",
  messageTooLong: "Message must be at most 5000 characters",
  // The captcha field's own text (components/captcha-field.tsx); a literal so the server test needs no DOM.
  recaptchaRequired: "Recaptcha is required",
  sent: "Thank you for your message. We will be in touch soon.",
} as const;

/** The same patterns as the server's. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;
export const CONTACT_LIMITS = { name: 200, message: 5000 } as const;

// A missing key counts as an empty field, as on the server.
const text = (required: string) => v.pipe(v.optional(v.string(required), ""), v.trim(), v.nonEmpty(required));

export const ContactSchema = v.object({
  name: v.pipe(
    text(CONTACT_MESSAGES.nameRequired),
    v.maxLength(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  ),
  email: v.pipe(
    text(CONTACT_MESSAGES.emailRequired),
    v.maxLength(254, CONTACT_MESSAGES.emailInvalid),
    v.regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
  ),
  phone: v.pipe(
    v.optional(v.string(CONTACT_MESSAGES.phoneInvalid), ""),
    v.trim(),
    v.check((p) => p === "" || PHONE_PATTERN.test(p), CONTACT_MESSAGES.phoneInvalid),
    v.transform((p) => p || undefined),
  ),
  message: v.pipe(
    text(CONTACT_MESSAGES.messageRequired),
    v.maxLength(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  ),
  recaptcha: v.pipe(
    v.optional(v.string(CONTACT_MESSAGES.recaptchaRequired), ""),
    v.nonEmpty(CONTACT_MESSAGES.recaptchaRequired),
  ),
});

export type ContactInput = v.InferOutput<typeof ContactSchema>;
