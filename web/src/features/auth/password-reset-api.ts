/** Password reset calls: ask for a mailed link, then set a new password with the link's token. */
import type { ForgotPasswordRequest, PasswordMessageAnswer, ResetPasswordRequest } from "@api/contract";
import { call } from "../../lib/typed-api.ts";

/** Answers the same whether or not the address has an account (the server never says which). */
export function requestPasswordReset(input: ForgotPasswordRequest): Promise<PasswordMessageAnswer> {
  return call("/password/forgot").POST({ body: input, redirectOn401: false });
}

/** Single use; ends every session of the account. A used, expired or unknown token is a 422 on `token`. */
export function resetPassword(input: ResetPasswordRequest): Promise<PasswordMessageAnswer> {
  return call("/password/reset").POST({ body: input, redirectOn401: false });
}
