/**
 * Drug tests through i3: setting a business up, ordering a test, and the results sync. drug_tests rows are
 * ours; i3 (or its simulator) only ever sees an order and answers with results.
 */
import type { Kysely } from "kysely";
import { recordI3SetUp, recordI3SetUpFailed } from "../businesses/facts.ts";
import type { DateString, DB, DrugTestReason, DrugTestResult } from "../db/types.ts";
import { I3Error } from "../integrations/i3/i3.ts";
import { audit } from "../lib/audit.ts";
import type { Deps } from "../lib/context.ts";
import { addYears, officeDay } from "../lib/dates.ts";
import { AppError, notFound } from "../lib/errors.ts";
import {
  currentTestBusiness,
  findDonor,
  findI3Business,
  insertPendingTest,
  keepPanel,
  lockOpenTest,
  markCollected,
  oldestOpenOrder,
  recordTestResult,
  reopenFailedTest,
  testBusinessFacts,
  testExists,
  testOfMembership,
  testToSend,
  updateTest,
} from "./queries.ts";

type I3Deps = Pick<Deps, "database" | "i3" | "now" | "config">;

export const I3_MESSAGES = {
  setUpFailed: "The business could not be set up in i3. The failure is recorded; try Resend to i3.",
  notRetryable: "Only a test whose order failed can be sent to i3 again.",
} as const;

/**
 * Sets a business up in i3 and records its location code (once: a set-up business is left as it is). A failure
 * is recorded on the business (what i3 said, and when), which the administrators' business screen and the i3
 * problems list show; 'Resend to i3' is this same call again, and a success clears it.
 */
export async function setUpBusinessInI3(deps: I3Deps, businessId: number): Promise<string> {
  const { db } = deps.database;
  const business = await findI3Business(db, businessId, { live: true });
  if (!business) throw notFound("Business");
  if (business.i3_location_code) return business.i3_location_code;
  let location_code: string;
  try {
    ({ location_code } = await deps.i3.setUpBusiness(business));
  } catch (error) {
    if (!(error instanceof I3Error)) throw error;
    await recordI3SetUpFailed(db, businessId, error.message, deps.now());
    throw new AppError("I3_FAILED", I3_MESSAGES.setUpFailed);
  }
  await recordI3SetUp(db, businessId, location_code, deps.now());
  return location_code;
}

/**
 * Sets up in i3 the member's own business, when it is the business their tests go through (testBusiness: no
 * company pays for the membership) and not set up yet: run after a membership is paid, so that an independent
 * member's 'Order test', random pre-order and orders need no administrator step. A company's set-up stays the
 * office's (Resend to i3). Throws AppError I3_FAILED when i3 refuses (recorded on the business); the job
 * `drug-tests.own-business-setup` retries it with backoff.
 */
export async function setUpOwnBusiness(deps: I3Deps, userId: number): Promise<void> {
  const { db } = deps.database;
  const businessId = await currentTestBusiness(db, userId);
  if (businessId !== null) await setUpIfOwnBusiness(deps, businessId);
}

/**
 * Before an order through `businessId`: a member's own (individual) business not set up in i3 yet is set up
 * now (as after a payment), so the order needs no administrator step. A company is left to the office.
 */
export async function setUpIfOwnBusiness(deps: I3Deps, businessId: number): Promise<void> {
  const business = await testBusinessFacts(deps.database.db, businessId);
  if (!business || business.deleted_at || !business.is_individual || business.i3_location_code) return;
  await setUpBusinessInI3(deps, business.id);
}

/** Whether the member's tests go through their own business and it is not set up in i3 yet. */
export async function ownBusinessNeedsSetUp(db: Kysely<DB>, userId: number): Promise<boolean> {
  const business = await testBusinessFacts(db, await currentTestBusiness(db, userId));
  return !!business && !business.deleted_at && business.is_individual && !business.i3_location_code;
}

export interface TestOrder {
  userId: number;
  businessId: number;
  reason: DrugTestReason;
  orderedBy: number | null;
  /** The membership whose drug testing rule orders it (one test per membership, sql/0014). */
  membershipId?: number;
}

export interface OrderedTest {
  id: number;
  status: "ordered" | "failed";
  order_ref: string | null;
  error: string | null;
}

/**
 * Orders a test: the row is written first (pending), then i3 is asked with our reference for the row; the
 * row ends `ordered` with i3's reference, or `failed` with the reason, so an order i3 refused is never lost
 * from our records and can be sent again (retryDrugTest). A test for a membership that already has one
 * answers that test instead of ordering a second.
 */
export async function orderDrugTest(deps: I3Deps, order: TestOrder): Promise<OrderedTest> {
  const { db } = deps.database;
  const user = await findDonor(db, order.userId);
  if (!user) throw notFound("User");
  const business = await findI3Business(db, order.businessId, { live: false });
  if (!business) throw notFound("Business");
  const id = await insertPendingTest(db, {
    // The injected clock's time, not the column's database default: stalePendingTests compares it with it.
    created_at: deps.now(),
    user_id: user.id,
    business_id: business.id,
    reason: order.reason,
    i3_location_code: business.i3_location_code,
    ordered_by_user_id: order.orderedBy,
    membership_id: order.membershipId ?? null,
  });
  if (id === null) {
    const existing = await testOfMembership(db, order.membershipId!);
    return {
      id: existing.id,
      status: existing.status === "failed" ? "failed" : "ordered",
      order_ref: existing.i3_order_ref,
      error: existing.error,
    };
  }
  return await sendToI3(deps, id);
}

/** Sends a pending test row to i3 under our reference and records the outcome on the row. */
async function sendToI3(deps: I3Deps, id: number): Promise<OrderedTest> {
  const { db } = deps.database;
  const test = await testToSend(db, id);
  const business = {
    id: test.business_id,
    name: test.business_name,
    i3_location_code: test.i3_location_code,
  };
  const user = {
    id: test.user_id,
    first_name: test.first_name,
    last_name: test.last_name,
    member_number: test.member_number,
  };
  try {
    const { order_ref } = await deps.i3.orderTest({
      user,
      business,
      reason: test.reason,
      client_ref: i3ClientRef(id),
    });
    await updateTest(db, id, {
      status: "ordered",
      i3_order_ref: order_ref,
      i3_location_code: business.i3_location_code,
      ordered_at: deps.now(),
      error: null,
    });
    return { id, status: "ordered", order_ref, error: null };
  } catch (error) {
    if (!(error instanceof I3Error)) throw error;
    await updateTest(db, id, { status: "failed", error: error.message });
    return { id, status: "failed", order_ref: null, error: error.message };
  }
}

/** Sends a row a stopped process left pending (drug-tests.sync); i3 answers an order already placed. */
export async function resendPendingTest(deps: I3Deps, testId: number): Promise<OrderedTest> {
  return await sendToI3(deps, testId);
}

/** Our reference for a test row at i3: the same row always sends the same one. */
export const i3ClientRef = (testId: number) => `apca-test-${testId}`;

/**
 * Sends a failed order to i3 again (the administrators' retry). The row goes back to pending first (one
 * retrier wins), with the business's location code as it is now (a business set up since the failure).
 */
export async function retryDrugTest(deps: I3Deps, testId: number): Promise<OrderedTest> {
  const { db } = deps.database;
  if (!(await reopenFailedTest(db, testId))) {
    if (!(await testExists(db, testId))) throw notFound("Drug test");
    throw new AppError("CONFLICT", I3_MESSAGES.notRetryable);
  }
  return await sendToI3(deps, testId);
}

/** 49 CFR 40.333: five years for positives, refusals and follow-up tests; one year for the rest. */
export function retentionUntil(
  result: DrugTestResult,
  reason: DrugTestReason,
  resultedAt: Date,
  officeTimeZone: string,
): DateString {
  const years = result === "positive" || result === "refusal" || reason === "follow_up" ? 5 : 1;
  // The office day: the office keeps the record, counted from the day it received the result.
  return addYears(officeDay(resultedAt, officeTimeZone), years);
}

export interface SyncReport {
  checked: number;
  collected: number;
  resulted: number;
}

/**
 * Pulls results from i3 and records them. Idempotent by order reference: a result already recorded is left
 * alone, so the job can run as often as the scheduler likes and after any failure. Asks i3 for everything since
 * the oldest open order (less a day, for clocks that disagree), so nothing that arrived while it was not
 * running is missed.
 */
export async function syncI3Results(deps: I3Deps): Promise<SyncReport> {
  const { db } = deps.database;
  const report: SyncReport = { checked: 0, collected: 0, resulted: 0 };
  const oldest = await oldestOpenOrder(db);
  if (!oldest) return report;
  const since = new Date(oldest.getTime() - 24 * 3600_000);
  const results = await deps.i3.fetchResults(since);
  for (const r of results) {
    report.checked++;
    if (r.status === "resulted" && r.result && r.resulted_at) {
      if (
        await recordResult(db, r.order_ref, r.result, r.collected_at, r.resulted_at, r.panel, deps.config)
      ) {
        report.resulted++;
      }
    } else if (r.status === "collected" && r.collected_at) {
      if (await markCollected(db, r.order_ref, r.collected_at)) report.collected++;
    }
  }
  return report;
}

async function recordResult(
  db: Kysely<DB>,
  orderRef: string,
  result: DrugTestResult,
  collectedAt: Date | null,
  resultedAt: Date,
  panel: unknown,
  { officeTimeZone }: Pick<Deps["config"], "officeTimeZone">,
): Promise<boolean> {
  return await db.transaction().execute(async (tx) => {
    const test = await lockOpenTest(tx, orderRef);
    if (!test) return false; // Not ours, or already recorded.
    await recordTestResult(tx, test.id, {
      result,
      resultedAt,
      collectedAt,
      retentionUntil: retentionUntil(result, test.reason, resultedAt, officeTimeZone),
    });
    if (panel) await keepPanel(tx, test.id, panel as Record<string, unknown>);
    return true;
  });
}

/**
 * An administrator sets a business up in i3 (also 'Resend to i3'), audited. A failure is traced too: the audit
 * guard writes its row with the 502 (lib/audit-guard.ts).
 */
export async function setUpBusinessInI3As(
  deps: I3Deps,
  actorId: number,
  businessId: number,
): Promise<string> {
  const code = await setUpBusinessInI3(deps, businessId);
  await audit(deps.database.db, {
    actor: actorId,
    action: "business.i3_setup",
    entity: "business",
    entityId: businessId,
    detail: { i3_location_code: code },
  });
  return code;
}
