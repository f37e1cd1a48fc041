/**
 * The contact form's request shape and its messages. The specification gives no texts for this form, so these
 * follow its style for the same kinds of field (§5 Member); the web's valibot schema uses the same words
 * (`@apca/rules/messages/contact`) and both sides test their schema against the same cases.
 */
import { z } from "zod";
import { EMAIL_PATTERN } from "@apca/rules/messages/auth";
import { CONTACT_LIMITS, CONTACT_MESSAGES, PHONE_PATTERN } from "@apca/rules/messages/contact";

// The words, the phone pattern and the limits live once in the shared rules member (decision 0055).
export { CONTACT_LIMITS, CONTACT_MESSAGES, PHONE_PATTERN };

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
