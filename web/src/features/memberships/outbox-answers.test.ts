/**
 * The outbox's answers reach the screens through the resource cache: a queued change the server applies, and
 * one it refuses, both reload the member's membership keys (the screens projected the change, so after a
 * refusal they must show the server's state again), and so do the other screens still showing the device's
 * copy; a change still waiting for the network reloads nothing.
 * The network is a scripted fetch, storage is fake-indexeddb; no timers.
 */
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import type { SessionUser } from "@api/contract";
import { online } from "../../lib/online.ts";
import { session } from "../../lib/session.ts";
import { resources } from "../../lib/use-resource.ts";
import { whileShowingSavedCopy } from "../../offline/cache.ts";
import { forgetUser, userDb } from "../../offline/db.ts";
import { enqueue } from "../../offline/outbox.ts";
import { SELF } from "../payments/subject.ts";
import { historyKey, membershipKey, reloadOwnMembership } from "./api.ts";

/** The server's next answers, in order; "offline" is a failed fetch. */
const answers: ({ status: number; body: unknown } | "offline")[] = [];
globalThis.fetch = (() => {
  const answer = answers.shift();
  if (!answer) return Promise.reject(new Error("unexpected request"));
  if (answer === "offline") return Promise.reject(new TypeError("Failed to fetch"));
  return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
}) as typeof fetch;
// Imported after the fetch above: the outbox's transport keeps the fetch it was made with.
const { onOutboxAnswered, syncNow } = await import("../../offline/sync.ts");
// As app/app-layout.tsx does: the outbox's answers reload the member's membership screens.
onOutboxAnswered(reloadOwnMembership);

let nextUser = 3000;

/** A signed-in member watching their membership and its history, counting the loads of each. */
async function watching() {
  const userId = nextUser++;
  session.value = { user_id: userId } as SessionUser;
  online.value = true;
  const loads = { membership: 0, history: 0 };
  const watch = (key: readonly (string | number)[], name: keyof typeof loads) => {
    resources.subscribe(key, () => {});
    return resources.load(key, () => Promise.resolve(++loads[name]));
  };
  await watch(membershipKey(SELF), "membership");
  await watch(historyKey(SELF, 1, 10), "history");
  const db = await userDb(userId);
  await enqueue(db, { kind: "pause", body: { reason: "Currently out of season" }, membership_id: 1 });
  return { userId, loads };
}

Deno.test("an applied queued change reloads the membership and its history", async () => {
  const { userId, loads } = await watching();
  answers.push({ status: 200, body: { data: {}, message: "Membership has been paused successfully" } });
  const report = await syncNow(true);
  assert.equal(report?.applied.length, 1);
  assert.deepEqual(loads, { membership: 2, history: 2 });
  await forgetUser(userId);
});

Deno.test("a refused queued change reloads them too", async () => {
  const { userId, loads } = await watching();
  answers.push({
    status: 409,
    body: { code: "MEMBERSHIP_CONFLICT", error: "This membership is cancelled." },
  });
  const report = await syncNow(true);
  assert.equal(report?.rejected.length, 1);
  assert.deepEqual(loads, { membership: 2, history: 2 });
  await forgetUser(userId);
});

Deno.test("a refusal also reloads the other screens still showing the device's copy (the dashboard's tests)", async () => {
  const { userId } = await watching();
  let reloads = 0;
  const stop = whileShowingSavedCopy(() => reloads++);
  answers.push({
    status: 422,
    body: {
      code: "MEMBERSHIP_CONFLICT",
      error: "This membership has been cancelled, so it cannot be paused.",
    },
  });
  const report = await syncNow(true);
  assert.equal(report?.rejected.length, 1);
  assert.equal(reloads, 1);
  stop();
  await forgetUser(userId);
});

Deno.test("a change still waiting for the network reloads nothing", async () => {
  const { userId, loads } = await watching();
  let reloads = 0;
  const stop = whileShowingSavedCopy(() => reloads++);
  answers.push("offline");
  const report = await syncNow(true);
  assert.equal(report?.waiting, true);
  assert.deepEqual(loads, { membership: 1, history: 1 });
  assert.equal(reloads, 0);
  stop();
  await forgetUser(userId);
});
