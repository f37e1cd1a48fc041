/**
 * Login form rules. The texts are the specification's (public spec §5 "Other forms: Login"), shared with the
 * server through `@apca/rules/messages/auth` (decision 0055).
 */
import * as v from "valibot";
import { EMAIL_PATTERN, LOGIN_MESSAGES } from "@apca/rules/messages/auth";

export const LoginSchema = v.object({
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(LOGIN_MESSAGES.emailRequired),
    v.regex(EMAIL_PATTERN, LOGIN_MESSAGES.emailInvalid),
  ),
  password: v.pipe(v.string(), v.nonEmpty(LOGIN_MESSAGES.passwordRequired)),
});

export type LoginInput = v.InferOutput<typeof LoginSchema>;
