/** Reads and writes of Letters of Compliance: the member, their membership facts, issued letters, signing keys. */
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/types.ts";
import type { MembershipFacts } from "./status.ts";

/** The member a letter is for; deleted accounts have none. */
export function letterMember(db: Kysely<DB>, userId: number) {
  return db.selectFrom("users")
    .select(["id", "email", "first_name", "middle_name", "last_name", "member_number"])
    .where("id", "=", userId).where("deleted_at", "is", null).executeTakeFirst();
}

/** A user's memberships with the facts the letter rule needs, as of `now`. */
export async function membershipFacts(db: Kysely<DB>, userId: number, now: Date): Promise<MembershipFacts[]> {
  const rows = await db.selectFrom("memberships as m")
    .select((eb) => [
      "m.id",
      "m.type",
      "m.starts_at",
      "m.expire_at",
      "m.pending",
      "m.failed",
      "m.cancelled",
      eb.exists(
        eb.selectFrom("membership_pauses as p").select(sql`1`.as("one"))
          .whereRef("p.membership_id", "=", "m.id")
          .where("p.paused_at", "<=", now)
          .where((w) => w.or([w("p.resumed_at", "is", null), w("p.resumed_at", ">", now)])),
      ).as("paused"),
    ])
    .where("m.user_id", "=", userId)
    .execute();
  return rows.map((r) => ({ ...r, paused: Boolean(r.paused) }));
}

/** The member's letter already issued with this content, if any. */
export function storedLetter(db: Kysely<DB>, userId: number, contentKey: string) {
  return db.selectFrom("documents").select(["id", "bytes"])
    .where("user_id", "=", userId).where("content_key", "=", contentKey).executeTakeFirst();
}
