/**
 * The server's forgot and reset password schemas say what the shared cases say
 * (`@apca/rules/messages/auth-cases`); the web's forms run the same cases
 * (web/src/features/auth/messages.test.ts), so both reject alike in the same words.
 */
import {
  CHANGE_PASSWORD_CASES,
  FORGOT_PASSWORD_CASES,
  RESET_PASSWORD_CASES,
} from "@apca/rules/messages/auth-cases";
import { assertEquals } from "../testing/assert.ts";
import { ChangePasswordBody, ForgotPasswordBody, ResetPasswordBody } from "./schemas.ts";

/** The first message per field, as each side's form shows it. */
const serverIssues = (
  schema: typeof ForgotPasswordBody | typeof ResetPasswordBody | typeof ChangePasswordBody,
  input: unknown,
) =>
  Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );

Deno.test("forgot password: the server rejects as the shared cases say", () => {
  for (const [input, issues] of FORGOT_PASSWORD_CASES) {
    assertEquals(serverIssues(ForgotPasswordBody, input), issues, JSON.stringify(input));
  }
});

Deno.test("reset password: the server rejects as the shared cases say", () => {
  for (const [input, issues] of RESET_PASSWORD_CASES) {
    assertEquals(serverIssues(ResetPasswordBody, input), issues, JSON.stringify(input));
  }
});

Deno.test("change password: the server rejects as the shared cases say", () => {
  for (const [input, issues] of CHANGE_PASSWORD_CASES) {
    assertEquals(serverIssues(ChangePasswordBody, input), issues, JSON.stringify(input));
  }
});
