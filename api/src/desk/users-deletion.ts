/**
 * The deletion of an account across its owners (decision 0024, 0050): users minimises the account, auth revokes
 * its sessions, password-reset drops its reset links, businesses ends its business links and memberships stops
 * its renewals, all in the caller's one transaction. The administrators' "Delete" (users-admin.ts) and the daily
 * `users.scheduled-deletion` job below both go through it: the job deletes the employee accounts due 30 days
 * after a company cancelled the membership it paid for (public spec §6, §9; users/deletion.ts schedules them) and
 * keeps those whose member added a card meanwhile.
 */
import type { Kysely } from "kysely";
import { revokeAllSessions } from "../auth/sessions.ts";
import { endUserLinks } from "../businesses/links.ts";
import type { DB } from "../db/types.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import type { JobHandler } from "../lib/jobs.ts";
import { stopAutorenewOfUser } from "../memberships/desk.ts";
import { deleteTokensOf } from "../password-reset/desk.ts";
import { removeWhatNoRuleKeeps } from "../retention/service.ts";
import { DELETION_REASON } from "../users/deletion.ts";
import { clearScheduledDeletion, dueAccountDeletions, minimiseAccount } from "../users/desk.ts";

/**
 * Deletes the account inside the caller's transaction: what the retention schedule's legal minimum no longer
 * requires goes first (decision 0091); every record it still requires stays attributable, for the retention job
 * to take when its period passes. Answers what went, as counts per kind.
 */
export async function deleteAccount(
  trx: Kysely<DB>,
  userId: number,
  at: { now: Date; timeZone: string },
  reason: string,
): Promise<Record<string, number>> {
  const now = at.now;
  const removed = await removeWhatNoRuleKeeps(trx, userId, at);
  await minimiseAccount(trx, userId, now, reason);
  await deleteTokensOf(trx, userId);
  await endUserLinks(trx, userId, now);
  await stopAutorenewOfUser(trx, userId);
  await revokeAllSessions(trx, userId, now);
  return removed;
}

export interface DeletionReport {
  deleted: number[];
  kept: number[];
}

/** Deletes every account due at `deps.now()`, and keeps those whose member added a card. */
export async function runDueDeletions(
  deps: Pick<Deps, "database" | "now" | "config">,
): Promise<DeletionReport> {
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
      const removed = await deleteAccount(
        trx,
        due.id,
        { now, timeZone: deps.config.officeTimeZone },
        DELETION_REASON,
      );
      await audit(trx, {
        actor: null,
        action: "account_deleted",
        entity: "user",
        entityId: due.id,
        detail: { reason: DELETION_REASON, business_id: due.scheduled_deletion_business_id, removed },
      });
      report.deleted.push(due.id);
    });
  }
  return report;
}

export const deleteDueAccounts: JobHandler<Deps> = async (_payload, { deps }) => {
  await runDueDeletions(deps);
};
