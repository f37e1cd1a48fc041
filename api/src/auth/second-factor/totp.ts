/** TOTP (RFC 6238, 30-second steps, 6 digits, SHA-1: what every authenticator app reads) with otpauth. */
import * as OTPAuth from "otpauth";

export const TOTP_PERIOD_SECONDS = 30;
const ISSUER = "APCA";

/** A fresh 160-bit secret, base32 (what the authenticator app is given). */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads (as a QR code or pasted). */
export function totpUri(secret: string, account: string): string {
  return totp(secret, account).toString();
}

/** The code for `secret` at `at` (the seed's documentation and the tests use it). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret, "").generate({ timestamp: at.getTime() });
}

/**
 * The time step of a valid code for `secret` at `now` (one step either side allowed for clock drift), or null.
 * A step at or before `lastStep` is refused unless `allowReuse`: a code works once.
 */
export function acceptedStep(
  secret: string,
  code: string,
  now: Date,
  lastStep: number | null,
  allowReuse: boolean,
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret, "").validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (!allowReuse && lastStep !== null && step <= lastStep) return null;
  return step;
}

function totp(secret: string, account: string) {
  return new OTPAuth.TOTP({
    issuer: ISSUER,
    label: account || "APCA",
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}
