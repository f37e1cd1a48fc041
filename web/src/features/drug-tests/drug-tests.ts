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

export type TestOutcome = "Passed" | "Not passed" | "Refusal" | "Pending" | "Cancelled";

/** The chip's tone for each outcome word. */
export const OUTCOME_TONES: Record<TestOutcome, "success" | "danger" | "warning" | "neutral"> = {
  Passed: "success",
  "Not passed": "danger",
  Refusal: "danger",
  Pending: "warning",
  Cancelled: "neutral",
};

/**
 * The result in words beside a test (docs/decisions/0071-member-results-password-selection-notice.md): only
 * a result decides. Negative and negative dilute are "Passed"; a refusal to test is "Refusal" (49 CFR 40.191:
 * it is not a laboratory finding, and the member must know it counts as one); a verified positive is "Not
 * passed" (which drug is panel detail and stays with the medical review officer). A cancelled result, a
 * cancelled test and an order that never reached the laboratory are "Cancelled" (none of them is a failed
 * test); anything else is "Pending".
 */
export function testOutcome({ status, result, passed }: DrugTest["attributes"]): TestOutcome {
  if (result === "cancelled" || status === "cancelled" || status === "failed") return "Cancelled";
  if (result === "refusal") return "Refusal";
  if (passed === true) return "Passed";
  if (passed === false) return "Not passed";
  return "Pending";
}

/**
 * A test as it may be kept on the device for offline reading (docs/decisions/0014-offline-data.md): date,
 * reason, status and pass/fail. The result code is dropped (negative, dilute, positive); only "cancelled" and
 * "refusal" survive, because they alone change the word a reader sees (decision 0071). `testOutcome` is the
 * same for both.
 */
export function storableTest({ id, type, attributes, relationships }: DrugTest): DrugTest {
  const { date, reason, status, passed, result } = attributes;
  return {
    id,
    type,
    attributes: {
      date,
      reason,
      status,
      passed,
      result: result === "cancelled" || result === "refusal" ? result : null,
    },
    relationships,
  };
}
