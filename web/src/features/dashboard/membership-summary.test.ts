import assert from "node:assert/strict";
import type { Membership } from "@api/contract";
import { membershipFixture } from "../memberships/membership-fixture.ts";
import { summarizeMembership } from "./membership-summary.ts";

const membership = membershipFixture;
const labels = (m: Membership | null) => summarizeMembership(m).steps.map((s) => s.label);

Deno.test("no membership: start one, no letter", () => {
  const s = summarizeMembership(null);
  assert.equal(s.label, "No membership");
  assert.deepEqual(labels(null), ["Start your membership"]);
  assert.equal(s.steps[0].href, "/app/account/membership/new");
  assert.equal(s.letterAllowed, false);
});

Deno.test("active annual: expiry, autorenew and the letter", () => {
  const s = summarizeMembership(membership({}));
  assert.equal(s.label, "Active annual membership");
  assert.deepEqual(s.details, ["Covered through Jun 15, 2027.", "Renews automatically."]);
  assert.equal(s.letterAllowed, true);
  assert.deepEqual(labels(membership({})), ["Membership details"]);
  assert.deepEqual(
    summarizeMembership(membership({ autorenew: false })).details[1],
    "Does not renew automatically.",
  );
});

Deno.test("one-time: no letter, renewable", () => {
  const m = membership({ type: "one_time", can_renew: true, can_pause: false });
  const s = summarizeMembership(m);
  assert.equal(s.label, "One-time test membership");
  assert.equal(s.letterAllowed, false);
  assert.deepEqual(labels(m), ["Renew your membership", "Membership details"]);
});

Deno.test("paused: resume, no letter", () => {
  const m = membership({ status: "paused", is_paused: true, can_resume: true, can_pause: false });
  assert.equal(summarizeMembership(m).label, "Paused");
  assert.equal(summarizeMembership(m).letterAllowed, false);
  assert.deepEqual(labels(m), ["Resume your membership", "Membership details"]);
});

Deno.test("pending, failed, expired, cancelled: each named, none gets a letter", () => {
  const cases = [
    [membership({ status: "pending", is_pending: true }), "Pending"],
    [membership({ status: "failed", failed: true, can_renew: true }), "Payment failed"],
    [membership({ status: "expired", expired: true, can_renew: true }), "Expired"],
    [membership({ status: "cancelled", cancelled: true, can_renew: true }), "Cancelled"],
  ] as const;
  for (const [m, label] of cases) {
    const s = summarizeMembership(m);
    assert.equal(s.label, label);
    assert.equal(s.letterAllowed, false);
  }
  assert.equal(summarizeMembership(cases[2][0]).details[0], "Your membership expired on Jun 15, 2027.");
  assert.deepEqual(labels(cases[1][0]), ["Renew your membership", "Membership details"]);
});
