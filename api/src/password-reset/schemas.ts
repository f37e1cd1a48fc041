/** Request and response shapes of password reset, with the specification's messages (§5 Other forms). */
import { z } from "zod";
import {
  EMAIL_PATTERN,
  PASSWORD_CHANGE_MESSAGES,
  PASSWORD_RESET_MESSAGES,
  PASSWORD_TOO_LONG,
} from "@apca/rules/messages/auth";
import { PASSWORD_MIN_LENGTH } from "@apca/rules/messages/registration";

// The words live once in the shared rules member (decision 0055); the server has called them RESET_MESSAGES.
export const RESET_MESSAGES = PASSWORD_RESET_MESSAGES;
export { PASSWORD_CHANGE_MESSAGES };

const required = (max: number, tooLong: string) =>
  z.string({ error: RESET_MESSAGES.required }).min(1, RESET_MESSAGES.required).max(max, tooLong);

const recaptcha = z.string({ error: RESET_MESSAGES.recaptchaRequired })
  .min(1, RESET_MESSAGES.recaptchaRequired)
  .max(4000, RESET_MESSAGES.recaptchaRequired)
  .describe("Token from the captcha widget (GET /api/config/public says which).");

export const ForgotPasswordBody = z.object({
  email: z.string({ error: RESET_MESSAGES.required }).trim()
    .min(1, { error: RESET_MESSAGES.required, abort: true })
    .max(254, RESET_MESSAGES.emailInvalid)
    .regex(EMAIL_PATTERN, RESET_MESSAGES.emailInvalid),
  recaptcha,
});

export const ResetPasswordBody = z.object({
  token: z.string({ error: RESET_MESSAGES.invalidLink }).min(1, RESET_MESSAGES.invalidLink)
    .max(200, RESET_MESSAGES.invalidLink)
    .describe("The token from the e-mailed link /reset-password/{token}."),
  password: required(1024, PASSWORD_TOO_LONG),
  confirm_password: required(1024, PASSWORD_TOO_LONG),
  recaptcha,
}).refine((b) => b.password === b.confirm_password, {
  path: ["confirm_password"],
  message: RESET_MESSAGES.mismatch,
  // Compare as soon as both passwords are there, even when another field (say recaptcha) is missing.
  when: (payload) => {
    const v = payload.value as { password?: unknown; confirm_password?: unknown };
    return typeof v?.password === "string" && v.password !== "" && typeof v.confirm_password === "string" &&
      v.confirm_password !== "";
  },
});

export const MessageResponse = z.object({ message: z.string() });

const C = PASSWORD_CHANGE_MESSAGES;
const filled = () => z.string({ error: C.required }).min(1, C.required).max(1024, PASSWORD_TOO_LONG);

/** Change password while signed in: the new one follows registration's rules (decision 0071). */
export const ChangePasswordBody = z.object({
  current_password: filled(),
  password: filled().refine((s) => s === "" || s.length >= PASSWORD_MIN_LENGTH, C.tooShort),
  confirm_password: filled(),
}).refine((b) => b.password === b.confirm_password, {
  path: ["confirm_password"],
  message: C.mismatch,
  when: (payload) => {
    const v = payload.value as { password?: unknown; confirm_password?: unknown };
    return typeof v?.password === "string" && v.password !== "" && typeof v.confirm_password === "string" &&
      v.confirm_password !== "";
  },
});
