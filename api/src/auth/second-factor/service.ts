/**
 * The second factor (decision 0043): enrolment of passkeys and TOTP apps, the one-time recovery codes, the
 * verification that completes a sign-in (and the step-up before sensitive actions), removal, and an
 * administrator's reset of another user's factors. Every change and every verification is audited.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { revokeAllSessions } from "../queries.ts";
import type { Db } from "../../db/types.ts";
import { audit } from "../../lib/audit.ts";
import type { Deps, SessionUser } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { hit, resetLimit } from "../../lib/rate-limit.ts";
import {
  accountEmail,
  clearSessionChallenge,
  deleteFactor,
  deleteFactorsOf,
  deleteRecoveryCodesOf,
  factorIdByCredential,
  insertPasskeyFactor,
  insertRecoveryCodes,
  insertTotpFactor,
  isLiveUser,
  keepSessionChallenge,
  listFactors,
  lockFactorsOf,
  lockSessionChallenge,
  markSessionVerified,
  passkeyOf,
  passkeysOf,
  recordPasskeyUse,
  recordTotpStep,
  recoveryCodesLeft,
  totpAppsOf,
  useRecoveryCodeByHash,
} from "./queries.ts";
import { hashRecoveryCode, newRecoveryCodes } from "./recovery.ts";
import { SECOND_FACTOR_MESSAGES as M } from "./schemas.ts";
import { acceptedStep, newTotpSecret, totpUri } from "./totp.ts";
import { openTotpSecret, sealTotpSecret } from "./secret-box.ts";

/** A pending WebAuthn challenge is good for five minutes. */
const CHALLENGE_SECONDS = 5 * 60;

export interface Caller {
  deps: Pick<Deps, "database" | "now" | "config" | "limits" | "totpKey">;
  user: SessionUser;
  ip: string;
  /** The origin passkeys belong to: WEBAUTHN_ORIGIN, else the site's address. */
  origin: string;
}

export function stateOf(user: SessionUser): "off" | "enrol" | "verify" | "verified" {
  if (!user.is_admin && !user.has_second_factor) return "off";
  if (user.second_factor_at) return "verified";
  return user.has_second_factor ? "verify" : "enrol";
}

const factorRow = (r: {
  id: number;
  kind: "totp" | "passkey";
  label: string;
  created_at: Date;
  last_used_at: Date | null;
}) => ({
  id: r.id,
  kind: r.kind,
  label: r.label,
  created_at: r.created_at.toISOString(),
  last_used_at: r.last_used_at?.toISOString() ?? null,
});

export async function status(c: Caller) {
  const { db } = c.deps.database;
  const factors = await listFactors(db, c.user.user_id);
  return {
    state: stateOf(c.user),
    required: c.user.is_admin,
    verified_at: c.user.second_factor_at?.toISOString() ?? null,
    factors: factors.map(factorRow),
    recovery_codes_left: await recoveryCodesLeft(db, c.user.user_id),
  };
}

/** A new factor may be added by a session that confirmed the second factor, or by anyone without one yet. */
function mustBeAbleToEnrol(user: SessionUser): void {
  if (user.has_second_factor && !user.second_factor_at) {
    throw new AppError("SECOND_FACTOR_REQUIRED", M.enrolFirst);
  }
}

/** Counts one attempt at a code or passkey against the limits, like a sign-in attempt. */
async function limitAttempt(c: Caller): Promise<void> {
  const wait = Math.max(
    await hit(c.deps, "secondFactorPerIp", c.ip),
    await hit(c.deps, "secondFactorPerUser", String(c.user.user_id)),
  );
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many second-factor attempts. Please wait a few minutes and try again.",
      [],
      { "Retry-After": String(wait) },
    );
  }
}

/** After the first factor: the session counts as verified, and the user gets recovery codes (shown once). */
async function afterEnrolment(tx: Db, c: Caller, factorId: number, kind: string) {
  const now = c.deps.now();
  const first = !c.user.has_second_factor;
  let codes: string[] | null = null;
  if (first) codes = await replaceRecoveryCodes(tx, c.user.user_id);
  await markSessionVerified(tx, c.user.session_id, c.user.second_factor_at ?? now);
  await audit(tx, {
    actor: c.user.user_id,
    action: "second_factor.enrolled",
    entity: "user",
    entityId: c.user.user_id,
    detail: { factor_id: factorId, kind, recovery_codes_issued: first },
    ip: c.ip,
  });
  return codes;
}

async function replaceRecoveryCodes(tx: Db, userId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await deleteRecoveryCodesOf(tx, userId);
  await insertRecoveryCodes(tx, userId, await Promise.all(codes.map((code) => hashRecoveryCode(code))));
  return codes;
}

// TOTP

/** The signed-in user's email and name, as the authenticator app and the passkey label show them. */
export async function accountOf(deps: Pick<Deps, "database">, user: SessionUser) {
  return { email: await accountEmail(deps.database.db, user.user_id), name: user.full_name };
}

export function startTotp(c: Caller, email: string) {
  mustBeAbleToEnrol(c.user);
  const secret = newTotpSecret();
  return { secret, uri: totpUri(secret, email) };
}

export async function enrolTotp(c: Caller, input: { secret: string; code: string; label: string }) {
  mustBeAbleToEnrol(c.user);
  await limitAttempt(c);
  const now = c.deps.now();
  const step = acceptedStep(input.secret, input.code, now, null, true);
  if (step === null) {
    await audit(c.deps.database.db, {
      actor: c.user.user_id,
      action: "second_factor.enrol_failed",
      entity: "user",
      entityId: c.user.user_id,
      detail: { kind: "totp" },
      ip: c.ip,
    });
    throw new AppError("SECOND_FACTOR_INVALID", M.codeInvalid, [{ path: "code", message: M.codeInvalid }]);
  }
  return await c.deps.database.db.transaction().execute(async (tx) => {
    const row = await insertTotpFactor(tx, {
      userId: c.user.user_id,
      label: input.label,
      secret: await sealTotpSecret(c.deps.totpKey, c.user.user_id, input.secret),
      step,
      now,
    });
    const codes = await afterEnrolment(tx, c, row.id, "totp");
    return { data: factorRow(row), recovery_codes: codes, message: M.enrolled };
  });
}

// Passkeys

function relyingParty(c: Caller) {
  const url = new URL(c.origin);
  return { rpID: url.hostname, origin: url.origin };
}

async function keepChallenge(c: Caller, challenge: string): Promise<void> {
  const expires = new Date(c.deps.now().getTime() + CHALLENGE_SECONDS * 1000);
  await keepSessionChallenge(c.deps.database.db, c.user.session_id, challenge, expires);
}

/** The session's pending challenge, taken (once): a response can be checked against it only once. */
async function takeChallenge(c: Caller): Promise<string> {
  const challenge = await c.deps.database.db.transaction().execute(async (tx) => {
    const pending = await lockSessionChallenge(tx, c.user.session_id, c.deps.now());
    if (pending === null) return null;
    await clearSessionChallenge(tx, c.user.session_id);
    return pending;
  });
  if (!challenge) throw new AppError("CONFLICT", M.noChallenge);
  return challenge;
}

export async function passkeyRegistrationOptions(c: Caller, account: { email: string; name: string }) {
  mustBeAbleToEnrol(c.user);
  const { rpID } = relyingParty(c);
  const existing = await passkeysOf(c.deps.database.db, c.user.user_id);
  const options = await generateRegistrationOptions({
    rpName: "APCA",
    rpID,
    userName: account.email,
    userDisplayName: account.name,
    userID: new TextEncoder().encode(`apca-user-${c.user.user_id}`),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id!,
      transports: transportsOf(p.transports),
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  await keepChallenge(c, options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

type Transport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";
const transportsOf = (t: unknown) => (Array.isArray(t) ? t : []) as Transport[];

export async function enrolPasskey(c: Caller, input: { response: unknown; label: string }) {
  mustBeAbleToEnrol(c.user);
  await limitAttempt(c);
  const expectedChallenge = await takeChallenge(c);
  const { rpID, origin } = relyingParty(c);
  let info;
  try {
    const result = await verifyRegistrationResponse({
      response: input.response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    info = result.verified ? result.registrationInfo : undefined;
  } catch {
    info = undefined;
  }
  if (!info) {
    await audit(c.deps.database.db, {
      actor: c.user.user_id,
      action: "second_factor.enrol_failed",
      entity: "user",
      entityId: c.user.user_id,
      detail: { kind: "passkey" },
      ip: c.ip,
    });
    throw new AppError("SECOND_FACTOR_INVALID", M.passkeyInvalid);
  }
  const now = c.deps.now();
  const credential = info.credential;
  return await c.deps.database.db.transaction().execute(async (tx) => {
    const taken = await factorIdByCredential(tx, credential.id);
    if (taken !== undefined) throw new AppError("CONFLICT", "This passkey is already registered.");
    const row = await insertPasskeyFactor(tx, {
      userId: c.user.user_id,
      label: input.label,
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      signCount: credential.counter,
      transports: credential.transports ?? [],
      now,
    });
    const codes = await afterEnrolment(tx, c, row.id, "passkey");
    return { data: factorRow(row), recovery_codes: codes, message: M.enrolled };
  });
}

export async function passkeyAuthenticationOptions(c: Caller) {
  const passkeys = await passkeysOf(c.deps.database.db, c.user.user_id);
  if (passkeys.length === 0) {
    throw new AppError("NOT_FOUND", "You have no passkey. Use your authenticator app.");
  }
  const { rpID } = relyingParty(c);
  const options = await generateAuthenticationOptions({
    rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id!, transports: transportsOf(p.transports) })),
    userVerification: "preferred",
  });
  await keepChallenge(c, options.challenge);
  return { options: options as unknown as Record<string, unknown> };
}

// Verification (sign-in and step-up)

type VerifyInput =
  | { method: "totp"; code: string }
  | { method: "passkey"; response: unknown }
  | { method: "recovery"; code: string };

export async function verify(c: Caller, input: VerifyInput) {
  if (!c.user.has_second_factor) {
    throw new AppError(
      "SECOND_FACTOR_ENROLMENT_REQUIRED",
      "You have no second factor yet. Please set one up.",
    );
  }
  await limitAttempt(c);
  const { db } = c.deps.database;
  const now = c.deps.now();
  const used = input.method === "totp"
    ? await verifyTotp(c, input.code, now)
    : input.method === "passkey"
    ? await verifyPasskey(c, input.response, now)
    : await useRecoveryCode(c, input.code, now);
  if (used === null) {
    await audit(db, {
      actor: c.user.user_id,
      action: "second_factor.verify_failed",
      entity: "user",
      entityId: c.user.user_id,
      detail: { method: input.method },
      ip: c.ip,
    });
    const message = input.method === "totp"
      ? M.codeInvalid
      : input.method === "passkey"
      ? M.passkeyInvalid
      : M.recoveryInvalid;
    throw new AppError(
      "SECOND_FACTOR_INVALID",
      message,
      input.method === "passkey" ? [] : [{
        path: "code",
        message,
      }],
    );
  }
  await markSessionVerified(db, c.user.session_id, now);
  await resetLimit(c.deps, "secondFactorPerUser", String(c.user.user_id));
  await audit(db, {
    actor: c.user.user_id,
    action: input.method === "recovery" ? "second_factor.recovery_code_used" : "second_factor.verified",
    entity: "user",
    entityId: c.user.user_id,
    detail: { method: input.method, ...used },
    ip: c.ip,
  });
  return {
    verified_at: now.toISOString(),
    recovery_codes_left: await recoveryCodesLeft(db, c.user.user_id),
    message: M.verified,
  };
}

/** The factor a code matched (its step is recorded, so the same code is refused next time), or null. */
async function verifyTotp(c: Caller, code: string, now: Date): Promise<Record<string, unknown> | null> {
  const { db } = c.deps.database;
  const apps = await totpAppsOf(db, c.user.user_id);
  for (const app of apps) {
    const secret = await openTotpSecret(c.deps.totpKey, c.user.user_id, app.totp_secret!);
    if (secret === null) continue; // sealed with another key: this app cannot match until it is enrolled again
    const step = acceptedStep(secret, code, now, app.totp_last_step, c.deps.config.totpAllowReuse);
    if (step === null) continue;
    // Conditional on the step seen, so two requests with one code cannot both pass.
    if (await recordTotpStep(db, app.id, step, now, c.deps.config.totpAllowReuse)) {
      return { factor_id: app.id };
    }
  }
  return null;
}

async function verifyPasskey(
  c: Caller,
  response: unknown,
  now: Date,
): Promise<Record<string, unknown> | null> {
  const expectedChallenge = await takeChallenge(c);
  const { db } = c.deps.database;
  const id = (response as { id?: unknown }).id;
  if (typeof id !== "string") return null;
  const passkey = await passkeyOf(db, c.user.user_id, id);
  if (!passkey) return null;
  const { rpID, origin } = relyingParty(c);
  try {
    const result = await verifyAuthenticationResponse({
      response: response as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credential_id!,
        publicKey: isoBase64URL.toBuffer(passkey.public_key!),
        counter: Number(passkey.sign_count),
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    await recordPasskeyUse(db, passkey.id, result.authenticationInfo.newCounter, now);
    return { factor_id: passkey.id };
  } catch {
    return null;
  }
}

async function useRecoveryCode(c: Caller, code: string, now: Date): Promise<Record<string, unknown> | null> {
  const hash = await hashRecoveryCode(code);
  const id = await useRecoveryCodeByHash(c.deps.database.db, c.user.user_id, hash, now);
  return id !== undefined ? { recovery_code_id: id } : null;
}

// Changes to what is enrolled

export async function newRecoveryCodeSet(c: Caller) {
  if (!c.user.has_second_factor) {
    throw new AppError("CONFLICT", "Recovery codes come with a second factor. Please set one up first.");
  }
  return await c.deps.database.db.transaction().execute(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, c.user.user_id);
    await audit(tx, {
      actor: c.user.user_id,
      action: "second_factor.recovery_codes_replaced",
      entity: "user",
      entityId: c.user.user_id,
      ip: c.ip,
    });
    return { recovery_codes: codes };
  });
}

export async function removeFactor(c: Caller, factorId: number) {
  await c.deps.database.db.transaction().execute(async (tx) => {
    // Locks the user's factors so two removals cannot both leave an administrator with none.
    const mine = await lockFactorsOf(tx, c.user.user_id);
    const factor = mine.find((f) => f.id === factorId);
    if (!factor) throw new AppError("NOT_FOUND", "No such second factor.");
    if (c.user.is_admin && mine.length === 1) throw new AppError("CONFLICT", M.lastFactor);
    await deleteFactor(tx, factorId);
    // The last factor gone, its recovery codes go too (they would be a way in with nothing to recover).
    if (mine.length === 1) {
      await deleteRecoveryCodesOf(tx, c.user.user_id);
    }
    await audit(tx, {
      actor: c.user.user_id,
      action: "second_factor.removed",
      entity: "user",
      entityId: c.user.user_id,
      detail: { factor_id: factorId, kind: factor.kind },
      ip: c.ip,
    });
  });
  return { message: M.removed };
}

/**
 * The recovery procedure for a user who lost every factor: another administrator removes their factors and
 * recovery codes and ends their sessions; at their next sign-in an administrator enrols again, a member signs
 * in with the password alone. The last administrator uses `deno task second-factor:reset` instead.
 */
export async function resetFactorsOf(
  deps: Pick<Deps, "database" | "now">,
  actor: { user: SessionUser; ip: string },
  userId: number,
) {
  if (userId === actor.user.user_id) throw new AppError("CONFLICT", M.resetSelf);
  await deps.database.db.transaction().execute(async (tx) => {
    if (!(await isLiveUser(tx, userId))) throw new AppError("NOT_FOUND", "No such user.");
    await resetFactors(tx, userId, deps.now());
    await audit(tx, {
      actor: actor.user.user_id,
      action: "second_factor.reset_by_admin",
      entity: "user",
      entityId: userId,
      ip: actor.ip,
    });
  });
  return { message: M.reset };
}

/** Removes every factor and recovery code of a user and ends their sessions (the admin reset and the CLI). */
export async function resetFactors(tx: Db, userId: number, now: Date): Promise<number> {
  const removed = await deleteFactorsOf(tx, userId);
  await deleteRecoveryCodesOf(tx, userId);
  await revokeAllSessions(tx, userId, now);
  return removed;
}
