/**
 * The settings row: public prices (decision 0052), and the administrators' Settings screen that reads and changes
 * the prices, the renewal notice days (decision 0075) and the roster schedule (decision 0087). The pause thresholds are the regulation's and only shown.
 */
import type { Deps } from "../lib/context.ts";
import { AppError } from "../lib/errors.ts";
import { type EditableSettings, getPrices, getSettings, updateSettings } from "./queries.ts";
import { SETTINGS_MESSAGES } from "./schemas.ts";

export const currentPrices = (deps: Pick<Deps, "database">) => getPrices(deps.database.db);

/** Everything the Settings screen shows, with the version (`updated_at`) a change is made against. */
export async function adminSettings(deps: Pick<Deps, "database">) {
  const row = await getSettings(deps.database.db);
  return { data: { ...row, updated_at: new Date(row.updated_at).toISOString() } };
}

/** An administrator's change of the settings they opened at `updatedAt`; 409 when someone changed them since. */
export async function changeSettings(
  deps: Pick<Deps, "database">,
  input: Omit<EditableSettings, "roster_confirmation_months"> & {
    roster_confirmation_months?: number;
    updated_at: string;
  },
  actor: number,
) {
  const { updated_at, ...given } = input;
  // A form that does not show the roster schedule leaves it as it is.
  const values = {
    ...given,
    roster_confirmation_months: given.roster_confirmation_months ??
      (await getSettings(deps.database.db)).roster_confirmation_months,
  };
  const outcome = await updateSettings(deps.database.db, values, new Date(updated_at), actor);
  if (outcome === "changed") throw new AppError("CONFLICT", SETTINGS_MESSAGES.changed);
  return {
    message: outcome === "updated" ? SETTINGS_MESSAGES.updated : SETTINGS_MESSAGES.unchanged,
    ...await adminSettings(deps),
  };
}
