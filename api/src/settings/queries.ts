/** Reads and writes of the one-row `settings` table (prices in cents, pause thresholds, renewal notice days). */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";

/** The current prices, in integer cents. The row always exists (the migration inserts it). */
export function getPrices(db: Kysely<DB>) {
  return db.selectFrom("settings")
    .select(["annual_new_cents", "annual_renewal_cents", "one_time_cents", "compliance_kit_cents"])
    .executeTakeFirstOrThrow();
}

const EDITABLE = [
  "annual_new_cents",
  "annual_renewal_cents",
  "one_time_cents",
  "compliance_kit_cents",
  "renewal_notice_days",
  "roster_confirmation_months",
] as const;

export type EditableSettings = { [K in (typeof EDITABLE)[number]]: number };

/** Everything the administrators' Settings screen shows. */
export function getSettings(db: Kysely<DB>) {
  return db.selectFrom("settings")
    .select([...EDITABLE, "pause_warning_days", "pause_window_days", "updated_at"])
    .executeTakeFirstOrThrow();
}

/**
 * Applies an administrator's change if the row is still the one they opened (`seen`, its `updated_at`), and
 * audits what changed (before and after). Answers "changed" when someone else wrote it meanwhile (the row is
 * locked for the comparison, so two administrators saving at once cannot both win), "unchanged" when the row
 * already holds what is asked (so a repeated save is not a conflict).
 */
export async function updateSettings(
  db: Kysely<DB>,
  input: EditableSettings,
  seen: Date,
  actor: number,
): Promise<"updated" | "unchanged" | "changed"> {
  return await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("settings").select([...EDITABLE, "updated_at"]).forUpdate()
      .executeTakeFirstOrThrow();
    const changed = EDITABLE.filter((key) => before[key] !== input[key]);
    // Already as asked (this same save repeated after a lost answer, or a colleague's identical one): done.
    if (!changed.length) return "unchanged";
    if (new Date(before.updated_at).getTime() !== seen.getTime()) return "changed";
    await trx.updateTable("settings").set(Object.fromEntries(changed.map((key) => [key, input[key]])))
      .execute();
    await audit(trx, {
      actor,
      action: "settings_updated",
      entity: "settings",
      entityId: null,
      // { changes: { field: [before, after] } }: what the History and the Audit screen show (issue 37).
      detail: { changes: Object.fromEntries(changed.map((key) => [key, [before[key], input[key]]])) },
    });
    return "updated";
  });
}
