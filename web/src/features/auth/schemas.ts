/**
 * Login form rules. The texts are the specification's (public spec §5 "Other forms: Login") and must equal
 * the server's zod messages; a server test imports LOGIN_MESSAGES and compares.
 */
import * as v from "valibot";

export const LOGIN_MESSAGES = {
  emailRequired: "This field is required",
  emailInvalid: "Invalid Email",
  passwordRequired: "This field is required",
} as const;

/** A pragmatic address check (something@something.tld); the same pattern as the server's auth/schemas.ts. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
