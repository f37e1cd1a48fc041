import assert from "node:assert/strict";
import { membershipFixture } from "../lib/membership-fixture.ts";
import type { ChangeKind, QueuedChange } from "./db.ts";
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

const statusAfter = (...kinds: ChangeKind[]) => project(active, kinds.map(change))?.attributes.status;

Deno.test("project: queued changes show as they will be, by the server's rules", () => {
  assert.equal(project(null, [change("pause")]), null);
  assert.equal(project(active, []), active);
  assert.equal(statusAfter("pause"), "paused");
  assert.equal(statusAfter("pause", "resume"), "active");
  assert.equal(statusAfter("pause", "cancel"), "cancelled");
  assert.equal(statusAfter("resume"), "active", "a resume the server would refuse changes nothing");
  assert.equal(statusAfter("cancel", "pause"), "cancelled");
  const paused = project(active, [change("pause")])!.attributes;
  assert.deepEqual([paused.can_pause, paused.can_resume, paused.can_cancel], [false, true, true]);
  assert.equal(paused.pause_reason, "Vacation");
  const cancelled = project(active, [change("cancel")])!.attributes;
  assert.deepEqual([cancelled.can_pause, cancelled.can_resume, cancelled.can_cancel], [false, false, false]);
  assert.equal(cancelled.autorenew, false);
  assert.equal(active.attributes.status, "active", "the cached membership itself is not changed");
});
