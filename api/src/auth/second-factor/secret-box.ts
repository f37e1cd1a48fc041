/**
 * Authenticator-app (TOTP) secrets at rest (decision 0067): sealed with AES-256-GCM before they are written,
 * opened only to check a code. The key is SECOND_FACTOR_KEY (base64 of 32 bytes; production should set it, so a
 * copy of the database alone does not yield the secrets), otherwise one generated on first start and kept in
 * app_secrets (which still keeps the secrets out of a table export or a row shown by mistake). The user's id is
 * the additional data, so a sealed secret copied onto another user's row does not open.
 *
 * Stored form: `sealed1:<iv base64>:<ciphertext and tag base64>`. A value without the prefix is a secret
 * written before sealing; `sealLegacyTotpSecrets` seals those at start.
 */
import type { Database } from "../../db/client.ts";
import { keepSecret } from "../queries.ts";
import { legacyTotpSecrets, replaceTotpSecret } from "./queries.ts";

const PREFIX = "sealed1:";

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));

/** Imports the key once at start, like the session key. */
export async function loadTotpKey(database: Database, configured?: string): Promise<CryptoKey> {
  const base64 = configured ??
    await keepSecret(database.db, "totp_seal_key", toBase64(crypto.getRandomValues(new Uint8Array(32))));
  const raw = fromBase64(base64);
  if (raw.length !== 32) throw new Error("SECOND_FACTOR_KEY must be 32 bytes, base64-encoded.");
  return await crypto.subtle.importKey("raw", raw, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
}

const userData = (userId: number) => new TextEncoder().encode(`user:${userId}`);

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export async function sealTotpSecret(key: CryptoKey, userId: number, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: userData(userId) },
    key,
    new TextEncoder().encode(secret),
  );
  return `${PREFIX}${toBase64(iv)}:${toBase64(new Uint8Array(sealed))}`;
}

/** The secret, or null when the stored value does not open with this key for this user. */
export async function openTotpSecret(key: CryptoKey, userId: number, stored: string): Promise<string | null> {
  if (!isSealed(stored)) return stored;
  const [iv, data] = stored.slice(PREFIX.length).split(":");
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64(iv), additionalData: userData(userId) },
      key,
      fromBase64(data),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** Seals secrets stored before sealing existed; returns how many. Safe to run on every start. */
export async function sealLegacyTotpSecrets(database: Database, key: CryptoKey): Promise<number> {
  const rows = await legacyTotpSecrets(database.db, PREFIX);
  for (const row of rows) {
    await replaceTotpSecret(
      database.db,
      row.id,
      row.totp_secret,
      await sealTotpSecret(key, row.user_id, row.totp_secret),
    );
  }
  return rows.length;
}
