/** The SQL of password resets: the account lookup and the single-use token rows (only their hashes). */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** The account for an e-mail address (any case), unless deleted. */
export const findUserByEmail = (db: Kysely<DB>, email: string) =>
  db.selectFrom("users").select(["id", "email", "first_name"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("deleted_at", "is", null)
    .executeTakeFirst();

/** A live account's e-mail and password hash (a password change checks the current password). */
export const passwordOf = (db: Kysely<DB>, userId: number) =>
  db.selectFrom("users").select(["id", "email", "password_hash"])
    .where("id", "=", userId).where("deleted_at", "is", null)
    .executeTakeFirst();

export async function insertResetToken(db: Kysely<DB>, row: Insertable<DB["password_reset_tokens"]>) {
  await db.insertInto("password_reset_tokens").values(row).execute();
}

/** Whether the token is unused, unexpired and of a live account (a cheap look before hashing a password). */
export async function usableToken(db: Kysely<DB>, tokenHash: string, now: Date): Promise<boolean> {
  const row = await db.selectFrom("password_reset_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select("t.user_id")
    .where("t.token_hash", "=", tokenHash).where("t.used_at", "is", null).where("t.expires_at", ">", now)
    .where("u.deleted_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the token used if it still is usable (a conditional UPDATE: one of two racing uses wins); its user. */
export async function claimToken(db: Kysely<DB>, tokenHash: string, now: Date): Promise<number | null> {
  const claimed = await db.updateTable("password_reset_tokens").set({ used_at: now })
    .where("token_hash", "=", tokenHash).where("used_at", "is", null).where("expires_at", ">", now)
    .returning("user_id").executeTakeFirst();
  return claimed?.user_id ?? null;
}

/** Every other outstanding link of the user stops working. */
export async function expireOtherTokens(db: Kysely<DB>, userId: number, now: Date): Promise<void> {
  await db.updateTable("password_reset_tokens").set({ used_at: now })
    .where("user_id", "=", userId).where("used_at", "is", null).execute();
}

/** A deleted account's reset links go (decision 0024). */
export async function deleteTokensOf(db: Kysely<DB>, userId: number): Promise<void> {
  await db.deleteFrom("password_reset_tokens").where("user_id", "=", userId).execute();
}
