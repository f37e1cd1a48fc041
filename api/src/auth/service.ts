import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import { AppError } from "../lib/errors.ts";
import { hit, type LimitDeps, resetLimit } from "../lib/rate-limit.ts";
import { burnPasswordCheck, verifyPassword } from "./passwords.ts";
import { findLoginUser } from "./queries.ts";
import { hasSecondFactor } from "./second-factor/queries.ts";

/** The user for a correct email and password; null otherwise, after the same amount of work either way. */
export async function checkCredentials(db: Kysely<DB>, email: string, password: string) {
  const row = await findLoginUser(db, email);
  if (!row) {
    await burnPasswordCheck(password);
    return null;
  }
  if (!await verifyPassword(password, row.password_hash)) return null;
  const factor = await hasSecondFactor(db, row.id);
  return {
    user_id: row.id,
    is_admin: row.is_admin,
    is_der: row.is_der,
    full_name: `${row.first_name} ${row.last_name}`,
    // A new session has not confirmed a second factor yet (decision 0043).
    second_factor: factor ? "verify" as const : row.is_admin ? "enrol" as const : "off" as const,
  };
}

/**
 * Sign-in: the per-address and per-account limits, the password check and its audit. `startSession` opens the
 * session (the route's, as it sets the cookie) for a correct password only.
 */
export async function signIn(
  deps: LimitDeps,
  input: { email: string; password: string },
  ip: string,
  startSession: (userId: number) => Promise<string>,
) {
  const { email, password } = input;
  const emailKey = email.toLowerCase();
  const wait = Math.max(
    await hit(deps, "loginPerIp", ip),
    await hit(deps, "loginPerEmail", emailKey),
  );
  if (wait > 0) {
    throw new AppError(
      "RATE_LIMITED",
      "Too many sign-in attempts. Please wait a few minutes and try again.",
      [],
      {
        "Retry-After": String(wait),
      },
    );
  }
  const { db } = deps.database;
  const user = await checkCredentials(db, email, password);
  if (!user) {
    await audit(db, { actor: null, action: "login_failed", entity: "session", ip });
    throw new AppError("INVALID_CREDENTIALS", "Invalid email or password.");
  }
  await resetLimit(deps, "loginPerEmail", emailKey);
  const token = await startSession(user.user_id);
  await audit(db, { actor: user.user_id, action: "login", entity: "session", ip });
  return { token, user };
}
