/**
 * A company's compliance at a glance (issue 25, the DER's overview): each employee's coverage in the random
 * programme and the summary of their last test in words. Pure, shared by the API (the overview, its CSV) and
 * the web (the filter's labels), decision 0055.
 *
 * Coverage is an ANNUAL membership that earns a Letter of Compliance now (compliance-status.ts): a one-time
 * test is a single test, not coverage. "Ending" is coverage whose last day is within ENDING_WITHIN_DAYS of
 * the coverage day, whether or not it renews automatically (the row says so: a renewal charge can fail).
 * "Paused" is an annual membership on hold whose term has not lapsed. Everyone else is "not covered".
 *
 * The last test is summarised as 49 CFR 40.321 lets an employer be told: Passed, Not passed, Refusal,
 * Cancelled or Pending, never the laboratory panel.
 */
import { coverageDay, type DateString, daysBetween, termLapsed } from "./dates.ts";
import { coveringMembership, type MembershipFacts } from "./compliance-status.ts";

export const ENDING_WITHIN_DAYS = 30;

export const COVERAGE_FILTERS = ["all", "covered", "ending", "paused", "not_covered"] as const;
export type CoverageFilter = (typeof COVERAGE_FILTERS)[number];
export type CompanyCoverage = "covered" | "ending" | "paused" | "not_covered";

export const COVERAGE_LABELS: Record<CompanyCoverage, string> = {
  covered: "Covered",
  ending: "Ending within 30 days",
  paused: "Paused",
  not_covered: "Not covered",
};

export const FILTER_LABELS: Record<CoverageFilter, string> = {
  all: "Everyone",
  covered: "Covered (ending soon too)",
  ending: "Ending within 30 days",
  paused: "Paused",
  not_covered: "Not covered",
};

export interface CoverageFacts extends MembershipFacts {
  autorenew: boolean;
}

export interface EmployeeCoverage {
  status: CompanyCoverage;
  /** The last covered day ('YYYY-MM-DD'), null without coverage or for a membership without an end. */
  covered_through: DateString | null;
  renews: boolean;
}

export function employeeCoverage(memberships: CoverageFacts[], now: Date): EmployeeCoverage {
  const covering = coveringMembership(memberships, now) as CoverageFacts | null;
  if (covering) {
    const through = covering.expire_at;
    const ending = through !== null && daysBetween(coverageDay(now), through) <= ENDING_WITHIN_DAYS;
    return { status: ending ? "ending" : "covered", covered_through: through, renews: covering.autorenew };
  }
  const paused = memberships.find((m) =>
    m.type === "annual" && m.paused && !m.pending && !m.failed && !m.cancelled &&
    !termLapsed(m.expire_at, now)
  );
  if (paused) return { status: "paused", covered_through: paused.expire_at, renews: false };
  return { status: "not_covered", covered_through: null, renews: false };
}

/** Whether a row with this coverage passes the filter ("covered" includes those ending soon). */
export function matchesFilter(status: CompanyCoverage, filter: CoverageFilter): boolean {
  if (filter === "all") return true;
  if (filter === "covered") return status === "covered" || status === "ending";
  return status === filter;
}

export type TestSummary = "Passed" | "Not passed" | "Refusal" | "Cancelled" | "Pending";

/** A test's outcome in words for the employer: never the result code's laboratory detail. */
export function testSummary(t: { status: string; result: string | null }): TestSummary {
  if (t.result === "cancelled" || t.status === "cancelled" || t.status === "failed") return "Cancelled";
  if (t.result === "negative" || t.result === "negative_dilute") return "Passed";
  if (t.result === "positive") return "Not passed";
  if (t.result === "refusal") return "Refusal";
  return "Pending";
}
