/**
 * A drug test as every list shows it: the summary the API returns (date, reason, status, passed) and the
 * words for it. Never the laboratory's panel detail (49 CFR 40.321): the API does not send it, and no screen
 * should ask for it.
 */
import type { DrugTest } from "@api/contract";

export type TestReason = DrugTest["attributes"]["reason"];
export type TestStatus = DrugTest["attributes"]["status"];

export const REASON_LABELS: Record<TestReason, string> = {
  pre_employment: "Pre-employment",
  random: "Random",
  post_accident: "Post-accident",
  reasonable_suspicion: "Reasonable suspicion",
  return_to_duty: "Return to duty",
  follow_up: "Follow-up",
  periodic: "Periodic",
};

export const STATUS_LABELS: Record<TestStatus, string> = {
  pending: "Pending",
  ordered: "Ordered",
  collected: "Collected",
  resulted: "Resulted",
  cancelled: "Cancelled",
  failed: "Order failed",
};

export type TestOutcome = "Passed" | "Not passed" | "Pending" | "Cancelled";

/**
 * The chip beside a test. Only a result decides Passed or Not passed; a cancelled result, a cancelled test
 * and an order that never reached the laboratory are "Cancelled" (none of them is a failed test).
 */
export function testOutcome({ status, result, passed }: DrugTest["attributes"]): TestOutcome {
  if (result === "cancelled" || status === "cancelled" || status === "failed") return "Cancelled";
  if (passed === true) return "Passed";
  if (passed === false) return "Not passed";
  return "Pending";
}

/**
 * A test as it may be kept on the device for offline reading (docs/decisions/0014-offline-data.md): date,
 * reason, status and pass/fail. The result code (negative, dilute, positive, refusal…) is dropped; only
 * "cancelled" survives, because it alone changes the chip a reader sees. `testOutcome` is the same for both.
 */
export function storableTest({ id, type, attributes, relationships }: DrugTest): DrugTest {
  const { date, reason, status, passed, result } = attributes;
  return {
    id,
    type,
    attributes: { date, reason, status, passed, result: result === "cancelled" ? "cancelled" : null },
    relationships,
  };
}
