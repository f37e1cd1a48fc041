/** Reads of the one-row `settings` table (prices in cents, pause thresholds). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";

/** The current prices, in integer cents. The row always exists (the migration inserts it). */
export function getPrices(db: Kysely<DB>) {
  return db.selectFrom("settings")
    .select(["annual_new_cents", "annual_renewal_cents", "one_time_cents", "compliance_kit_cents"])
    .executeTakeFirstOrThrow();
}
