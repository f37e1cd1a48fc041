/**
 * The outbox against the real API and database, driven by seeded random sequences of what happens at sea:
 * going offline and online, reloading the app (a killed app: only IndexedDB survives), pausing, resuming and
 * cancelling, answers lost on the way back (the server applied the change, the phone never heard), server
 * errors, and the session ending while changes wait. After each sequence the phone comes back online, signs
 * in if it must, and the outbox drains; then the server's membership must equal a model that applies the
 * queued changes in order with the server's rules: zero changes lost, zero applied twice.
 *
 * OUTBOX_SEED=<n> replays one run; OUTBOX_SEQUENCES sets how many (default 50).
 */
import "fake-indexeddb/auto";
import assert from "node:assert/strict";
import { createTestContext } from "../../../api/src/testing/app.ts";
import { clearMemberships, seedMembership } from "../../../api/src/memberships/test-helpers.ts";
import { PAUSE_REASONS } from "@apca/rules/messages/memberships";
import { type ChangeKind, closeUserDb, forgetUser, userDb } from "./db.ts";
import {
  enqueue,
  fetchTransport,
  queuedChanges,
  rejectedChanges,
  replay,
  type ReplayReport,
} from "./outbox.ts";

const SEED = Number(Deno.env.get("OUTBOX_SEED") ?? 20261121);
const SEQUENCES = Number(Deno.env.get("OUTBOX_SEQUENCES") ?? 50);

/** mulberry32: a small seeded generator, so a failing sequence can be replayed exactly. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Step =
  | ChangeKind
  | "offline"
  | "online"
  | "reload"
  | "lose-answer"
  | "server-error"
  | "expire"
  | "sign-in";
const STEPS: Step[] = [
  "pause",
  "pause",
  "resume",
  "resume",
  "cancel",
  "offline",
  "offline",
  "online",
  "online",
  "reload",
  "lose-answer",
  "server-error",
  "expire",
  "sign-in",
];

type Status = "active" | "paused" | "cancelled";

/** The server's rules for the current annual membership (api/src/memberships/state.ts), as a fold. */
function model(changes: ChangeKind[]) {
  let status: Status = "active";
  let pauses = 0;
  let rejected = 0;
  for (const kind of changes) {
    if (kind === "pause" && status === "active") {
      status = "paused";
      pauses++;
    } else if (kind === "resume" && status === "paused") status = "active";
    else if (kind === "cancel" && status !== "cancelled") status = "cancelled";
    else rejected++;
  }
  return { status, pauses, rejected, applied: changes.length - rejected };
}

Deno.test(`outbox: ${SEQUENCES} random offline sequences against the API end as the model says (seed ${SEED})`, async () => {
  const ctx = await createTestContext();
  const userId = ctx.users.member.id;
  const next = random(SEED);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  try {
    for (let run = 0; run < SEQUENCES; run++) {
      await clearMemberships(ctx);
      const membershipId = await seedMembership(ctx, userId);
      let token = await ctx.tokenFor("member");
      let online = true;
      let loseNext = false;
      let failNext = false;
      const made: ChangeKind[] = [];
      const reports: ReplayReport[] = [];
      const log: Step[] = [];

      // The network between the phone and the real app: offline throws like fetch does; a lost answer is
      // a request the server handled whose answer never arrived.
      const send = fetchTransport("http://phone.test", async (input, init) => {
        if (!online) throw new TypeError("Failed to fetch");
        if (failNext) {
          failNext = false;
          return new Response(JSON.stringify({ error: "Service Unavailable" }), { status: 503 });
        }
        const headers = new Headers(init?.headers);
        headers.set("Authorization", `Bearer ${token}`);
        const response = await ctx.app.request(String(input), { ...init, headers });
        if (loseNext) {
          loseNext = false;
          await response.body?.cancel();
          throw new TypeError("Failed to fetch");
        }
        return response;
      });
      const db = () => userDb(userId);
      const sync = async (force: boolean) =>
        online && reports.push(await replay(await db(), send, { force }));

      const length = 4 + Math.floor(next() * 10);
      for (let i = 0; i < length; i++) {
        const step = pick(STEPS);
        log.push(step);
        switch (step) {
          case "pause":
          case "resume":
          case "cancel":
            await enqueue(await db(), {
              kind: step,
              body: step === "pause"
                ? { reason: pick(PAUSE_REASONS.filter((r) => r !== "Other")) }
                : undefined,
              membership_id: membershipId,
            });
            made.push(step);
            await sync(false);
            break;
          case "offline":
            online = false;
            break;
          case "online":
            online = true;
            await sync(true);
            break;
          case "reload":
            await closeUserDb(userId);
            await sync(true);
            break;
          case "lose-answer":
            loseNext = true;
            break;
          case "server-error":
            failNext = true;
            break;
          case "expire": {
            const out = await ctx.app.request("/api/logout", {
              method: "POST",
              headers: { Authorization: `Bearer ${token}` },
            });
            // 401: it had already ended (two "expire" steps in a row).
            assert.ok([200, 204, 401].includes(out.status), `logout answered ${out.status}`);
            break;
          }
          case "sign-in":
            token = await ctx.tokenFor("member");
            await sync(true);
            break;
        }
      }

      // Back in port: a signal, a fresh session, and the outbox drains.
      online = true;
      loseNext = failNext = false;
      token = await ctx.tokenFor("member");
      for (let i = 0; i < 3 && (await queuedChanges(await db())).length; i++) await sync(true);

      const context = `sequence ${run} (seed ${SEED}): ${log.join(", ")}`;
      const expected = model(made);
      assert.deepEqual(await queuedChanges(await db()), [], `outbox drained: ${context}`);
      const answer = await ctx.request("member", "GET", "/api/auth/account/membership");
      const { data } = await answer.json();
      assert.equal(data.attributes.status, expected.status, `status: ${context}`);
      const pauses = await ctx.database.db.selectFrom("membership_pauses").select("id")
        .where("membership_id", "=", membershipId).execute();
      assert.equal(pauses.length, expected.pauses, `pauses applied once each: ${context}`);
      const applied = reports.reduce((n, r) => n + r.applied.length, 0);
      const rejected = await rejectedChanges(await db());
      assert.equal(applied, expected.applied, `applied: ${context}`);
      assert.equal(rejected.length, expected.rejected, `rejected, kept with a reason: ${context}`);
      assert.ok(rejected.every((r) => r.status === 409 && r.reason.length > 0), context);
      await forgetUser(userId);
    }
  } finally {
    await forgetUser(userId);
    await ctx.close();
  }
});
