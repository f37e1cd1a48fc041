/**
 * The one way every owner of a kept record asks "which of my rows has passed its period?" (issue 38, decision
 * 0091). A record's day is its own date in the office's time zone; it is kept through that day plus the period
 * (calendar months) and goes on the first run of the retention job after that day. The due list asks the same
 * question with a cutoff 30 days later, so it names exactly what the job would then take. Rows of a member or a
 * company under a legal hold are never due.
 */
import { type RawBuilder, sql } from "kysely";
import type { DateString } from "../db/types.ts";

export interface RetentionWindow {
  /** Rows whose last kept day is before this day are due (the job: today; the due list: today + 30). */
  cutoff: DateString;
  months: number;
  timeZone: string;
  heldUsers: number[];
  heldBusinesses: number[];
  limit: number;
  /** Only this member's rows (an account deletion). */
  userId?: number;
}

/** One due record: what the due list shows and what the job then removes or anonymises. */
export interface RetentionRow {
  id: number;
  record_day: DateString;
  removal_on: DateString;
  user_id: number | null;
  business_id: number | null;
  label: string;
}

/** The office day of a timestamp column or expression. */
export const officeDayOf = (ts: RawBuilder<unknown>, w: Pick<RetentionWindow, "timeZone">) =>
  sql<DateString>`(${ts} at time zone ${w.timeZone})::date`;

/** The select list's `record_day` and `removal_on` of a row whose day is `day`. */
export const retentionDays = (day: RawBuilder<unknown>, w: Pick<RetentionWindow, "months">) =>
  sql`(${day})::text as record_day,
    ((${day}) + make_interval(months => ${w.months}) + interval '1 day')::date::text as removal_on`;

/** The row's last kept day (its day plus the period) is before the cutoff. */
export const isDue = (day: RawBuilder<unknown>, w: Pick<RetentionWindow, "months" | "cutoff">) =>
  sql<boolean>`(${day}) + make_interval(months => ${w.months}) < ${w.cutoff}::date`;

/** Neither the row's member nor its company is under an open legal hold. */
export function notHeld(
  userCol: RawBuilder<unknown> | null,
  businessCol: RawBuilder<unknown> | null,
  w: Pick<RetentionWindow, "heldUsers" | "heldBusinesses">,
) {
  const users = userCol
    ? sql`and (${userCol} is null or not (${userCol} = any(${sql.val(w.heldUsers)}::int[])))`
    : sql``;
  const businesses = businessCol
    ? sql`and (${businessCol} is null or not (${businessCol} = any(${sql.val(w.heldBusinesses)}::int[])))`
    : sql``;
  return sql<boolean>`true ${users} ${businesses}`;
}

/** The member's own rows only, when the window names one (an account deletion). */
export const onlyUser = (userCol: RawBuilder<unknown>, w: Pick<RetentionWindow, "userId">) =>
  w.userId === undefined ? sql<boolean>`true` : sql<boolean>`${userCol} = ${w.userId}`;
