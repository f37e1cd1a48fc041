/** Password hashing with argon2id (OWASP minimum: 19 MiB, 2 passes, 1 lane), in WebAssembly. */
import { argon2id, argon2Verify } from "hash-wasm";

export const ARGON2_PARAMS = { memorySize: 19_456, iterations: 2, parallelism: 1, hashLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return await argon2id({ password, salt, ...ARGON2_PARAMS, outputType: "encoded" });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await argon2Verify({ password, hash });
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same work as a real check, so an unknown email answers as slowly as a wrong password. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummy);
}
