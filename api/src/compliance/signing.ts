/**
 * The Letter of Compliance signature: a compact JWS (EdDSA over Ed25519) of a short statement, small enough
 * for a QR code. The private key comes from LOC_SIGNING_KEY (PKCS8 PEM) or is generated on first start and
 * kept in app_secrets. Every public key ever used is kept too (app_secrets `loc_public_key:<kid>`), and the
 * JWS header names its key id, so replacing the signing key never breaks a letter already printed.
 */
import {
  calculateJwkThumbprint,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
  jwtVerify,
  SignJWT,
} from "jose";
import type { Database } from "../db/client.ts";
import { keepSecret, secretsNamed } from "../auth/secrets.ts";

const ISSUER = "apca";
const PRIVATE_KEY_NAME = "loc_signing_key";
const PUBLIC_KEY_PREFIX = "loc_public_key:";

/** The signed claims. `sub` is our user id and `mem` the member number: never a name or an SSN. */
export interface LetterStatement {
  iss: string;
  sub: string;
  mem: string | null;
  /** Coverage window, 'YYYY-MM-DD'; `cov_to` is null for a membership without an expiry date. */
  cov_from: string;
  cov_to: string | null;
  /** The membership's status when the letter was issued. */
  st: "active";
  iat: number;
}

export interface PublicJwk extends JWK {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

export interface LetterKeys {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: PublicJwk;
  /** Every public key this database has signed with, the current one first. */
  publicJwks(): Promise<PublicJwk[]>;
  /** The verification key for a key id, or null when it is not one of ours. */
  verifier(kid: string): Promise<CryptoKey | null>;
}

async function storedPrivateKey(database: Database): Promise<string> {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
  // Of two processes starting at once, the first key stored is the one both use.
  return await keepSecret(database.db, PRIVATE_KEY_NAME, await exportPKCS8(privateKey));
}

/** Loads (or creates) the signing key once at start and records its public half. */
export async function loadLetterKeys(database: Database, configuredPem?: string): Promise<LetterKeys> {
  const pem = configuredPem ?? await storedPrivateKey(database);
  const privateKey = await importPKCS8(pem, "EdDSA", { extractable: true });
  const { x } = await exportJWK(privateKey);
  if (!x) throw new Error("LOC_SIGNING_KEY is not an Ed25519 private key");
  const thumbprint = await calculateJwkThumbprint({ kty: "OKP", crv: "Ed25519", x });
  // 16 characters (96 bits) of the RFC 7638 thumbprint: unique among our keys, and short for the QR code.
  const kid = thumbprint.slice(0, 16);
  const publicJwk: PublicJwk = { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" };
  await keepSecret(database.db, PUBLIC_KEY_PREFIX + kid, JSON.stringify(publicJwk));

  const verifiers = new Map<string, CryptoKey>();
  verifiers.set(kid, await importJWK(publicJwk, "EdDSA") as CryptoKey);

  async function storedPublicJwks(): Promise<PublicJwk[]> {
    const rows = await secretsNamed(database.db, PUBLIC_KEY_PREFIX);
    return rows.map((r) => JSON.parse(r.value) as PublicJwk);
  }

  return {
    kid,
    privateKey,
    publicJwk,
    async publicJwks() {
      const all = await storedPublicJwks();
      return [publicJwk, ...all.filter((k) => k.kid !== kid)];
    },
    async verifier(wanted) {
      const known = verifiers.get(wanted);
      if (known) return known;
      // A key recorded by another process, or retired: look it up once.
      const jwk = (await storedPublicJwks()).find((k) => k.kid === wanted);
      if (!jwk) return null;
      const key = await importJWK(jwk, "EdDSA") as CryptoKey;
      verifiers.set(wanted, key);
      return key;
    },
  };
}

/** Signs a statement; the result is a compact JWS with the key id in its header. */
export async function signStatement(
  keys: LetterKeys,
  claims: Omit<LetterStatement, "iss" | "iat">,
  issuedAt: Date,
): Promise<string> {
  const { sub, ...rest } = claims;
  return await new SignJWT({ ...rest })
    .setProtectedHeader({ alg: "EdDSA", kid: keys.kid })
    .setIssuer(ISSUER)
    .setSubject(sub)
    .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
    .sign(keys.privateKey);
}

/**
 * The statement of a token signed with one of our keys, or null for anything else (tampered, foreign key,
 * unknown kid, malformed). A statement has no expiry of its own: its coverage dates say what it covers.
 */
export async function verifyStatement(keys: LetterKeys, token: string): Promise<LetterStatement | null> {
  try {
    const { payload } = await jwtVerify(token, async (header) => {
      const key = typeof header.kid === "string" ? await keys.verifier(header.kid) : null;
      if (!key) throw new Error("unknown key");
      return key;
    }, { issuer: ISSUER, algorithms: ["EdDSA"] });
    const p = payload as Partial<LetterStatement>;
    if (
      typeof p.sub !== "string" || typeof p.cov_from !== "string" || typeof p.iat !== "number" ||
      p.st !== "active"
    ) return null;
    return {
      iss: ISSUER,
      sub: p.sub,
      mem: typeof p.mem === "string" ? p.mem : null,
      cov_from: p.cov_from,
      cov_to: typeof p.cov_to === "string" ? p.cov_to : null,
      st: p.st,
      iat: p.iat,
    };
  } catch {
    return null;
  }
}
