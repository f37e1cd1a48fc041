/**
 * The writes of the administrators' import (decision 0084) to the table this domain owns: a person created
 * from a file (no e-mail, a password nobody knows until they claim the account through the reset path), an
 * update of the imported columns, and the deletion a rollback does. The import decides what to write; only
 * this domain writes `users`.
 */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { hashPassword } from "../auth/passwords.ts";
import { insertImportedUserRow, setImportedMemberNumber } from "./queries.ts";
import { memberNumber } from "./service.ts";

export { deleteImportedUser, updateImportedUser } from "./queries.ts";

/** One unusable hash per process: an imported person signs in only after setting a password. */
let unusable: Promise<string> | undefined;

export async function insertImportedUser(
  db: Kysely<DB>,
  user: Omit<Insertable<DB["users"]>, "password_hash">,
): Promise<number> {
  unusable ??= hashPassword(crypto.randomUUID());
  const id = await insertImportedUserRow(db, { ...user, password_hash: await unusable });
  if (!user.member_number) await setImportedMemberNumber(db, id, memberNumber(id));
  return id;
}
