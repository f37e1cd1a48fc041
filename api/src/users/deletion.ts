/**
 * The 30-day deletion of an employee's account (public spec §6, §9; decision 0024): when a company cancels
 * the membership it paid for and the member has no card of their own, the account is deleted 30 days later
 * unless the member adds a card by then. The `users.scheduled-deletion` job (desk/users-deletion.ts, since the
 * deletion crosses domains) runs daily and deletes what is due; a member who added a card meanwhile keeps the
 * account (the schedule is cleared). "Deleted" keeps every record
 * 49 CFR 40.333 requires: see minimiseAccount.
 */
import type { Kysely } from "kysely";
import type { DB } from "../db/types.ts";
import { DAY } from "../lib/jobs.ts";
import { scheduleAccountDeletion } from "./queries.ts";

export const DELETION_QUEUE = "users.scheduled-deletion";
/** public spec §9: "Employee cancelled by an admin without own payment info: account deleted in 30 days." */
export const DELETION_DELAY_DAYS = 30;

export const DELETION_REASON = "company_cancelled_without_own_card";

/** Schedules the deletion 30 days from `now`, inside the caller's transaction (the cancellation's). */
export async function scheduleDeletion(
  trx: Kysely<DB>,
  userId: number,
  businessId: number,
  now: Date,
): Promise<Date> {
  const at = new Date(now.getTime() + DELETION_DELAY_DAYS * DAY);
  await scheduleAccountDeletion(trx, userId, at, businessId);
  return at;
}
