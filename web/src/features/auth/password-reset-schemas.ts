/**
 * Forgot and reset password rules. The texts are the specification's (public spec §5 "Other forms"), shared
 * with the server through `@apca/rules/messages/auth` (decision 0055).
 */
import * as v from "valibot";
import { EMAIL_PATTERN, PASSWORD_RESET_MESSAGES, PASSWORD_TOO_LONG } from "@apca/rules/messages/auth";

const M = PASSWORD_RESET_MESSAGES;

// A missing field counts as empty, so it gets the field's own "required" text (as on the server) rather
// than valibot's generic "Invalid key".
const missingIsEmpty = <S extends v.GenericSchema<string, string>>(schema: S) => v.optional(schema, "");

const recaptcha = missingIsEmpty(
  v.pipe(
    v.string(M.recaptchaRequired),
    v.nonEmpty(M.recaptchaRequired),
    v.maxLength(4000, M.recaptchaRequired),
  ),
);

const password = missingIsEmpty(
  v.pipe(v.string(M.required), v.nonEmpty(M.required), v.maxLength(1024, PASSWORD_TOO_LONG)),
);

export const ForgotPasswordSchema = v.object({
  email: missingIsEmpty(v.pipe(
    v.string(M.required),
    v.trim(),
    v.nonEmpty(M.required),
    v.maxLength(254, M.emailInvalid),
    v.regex(EMAIL_PATTERN, M.emailInvalid),
  )),
  recaptcha,
});

export type ForgotPasswordInput = v.InferOutput<typeof ForgotPasswordSchema>;

/**
 * True when both passwords are filled in and differ. The schema's check runs only once every field is valid
 * (forms validate with abortPipeEarly), so the reset form also asks this directly to show the mismatch at once.
 */
export function passwordsDiffer(value: unknown): boolean {
  const { password, confirm_password } = (value ?? {}) as Record<string, unknown>;
  return typeof password === "string" && password !== "" && typeof confirm_password === "string" &&
    confirm_password !== "" && password !== confirm_password;
}

export const ResetPasswordSchema = v.pipe(
  v.object({
    token: missingIsEmpty(
      v.pipe(v.string(M.invalidLink), v.nonEmpty(M.invalidLink), v.maxLength(200, M.invalidLink)),
    ),
    password,
    confirm_password: password,
    recaptcha,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!passwordsDiffer(dataset.value)) return;
    const input = dataset.value as Record<string, unknown>;
    addIssue({
      message: M.mismatch,
      path: [{
        type: "object",
        origin: "value",
        input,
        key: "confirm_password",
        value: input.confirm_password,
      }],
    });
  }),
);

export type ResetPasswordInput = v.InferOutput<typeof ResetPasswordSchema>;
