/**
 * The writes of the administrators' import (decision 0084) to the table this domain owns: people created
 * from a file (no e-mail, a password nobody knows until they claim the account through the reset path), an
 * update of the imported columns, and the deletion a rollback does. The import decides what to write; only
 * this domain writes `users`. A chunk of rows is written set-based (decision 0089).
 */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { hashPassword } from "../auth/passwords.ts";
import { insertImportedUserRows, reserveImportedUserIds } from "./queries.ts";
import { memberNumber } from "./service.ts";

export { deleteImportedUser, updateImportedUser, updateImportedUsers } from "./queries.ts";

/** One unusable hash per process: an imported person signs in only after setting a password. */
let unusable: Promise<string> | undefined;

/**
 * Creates the people of a chunk in one statement per shape of row; answers their ids in order. A person
 * without a member number gets the product's own (M-000123) from their id.
 */
export async function insertImportedUsers(
  db: Kysely<DB>,
  users: Omit<Insertable<DB["users"]>, "password_hash">[],
): Promise<number[]> {
  if (users.length === 0) return [];
  unusable ??= hashPassword(crypto.randomUUID());
  const hash = await unusable;
  const ids = await reserveImportedUserIds(db, users.length);
  await insertImportedUserRows(
    db,
    users.map((u, i) => ({
      ...u,
      id: ids[i],
      password_hash: hash,
      member_number: u.member_number || memberNumber(ids[i]),
    })),
  );
  return ids;
}
