/** The SQL of the contact form: the messages kept as the record of what visitors sent. */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** Keeps a visitor's message; answers its id (the office mail's subject names it). */
export async function insertContactMessage(
  db: Kysely<DB>,
  message: Insertable<DB["contact_messages"]>,
): Promise<number> {
  const { id } = await db.insertInto("contact_messages").values(message).returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
