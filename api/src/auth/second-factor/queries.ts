/**
 * The second factor's SQL (docs/decisions/0020-one-way.md): its factors, recovery codes and the session's
 * WebAuthn challenge and verification time, for its service, and the reads sign-in, the account label of a
 * new factor and the reset task need.
 */
import type { Db } from "../../db/types.ts";

/** Whether the user has enrolled any second factor (sign-in then asks for it). */
export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  const factor = await db.selectFrom("user_second_factors").select("id").where("user_id", "=", userId)
    .limit(1).executeTakeFirst();
  return factor !== undefined;
}

/** The e-mail a new passkey or authenticator entry is labelled with. */
export async function accountEmail(db: Db, userId: number): Promise<string> {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirstOrThrow();
  return row.email;
}

/** The live account with this e-mail (any case), or undefined. */
export async function liveUserIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const user = await db.selectFrom("users").select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("deleted_at", "is", null).executeTakeFirst();
  return user?.id;
}

/** Whether the account with this id exists and is not deleted. */
export async function isLiveUser(db: Db, userId: number): Promise<boolean> {
  const user = await db.selectFrom("users").select("id").where("id", "=", userId)
    .where("deleted_at", "is", null).executeTakeFirst();
  return user !== undefined;
}

// Factors

/** The columns a factor is shown with. */
const factorColumns = ["id", "kind", "label", "created_at", "last_used_at"] as const;

/** The user's factors as shown, oldest first. */
export async function listFactors(db: Db, userId: number) {
  return await db.selectFrom("user_second_factors").select(factorColumns)
    .where("user_id", "=", userId).orderBy("id").execute();
}

/** A new authenticator app, its first accepted step recorded; returns the factor as shown. */
export async function insertTotpFactor(
  db: Db,
  factor: { userId: number; label: string; secret: string; step: number; now: Date },
) {
  return await db.insertInto("user_second_factors").values({
    user_id: factor.userId,
    kind: "totp",
    label: factor.label,
    totp_secret: factor.secret,
    totp_last_step: factor.step,
    created_at: factor.now,
    last_used_at: factor.now,
  }).returning(factorColumns).executeTakeFirstOrThrow();
}

/** A new passkey; returns the factor as shown. */
export async function insertPasskeyFactor(
  db: Db,
  factor: {
    userId: number;
    label: string;
    credentialId: string;
    publicKey: string;
    signCount: number;
    transports: string[];
    now: Date;
  },
) {
  return await db.insertInto("user_second_factors").values({
    user_id: factor.userId,
    kind: "passkey",
    label: factor.label,
    credential_id: factor.credentialId,
    public_key: factor.publicKey,
    sign_count: factor.signCount,
    transports: factor.transports,
    created_at: factor.now,
    last_used_at: factor.now,
  }).returning(factorColumns).executeTakeFirstOrThrow();
}

/** The factor (of anyone) registered with this passkey credential, if any. */
export async function factorIdByCredential(db: Db, credentialId: string): Promise<number | undefined> {
  const row = await db.selectFrom("user_second_factors").select("id")
    .where("credential_id", "=", credentialId).executeTakeFirst();
  return row?.id;
}

/** The user's passkeys, with what a WebAuthn ceremony needs. */
export async function passkeysOf(db: Db, userId: number) {
  return await db.selectFrom("user_second_factors")
    .select(["id", "credential_id", "public_key", "sign_count", "transports"])
    .where("user_id", "=", userId).where("kind", "=", "passkey").execute();
}

/** The user's passkey with this credential id, or undefined. */
export async function passkeyOf(db: Db, userId: number, credentialId: string) {
  return await db.selectFrom("user_second_factors")
    .select(["id", "credential_id", "public_key", "sign_count", "transports"])
    .where("user_id", "=", userId).where("kind", "=", "passkey").where("credential_id", "=", credentialId)
    .executeTakeFirst();
}

/** Records a passkey's use and its authenticator's new signature counter. */
export async function recordPasskeyUse(
  db: Db,
  factorId: number,
  signCount: number,
  now: Date,
): Promise<void> {
  await db.updateTable("user_second_factors")
    .set({ sign_count: signCount, last_used_at: now })
    .where("id", "=", factorId).execute();
}

/** The user's authenticator apps, with their secret and last accepted step. */
export async function totpAppsOf(db: Db, userId: number) {
  return await db.selectFrom("user_second_factors").select(["id", "totp_secret", "totp_last_step"])
    .where("user_id", "=", userId).where("kind", "=", "totp").execute();
}

/**
 * Records an accepted TOTP step. Unless reuse is allowed, conditional on the step being newer than the last
 * one recorded, so two requests with one code cannot both pass: returns whether this request recorded it.
 */
export async function recordTotpStep(
  db: Db,
  factorId: number,
  step: number,
  now: Date,
  allowReuse: boolean,
): Promise<boolean> {
  let update = db.updateTable("user_second_factors").set({ totp_last_step: step, last_used_at: now })
    .where("id", "=", factorId);
  if (!allowReuse) {
    update = update.where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]));
  }
  const done = await update.executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** The user's factors (id and kind), locked until the transaction ends. */
export async function lockFactorsOf(tx: Db, userId: number) {
  return await tx.selectFrom("user_second_factors").select(["id", "kind"])
    .where("user_id", "=", userId).forUpdate().execute();
}

export async function deleteFactor(db: Db, factorId: number): Promise<void> {
  await db.deleteFrom("user_second_factors").where("id", "=", factorId).execute();
}

/** Deletes every factor of a user; returns how many there were. */
export async function deleteFactorsOf(db: Db, userId: number): Promise<number> {
  const removed = await db.deleteFrom("user_second_factors").where("user_id", "=", userId).executeTakeFirst();
  return Number(removed.numDeletedRows);
}

// Recovery codes

/** How many of the user's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom("user_recovery_codes").select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId).where("used_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRecoveryCodesOf(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("user_recovery_codes").where("user_id", "=", userId).execute();
}

export async function insertRecoveryCodes(db: Db, userId: number, codeHashes: string[]): Promise<void> {
  await db.insertInto("user_recovery_codes").values(
    codeHashes.map((code_hash) => ({ user_id: userId, code_hash })),
  ).execute();
}

/**
 * Uses the user's unused recovery code with this hash: conditional on `used_at` being unset, so a code is
 * used once. Returns its id, or undefined when there is no such unused code.
 */
export async function useRecoveryCodeByHash(
  db: Db,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<number | undefined> {
  const row = await db.updateTable("user_recovery_codes").set({ used_at: now })
    .where("user_id", "=", userId).where("code_hash", "=", codeHash).where("used_at", "is", null)
    .returning("id").executeTakeFirst();
  return row?.id;
}

// The session's challenge and verification

/** The session counts as verified from `at`; any pending WebAuthn challenge is dropped. */
export async function markSessionVerified(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.updateTable("sessions")
    .set({ second_factor_at: at, webauthn_challenge: null, webauthn_challenge_expires_at: null })
    .where("id", "=", sessionId).execute();
}

/** Keeps a pending WebAuthn challenge on the session until `expires`. */
export async function keepSessionChallenge(
  db: Db,
  sessionId: string,
  challenge: string,
  expires: Date,
): Promise<void> {
  await db.updateTable("sessions")
    .set({ webauthn_challenge: challenge, webauthn_challenge_expires_at: expires })
    .where("id", "=", sessionId).execute();
}

/** The session's pending, unexpired challenge, its row locked until the transaction ends, or null. */
export async function lockSessionChallenge(tx: Db, sessionId: string, now: Date): Promise<string | null> {
  const row = await tx.selectFrom("sessions").select("webauthn_challenge")
    .where("id", "=", sessionId)
    .where("webauthn_challenge", "is not", null)
    .where("webauthn_challenge_expires_at", ">", now)
    .forUpdate().executeTakeFirst();
  return row ? row.webauthn_challenge : null;
}

export async function clearSessionChallenge(db: Db, sessionId: string): Promise<void> {
  await db.updateTable("sessions").set({ webauthn_challenge: null, webauthn_challenge_expires_at: null })
    .where("id", "=", sessionId).execute();
}

/** Authenticator apps whose secret was stored before sealing (secret-box.ts). */
export async function legacyTotpSecrets(db: Db, sealedPrefix: string) {
  const rows = await db.selectFrom("user_second_factors").select(["id", "user_id", "totp_secret"])
    .where("kind", "=", "totp").where("totp_secret", "not like", `${sealedPrefix}%`).execute();
  return rows.map((r) => ({ ...r, totp_secret: r.totp_secret! }));
}

/** Replaces a stored secret, only if it is still the value read (two instances starting together seal once). */
export async function replaceTotpSecret(db: Db, id: number, was: string, sealed: string): Promise<void> {
  await db.updateTable("user_second_factors").set({ totp_secret: sealed })
    .where("id", "=", id).where("totp_secret", "=", was).execute();
}
