/**
 * Contact form rules. The words, the patterns and the limits are shared with the server through
 * `@apca/rules/messages/...` (decision 0055).
 */
import * as v from "valibot";
import { EMAIL_PATTERN } from "@apca/rules/messages/auth";
import { CONTACT_LIMITS, CONTACT_MESSAGES, PHONE_PATTERN } from "@apca/rules/messages/contact";

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
