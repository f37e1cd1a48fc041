/**
 * What a new export's filters start as. The MIS report's calendar year is the report due next, the one the
 * Analytics banner names (`nextMisReport`: the previous year's until the office's March 15, then the current
 * year's), read from the clock when the form opens or starts over, not once when the page's code loaded.
 */
import { nextMisReport } from "../../lib/dates.ts";

export interface ExportFilters {
  reason: string;
  from: string;
  to: string;
  year: string;
}

export function newExportFilters(now: Date): ExportFilters {
  return { reason: "", from: "", to: "", year: String(nextMisReport(now).year) };
}
