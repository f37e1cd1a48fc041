/**
 * The web's login, forgot and reset password forms say what the shared cases say
 * (`@apca/rules/messages/auth-cases`); the server's schemas run the same cases, so both reject alike in the
 * same words.
 */
import assert from "node:assert/strict";
import * as v from "valibot";
import { FORGOT_PASSWORD_CASES, LOGIN_CASES, RESET_PASSWORD_CASES } from "@apca/rules/messages/auth-cases";
import { ForgotPasswordSchema, ResetPasswordSchema } from "./password-reset-schemas.ts";
import { LoginSchema } from "./schemas.ts";

const webIssues = (schema: v.GenericSchema, input: unknown) =>
  Object.fromEntries(
    (v.safeParse(schema, input).issues ?? []).map((i) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("login: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of LOGIN_CASES) {
    assert.deepStrictEqual(webIssues(LoginSchema, input), issues, JSON.stringify(input));
  }
});

Deno.test("forgot password: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of FORGOT_PASSWORD_CASES) {
    assert.deepStrictEqual(webIssues(ForgotPasswordSchema, input), issues, JSON.stringify(input));
  }
});

Deno.test("reset password: the web form rejects as the shared cases say", () => {
  for (const [input, issues] of RESET_PASSWORD_CASES) {
    assert.deepStrictEqual(webIssues(ResetPasswordSchema, input), issues, JSON.stringify(input));
  }
});
