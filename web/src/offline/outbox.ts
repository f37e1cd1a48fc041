/**
 * The outbox for membership changes (pause, resume, cancel) made without a signal. It runs in the page and in
 * the service worker (Background Sync), so it uses no DOM: storage is the user's IndexedDB (db.ts) and the
 * network is a `Transport` the caller gives.
 *
 * Rules (issue 5, docs/decisions/0014):
 * - changes are sent one at a time in the order they were made; a change that must wait (no network, a
 *   server error, an ended session) holds back the ones behind it, so order is kept per membership;
 * - every change carries the Idempotency-Key it got when it was queued, on every attempt: the server applies
 *   it once however often it is sent (a lost answer, a reload mid-send, the worker and the page both sending);
 * - an answer is classified: 2xx applied (removed); 409/422 and other 4xx rejected (moved to `rejected` with
 *   the server's reason, shown until dismissed); 401/403 held until the member signs in again; 5xx, 429, a
 *   request still in progress elsewhere and network failures held and retried with backoff.
 * Nothing leaves the outbox except by an applied or a rejected answer, and each answer stays findable by the
 * change's key (`settled`): an applied change's answer in `answered`, a refused one in `rejected`.
 */
import type { ApiPath, MethodOf } from "../lib/typed-api.ts";
import type { AnsweredChange, ChangeKind, PauseBody, QueuedChange, RejectedChange, UserDb } from "./db.ts";

/** A server answer: status and parsed JSON body (or undefined). Network failures throw. */
export interface Answer {
  status: number;
  body: unknown;
}

export type Transport = (change: QueuedChange) => Promise<Answer>;

export type Outcome = "applied" | "rejected" | "auth" | "retry";

/** What one answer means for the change that got it. */
export function classify({ status, body }: Answer): Outcome {
  if (status >= 200 && status < 300) return "applied";
  if (status === 401 || status === 403) return "auth";
  // The same key is being processed by another sender (the worker or another tab): ask again later.
  if (status === 409 && errorCode(body) === "IDEMPOTENCY_IN_PROGRESS") return "retry";
  if (status === 408 || status === 429 || status >= 500) return "retry";
  return "rejected";
}

const errorCode = (body: unknown) =>
  body && typeof body === "object" && "code" in body ? String((body as { code: unknown }).code) : undefined;

/** The server's `error` text, or a plain one for the status. */
export function reasonOf({ status, body }: Answer): string {
  if (body && typeof body === "object" && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error) return error;
  }
  return status === 404 ? "You have no membership to change." : `The server refused the change (${status}).`;
}

/** Backoff before the timer retries: 5 s, 10 s, 20 s … capped at 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 300_000);
}

export interface NewChange {
  kind: ChangeKind;
  body?: PauseBody;
  membership_id: number | null;
}

/** Adds a change at the end of the outbox with a fresh Idempotency-Key; answers it with its `seq`. */
export async function enqueue(db: UserDb, change: NewChange, now = new Date()): Promise<QueuedChange> {
  const queued: QueuedChange = {
    ...change,
    key: crypto.randomUUID(),
    queued_at: now.toISOString(),
    attempts: 0,
    next_attempt_at: null,
    held: null,
  };
  const seq = await db.add("outbox", queued);
  return { ...queued, seq };
}

export const queuedChanges = (db: UserDb): Promise<QueuedChange[]> => db.getAll("outbox");
export const rejectedChanges = (db: UserDb): Promise<RejectedChange[]> => db.getAll("rejected");
export const dismissRejected = (db: UserDb, seq: number): Promise<void> => db.delete("rejected", seq);

/** How long an applied change's answer waits for the screen that made it. */
export const ANSWER_KEPT_MS = 60 * 60_000;

export type Settled =
  | { outcome: "applied"; body: unknown }
  | { outcome: "rejected"; change: RejectedChange }
  | { outcome: "waiting" }
  | { outcome: "unknown" };

/**
 * What became of the change with this Idempotency-Key, whoever sent it: applied (its answer is taken from
 * `answered`, read once), refused (still in `rejected` until dismissed), still waiting in the outbox, or unknown.
 */
export async function settled(db: UserDb, key: string): Promise<Settled> {
  const tx = db.transaction(["answered", "rejected", "outbox"], "readwrite");
  const [answer, rejected, waiting] = await Promise.all([
    tx.objectStore("answered").get(key),
    tx.objectStore("rejected").getAll(),
    tx.objectStore("outbox").getAll(),
  ]);
  let found: Settled = { outcome: "unknown" };
  if (answer) {
    await tx.objectStore("answered").delete(key);
    found = { outcome: "applied", body: answer.body };
  } else {
    const refused = rejected.find((r) => r.key === key);
    if (refused) found = { outcome: "rejected", change: refused };
    else if (waiting.some((c) => c.key === key)) found = { outcome: "waiting" };
  }
  await tx.done;
  return found;
}

export interface ReplayReport {
  /** Changes the server applied in this run, each with its answer body. */
  applied: { change: QueuedChange; body: unknown }[];
  rejected: RejectedChange[];
  /** The run stopped at a change that waits for the member to sign in again. */
  needsSignIn: boolean;
  /** The run stopped at a change that waits for the network or the server (retried later). */
  waiting: boolean;
}

export interface ReplayOptions {
  /** Ignore the backoff (the network just came back, the app just started, the member signed in). */
  force?: boolean;
  now?: () => Date;
}

// One replay at a time per realm; navigator.locks (where it exists) also keeps the page and the worker apart.
let running: Promise<unknown> = Promise.resolve();

function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  const run = () => locks ? locks.request("apca-outbox", work) as Promise<T> : work();
  const result = running.then(run, run);
  running = result.catch(() => undefined);
  return result;
}

/** Sends the outbox in order until it is empty or a change has to wait. */
export function replay(db: UserDb, send: Transport, options: ReplayOptions = {}): Promise<ReplayReport> {
  return exclusive(() => replayNow(db, send, options));
}

async function replayNow(db: UserDb, send: Transport, options: ReplayOptions): Promise<ReplayReport> {
  const now = options.now ?? (() => new Date());
  const report: ReplayReport = { applied: [], rejected: [], needsSignIn: false, waiting: false };
  for (;;) {
    const cursor = await db.transaction("outbox").store.openCursor();
    const change = cursor?.value;
    if (!change) return report;
    if (!options.force && change.next_attempt_at && change.next_attempt_at > now().toISOString()) {
      report.waiting = true;
      return report;
    }

    let answer: Answer | null = null;
    try {
      answer = await send(change);
    } catch {
      // No answer at all (offline, connection dropped): the server may or may not have applied it; the
      // same key on the next attempt settles it either way.
    }
    const outcome = answer ? classify(answer) : "retry";

    if (outcome === "applied") {
      // Out of the outbox and into `answered` at once: the screen waiting for it may not be this sender.
      const answered: AnsweredChange = {
        key: change.key,
        body: answer!.body,
        answered_at: now().toISOString(),
      };
      const stale = new Date(now().getTime() - ANSWER_KEPT_MS).toISOString();
      const tx = db.transaction(["outbox", "answered"], "readwrite");
      const kept = tx.objectStore("answered");
      await Promise.all([
        tx.objectStore("outbox").delete(change.seq!),
        kept.put(answered),
        kept.getAll().then((all) =>
          Promise.all(all.filter((a) => a.answered_at < stale).map((a) => kept.delete(a.key)))
        ),
        tx.done,
      ]);
      report.applied.push({ change, body: answer!.body });
      continue;
    }
    if (outcome === "rejected") {
      const rejected: RejectedChange = {
        ...change,
        status: answer!.status,
        reason: reasonOf(answer!),
        rejected_at: now().toISOString(),
        held: null,
      };
      const tx = db.transaction(["outbox", "rejected"], "readwrite");
      await Promise.all([
        tx.objectStore("outbox").delete(change.seq!),
        tx.objectStore("rejected").put(rejected),
        tx.done,
      ]);
      report.rejected.push(rejected);
      continue;
    }

    const attempts = change.attempts + 1;
    const held = outcome === "auth" ? "auth" : answer ? "server" : "network";
    await db.put("outbox", {
      ...change,
      attempts,
      held,
      next_attempt_at: outcome === "auth"
        ? null
        : new Date(now().getTime() + backoffMs(attempts)).toISOString(),
    });
    if (outcome === "auth") report.needsSignIn = true;
    else report.waiting = true;
    return report;
  }
}

/** A path and method the server answers (decision 0047): the outbox sends with fetch, so only its paths are typed. */
type Route = { [P in ApiPath]: { method: MethodOf<P>; path: `/api${P}` } }[ApiPath];

/** The browser's transport: the same call the membership screens make, without the 401 redirect. */
export const PATHS: Record<ChangeKind, Route> = {
  pause: { method: "POST", path: "/api/auth/account/membership/pause" },
  resume: { method: "POST", path: "/api/auth/account/membership/resume" },
  cancel: { method: "DELETE", path: "/api/auth/account/membership/cancel" },
};

export function fetchTransport(base = "", doFetch: typeof fetch = fetch): Transport {
  return async (change) => {
    const { method, path } = PATHS[change.kind];
    const headers: Record<string, string> = { Accept: "application/json", "Idempotency-Key": change.key };
    if (change.body) headers["Content-Type"] = "application/json";
    const response = await doFetch(base + path, {
      method,
      headers,
      body: change.body ? JSON.stringify(change.body) : undefined,
      credentials: "same-origin",
    });
    const text = await response.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  };
}
