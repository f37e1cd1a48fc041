/** Password reset calls: ask for a mailed link, then set a new password with the link's token. */
import { api } from "../../lib/api.ts";
import type { ForgotPasswordInput, ResetPasswordInput } from "./password-reset-schemas.ts";

interface MessageAnswer {
  message: string;
}

/** Answers the same whether or not the address has an account (the server never says which). */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<MessageAnswer> {
  return api<MessageAnswer>("/password/forgot", { body: input, redirectOn401: false });
}

/** Single use; ends every session of the account. A used, expired or unknown token is a 422 on `token`. */
export function resetPassword(input: ResetPasswordInput): Promise<MessageAnswer> {
  return api<MessageAnswer>("/password/reset", { body: input, redirectOn401: false });
}
