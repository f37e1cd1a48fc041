import assert from "node:assert/strict";
import { addYears } from "./dates.ts";
import { type MembershipFacts, membershipState, refusal } from "./membership-state.ts";

const assertEquals = <T>(actual: T, expected: T, message?: string) =>
  assert.deepStrictEqual(actual, expected, message);

const TODAY = "2026-06-15";
const annual = (more: Partial<MembershipFacts> = {}): MembershipFacts => ({
  type: "annual",
  expire_at: "2027-01-01",
  pending: false,
  failed: false,
  cancelled: false,
  autorenew: true,
  paused: false,
  ...more,
});

const actions = (m: MembershipFacts, today = TODAY) => {
  const s = membershipState(m, today);
  return { renew: s.can_renew, pause: s.can_pause, resume: s.can_resume, cancel: s.can_cancel };
};

Deno.test("membership state: status and the actions each status offers", () => {
  assertEquals(membershipState(annual(), TODAY).status, "active");
  assertEquals(actions(annual()), { renew: false, pause: true, resume: false, cancel: true });

  const paused = annual({ paused: true });
  assertEquals(membershipState(paused, TODAY).status, "paused");
  assertEquals(membershipState(paused, TODAY).is_paused, true);
  assertEquals(actions(paused), { renew: false, pause: false, resume: true, cancel: true });

  const cancelled = annual({ cancelled: true, autorenew: false });
  assertEquals(membershipState(cancelled, TODAY).status, "cancelled");
  assertEquals(actions(cancelled), { renew: true, pause: false, resume: false, cancel: false });

  const failed = annual({ failed: true });
  assertEquals(membershipState(failed, TODAY).status, "failed");
  assertEquals(actions(failed), { renew: true, pause: false, resume: false, cancel: false });
  assertEquals(membershipState(failed, TODAY).can_update, false);

  const pending = annual({ pending: true });
  assertEquals(membershipState(pending, TODAY).status, "pending");
  assertEquals(actions(pending), { renew: false, pause: false, resume: false, cancel: true });

  const oneTime = annual({ type: "one_time", expire_at: null, autorenew: false });
  assertEquals(actions(oneTime), { renew: true, pause: false, resume: false, cancel: true });
});

Deno.test("membership state: expired means expire_at before today; the expiry day itself is covered", () => {
  assertEquals(membershipState(annual({ expire_at: TODAY }), TODAY).expired, false);
  const expired = membershipState(annual({ expire_at: "2026-06-14" }), TODAY);
  assertEquals([expired.expired, expired.status, expired.can_renew], [true, "expired", true]);
  assertEquals(expired.autorenew, false);
  // A paused membership that ran out is expired, not paused, and is renewed rather than resumed.
  const pausedExpired = annual({ expire_at: "2026-06-14", paused: true });
  assertEquals(membershipState(pausedExpired, TODAY).is_paused, false);
  assertEquals(actions(pausedExpired), { renew: true, pause: false, resume: false, cancel: false });
  // Failure wins over every other flag.
  assertEquals(membershipState(annual({ failed: true, cancelled: true }), TODAY).status, "failed");
});

Deno.test("membership state: renewal opens 30 days before expiry", () => {
  const m = annual({ expire_at: "2026-07-15" });
  assertEquals(membershipState(m, "2026-06-14").can_renew, false);
  assertEquals(membershipState(m, "2026-06-15").can_renew, true);
  assertEquals(membershipState(m, "2026-06-15").renewable_from, "2026-06-15");
  assertEquals(membershipState(annual({ expire_at: null }), TODAY).can_renew, false);
  assertEquals(
    membershipState(annual({ expire_at: "2026-07-15", paused: true }), "2026-07-01").can_renew,
    false,
  );
});

Deno.test("membership state: refusals explain themselves", () => {
  assertEquals(refusal("pause", annual(), TODAY), null);
  assertEquals(refusal("pause", annual({ paused: true }), TODAY), "This membership is already paused.");
  assertEquals(
    refusal("pause", annual({ type: "one_time", expire_at: null, autorenew: false }), TODAY),
    "Only an annual membership can be paused.",
  );
  assertEquals(
    refusal("resume", annual({ cancelled: true }), TODAY),
    "This membership has been cancelled, so it cannot be resumed. Start a new membership instead.",
  );
  assertEquals(
    refusal("resume", annual(), TODAY),
    "This membership is not paused, so there is nothing to resume.",
  );
  assertEquals(
    refusal("cancel", annual({ cancelled: true }), TODAY),
    "This membership has already been cancelled.",
  );
  assertEquals(
    refusal("renew", annual(), TODAY),
    "Your membership runs until 2027-01-01. It can be renewed from 2026-12-02.",
  );
  assertEquals(
    refusal("renew", annual({ paused: true }), TODAY),
    "Resume your paused membership before renewing it.",
  );
  assertEquals(refusal("update", annual({ paused: true }), TODAY), null);
  assertEquals(
    refusal("update", annual({ cancelled: true }), TODAY),
    "This membership has been cancelled, so its details cannot be updated.",
  );
});

Deno.test("membership state: a year from 29 February", () => {
  assertEquals(addYears("2028-02-29", 1), "2029-03-01");
  assertEquals(addYears("2026-06-15", 1), "2027-06-15");
});
