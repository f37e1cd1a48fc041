/**
 * The second-factor calls (decision 0043). All but the administrators' reset answer a session whose second
 * factor is still pending: they are how it completes.
 */
import { type Context, Hono } from "hono";
import { allow, allowBeforeSecondFactor, caller, requireRecentSecondFactor } from "../../lib/access.ts";
import type { AppEnv } from "../../lib/context.ts";
import { IdParam } from "../../lib/params.ts";
import { describe, validate } from "../../lib/route.ts";
import {
  EnrolAnswer,
  MessageAnswer,
  PasskeyEnrolBody,
  RecoveryCodesAnswer,
  SecondFactorStatus,
  TotpEnrolBody,
  TotpSecretAnswer,
  VerifyAnswer,
  VerifyBody,
  WebAuthnOptions,
} from "./schemas.ts";
import { adminSecondFactorRoutes } from "./admin-routes.ts";
import { callerOf, STEP_UP, TAGS } from "./caller.ts";
import {
  accountOf,
  enrolPasskey,
  enrolTotp,
  newRecoveryCodeSet,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  removeFactor,
  startTotp,
  status,
  verify,
} from "./service.ts";

const LIMITED = { 429: "Too many attempts (Retry-After)" };
const PENDING = {
  403: "SECOND_FACTOR_REQUIRED: the user has a factor and this session has not confirmed it yet",
};

async function account(c: Context<AppEnv>) {
  return await accountOf(c.var.deps, caller(c));
}

export const secondFactorRoutes = new Hono<AppEnv>()
  .route("/", adminSecondFactorRoutes)
  .get(
    "/auth/second-factor",
    allowBeforeSecondFactor(),
    describe({
      summary: "The caller's second factors, recovery codes left, and this session's state",
      tags: TAGS,
      response: SecondFactorStatus,
    }),
    async (c) => c.json(await status(callerOf(c)), 200),
  )
  .post(
    "/auth/second-factor/totp/secret",
    allowBeforeSecondFactor(),
    describe({
      summary: "A new authenticator-app secret to enrol (nothing is stored until a code confirms it)",
      tags: TAGS,
      response: TotpSecretAnswer,
      errors: PENDING,
    }),
    async (c) => c.json(startTotp(callerOf(c), (await account(c)).email), 200),
  )
  .post(
    "/auth/second-factor/totp",
    allowBeforeSecondFactor(),
    describe({
      summary: "Enrol an authenticator app: its secret and a current code",
      description: "With the first factor, the answer carries ten one-time recovery codes (shown only here).",
      tags: TAGS,
      status: 201,
      response: EnrolAnswer,
      errors: { ...PENDING, 422: "A wrong code (SECOND_FACTOR_INVALID) or secret", ...LIMITED },
    }),
    validate("json", TotpEnrolBody),
    async (c) => c.json(await enrolTotp(callerOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/auth/second-factor/passkey/options",
    allowBeforeSecondFactor(),
    describe({
      summary: "WebAuthn options to create a passkey (the challenge is kept on the session for 5 minutes)",
      tags: TAGS,
      response: WebAuthnOptions,
      errors: PENDING,
    }),
    async (c) => c.json(await passkeyRegistrationOptions(callerOf(c), await account(c)), 200),
  )
  .post(
    "/auth/second-factor/passkey",
    allowBeforeSecondFactor(),
    describe({
      summary: "Enrol a passkey: the browser's WebAuthn registration response",
      description: "With the first factor, the answer carries ten one-time recovery codes (shown only here).",
      tags: TAGS,
      status: 201,
      response: EnrolAnswer,
      errors: {
        ...PENDING,
        409: "No pending challenge, or the passkey is registered already",
        422: "The response does not verify (SECOND_FACTOR_INVALID)",
        ...LIMITED,
      },
    }),
    validate("json", PasskeyEnrolBody),
    async (c) => c.json(await enrolPasskey(callerOf(c), c.req.valid("json")), 201),
  )
  .post(
    "/auth/second-factor/verify/options",
    allowBeforeSecondFactor(),
    describe({
      summary: "WebAuthn options to confirm the sign-in with one of the caller's passkeys",
      tags: TAGS,
      response: WebAuthnOptions,
      errors: { 404: "The caller has no passkey" },
    }),
    async (c) => c.json(await passkeyAuthenticationOptions(callerOf(c)), 200),
  )
  .post(
    "/auth/second-factor/verify",
    allowBeforeSecondFactor(),
    describe({
      summary: "Confirm this session with a TOTP code, a passkey or a one-time recovery code",
      description: "Completes a sign-in, and is the step-up before sensitive actions. A TOTP code and a " +
        "recovery code each work once.",
      tags: TAGS,
      response: VerifyAnswer,
      errors: {
        403: "SECOND_FACTOR_ENROLMENT_REQUIRED: nothing enrolled yet",
        409: "No pending passkey challenge",
        422: "Wrong code or passkey (SECOND_FACTOR_INVALID)",
        ...LIMITED,
      },
    }),
    validate("json", VerifyBody),
    async (c) => c.json(await verify(callerOf(c), c.req.valid("json")), 200),
  )
  .post(
    "/auth/second-factor/recovery-codes",
    allow("user"),
    requireRecentSecondFactor(),
    describe({
      summary: "Replace the recovery codes with ten new ones (shown once; the old ones stop working)",
      tags: TAGS,
      response: RecoveryCodesAnswer,
      errors: { ...STEP_UP, 409: "No second factor enrolled" },
    }),
    async (c) => c.json(await newRecoveryCodeSet(callerOf(c)), 200),
  )
  .delete(
    "/auth/second-factor/:id",
    allow("user"),
    requireRecentSecondFactor(),
    describe({
      summary: "Remove one of the caller's second factors",
      description: "An administrator keeps at least one.",
      tags: TAGS,
      response: MessageAnswer,
      errors: { ...STEP_UP, 404: "No such factor of the caller", 409: "An administrator's last factor" },
    }),
    validate("param", IdParam),
    async (c) => c.json(await removeFactor(callerOf(c), c.req.valid("param").id), 200),
  );
