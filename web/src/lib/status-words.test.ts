import assert from "node:assert/strict";
import { capitalizeWord, roleWords, statusWord, testResultWord } from "./status-words.ts";

Deno.test("status words: capitalised, one tone each, whatever the server's spelling", () => {
  assert.deepEqual(statusWord("completed"), { label: "Completed", tone: "success" });
  assert.deepEqual(statusWord("COMPLETED"), { label: "Completed", tone: "success" });
  assert.deepEqual(statusWord("Passed"), { label: "Passed", tone: "success" });
  assert.deepEqual(statusWord("Not passed"), { label: "Not passed", tone: "danger" });
  assert.deepEqual(statusWord("past_due"), { label: "Past due", tone: "neutral" });
  assert.equal(statusWord("failed").tone, "danger");
  assert.equal(capitalizeWord("visa"), "Visa");
  assert.equal(capitalizeWord("membership_renewal"), "Membership renewal");
});

Deno.test("test results in words, never the status and code, never a dash", () => {
  assert.equal(testResultWord(null), "Not ordered");
  assert.equal(testResultWord({ status: "resulted", result: "negative" }), "Passed");
  assert.equal(testResultWord({ status: "resulted", result: "negative_dilute" }), "Passed");
  assert.equal(testResultWord({ status: "resulted", result: "positive" }), "Not passed");
  assert.equal(testResultWord({ status: "resulted", result: "refusal" }), "Not passed");
  assert.equal(testResultWord({ status: "resulted", result: "cancelled" }), "Cancelled");
  assert.equal(testResultWord({ status: "ordered", result: null }), "Ordered");
  assert.equal(testResultWord({ status: "failed", result: null }), "Order failed");
});

Deno.test("roles in display words, not the server's lower-case codes", () => {
  assert.equal(roleWords(["member", "admin"]), "Member, Administrator");
  assert.equal(roleWords(["der"]), "DER");
  assert.equal(roleWords([]), "");
});
