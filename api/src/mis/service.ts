/** The MIS report for a calendar year (DOMAIN.md "MIS report"): its year bounds, counts and due date. */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { startOfDayIn } from "../lib/dates.ts";
import { notFound } from "../lib/errors.ts";
import { businessName, misConsortium, type MisCounts, misEmployerBatch } from "./queries.ts";

/** The export of MIS figures (exports/kinds.ts) reads them in batches: the counts and the employers' pages. */
export { countBusinesses, misConsortium, type MisCounts, misEmployerBatch } from "./queries.ts";

/** The calendar year in the office's zone, as instants [start, end). */
export function misYear(year: number, officeTimeZone: string): { start: Date; end: Date } {
  return {
    start: startOfDayIn(`${year}-01-01`, officeTimeZone),
    end: startOfDayIn(`${year + 1}-01-01`, officeTimeZone),
  };
}

/** The report for `year` is due to the Coast Guard by March 15 of the next year (46 CFR 16.500). */
export const misDueDate = (year: number): string => `${year + 1}-03-15`;

export interface MisReport {
  year: number;
  due_date: string;
  /** The employer, or null for the consortium as a whole. */
  business: { id: number; name: string } | null;
  counts: MisCounts;
}

export async function misReport(
  db: Kysely<DB>,
  officeTimeZone: string,
  year: number,
  businessId: number | null,
): Promise<MisReport> {
  const bounds = misYear(year, officeTimeZone);
  if (businessId === null) {
    return { year, due_date: misDueDate(year), business: null, counts: await misConsortium(db, bounds) };
  }
  const name = await businessName(db, businessId);
  if (name === undefined) throw notFound("Business");
  const [row] = await misEmployerBatch(db, bounds, 0, 1, businessId);
  const { business_id: _id, business_name: _name, ...counts } = row;
  return { year, due_date: misDueDate(year), business: { id: businessId, name }, counts };
}

/** Column labels, in report order, shared by the CSV export and the PDF. */
export const MIS_COLUMNS: [keyof MisCounts, string][] = [
  ["covered_employees", "Covered employees"],
  ["pre_employment", "Pre-employment"],
  ["random", "Random"],
  ["post_accident", "Post-accident"],
  ["reasonable_suspicion", "Reasonable cause/suspicion"],
  ["return_to_duty", "Return-to-duty"],
  ["follow_up", "Follow-up"],
  ["periodic", "Periodic"],
  ["total_results", "Total results"],
  ["verified_negatives", "Verified negative"],
  ["verified_positives", "Verified positive"],
  ["marijuana", "Positive: marijuana"],
  ["cocaine", "Positive: cocaine"],
  ["pcp", "Positive: PCP"],
  ["opiates", "Positive: opiates"],
  ["amphetamines", "Positive: amphetamines"],
  ["refusals", "Refusals"],
  ["cancelled", "Cancelled results"],
];
