import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
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
