/** Request and response shapes of the second-factor calls (decision 0043). */
import { z } from "zod";

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: "Please enter the 6-digit code from your authenticator app.",
  codeInvalid: "That code is not right, or it was already used. Please try the next code.",
  passkeyInvalid: "That passkey could not be verified. Please try again.",
  recoveryInvalid: "That recovery code is not right, or it was already used.",
  secretInvalid: "The authenticator secret is not valid. Please start again.",
  noChallenge: "The passkey request has expired. Please try again.",
  enrolFirst: "To add another second factor, first confirm this sign-in with one you already have.",
  lastFactor:
    "Administrators must keep at least one second factor. Add another one before removing this one.",
  enrolled: "Second factor added.",
  removed: "Second factor removed.",
  verified: "Second factor confirmed.",
  reset: "The user's second factors were removed; they set up a new one at their next sign-in.",
  resetSelf: "You cannot reset your own second factors here. Ask another administrator.",
} as const;

export const SecondFactorState = z.enum(["off", "enrol", "verify", "verified"]).describe(
  "off: none enrolled and none required; enrol: an administrator must enrol one before anything else; " +
    "verify: enrolled, and this session has not confirmed it yet; verified: confirmed in this session.",
);

const Label = z.string().trim().min(1, "Please give it a name.").max(60, "At most 60 characters.");

export const FactorBody = z.object({
  id: z.number().int(),
  kind: z.enum(["totp", "passkey"]),
  label: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});

export const SecondFactorStatus = z.object({
  state: SecondFactorState,
  required: z.boolean().describe("Administrators must have a second factor."),
  verified_at: z.string().nullable(),
  factors: z.array(FactorBody),
  recovery_codes_left: z.number().int(),
});

export const TotpSecretAnswer = z.object({
  secret: z.string().describe("Base32 secret for the authenticator app"),
  uri: z.string().describe("otpauth:// address (shown as a QR code)"),
});

export const TotpEnrolBody = z.object({
  secret: z.string({ error: SECOND_FACTOR_MESSAGES.secretInvalid }).regex(
    /^[A-Z2-7]{32}$/,
    SECOND_FACTOR_MESSAGES.secretInvalid,
  ),
  code: z.string({ error: SECOND_FACTOR_MESSAGES.codeRequired }).trim().regex(
    /^\d{6}$/,
    SECOND_FACTOR_MESSAGES.codeRequired,
  ),
  label: Label.default("Authenticator app"),
});

/** A WebAuthn response as @simplewebauthn/browser sends it; the library checks its inside. */
const WebAuthnJson = z.object({
  id: z.string().max(1024),
  rawId: z.string().max(1024),
  type: z.literal("public-key"),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.string().max(40).optional(),
});

export const PasskeyEnrolBody = z.object({
  response: WebAuthnJson,
  label: Label.default("Passkey"),
});

export const EnrolAnswer = z.object({
  data: FactorBody,
  recovery_codes: z.array(z.string()).nullable().describe(
    "The one-time recovery codes, shown once: with the first factor only, else null",
  ),
  message: z.string(),
});

export const VerifyBody = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("totp"),
    code: z.string({ error: SECOND_FACTOR_MESSAGES.codeRequired }).trim().max(20),
  }),
  z.object({ method: z.literal("passkey"), response: WebAuthnJson }),
  z.object({
    method: z.literal("recovery"),
    code: z.string({ error: SECOND_FACTOR_MESSAGES.recoveryInvalid }).trim().min(1).max(40),
  }),
]);

export const VerifyAnswer = z.object({
  verified_at: z.string(),
  recovery_codes_left: z.number().int(),
  message: z.string(),
});

/** WebAuthn options for the browser, passed through to @simplewebauthn/browser as they are. */
export const WebAuthnOptions = z.object({ options: z.record(z.string(), z.unknown()) });

export const RecoveryCodesAnswer = z.object({ recovery_codes: z.array(z.string()) });

export const MessageAnswer = z.object({ message: z.string() });
