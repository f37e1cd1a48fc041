/**
 * The second factor's SQL outside its service (docs/decisions/0020-one-way.md): the reads sign-in, the account
 * label of a new factor and the reset task need. The service's own statements move here next (issue 22).
 */
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/types.ts";

type Db = Kysely<DB> | Transaction<DB>;

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
