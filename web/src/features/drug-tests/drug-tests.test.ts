import assert from "node:assert/strict";
import type { DrugTest } from "@api/contract";
import { storableTest, testOutcome } from "./drug-tests.ts";

const test = (attributes: Partial<DrugTest["attributes"]>): DrugTest["attributes"] => ({
  date: "2026-06-15T10:00:00Z",
  reason: "random",
  status: "resulted",
  result: null,
  passed: null,
  ...attributes,
});

Deno.test("negative and negative dilute results pass; a positive does not; a refusal says so", () => {
  assert.equal(testOutcome(test({ result: "negative", passed: true })), "Passed");
  assert.equal(testOutcome(test({ result: "negative_dilute", passed: true })), "Passed");
  assert.equal(testOutcome(test({ result: "positive", passed: false })), "Not passed");
  assert.equal(testOutcome(test({ result: "refusal", passed: false })), "Refusal");
});

Deno.test("a test without a result is pending, unless it was cancelled or never ordered", () => {
  for (const status of ["pending", "ordered", "collected"] as const) {
    assert.equal(testOutcome(test({ status })), "Pending");
  }
  assert.equal(testOutcome(test({ status: "cancelled" })), "Cancelled");
  assert.equal(testOutcome(test({ status: "failed" })), "Cancelled");
  assert.equal(testOutcome(test({ result: "cancelled", passed: false })), "Cancelled");
});

Deno.test("what is stored offline keeps the word and drops the result code", () => {
  const results = [null, "negative", "negative_dilute", "positive", "refusal", "cancelled"] as const;
  const statuses = ["pending", "ordered", "collected", "resulted", "cancelled", "failed"] as const;
  for (const result of results) {
    for (const status of statuses) {
      for (const passed of [true, false, null]) {
        const original: DrugTest = {
          id: 1,
          type: "drug_test",
          attributes: test({ result, status, passed }),
          relationships: {},
        };
        const stored = storableTest(original);
        assert.equal(testOutcome(stored.attributes), testOutcome(original.attributes));
        assert.ok([null, "cancelled", "refusal"].includes(stored.attributes.result));
        assert.deepEqual(Object.keys(stored.attributes).sort(), [
          "date",
          "passed",
          "reason",
          "result",
          "status",
        ]);
      }
    }
  }
});
