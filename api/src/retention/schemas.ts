/** The retention schedule, legal holds and the due list (decision 0091). */
import { z } from "zod";

export const RETENTION_MESSAGES = {
  belowMinimum: (months: number) =>
    `The period cannot be shorter than the legal minimum of ${months} month${months === 1 ? "" : "s"}`,
  period: "The period must be a whole number of months from 0 to 1200",
  unchanged: "Nothing to save: the period is as it was",
  periodSet: "The retention period has been saved",
  oneSubject: "Choose a member or a company (one of them)",
  noMember: "No such member",
  noCompany: "No such company",
  reason: "Give a reason (up to 1,000 characters)",
  alreadyHeld: "This member or company is already under a legal hold",
  placed: "The legal hold has been placed",
  lifted: "The legal hold has been lifted",
  liftedAlready: "This legal hold was lifted already",
} as const;

const M = RETENTION_MESSAGES;

export const KindParam = z.object({
  kind: z.string().regex(/^[a-z_]{1,40}$/, "kind must be a schedule row's name").describe(
    "The kind of record",
  ),
});

export const ScheduleRow = z.object({
  kind: z.string().describe("The kind of record"),
  record: z.string().describe("What the row covers"),
  record_date: z.string().describe("The record's own date its period runs from"),
  citation: z.string().describe("The rule that sets the legal minimum"),
  action: z.enum(["remove", "anonymise"]).describe("What the daily job does once the period has passed"),
  minimum_months: z.number().int().describe("The legal minimum, in months"),
  period_months: z.number().int().describe("The consortium's period, in months (never below the minimum)"),
  updated_at: z.string().describe("When the period last changed (ISO 8601)"),
  updated_by: z.string().nullable().describe("The administrator who last changed it"),
});

export const ScheduleResponse = z.object({ data: z.array(ScheduleRow) });
export const ScheduleChangeResponse = ScheduleResponse.extend({
  message: z.string().describe("What the change did"),
});

export const PeriodBody = z.object({
  period_months: z.number({ error: M.period }).int(M.period).min(0, M.period).max(1200, M.period)
    .describe("The consortium's period in months; at least the row's legal minimum"),
});

export const Hold = z.object({
  id: z.number().int(),
  subject: z.enum(["member", "company"]),
  user_id: z.number().int().nullable(),
  business_id: z.number().int().nullable(),
  name: z.string().describe("The member (with member number) or the company"),
  reason: z.string(),
  placed_at: z.string(),
  placed_by: z.string().nullable(),
  lifted_at: z.string().nullable().describe("Null while the hold is open"),
  lifted_by: z.string().nullable(),
  lift_reason: z.string().nullable(),
});

export const HoldsResponse = z.object({ data: z.array(Hold) });
export const HoldChangeResponse = HoldsResponse.extend({
  message: z.string(),
  id: z.number().int().optional().describe("The new hold's id"),
});

const reason = z.string({ error: M.reason }).trim().min(1, M.reason).max(1000, M.reason);

export const PlaceHoldBody = z.object({
  user_id: z.number().int().positive().nullable().optional().describe("The member to hold (or business_id)"),
  business_id: z.number().int().positive().nullable().optional().describe("The company to hold (or user_id)"),
  reason: reason.describe("Why: the proceeding or investigation that names the records"),
});

export const LiftHoldBody = z.object({
  reason: z.string().trim().max(1000, M.reason).nullable().optional().describe(
    "Why the hold ends (optional)",
  ),
});

export const DueResponse = z.object({
  data: z.object({
    from: z.string().describe("Today, in the office's zone"),
    until: z.string().describe("Thirty days on"),
    kinds: z.array(z.object({
      kind: z.string(),
      record: z.string(),
      action: z.enum(["remove", "anonymise"]),
      period_months: z.number().int(),
      count: z.number().int().describe("Records the job takes by `until` (those due now included)"),
      records: z.array(z.object({
        id: z.number().int(),
        label: z.string(),
        record_day: z.string().describe("The record's own date"),
        removal_on: z.string().describe("The day the job takes it (today when it is due now)"),
      })).describe("The first 50, oldest first"),
    })),
  }),
});
