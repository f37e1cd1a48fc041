/** Password reset calls: ask for a mailed link, then set a new password with the link's token. */
import { api } from "../../lib/api.ts";
import type { ForgotPasswordRequest, PasswordMessageAnswer, ResetPasswordRequest } from "@api/contract";

/** Answers the same whether or not the address has an account (the server never says which). */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<PasswordMessageAnswer> {
  return api<PasswordMessageAnswer>("/password/forgot", { body: input, redirectOn401: false });
}

/** Single use; ends every session of the account. A used, expired or unknown token is a 422 on `token`. */
export function resetPassword(input: ResetPasswordRequest): Promise<PasswordMessageAnswer> {
  return api<PasswordMessageAnswer>("/password/reset", { body: input, redirectOn401: false });
}
