/** Authenticator-app codes as a phone computes them (no Playwright here: lighthouse.ts uses it too). */
import * as OTPAuth from "otpauth";

/** The seeded demo administrator's authenticator secret (README; api/src/config.ts DEMO_ADMIN_TOTP_SECRET). */
export const DEMO_ADMIN_TOTP_SECRET = "APCADEMOADMINTOTPSECRETLOCAL2345";

/** The current 6-digit code of an authenticator app holding `secret`. */
export function totpCode(secret = DEMO_ADMIN_TOTP_SECRET): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
}
