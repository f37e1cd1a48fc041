/** The outbox's rules with a scripted transport (the randomized test against the real API is outbox.model.test.ts). */
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { forgetUser, type QueuedChange, userDb } from "./db.ts";
import {
  type Answer,
  backoffMs,
  classify,
  dismissRejected,
  enqueue,
  queuedChanges,
  rejectedChanges,
  replay,
  type Transport,
} from "./outbox.ts";

let nextUser = 1000;

/** A transport that answers from a script, in order, and records what it was sent. */
function scripted(...answers: (Answer | "offline")[]) {
  const sent: QueuedChange[] = [];
  const send: Transport = (change) => {
    sent.push(change);
    const answer = answers.shift();
    if (!answer) throw new Error("unexpected request");
    if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
    return Promise.resolve(answer);
  };
  return { send, sent };
}

const ok = (body: unknown = { data: {} }): Answer => ({ status: 200, body });
const conflict = (error: string): Answer => ({ status: 409, body: { code: "MEMBERSHIP_CONFLICT", error } });

Deno.test("outbox: classify answers", () => {
  assert.equal(classify({ status: 200, body: {} }), "applied");
  assert.equal(classify({ status: 201, body: {} }), "applied");
  assert.equal(classify(conflict("This membership is already paused.")), "rejected");
  assert.equal(classify({ status: 422, body: { code: "VALIDATION_FAILED" } }), "rejected");
  assert.equal(classify({ status: 404, body: { code: "NOT_FOUND" } }), "rejected");
  assert.equal(classify({ status: 401, body: {} }), "auth");
  assert.equal(classify({ status: 403, body: {} }), "auth");
  assert.equal(classify({ status: 409, body: { code: "IDEMPOTENCY_IN_PROGRESS" } }), "retry");
  assert.equal(classify({ status: 429, body: {} }), "retry");
  assert.equal(classify({ status: 500, body: {} }), "retry");
  assert.equal(classify({ status: 503, body: undefined }), "retry");
  assert.deepEqual([1, 2, 3, 10, 20].map(backoffMs), [5_000, 10_000, 20_000, 300_000, 300_000]);
});

Deno.test("outbox: sends in order, once each, and keeps a change until it is answered", async (t) => {
  const userId = nextUser++;
  const db = await userDb(userId);
  try {
    const pause = await enqueue(db, { kind: "pause", body: { reason: "Vacation" }, membership_id: 7 });
    const resume = await enqueue(db, { kind: "resume", membership_id: 7 });

    await t.step("offline: nothing is lost, both stay in order with their keys", async () => {
      const net = scripted("offline");
      const report = await replay(db, net.send);
      assert.equal(report.waiting, true);
      assert.equal(net.sent.length, 1, "the second change waits behind the first");
      const queued = await queuedChanges(db);
      assert.deepEqual(queued.map((c) => [c.kind, c.key, c.held]), [
        ["pause", pause.key, "network"],
        ["resume", resume.key, null],
      ]);
      assert.equal(queued[0].attempts, 1);
    });

    await t.step("the timer respects the backoff; the online event (force) does not", async () => {
      const net = scripted();
      const report = await replay(db, net.send);
      assert.equal(report.waiting, true);
      assert.equal(net.sent.length, 0);
    });

    await t.step("a server error keeps it with a longer wait", async () => {
      const net = scripted({ status: 503, body: { error: "down" } });
      const before = Date.now();
      await replay(db, net.send, { force: true });
      const [first] = await queuedChanges(db);
      assert.equal(first.held, "server");
      assert.equal(first.attempts, 2);
      assert.ok(Date.parse(first.next_attempt_at!) >= before + backoffMs(2));
    });

    await t.step("back online: both sent in order, with the keys they were queued with", async () => {
      const net = scripted(ok({ message: "paused" }), ok({ message: "resumed" }));
      const report = await replay(db, net.send, { force: true });
      assert.deepEqual(net.sent.map((c) => [c.kind, c.key]), [["pause", pause.key], ["resume", resume.key]]);
      assert.deepEqual(report.applied.map((a) => a.body), [{ message: "paused" }, { message: "resumed" }]);
      assert.deepEqual(await queuedChanges(db), []);
      assert.equal(report.waiting, false);
    });
  } finally {
    await forgetUser(userId);
  }
});

Deno.test("outbox: a refusal is kept with its reason until dismissed, and the next change still goes", async () => {
  const userId = nextUser++;
  const db = await userDb(userId);
  try {
    await enqueue(db, { kind: "resume", membership_id: 3 });
    await enqueue(db, { kind: "cancel", membership_id: 3 });
    const net = scripted(conflict("This membership is not paused, so there is nothing to resume."), ok());
    const report = await replay(db, net.send);
    assert.equal(net.sent.length, 2);
    assert.equal(report.applied.length, 1);
    const rejected = await rejectedChanges(db);
    assert.equal(rejected.length, 1);
    assert.equal(rejected[0].kind, "resume");
    assert.equal(rejected[0].status, 409);
    assert.equal(rejected[0].reason, "This membership is not paused, so there is nothing to resume.");
    assert.deepEqual(await queuedChanges(db), []);
    await dismissRejected(db, rejected[0].seq!);
    assert.deepEqual(await rejectedChanges(db), []);
  } finally {
    await forgetUser(userId);
  }
});

Deno.test("outbox: an ended session holds the change (and those behind it) until signing in", async () => {
  const userId = nextUser++;
  const db = await userDb(userId);
  try {
    const cancel = await enqueue(db, { kind: "cancel", membership_id: 3 });
    await enqueue(db, { kind: "resume", membership_id: 3 });
    const expired = scripted({ status: 401, body: { error: "Please log in to continue." } });
    const report = await replay(db, expired.send, { force: true });
    assert.equal(report.needsSignIn, true);
    assert.equal(expired.sent.length, 1);
    const [held] = await queuedChanges(db);
    assert.equal(held.held, "auth");
    assert.equal(held.next_attempt_at, null, "no backoff: signing in sends it at once");

    const signedIn = scripted(ok(), conflict("This membership has been cancelled, so it cannot be resumed."));
    const after = await replay(db, signedIn.send);
    assert.equal(signedIn.sent[0].key, cancel.key);
    assert.equal(after.applied.length, 1);
    assert.equal(after.rejected.length, 1);
  } finally {
    await forgetUser(userId);
  }
});

Deno.test("outbox: two replays at once send each change once", async () => {
  const userId = nextUser++;
  const db = await userDb(userId);
  try {
    await enqueue(db, { kind: "pause", body: { reason: "Vacation" }, membership_id: 1 });
    const sent: string[] = [];
    const slow: Transport = async (change) => {
      sent.push(change.key);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return ok();
    };
    await Promise.all([replay(db, slow), replay(db, slow)]);
    assert.equal(sent.length, 1);
  } finally {
    await forgetUser(userId);
  }
});
