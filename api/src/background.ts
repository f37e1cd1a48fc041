/**
 * The server's background work: every job queue with its handler, and the recurring schedules. main.ts runs
 * them with one job runner per process; several processes share the work through the jobs table. A domain
 * adds its queue here (its handler lives in the domain's folder), e.g. the membership autorenewal:
 *
 *   handlers: { "memberships.autorenew": renewDueMemberships },  schedules: [schedule("memberships.autorenew", HOUR)]
 *
 * It is also where every kind of order fulfilment is listed for the reconciliation of crashed payments
 * (orders/reconcile.ts), since it is the one module that may know every domain.
 */
import type { Config } from "./config.ts";
import type { Deps } from "./lib/context.ts";
import { deleteExpiredIdempotencyKeys } from "./lib/idempotency.ts";
import {
  DAY,
  deleteFinishedJobs,
  HOUR,
  type JobHandler,
  MINUTE,
  type Schedule,
  schedule,
} from "./lib/jobs.ts";
import { AUTORENEW_QUEUE, membershipRenewal, renewDueMemberships } from "./memberships/autorenew.ts";
import { membershipStart } from "./memberships/start.ts";
import { RENEWAL_NOTICE_QUEUE, sendRenewalNoticesJob } from "./memberships/renewal-notice.ts";
import { ROSTER_QUEUE, sendRosterRequestsJob } from "./rosters/service.ts";
import { RETENTION_QUEUE, retentionJob } from "./retention/service.ts";
import type { AnyFulfilment } from "./orders/pay.ts";
import { storeOrder } from "./orders/purchase.ts";
import { RECONCILE_QUEUE, reconcileJob } from "./orders/reconcile.ts";
import { RECEIPTS_QUEUE, sendReceiptsJob } from "./orders/receipt.ts";
import { complianceKit, registrationMembership } from "./registration/purchases.ts";
import { DELETION_QUEUE } from "./users/deletion.ts";
import { deleteDueAccounts } from "./desk/users-deletion.ts";
import { businessComplianceKit } from "./compliance-kit/service.ts";
import {
  MEMBERSHIP_TEST_QUEUE,
  orderMembershipTest,
  OWN_BUSINESS_SETUP_QUEUE,
  setUpOwnBusinessJob,
  SYNC_QUEUE,
  syncDrugTests,
} from "./drug-tests/jobs.ts";
import { deleteExpiredRateLimits } from "./lib/rate-limit.ts";
import { INCOMPLETE_GRACE_MS } from "./lib/storage.ts";
import { BUILD_QUEUE, buildExport, EXPIRE_QUEUE, expireExports } from "./exports/jobs.ts";
import {
  APPLY_QUEUE,
  applyImport,
  CHECK_QUEUE,
  checkImport,
  CLAIM_QUEUE,
  sendClaims,
} from "./imports/jobs.ts";
import { QUEUES as RANDOM_QUEUES, randomJobs } from "./randoms/jobs.ts";

/** Finished jobs are kept this long (failed ones until someone deletes them). */
const FINISHED_JOBS_KEPT_MS = 30 * DAY;

const cleanup: JobHandler<Deps> = async (_payload, { deps }) => {
  const now = deps.now();
  await deleteExpiredIdempotencyKeys(deps.database.db, now);
  await deleteExpiredRateLimits(deps.database.db, now);
  await deleteFinishedJobs(deps.database.db, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS));
  await deps.storage.prune(new Date(now.getTime() - INCOMPLETE_GRACE_MS));
};

/** Mail that could not be delivered yet (integrations/mail/smtp.ts): sent again once its wait is over. */
const retryMail: JobHandler<Deps> = async (_payload, { deps }) => {
  await deps.mailer.retryDue();
  await deps.mailer.idle();
};

/** Everything an order may buy: reconciliation settles a pending order of any of these kinds. */
export const FULFILMENTS: AnyFulfilment[] = [
  storeOrder,
  membershipStart,
  membershipRenewal,
  registrationMembership,
  complianceKit,
  businessComplianceKit,
];

/** The queues and schedules; reconciliation's period is configured (config.recovery.reconcileEveryMs). */
export function backgroundJobs(
  config: Pick<Config, "recovery">,
): { handlers: Record<string, JobHandler<Deps>>; schedules: Schedule[] } {
  return {
    handlers: {
      "maintenance.cleanup": cleanup,
      [CHECK_QUEUE]: checkImport,
      [APPLY_QUEUE]: applyImport,
      [CLAIM_QUEUE]: sendClaims,
      [AUTORENEW_QUEUE]: renewDueMemberships,
      "mail.retry": retryMail,
      [RECONCILE_QUEUE]: reconcileJob(FULFILMENTS),
      [RECEIPTS_QUEUE]: sendReceiptsJob,
      [RENEWAL_NOTICE_QUEUE]: sendRenewalNoticesJob,
      [ROSTER_QUEUE]: sendRosterRequestsJob,
      [RETENTION_QUEUE]: retentionJob,
      [SYNC_QUEUE]: syncDrugTests,
      [MEMBERSHIP_TEST_QUEUE]: orderMembershipTest,
      [OWN_BUSINESS_SETUP_QUEUE]: setUpOwnBusinessJob,
      [DELETION_QUEUE]: deleteDueAccounts,
      [BUILD_QUEUE]: buildExport,
      [EXPIRE_QUEUE]: expireExports,
      ...randomJobs,
    },
    schedules: [
      schedule("maintenance.cleanup", DAY),
      // Hourly, so a renewal happens within the hour its term ends in (and a retry soon after an outage).
      schedule(AUTORENEW_QUEUE, HOUR),
      // Hourly: a renewal notice goes out within the first hour of its office day.
      schedule(RENEWAL_NOTICE_QUEUE, HOUR),
      // Hourly: a period's roster requests go out within the first hour of its first office day (decision 0087).
      schedule(ROSTER_QUEUE, HOUR),
      // Daily: what has passed its retention period goes (decision 0091); a record's day is a whole office day.
      schedule(RETENTION_QUEUE, DAY),
      // The shortest retry wait is a minute; every minute keeps a retried message close to its time.
      schedule("mail.retry", MINUTE),
      // Every minute: a crash's pending orders are settled soon after their grace period.
      schedule(RECONCILE_QUEUE, config.recovery.reconcileEveryMs),
      // Receipts are sent as each payment settles; every quarter hour the sweep sends any that could not be.
      schedule(RECEIPTS_QUEUE, 15 * MINUTE),
      // Results are pulled every quarter hour; a failed pull is retried by the queue and shown to administrators.
      schedule(SYNC_QUEUE, 15 * MINUTE),
      // Deletions are due by the day (30 days after the cancellation); hourly keeps one close to its day.
      schedule(DELETION_QUEUE, HOUR),
      // Expired export files are deleted within the hour their retention ends (EXPORT_RETENTION_DAYS).
      schedule(EXPIRE_QUEUE, HOUR),
      // Random pools waiting for results: pulled and completed every minute (a no-op when none waits).
      schedule(RANDOM_QUEUES.progress, MINUTE),
    ],
  };
}
