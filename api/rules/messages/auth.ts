/**
 * The words of the sign-in forms, as the specification writes them (public spec §5 "Other forms: Login",
 * "Forgot password", "Reset password"). Both the server's zod schemas and the web's valibot forms import
 * these (decision 0055), so there is one copy to keep.
 */

export const LOGIN_MESSAGES = {
  emailRequired: "This field is required",
  emailInvalid: "Invalid Email",
  passwordRequired: "This field is required",
} as const;

/** One pragmatic email pattern (something@something.tld) for every form on both sides. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RESET_MESSAGES = {
  required: "This field is required",
  emailInvalid: "Invalid Email",
  recaptchaRequired: "Recaptcha is required",
  mismatch: "Passwords do not match",
  invalidLink: "This reset link is invalid or has expired. Please request a new one.",
  requested: "If an account exists for that email, we have sent it a link to reset the password.",
  done: "Successfully reset your password",
} as const;

/** Under a password longer than 1024 characters. */
export const PASSWORD_TOO_LONG = "Password is too long.";

/**
 * Change password while signed in (issue 25 item 2, decision 0071): the new password follows registration's
 * rules and words (at least PASSWORD_MIN_LENGTH characters).
 */
export const PASSWORD_CHANGE_MESSAGES = {
  required: "This field is required",
  currentWrong: "Your current password is not correct.",
  tooShort: "Password must be at least 8 characters",
  sameAsCurrent: "Choose a password different from your current one.",
  mismatch: PASSWORD_RESET_MESSAGES.mismatch,
  done: "Your password has been changed. You have been signed out everywhere else.",
} as const;
