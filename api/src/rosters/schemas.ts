/** Roster confirmations (decision 0087): the DER's task, the administrators' list and their actions. */
import { z } from "zod";

export const ROSTER_MESSAGES = {
  question: "Is your crew list still right?",
  alreadyConfirmed: "This crew list has already been confirmed for this period.",
  confirmed: "Thank you: the crew list is confirmed.",
  noDer: "This company has no DER to remind.",
  reminded: (name: string) => `Reminder sent to the DER of ${name}`,
  sent: (n: number) => `${n} roster request${n === 1 ? "" : "s"} sent`,
} as const;

const State = {
  status: z.enum(["waiting", "overdue", "confirmed"]).describe(
    "waiting: not confirmed, due day not over; overdue: not confirmed after its due day; confirmed",
  ),
  overdue_since: z.string().nullable().describe("The first day it was overdue (YYYY-MM-DD), when overdue"),
};

export const RosterTask = z.object({
  id: z.number().int(),
  type: z.literal("roster_confirmation"),
  attributes: z.object({
    business_id: z.number().int(),
    business_name: z.string(),
    period_start: z.string().describe("The first day of the period asked about (YYYY-MM-DD)"),
    due_on: z.string().describe("The last day to confirm (YYYY-MM-DD, the office's calendar)"),
    sent_at: z.string(),
    ...State,
    confirmed_at: z.string().nullable(),
    confirmed_by: z.string().nullable(),
    employees: z.array(z.object({
      user_id: z.number().int(),
      name: z.string(),
      member_number: z.string().nullable(),
    })).describe("The company's employees on its list now"),
  }),
});
export const RosterTaskResponse = z.object({ data: RosterTask.nullable() });
export const RosterConfirmResponse = z.object({ data: RosterTask.nullable(), message: z.string() });
export type RosterTaskAnswer = z.infer<typeof RosterTaskResponse>;

export const RosterOverviewRow = z.object({
  id: z.number().int(),
  type: z.literal("roster_confirmation"),
  attributes: z.object({
    business_id: z.number().int(),
    business_name: z.string(),
    der_name: z.string().nullable(),
    der_email: z.string().nullable(),
    period_start: z.string(),
    due_on: z.string(),
    sent_at: z.string(),
    ...State,
    confirmed_at: z.string().nullable(),
    confirmed_by: z.string().nullable(),
    reminded_at: z.string().nullable(),
    reminder_count: z.number().int(),
  }),
});
export const RosterOverviewResponse = z.object({
  data: z.array(RosterOverviewRow),
  meta: z.object({
    today: z.string().describe("The office's day the states are counted on"),
    confirmed: z.number().int(),
    waiting: z.number().int(),
    overdue: z.number().int(),
  }),
});
export type RosterOverviewAnswer = z.infer<typeof RosterOverviewResponse>;

export const RosterOverviewQuery = z.object({
  status: z.enum(["waiting", "overdue", "confirmed"]).optional(),
});

export const MessageResponse = z.object({ message: z.string() });
export const SentResponse = z.object({ sent: z.number().int(), message: z.string() });
