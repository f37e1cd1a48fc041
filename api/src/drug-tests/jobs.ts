/**
 * The i3 link's background work (scheduled in background.ts), so that nothing sent to i3 is lost and nothing
 * is ordered twice:
 * - `drug-tests.sync` pulls results (syncI3Results), and first sends again any test row a stopped process
 *   left `pending` (written but never answered): i3 answers an order already placed under the row's reference
 *   with that order, so a resend cannot order a second test. A failing i3 fails the job, which the job queue
 *   retries with backoff and keeps (last_error) for the administrators' i3 problems list.
 * - `drug-tests.membership-test` applies a new membership's drug testing rule (admin spec §9): 'true' orders
 *   the pre-employment test, 'false' orders none, 'null' (automatic) orders one for a first membership (not a
 *   renewal) unless the member passed a test in the last 6 months (16.210 exemption). The job is enqueued in
 *   the transaction that writes the membership (memberships/start.ts), and the test row is unique per
 *   membership, so a retried job answers the test already ordered.
 * - `drug-tests.own-business-setup` sets up in i3 the business of a member whose tests go through their own
 *   business (an independent), once their membership is paid. The payment's request tries it at once
 *   (memberships/start.ts); this job, enqueued with the membership, is the retry when i3 failed (a no-op once
 *   the business is set up).
 */
import type { Kysely } from "kysely";
import type { DB, JsonObject } from "../db/types.ts";
import type { Deps } from "../lib/context.ts";
import { enqueue, type JobHandler, MINUTE } from "../lib/jobs.ts";
import { membershipForTest, passedTestSince, recordUnorderableTest, stalePendingTests } from "./queries.ts";
import {
  orderDrugTest,
  ownBusinessNeedsSetUp,
  resendPendingTest,
  setUpIfOwnBusiness,
  setUpOwnBusiness,
  syncI3Results,
} from "./service.ts";

export const SYNC_QUEUE = "drug-tests.sync" as const;
export const MEMBERSHIP_TEST_QUEUE = "drug-tests.membership-test" as const;
export const OWN_BUSINESS_SETUP_QUEUE = "drug-tests.own-business-setup" as const;

/** A pending row younger than this may still be on its way to i3 in another request. */
const PENDING_GRACE_MS = 10 * MINUTE;
/** Pre-employment exemption: a passed test within this many months (DOMAIN.md, 16.210). */
const EXEMPTION_MONTHS = 6;

export const NO_BUSINESS_MESSAGE = "The member has no business to order the test through.";

export const syncDrugTests: JobHandler<Deps> = async (_payload, { deps }) => {
  const { db } = deps.database;
  const before = new Date(deps.now().getTime() - PENDING_GRACE_MS);
  for (const id of await stalePendingTests(db, before)) await resendPendingTest(deps, id);
  await syncI3Results(deps);
};

/** Enqueues the drug testing rule of a membership just written, inside the caller's transaction. */
export async function enqueueMembershipTest(trx: Kysely<DB>, membershipId: number, now: Date): Promise<void> {
  await enqueue(trx, MEMBERSHIP_TEST_QUEUE, { membership_id: membershipId }, {
    runAt: now,
    uniqueKey: `membership-${membershipId}`,
  });
}

/** Whether the rule orders a test for this membership (exported for its test). */
export async function ruleOrdersTest(
  db: Kysely<DB>,
  m: { user_id: number; order_test: boolean | null; is_renewal: boolean },
  now: Date,
): Promise<boolean> {
  if (m.order_test !== null) return m.order_test;
  if (m.is_renewal) return false;
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - EXEMPTION_MONTHS);
  return !(await passedTestSince(db, m.user_id, since));
}

export const orderMembershipTest: JobHandler<Deps> = async (payload: JsonObject, { deps }) => {
  const { db } = deps.database;
  const m = await membershipForTest(db, Number(payload.membership_id));
  if (!m || !(await ruleOrdersTest(db, m, deps.now()))) return;
  if (m.business_id === null) {
    // Nowhere to order it: recorded as a failed test, so the administrators see it was due.
    await recordUnorderableTest(db, {
      created_at: deps.now(),
      user_id: m.user_id,
      reason: "pre_employment",
      membership_id: m.id,
      ordered_by_user_id: m.created_by_user_id,
      error: NO_BUSINESS_MESSAGE,
    });
    return;
  }
  // A member's own business not set up in i3 yet is set up first (i3 refusing fails the job: retried).
  await setUpIfOwnBusiness(deps, m.business_id);
  await orderDrugTest(deps, {
    userId: m.user_id,
    businessId: m.business_id,
    reason: "pre_employment",
    orderedBy: m.created_by_user_id,
    membershipId: m.id,
  });
};

/** A minute after the payment: the request's own attempt comes first (memberships/start.ts). */
const OWN_SETUP_DELAY_MS = MINUTE;

/**
 * Enqueues, inside the transaction that writes a paid membership, the set-up of the member's own business in
 * i3 when their tests go through it and it is not set up yet.
 */
export async function enqueueOwnBusinessSetUp(
  trx: Kysely<DB>,
  userId: number,
  membershipId: number,
  now: Date,
) {
  if (!(await ownBusinessNeedsSetUp(trx, userId))) return;
  await enqueue(trx, OWN_BUSINESS_SETUP_QUEUE, { user_id: userId }, {
    uniqueKey: `membership-${membershipId}`,
    runAt: new Date(now.getTime() + OWN_SETUP_DELAY_MS),
    maxAttempts: 10,
  });
}

/** The retry of an own business's set-up: i3 failing again fails the job, which the queue retries. */
export const setUpOwnBusinessJob: JobHandler<Deps> = async (payload: JsonObject, { deps }) => {
  await setUpOwnBusiness(deps, Number(payload.user_id));
};
