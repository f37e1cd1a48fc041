/**
 * Background Sync in the service worker: when the browser fires the `apca-outbox` sync (the signal came
 * back, even with the app closed), the worker replays the outbox of the user last signed in on this device
 * with the session cookie, then tells open pages to refresh. The page has the same triggers (sync.ts); the
 * lock in outbox.ts keeps the two from sending at once, and the Idempotency-Keys make a double send harmless.
 */
import { rememberedUser, userDb } from "./db.ts";
import { fetchTransport, replay } from "./outbox.ts";

export const SYNC_TAG = "apca-outbox";

interface WorkerClients {
  matchAll(options: { type: "window" }): Promise<readonly { postMessage(message: unknown): void }[]>;
}

/** Replays the outbox; rejects when something is still waiting so the browser schedules another try. */
export async function replayFromWorker(clients: WorkerClients): Promise<void> {
  const user = await rememberedUser();
  if (!user) return;
  const report = await replay(await userDb(user.user_id), fetchTransport(), { force: true });
  if (report.applied.length || report.rejected.length || report.needsSignIn) {
    for (const client of await clients.matchAll({ type: "window" })) {
      client.postMessage({
        type: "outbox-changed",
        applied: report.applied.length,
        rejected: report.rejected.length,
      });
    }
  }
  if (report.waiting) throw new Error("The outbox is still waiting for the network.");
}
