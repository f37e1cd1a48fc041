/** The web (valibot) and the server (zod) must reject the same forgot and reset password input in the same words. */
import * as v from "valibot";
import {
  ForgotPasswordSchema as WebForgot,
  PASSWORD_RESET_MESSAGES as WEB_MESSAGES,
  ResetPasswordSchema as WebReset,
} from "../../../web/src/features/auth/password-reset-schemas.ts";
import { assertEquals } from "../testing/assert.ts";
import { ForgotPasswordBody, RESET_MESSAGES, ResetPasswordBody } from "./schemas.ts";

/** The first message per field, as each side's form shows it. */
const serverIssues = (schema: typeof ForgotPasswordBody | typeof ResetPasswordBody, input: unknown) =>
  Object.fromEntries(
    (schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]).reverse(),
  );
const webIssues = (schema: typeof WebForgot | typeof WebReset, input: unknown) =>
  Object.fromEntries(
    (v.safeParse(schema, input).issues ?? []).map((
      i: v.BaseIssue<unknown>,
    ) => [v.getDotPath(i) ?? "", i.message]).reverse(),
  );

Deno.test("password reset: web and server messages agree", () => {
  assertEquals(WEB_MESSAGES, RESET_MESSAGES);
});

Deno.test("forgot password: web and server reject the same input alike", () => {
  const cases = [
    {},
    { email: "", recaptcha: "" },
    { email: "   ", recaptcha: "token" },
    { email: "no-at-sign", recaptcha: "token" },
    { email: "a@b", recaptcha: "" },
    { email: `${"a".repeat(250)}@example.com`, recaptcha: "token" },
    { email: "mariner@example.com" },
    { email: "mariner@example.com", recaptcha: "x".repeat(4001) },
    { email: " Mariner@Example.com ", recaptcha: "token" },
  ];
  for (const input of cases) {
    assertEquals(webIssues(WebForgot, input), serverIssues(ForgotPasswordBody, input), JSON.stringify(input));
  }
});

Deno.test("reset password: web and server reject the same input alike", () => {
  const ok = { token: "t", password: "a passphrase", confirm_password: "a passphrase", recaptcha: "token" };
  const cases = [
    {},
    { ...ok, token: "" },
    { ...ok, token: "x".repeat(201) },
    { ...ok, password: "", confirm_password: "" },
    { ...ok, confirm_password: "" },
    { ...ok, confirm_password: "another passphrase" },
    { token: "t", password: "one", confirm_password: "two" },
    { ...ok, password: "x".repeat(1025), confirm_password: "x".repeat(1025) },
    { ...ok, password: "x".repeat(1025) },
    { ...ok, recaptcha: "" },
    ok,
  ];
  // Not vacuous: the cross-field rule is really there on both sides.
  assertEquals(webIssues(WebReset, cases[5]), { confirm_password: RESET_MESSAGES.mismatch });
  for (const input of cases) {
    assertEquals(webIssues(WebReset, input), serverIssues(ResetPasswordBody, input), JSON.stringify(input));
  }
});
