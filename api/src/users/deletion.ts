/**
 * The 30-day deletion of an employee's account (public spec §6, §9; decision 0024): when a company cancels
 * the membership it paid for and the member has no card of their own, the account is deleted 30 days later
 * unless the member adds a card by then. The `users.scheduled-deletion` job runs daily and deletes what is due;
 * a member who added a card meanwhile keeps the account (the schedule is cleared). "Deleted" keeps every record
 * 49 CFR 40.333 requires: see minimiseAccount.
 */
import type { Kysely } from "kysely";
import { revokeAllSessions } from "../auth/sessions.ts";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { DAY, type JobHandler } from "../lib/jobs.ts";
import {
  clearScheduledDeletion,
  dueAccountDeletions,
  minimiseAccount,
  scheduleAccountDeletion,
} from "./queries.ts";

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

export interface DeletionReport {
  deleted: number[];
  kept: number[];
}

/** Deletes every account due at `deps.now()`, and keeps those whose member added a card. */
export async function runDueDeletions(deps: Pick<Deps, "database" | "now">): Promise<DeletionReport> {
  const { db } = deps.database;
  const now = deps.now();
  const report: DeletionReport = { deleted: [], kept: [] };
  for (const due of await dueAccountDeletions(db, now)) {
    await db.transaction().execute(async (trx) => {
      if (due.has_card) {
        await clearScheduledDeletion(trx, due.id);
        await audit(trx, {
          actor: null,
          action: "account_deletion_cancelled",
          entity: "user",
          entityId: due.id,
        });
        report.kept.push(due.id);
        return;
      }
      await minimiseAccount(trx, due.id, now, DELETION_REASON);
      await revokeAllSessions(trx, due.id, now);
      await audit(trx, {
        actor: null,
        action: "account_deleted",
        entity: "user",
        entityId: due.id,
        detail: { reason: DELETION_REASON, business_id: due.scheduled_deletion_business_id },
      });
      report.deleted.push(due.id);
    });
  }
  return report;
}

export const deleteDueAccounts: JobHandler<Deps> = async (_payload, { deps }) => {
  await runDueDeletions(deps);
};
