/**
 * The contact form's request shape and its messages. The specification gives no texts for this form, so these
 * follow its style for the same kinds of field (§5 Member); the web's valibot schema uses the same words and
 * messages.test.ts keeps the two in step.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "../auth/schemas.ts";
import { CAPTCHA_MESSAGES } from "../integrations/captcha/captcha.ts";

export const CONTACT_MESSAGES = {
  nameRequired: "Name is required!",
  nameTooLong: "Name must be at most 200 characters",
  emailRequired: "Email is required!",
  emailInvalid: "Please enter a valid email address",
  phoneInvalid: "Please enter a valid phone number",
  messageRequired: "Message is required!",
  messageTooLong: "Message must be at most 5000 characters",
  recaptchaRequired: CAPTCHA_MESSAGES.required,
  sent: "Thank you for your message. We will be in touch soon.",
} as const;

/** US numbers with an optional +1: 504-555-0100, (504) 555 0100, +1 504.555.0100. */
export const PHONE_PATTERN = /^(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/;

export const CONTACT_LIMITS = { name: 200, message: 5000 } as const;

export const ContactBody = z.object({
  name: z.string({ error: CONTACT_MESSAGES.nameRequired }).trim()
    .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
    .max(CONTACT_LIMITS.name, CONTACT_MESSAGES.nameTooLong),
  email: z.string({ error: CONTACT_MESSAGES.emailRequired }).trim()
    .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
    .max(254, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
    .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid),
  // Optional: a blank field is the same as none.
  phone: z.string({ error: CONTACT_MESSAGES.phoneInvalid }).trim()
    .refine((p) => p === "" || PHONE_PATTERN.test(p), CONTACT_MESSAGES.phoneInvalid)
    .optional()
    .transform((p) => p || undefined),
  message: z.string({ error: CONTACT_MESSAGES.messageRequired }).trim()
    .min(1, { error: CONTACT_MESSAGES.messageRequired, abort: true })
    .max(CONTACT_LIMITS.message, CONTACT_MESSAGES.messageTooLong),
  recaptcha: z.string({ error: CONTACT_MESSAGES.recaptchaRequired })
    .min(1, CONTACT_MESSAGES.recaptchaRequired)
    .max(4000, CONTACT_MESSAGES.recaptchaRequired)
    .describe("Token from the captcha widget (GET /api/config/public says which)."),
});

export type ContactInput = z.infer<typeof ContactBody>;

export const ContactResponse = z.object({ id: z.number().int(), message: z.string() });
