/**
 * A change's answer reaches the screen that made it whoever sent it (issue 37): Chromium fires the Background
 * Sync that `submitChange` registers at once, so the service worker may send the change before the page's own
 * replay does; the page's replay then finds an empty outbox. The screen must still get the server's answer (the
 * toast "Membership has been cancelled successfully"), not "Queued: will be sent when you are back online".
 * The worker's replay is run here in the same realm (the outbox's lock orders the two as navigator.locks does
 * between the worker and the page); the network is a scripted fetch, storage fake-indexeddb; no timers.
 */
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import type { SessionUser } from "@api/contract";
import { ApiError } from "../lib/api.ts";
import { online } from "../lib/online.ts";
import { session } from "../lib/session.ts";
import { forgetUser, userDb } from "./db.ts";
import { fetchTransport, queuedChanges, rejectedChanges, replay } from "./outbox.ts";

/** The server's next answers, in order, and how many requests it got. */
const answers: { status: number; body: unknown }[] = [];
let requests = 0;
globalThis.fetch = (() => {
  requests++;
  const answer = answers.shift();
  if (!answer) return Promise.reject(new TypeError("Failed to fetch"));
  return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }));
}) as typeof fetch;

/** The browser's Background Sync: registering the tag runs the worker's replay at once, as Chromium does online. */
let worker: Promise<unknown> = Promise.resolve();
let workerUser = 0;
Object.defineProperty(navigator, "serviceWorker", {
  configurable: true,
  value: {
    getRegistration: () =>
      Promise.resolve({
        sync: {
          register: async () => {
            worker = replay(await userDb(workerUser), fetchTransport(), { force: true });
          },
        },
      }),
  },
});

const { submitChange, QUEUED_MESSAGE } = await import("./sync.ts");

let nextUser = 4000;

function signedIn(): number {
  const userId = nextUser++;
  session.value = { user_id: userId } as SessionUser;
  online.value = true;
  workerUser = userId;
  requests = 0;
  return userId;
}

const direct = () => Promise.reject(new Error("the outbox is there: no plain request"));

Deno.test("a cancel the service worker sent first is answered to the screen as applied, not queued", async () => {
  const userId = signedIn();
  const cancelled = { data: { id: 1 }, message: "Membership has been cancelled successfully" };
  answers.push({ status: 200, body: cancelled });
  const outcome = await submitChange("cancel", undefined, 1, direct);
  await worker;
  assert.equal(requests, 1, "sent once, by the worker");
  assert.deepEqual(outcome, { queued: false, body: cancelled });
  assert.equal((await queuedChanges(await userDb(userId))).length, 0);
  await forgetUser(userId);
});

Deno.test("a pause the worker sent and the server refused is the screen's error, and leaves no refused entry", async () => {
  const userId = signedIn();
  answers.push({
    status: 409,
    body: { code: "MEMBERSHIP_CONFLICT", error: "This membership is cancelled." },
  });
  await assert.rejects(
    () => submitChange("pause", { reason: "Currently out of season" }, 1, direct),
    (error: unknown) => error instanceof ApiError && error.message === "This membership is cancelled.",
  );
  await worker;
  assert.equal(requests, 1);
  assert.equal((await rejectedChanges(await userDb(userId))).length, 0);
  await forgetUser(userId);
});

Deno.test("a change no one could send is still queued, and says so", async () => {
  const userId = signedIn();
  // No answer scripted: the worker's attempt and the page's both fail to reach the server.
  const outcome = await submitChange("resume", undefined, 1, direct);
  await worker;
  assert.deepEqual(outcome, { queued: true, message: QUEUED_MESSAGE });
  assert.equal((await queuedChanges(await userDb(userId))).length, 1);
  await forgetUser(userId);
});

Deno.test("the page's own replay answers the change too, and its answer is read once", async () => {
  const userId = signedIn();
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: undefined });
  const resumed = { data: { id: 1 }, message: "Membership has been resumed successfully" };
  answers.push({ status: 200, body: resumed });
  const outcome = await submitChange("resume", undefined, 1, direct);
  assert.deepEqual(outcome, { queued: false, body: resumed });
  const db = await userDb(userId);
  assert.equal((await db.getAll("answered")).length, 0, "read and removed");
  await forgetUser(userId);
});
