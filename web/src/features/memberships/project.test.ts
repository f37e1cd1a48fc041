import assert from "node:assert/strict";
import type { ChangeKind, QueuedChange } from "../../offline/db.ts";
import { membershipFixture } from "./membership-fixture.ts";
import { project } from "./project.ts";

const active = membershipFixture();

const change = (kind: ChangeKind): QueuedChange => ({
  kind,
  body: kind === "pause" ? { reason: "Vacation" } : undefined,
  key: crypto.randomUUID(),
  membership_id: 1,
  queued_at: "2026-11-21T10:00:00Z",
  attempts: 0,
  next_attempt_at: null,
  held: null,
});

// Noon UTC on 2026-11-21: well inside the fixture's term (it expires on 2027-06-15).
const NOW = new Date("2026-11-21T12:00:00Z");
const statusAfter = (...kinds: ChangeKind[]) => project(active, kinds.map(change), NOW)?.attributes.status;

Deno.test("project: queued changes show as they will be, by the server's rules", () => {
  assert.equal(project(null, [change("pause")], NOW), null);
  assert.equal(project(active, [], NOW), active);
  assert.equal(statusAfter("pause"), "paused");
  assert.equal(statusAfter("pause", "resume"), "active");
  assert.equal(statusAfter("pause", "cancel"), "cancelled");
  assert.equal(statusAfter("resume"), "active", "a resume the server would refuse changes nothing");
  assert.equal(statusAfter("cancel", "pause"), "cancelled");
  const paused = project(active, [change("pause")], NOW)!.attributes;
  assert.deepEqual([paused.can_pause, paused.can_resume, paused.can_cancel], [false, true, true]);
  assert.equal(paused.pause_reason, "Vacation");
  const cancelled = project(active, [change("cancel")], NOW)!.attributes;
  assert.deepEqual([cancelled.can_pause, cancelled.can_resume, cancelled.can_cancel], [false, false, false]);
  assert.equal(cancelled.autorenew, false);
  assert.equal(active.attributes.status, "active", "the cached membership itself is not changed");
});

Deno.test("project: a membership saved before its expiry date and read after it shows as expired", () => {
  const expiring = membershipFixture({ expire_at: "2026-11-22" });
  // 11:59 UTC on the 23rd is still the 22nd at UTC-12, the coverage day: still covered.
  assert.equal(project(expiring, [], new Date("2026-11-23T11:59:00Z")), expiring);
  const after = project(expiring, [change("pause")], new Date("2026-11-23T12:00:00Z"))!.attributes;
  assert.deepEqual([after.status, after.expired, after.can_renew, after.can_pause, after.can_cancel], [
    "expired",
    true,
    true,
    false,
    false,
  ]);
  const paused = membershipFixture({ expire_at: "2026-11-22", status: "paused", is_paused: true });
  assert.equal(project(paused, [], new Date("2026-11-24T00:00:00Z"))!.attributes.status, "expired");
  const cancelled = membershipFixture({ expire_at: "2026-11-22", status: "cancelled", cancelled: true });
  assert.equal(
    project(cancelled, [], new Date("2026-12-24T00:00:00Z")),
    cancelled,
    "cancelled stays cancelled",
  );
});
