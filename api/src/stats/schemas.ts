/** The analytics calls' query and answers (admin spec §3 "Analytics payloads", §7 "Analytics and exports"). */
import { z } from "zod";

/** The longest range a chart may ask for: ten years of months. */
export const MAX_RANGE_MONTHS = 120;

const month = (name: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, `${name} must be a month written YYYY-MM`).optional();

export const monthsBetween = (a: string, b: string) => {
  const [ay, am] = a.split("-").map(Number);
  const [by, bm] = b.split("-").map(Number);
  return (by - ay) * 12 + (bm - am);
};

/** start and end are each optional (default: six months back through the current month). */
export const RangeQuery = z.object({ start: month("start"), end: month("end") })
  .refine((q) => !q.start || !q.end || q.start <= q.end, {
    message: "start must not be after end",
    path: ["start"],
  })
  .refine((q) => !q.start || !q.end || monthsBetween(q.start, q.end) < MAX_RANGE_MONTHS, {
    message: `The range spans at most ${MAX_RANGE_MONTHS} months`,
    path: ["end"],
  });

const count = z.number().int().nonnegative();

export const OverviewResponse = z.object({
  annualMemberships: count.describe("Members whose current membership is an active annual one"),
  nonAnnualMemberships: count.describe("Members whose current membership is an active one-time drug test"),
  pausedMemberships: count.describe("Members whose current membership is paused"),
  expiredMembers: count.describe("Members whose current membership has expired"),
  activeCompanies: count.describe("Active companies (not self-employed, not deleted)"),
  usersWithoutPrimaryBusiness: count.describe(
    "Members without a primary business (the CSV download lists them)",
  ),
});

/** Months are keyed MM-YY, in range order. */
const MonthKey = z.string().regex(/^\d{2}-\d{2}$/);

export const CompanyBreakdownResponse = z.record(
  MonthKey,
  z.object({ company_count: count, average_employee_count: z.number().nonnegative() }),
).describe("Companies at each month's end and their average number of employees, keyed MM-YY");

export const ConsortiumResponse = z.record(
  MonthKey,
  z.object({ company_count: count, individual_count: count }),
)
  .describe(
    "Annual memberships in force at each month's end, paid by a company or by the member, keyed MM-YY",
  );

export const DecompositionResponse = z.record(
  MonthKey,
  z.object({ new: count, renewal: count, churn: count }),
)
  .describe("New annual memberships, renewals and churn per month, keyed MM-YY");

export const OneTimeResponse = z.array(z.object({ date: MonthKey, count }))
  .describe("One-time drug test memberships bought per month (date is MM-YY)");

export const RandomsResponse = z.object({
  data: z.array(z.object({
    order_date: z.string().describe("YYYY-MM-DD, the office day the pool was ordered (or its month's first)"),
    test_completed: count,
    incomplete: count,
    failed: count,
    exempt: count,
    total: count,
  })),
});
