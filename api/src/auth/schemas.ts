/** Request and response shapes of the session endpoints, with the specification's messages (§5 Login). */
import { z } from "zod";

import { EMAIL_PATTERN, LOGIN_MESSAGES } from "@apca/rules/messages/auth";

// The words and the pattern live once in the shared rules member (decision 0055).
export { EMAIL_PATTERN, LOGIN_MESSAGES };

export const LoginBody = z.object({
  email: z.string({ error: LOGIN_MESSAGES.emailRequired }).trim()
    .min(1, LOGIN_MESSAGES.emailRequired)
    .max(254, LOGIN_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, LOGIN_MESSAGES.emailInvalid),
  password: z.string({ error: LOGIN_MESSAGES.passwordRequired })
    .min(1, LOGIN_MESSAGES.passwordRequired)
    .max(1024, "Password is too long."),
});

export const SessionUserBody = z.object({
  user_id: z.number().int(),
  is_admin: z.boolean(),
  is_der: z.boolean(),
  full_name: z.string(),
  second_factor: z.enum(["off", "enrol", "verify", "verified"]).describe(
    "This session's second factor (decision 0043): enrol and verify must be completed before any other call.",
  ),
});

export const LoginResponse = z.object({
  token: z.string().describe("Session token (also set as an HttpOnly cookie); valid for 1 day."),
  user: SessionUserBody,
});
