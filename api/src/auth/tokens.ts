/**
 * Session tokens: HS256 JWTs naming a server-side session row. The signature makes forgery impossible; the
 * row makes logout and password resets take effect at once.
 */
import { jwtVerify, SignJWT } from "jose";
import type { Database } from "../db/client.ts";
import { keepSecret } from "./queries.ts";

export const SESSION_TTL_SECONDS = 24 * 60 * 60;
const ISSUER = "apca";

/** Imports the HMAC key once at start: importing it on every request costs a third of the throughput. */
export async function loadSessionKey(database: Database, configured?: string): Promise<CryptoKey> {
  const secret = configured ?? await storedSecret(database);
  return await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/** A secret generated on first start and kept in the database, for set-ups without SESSION_SECRET. */
async function storedSecret(database: Database): Promise<string> {
  const fresh = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
  return await keepSecret(database.db, "session_hmac", fresh);
}

export async function signSessionToken(
  key: CryptoKey,
  claims: { userId: number; sessionId: string },
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + SESSION_TTL_SECONDS)
    .sign(key);
}

/**
 * Tokens whose signature has been checked, with their session id and expiry. A signature that verified once
 * verifies forever, so repeating the HMAC on every request (about a third of an authenticated request's CPU)
 * buys nothing; expiry is still checked on every use, and revocation is checked in the database by the caller.
 * Keyed per signing key, and bounded: the oldest entries go first.
 */
const verified = new WeakMap<CryptoKey, Map<string, { sid: string; exp: number }>>();
const VERIFIED_MAX = 10_000;

/** Returns the session id named by a valid token, or null for anything forged, expired or malformed. */
export async function readSessionToken(key: CryptoKey, token: string, now: Date): Promise<string | null> {
  let memo = verified.get(key);
  if (!memo) verified.set(key, memo = new Map());
  const seconds = Math.floor(now.getTime() / 1000);
  const known = memo.get(token);
  if (known) return known.exp > seconds ? known.sid : null;
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      algorithms: ["HS256"],
      currentDate: now,
    });
    if (typeof payload.sid !== "string" || typeof payload.exp !== "number") return null;
    if (memo.size >= VERIFIED_MAX) memo.delete(memo.keys().next().value!);
    memo.set(token, { sid: payload.sid, exp: payload.exp });
    return payload.sid;
  } catch {
    return null;
  }
}
