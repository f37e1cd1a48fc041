/** The SQL of product analytics: the events the web sends. */
import type { Insertable, Kysely } from "kysely";
import type { DB } from "../db/types.ts";

export async function recordEvent(db: Kysely<DB>, event: Insertable<DB["analytics_events"]>): Promise<void> {
  await db.insertInto("analytics_events").values(event).execute();
}
