/** The new random pool's month, as chosen: a month of the year and a four-digit year, or the fields' errors. */
import { MONTH_NAMES } from "../../lib/dates.ts";

export const MONTH_REQUIRED = "Month is required";
export const YEAR_INVALID = "Enter the year in four digits, e.g. 2027";

export function poolMonth(
  year: string,
  month: string,
): { year: number; month: number } | { errors: { month?: string; year?: string } } {
  const errors: { month?: string; year?: string } = {};
  const m = Number(month);
  if (!/^\d{1,2}$/.test(month.trim()) || m < 1 || m > 12) errors.month = MONTH_REQUIRED;
  if (!/^\d{4}$/.test(year.trim())) errors.year = YEAR_INVALID;
  if (errors.month || errors.year) return { errors };
  return { year: Number(year.trim()), month: m };
}

/**
 * The pace panel's flag of the months without a drawn pool (issue 24 item 7), or null when none is missing:
 * "No pool drawn for October, November (a draft exists for November)".
 */
export function missingMonthsText(missing: { month: number; pool_created: boolean }[]): string | null {
  if (!missing.length) return null;
  const names = (ms: typeof missing) => ms.map((m) => MONTH_NAMES[m.month - 1]).join(", ");
  const drafts = missing.filter((m) => m.pool_created);
  return `No pool drawn for ${names(missing)}` +
    (drafts.length ? ` (created but not built: ${names(drafts)})` : "");
}
