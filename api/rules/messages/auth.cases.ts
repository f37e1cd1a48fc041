/**
 * What the login, forgot and reset password forms must say for given input: the first message per field.
 * Each side's test runs its own schema over these (the server's zod in api/src/auth/messages.test.ts and
 * api/src/password-reset/messages.test.ts, the web's valibot in web/src/features/auth/messages.test.ts), so
 * the two agree without one side importing the other (decision 0055).
 */
import {
  LOGIN_MESSAGES as L,
  PASSWORD_CHANGE_MESSAGES as C,
  PASSWORD_RESET_MESSAGES as R,
  PASSWORD_TOO_LONG,
} from "./auth.ts";

export type Verdicts = [input: Record<string, unknown>, issues: Record<string, string>][];

export const LOGIN_CASES: Verdicts = [
  [{ email: "", password: "" }, { email: L.emailRequired, password: L.passwordRequired }],
  [{ email: "   ", password: "x" }, { email: L.emailRequired }],
  [{ email: "no-at-sign", password: "x" }, { email: L.emailInvalid }],
  [{ email: "a@b", password: "x" }, { email: L.emailInvalid }],
  [{ email: "mariner@example.com", password: "" }, { password: L.passwordRequired }],
  [{ email: "mariner@example.com", password: "secret" }, {}],
  [{ email: " Mariner@Example.com ", password: "secret" }, {}],
];

export const FORGOT_PASSWORD_CASES: Verdicts = [
  [{}, { email: R.required, recaptcha: R.recaptchaRequired }],
  [{ email: "", recaptcha: "" }, { email: R.required, recaptcha: R.recaptchaRequired }],
  [{ email: "   ", recaptcha: "token" }, { email: R.required }],
  [{ email: "no-at-sign", recaptcha: "token" }, { email: R.emailInvalid }],
  [{ email: "a@b", recaptcha: "" }, { email: R.emailInvalid, recaptcha: R.recaptchaRequired }],
  [{ email: `${"a".repeat(250)}@example.com`, recaptcha: "token" }, { email: R.emailInvalid }],
  [{ email: "mariner@example.com" }, { recaptcha: R.recaptchaRequired }],
  [{ email: "mariner@example.com", recaptcha: "x".repeat(4001) }, { recaptcha: R.recaptchaRequired }],
  [{ email: " Mariner@Example.com ", recaptcha: "token" }, {}],
];

const ok = { token: "t", password: "a passphrase", confirm_password: "a passphrase", recaptcha: "token" };

export const RESET_PASSWORD_CASES: Verdicts = [
  [{}, {
    token: R.invalidLink,
    password: R.required,
    confirm_password: R.required,
    recaptcha: R.recaptchaRequired,
  }],
  [{ ...ok, token: "" }, { token: R.invalidLink }],
  [{ ...ok, token: "x".repeat(201) }, { token: R.invalidLink }],
  [{ ...ok, password: "", confirm_password: "" }, { password: R.required, confirm_password: R.required }],
  [{ ...ok, confirm_password: "" }, { confirm_password: R.required }],
  // The cross-field rule is really there on both sides.
  [{ ...ok, confirm_password: "another passphrase" }, { confirm_password: R.mismatch }],
  [{ token: "t", password: "one", confirm_password: "two" }, {
    confirm_password: R.mismatch,
    recaptcha: R.recaptchaRequired,
  }],
  [{ ...ok, password: "x".repeat(1025), confirm_password: "x".repeat(1025) }, {
    password: PASSWORD_TOO_LONG,
    confirm_password: PASSWORD_TOO_LONG,
  }],
  [{ ...ok, password: "x".repeat(1025) }, { password: PASSWORD_TOO_LONG, confirm_password: R.mismatch }],
  [{ ...ok, recaptcha: "" }, { recaptcha: R.recaptchaRequired }],
  [ok, {}],
];

export const CHANGE_PASSWORD_CASES: Verdicts = [
  [{}, { current_password: C.required, password: C.required, confirm_password: C.required }],
  [{ current_password: "old one", password: "short", confirm_password: "short" }, { password: C.tooShort }],
  [{ current_password: "", password: "long enough", confirm_password: "long enough" }, {
    current_password: C.required,
  }],
  [{ current_password: "old one", password: "long enough", confirm_password: "long enougH" }, {
    confirm_password: C.mismatch,
  }],
  [{ current_password: "old one", password: "x".repeat(1025), confirm_password: "x".repeat(1025) }, {
    password: PASSWORD_TOO_LONG,
    confirm_password: PASSWORD_TOO_LONG,
  }],
  [{ current_password: "old one", password: "long enough", confirm_password: "long enough" }, {}],
];
