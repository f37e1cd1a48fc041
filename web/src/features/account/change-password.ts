/**
 * Change password while signed in (issue 25 item 2, decision 0071): the form's rules, with the server's words
 * from `@apca/rules/messages/auth` (decision 0055), and the call.
 */
import * as v from "valibot";
import { PASSWORD_CHANGE_MESSAGES, PASSWORD_TOO_LONG } from "@apca/rules/messages/auth";
import { PASSWORD_MIN_LENGTH } from "@apca/rules/messages/registration";
import type { ChangePasswordRequest, PasswordMessageAnswer } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

export { PASSWORD_CHANGE_MESSAGES };
const C = PASSWORD_CHANGE_MESSAGES;

const filled = () =>
  v.optional(v.pipe(v.string(C.required), v.nonEmpty(C.required), v.maxLength(1024, PASSWORD_TOO_LONG)), "");

/** True when both new passwords are filled in and differ (shown at once, with the other errors). */
export function newPasswordsDiffer(value: unknown): boolean {
  const { password, confirm_password } = (value ?? {}) as Record<string, unknown>;
  return typeof password === "string" && password !== "" && typeof confirm_password === "string" &&
    confirm_password !== "" && password !== confirm_password;
}

export const ChangePasswordSchema = v.pipe(
  v.object({
    current_password: filled(),
    password: v.optional(
      v.pipe(
        v.string(C.required),
        v.nonEmpty(C.required),
        v.minLength(PASSWORD_MIN_LENGTH, C.tooShort),
        v.maxLength(1024, PASSWORD_TOO_LONG),
      ),
      "",
    ),
    confirm_password: filled(),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!newPasswordsDiffer(dataset.value)) return;
    const input = dataset.value as Record<string, unknown>;
    addIssue({
      message: C.mismatch,
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

/** Sets a new password; every other session of the account ends, this one stays (a 422 on a wrong current). */
export function changePassword(body: ChangePasswordRequest): Promise<PasswordMessageAnswer> {
  return call("/auth/account/password").POST({ body });
}
