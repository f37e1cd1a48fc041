/**
 * The export wizard's choices: what a new export's filters start as, when they are complete, and how the
 * wizard keeps its step and choices in the page's address. The MIS report's calendar year starts as the report
 * due next, the one the Analytics banner names (`nextMisReport`: the previous year's until the office's March
 * 15, then the current year's), read from the clock when the form opens or starts over. The address carries the
 * rest, so a round trip away comes back to the same step with the same choices: a reload, or the second-factor
 * page where no in-place step-up is set (lib/api.ts; the signed-in shell asks in a dialog over the wizard).
 */
import type { ExportTypeName } from "@api/contract";
import { nextMisReport } from "../../lib/dates.ts";
import { formatCount } from "../../lib/money.ts";

export interface ExportFilters {
  reason: string;
  from: string;
  to: string;
  year: string;
}

export type WizardStep = "type" | "filters" | "confirm";

export interface WizardState {
  step: WizardStep;
  type: ExportTypeName | "";
  filters: ExportFilters;
}

export function newExportFilters(now: Date): ExportFilters {
  return { reason: "", from: "", to: "", year: String(nextMisReport(now).year) };
}

export const hasRange = (t: ExportTypeName | "") => t === "i3_tests" || t === "expired_memberships";

/** Why the filters cannot go on to the confirm step, or undefined when they can. */
export function filtersError(type: ExportTypeName | "", filters: ExportFilters): string | undefined {
  if (hasRange(type) && filters.from && filters.to && filters.from > filters.to) {
    return "The start date must be on or before the end date";
  }
  if (type === "mis" && !/^\d{4}$/.test(filters.year)) return "Year is required";
  return undefined;
}

const FILTER_KEYS = ["reason", "from", "to", "year"] as const;

/** The wizard's step and choices as the address's query (empty on the first step with nothing chosen). */
export function wizardSearch({ step, type, filters }: WizardState): URLSearchParams {
  const params = new URLSearchParams();
  if (step !== "type" || type) params.set("step", step);
  if (type) params.set("type", type);
  if (step !== "type") { for (const key of FILTER_KEYS) if (filters[key]) params.set(key, filters[key]); }
  return params;
}

/**
 * The wizard as the address left it: an unknown type starts over, a step the choices do not reach yet (no
 * type, or filters that are not complete) is the last one they do reach.
 */
export function wizardFromSearch(
  search: URLSearchParams,
  known: readonly ExportTypeName[],
  now: Date,
): WizardState {
  const typeParam = search.get("type") ?? "";
  const type = (known as readonly string[]).includes(typeParam) ? typeParam as ExportTypeName : "";
  const filters = newExportFilters(now);
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value) filters[key] = value.slice(0, 40);
  }
  const asked = search.get("step");
  let step: WizardStep = asked === "filters" || asked === "confirm" ? asked : "type";
  if (!type) step = "type";
  else if (step === "confirm" && filtersError(type, filters)) step = "filters";
  return { step, type, filters };
}

/** "1 row", "1,234 rows": a built export's size in words (issue 37: never "1 rows"). */
export const rowsWord = (n: number): string => `${formatCount(n)} ${n === 1 ? "row" : "rows"}`;
